/**
 * The Work Dispatch module's server contract: what other modules' server code, the API host (server/src), the
 * scripts and the tests may import of modules/wd/server/ — nothing else (.dependency-cruiser.cjs
 * `module-deep-import`, ARCHITECTURE.md "Module contract"). The loader's entry stays ./index.ts.
 */
