#!/usr/bin/env node
/**
 * Builds the micro-apps that exist only in the modules' manifests (issue 73 item 4): an app a module.json names
 * (`app`, or an application of `alsoIn`/`shows`) with no package `apps/<app>/package.json` is bundled by
 * `moduleApp(app)` (vite.library.ts) — its modules' screens, the re-exports others ask for, every module's
 * extensions — into `apps/<app>/dist/<app>.js`, the URL `/apps/<app>/<app>.js` the import map gives it
 * (modules/manifests.ts `moduleAppImports`). A module whose `screens/<app>.css` exists adds it to the app's
 * stylesheet `<app>.css`. Apps of modules in an `EXTRA_MODULE_DIRS` folder (tests) go to `<that folder>/dist/<app>/`,
 * which the server serves at the same URL. root-config's build runs it first (`npm run build`, workspaces in order):
 * the page's portal template follows the portal app's static imports, so that app must be built by then.
 *
 *   node scripts/build-module-apps.mjs [app …]     every derived app, or the ones named
 */
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { derivedApps, extraModuleDirs, moduleDir, moduleManifests } from '../modules/manifests.ts';
import { moduleApp } from '../vite.library.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const derived = derivedApps(root);
const asked = process.argv.slice(2);
for (const app of asked) if (!derived.includes(app)) throw new Error(`${app} is not a micro-app built from the manifests (${derived.join(', ')})`);

for (const app of asked.length > 0 ? asked : derived) {
  const modules = moduleManifests().filter((manifest) => manifest.app === app);
  const stylesheets = modules.map((manifest) => join(moduleDir(manifest.name), 'screens', `${app}.css`)).filter((file) => existsSync(file));
  // An app whose modules come from an extra folder (a test's fixture) is built beside them, not into apps/.
  const extra = extraModuleDirs().find((dir) => modules.some((manifest) => moduleDir(manifest.name).startsWith(dir)));
  const outDir = extra ? join(extra, 'dist', app) : join(root, 'apps', app, 'dist');
  const config = moduleApp(app, {
    plugins: [react({ jsxRuntime: 'automatic' })],
    ...(stylesheets.length > 0 ? { stylesheet: stylesheets.map((file) => relative(root, file)) } : {}),
  });
  await build({
    ...config,
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    build: { ...config.build, outDir },
  });
  console.log(`build-module-apps: @erp/${app} → ${relative(root, outDir)}/${app}.js`);
}
