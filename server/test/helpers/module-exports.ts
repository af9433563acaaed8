/**
 * Which names a browser module of the import map exports, read from its sources (no build needed): the module
 * must be `/apps/<m>/<m>.js` in the import map and either a workspace package named like the specifier with a
 * build script or a micro-app built from the manifests alone (scripts/build-module-apps.mjs); its sources are its
 * own `src/index.ts[x]`, if any, and the `screens/index.ts` of every module whose module.json names it as `app`
 * (as `moduleApp` in vite.library.ts builds it); module.json `alsoIn` re-exports and
 * `export { X } from '@erp/accounting'` count when the other module exports X. Used by the GL route tests
 * (modules/gl/test/routes.test.ts, modules/gl/e2e/masters.spec.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { appSources, derivedApps, readImportMap } from '@erp/modules/manifests';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const importMap = readImportMap(repoRoot);
/** The micro-apps built from the manifests alone (scripts/build-module-apps.mjs): no package of their own. */
const derived = new Set(derivedApps(repoRoot));

/** The app folder name of a module named in the import map as `/apps/<m>/<m>.js`, or null. */
function appOf(module: string): string | null {
  const url = importMap.imports[module];
  const match = url ? /^\/apps\/([a-z0-9-]+)\/\1\.js$/.exec(url) : null;
  if (!match) return null;
  if (derived.has(match[1]!)) return match[1]!;
  const dir = join(repoRoot, 'apps', match[1]!);
  if (!existsSync(join(dir, 'package.json'))) return null;
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; scripts?: Record<string, string> };
  return pkg.name === module && pkg.scripts?.['build'] ? match[1]! : null;
}

const cache = new Map<string, Set<string>>();

/** The names `module` exports (empty when it is not a built module of the import map). */
export function exportsOf(module: string, seen: Set<string> = new Set()): Set<string> {
  const cached = cache.get(module);
  if (cached) return cached;
  // Micro-apps may re-export each other's screens (accounting ⇄ purchasing): a module met again inside its own
  // reading (`seen`: the modules being read) answers empty there, so only a reading started from the top is
  // complete — and cached.
  const top = seen.size === 0;
  const names = new Set<string>();
  const app = appOf(module);
  if (app && !seen.has(module)) {
    seen.add(module);
    const { files, reexports } = appSources(repoRoot, app);
    for (const file of files) {
      const { module: parsed, errors } = parseSync(file, readFileSync(file, 'utf8'), { sourceType: 'module' });
      if (errors.length) throw new Error(`${file}: ${errors[0]!.message}`);
      for (const entry of parsed.staticExports) {
        for (const item of entry.entries) {
          const exported = item.exportName.name;
          if (!exported) continue;
          const from = item.moduleRequest?.value;
          const imported = item.importName.name;
          if (from && imported && !exportsOf(from, seen).has(imported)) continue;
          names.add(exported);
        }
      }
    }
    for (const { from, names: shared } of reexports) {
      const theirs = exportsOf(from, seen);
      for (const name of shared) if (theirs.has(name)) names.add(name);
    }
    seen.delete(module);
  }
  if (top) cache.set(module, names);
  return names;
}

/** Does a route Component `@erp/<m>#<Export>` name an existing export? */
export function resolves(component: string): boolean {
  const [module, name] = component.split('#') as [string, string];
  return exportsOf(module).has(name);
}
