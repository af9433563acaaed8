/**
 * `custom-elements.json` from the elements' JSDoc headers (`cem analyze --config
 * custom-elements-manifest.config.mjs`, run by `npm run build`): summary, properties and attributes (from
 * `static properties` and the `declare` fields' comments), `@fires`, `@slot`, `@csspart`, `@cssproperty`.
 * Written to the package folder (package.json `customElements`); the standalone build copies it to dist/.
 */
import { readFileSync } from 'node:fs';

/**
 * The manifest documents the public contract only: private and protected members (internal state such as
 * roving-tabindex indexes, controllers, handlers) are left out, with the attributes the Lit plugin derives
 * from `state: true` properties.
 */
function publicApiOnly() {
  return {
    name: 'erp-public-api-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules ?? []) {
        for (const declaration of module.declarations ?? []) {
          if (declaration.kind !== 'class') continue;
          const hidden = new Set(
            (declaration.members ?? [])
              .filter((member) => member.privacy === 'private' || member.privacy === 'protected' || member.name.startsWith('#'))
              .map((member) => member.name),
          );
          if (declaration.members) declaration.members = declaration.members.filter((member) => !hidden.has(member.name));
          if (declaration.attributes) {
            declaration.attributes = declaration.attributes.filter((attribute) => !hidden.has(attribute.fieldName));
          }
        }
      }
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/testing/**', 'src/standalone/**'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [publicApiOnly()],
  // globby walks the folders concurrently and lists the files in the order it meets them, so the manifest's
  // modules came out in a different order from one build of a commit to the next (issue 44). The analyzer is
  // given them sorted by path: every build writes the same manifest.
  overrideModuleCreation: ({ ts, globs }) =>
    [...globs].sort().map((file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2015, true)),
};
