/**
 * Which screens are in this release (issue 16 item 4; ARCHITECTURE.md "a screen is either built end to
 * end or not claimed"). A route's Component is `@erp/<module>#<Export>`; the screen exists when the
 * import map names the module, its built file exists and that file exports the name. The export names
 * are read from the built ES module with es-module-lexer — never from a hand list — so a module that
 * gains exports is advertised on the next request after its rebuild (files are re-read when their size
 * or modification time changes).
 *
 * Contract: `createAvailability(repoRoot)` → `{ isAvailable(component) }`. Without a build every
 * screen is unavailable.
 */
import { init, parse } from 'es-module-lexer';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { appBuildDirs, moduleAppImports, withModuleApps } from '@erp/modules/manifests';

export interface Availability {
  /** True when `component` (`<module>#<export>`, no `#` = default export) is an export of its built module. */
  isAvailable(component: string): boolean;
}

interface CachedExports {
  key: string;
  names: ReadonlySet<string>;
}

/** The file of a built-module URL of the import map: `/apps/<name>/<file>` → `apps/<name>/dist/<file>`. */
function builtFileOf(repoRoot: string, url: string): string | null {
  const path = url.split(/[?#]/, 1)[0]!;
  const mounts: [string, string][] = [
    ['/shared/', join(repoRoot, 'shared', 'dist')],
    ['/elements/', join(repoRoot, 'shell-elements', 'dist')],
    ['/root-config/', join(repoRoot, 'root-config', 'dist')],
  ];
  const app = /^\/apps\/([a-z0-9][a-z0-9-]*)\/(.+)$/.exec(path);
  if (app) {
    // A micro-app's first build folder that has the file (modules/manifests.ts appBuildDirs).
    const files = appBuildDirs(repoRoot, app[1]!).map((dir) => [dir, resolve(dir, app[2]!)] as const).filter(([dir, file]) => file.startsWith(dir + sep));
    return (files.find(([, file]) => statSync(file, { throwIfNoEntry: false })?.isFile()) ?? files[0])?.[1] ?? null;
  }
  const mount = mounts.find(([prefix]) => path.startsWith(prefix));
  if (!mount) return null;
  const file = resolve(mount[1], path.slice(mount[0].length));
  return file.startsWith(mount[1] + sep) ? file : null;
}

export async function createAvailability(repoRoot: string): Promise<Availability> {
  await init;
  const exportsByFile = new Map<string, CachedExports>();
  let importMap: { key: string; imports: Record<string, string> } | null = null;
  // import-map.json with the modules' micro-apps (issue 73 item 4).
  const moduleImports = moduleAppImports();

  const statKey = (file: string): string | null => {
    try {
      const stats = statSync(file);
      return stats.isFile() ? `${stats.size}:${stats.mtimeMs}` : null;
    } catch {
      return null;
    }
  };

  const imports = (): Record<string, string> => {
    const file = join(repoRoot, 'import-map.json');
    const key = statKey(file);
    if (!key) return {};
    if (importMap?.key !== key) {
      try {
        const value = JSON.parse(withModuleApps(readFileSync(file, 'utf8'), moduleImports)) as { imports?: Record<string, string> };
        importMap = { key, imports: value.imports ?? {} };
      } catch {
        importMap = { key, imports: {} };
      }
    }
    return importMap.imports;
  };

  const exportsOf = (file: string): ReadonlySet<string> => {
    const key = statKey(file);
    if (!key) return new Set();
    const cached = exportsByFile.get(file);
    if (cached?.key === key) return cached.names;
    let names: Set<string>;
    try {
      const [, exported] = parse(readFileSync(file, 'utf8'));
      names = new Set(exported.map((entry) => entry.n));
    } catch {
      names = new Set();
    }
    exportsByFile.set(file, { key, names });
    return names;
  };

  return {
    isAvailable(component) {
      const hash = component.indexOf('#');
      const module = hash < 0 ? component : component.slice(0, hash);
      const exportName = hash < 0 ? 'default' : component.slice(hash + 1);
      const url = imports()[module];
      if (!url || !exportName) return false;
      const file = builtFileOf(repoRoot, url);
      return file !== null && exportsOf(file).has(exportName);
    },
  };
}
