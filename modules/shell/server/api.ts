/**
 * The shell module's server contract: what other modules' server code, the API host (server/src), the
 * scripts and the tests may import of modules/shell/server/ — nothing else (.dependency-cruiser.cjs
 * `module-deep-import`, ARCHITECTURE.md "Module contract"). The loader's entry stays ./index.ts.
 */
export { PORTAL_APPLICATION, PORTAL_LANDING_PAGE } from './catalog.ts';
export { assignedFirms, canSeeFirm, isRestricted, notAssigned } from './firm/assigned.ts';
export { firmListRows } from './firm/list-rows.ts';
