/**
 * One Vite library-build recipe for every browser package: an ES module per entry, minified, with every
 * import-map specifier left external so the page loads exactly one copy of each shared library.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esmExternalRequirePlugin, type PluginOption, type UserConfig } from 'vite';
import { appSources, readImportMap } from './modules/manifests.ts';

/** Every bare specifier of the import map (import-map.json and the modules' micro-apps). */
export function importMapSpecifiers(): string[] {
  return Object.keys(readImportMap(fileURLToPath(new URL('.', import.meta.url))).imports);
}

export interface LibraryOptions {
  /** Entry name → source file, relative to the package folder. */
  entries: Record<string, string>;
  /**
   * Specifiers to bundle even though the import map has them (the package that provides them); one ending in
   * `/*` bundles every specifier under that folder (a module's definitions: `@erp/shared/modules/ar/*`).
   */
  bundle?: string[];
  plugins?: PluginOption[];
  /**
   * Stylesheet(s), relative to the package folder, emitted beside the entries as one file named after the
   * first. The module links it at run time (`linkStylesheet` in @erp/ui): the shell's strict CSP allows no
   * inline styles.
   */
  stylesheet?: string | string[];
}

/** Emits `files`, concatenated, as one asset named after the first, next to the built entries. */
function emitStylesheet(files: string[]): PluginOption {
  let packageDir = process.cwd();
  return {
    name: 'erp-emit-stylesheet',
    configResolved(config) {
      packageDir = config.root;
    },
    generateBundle() {
      const source = files.map((file) => readFileSync(join(packageDir, file), 'utf8')).join('\n');
      this.emitFile({ type: 'asset', fileName: basename(files[0]!), source });
    },
  };
}

export function libraryConfig({ entries, bundle = [], plugins = [], stylesheet }: LibraryOptions): UserConfig {
  if (stylesheet) plugins = [...plugins, emitStylesheet([stylesheet].flat())];
  const bundled = (id: string) => bundle.some((b) => (b.endsWith('/*') ? id.startsWith(b.slice(0, -1)) : id === b));
  const shared = importMapSpecifiers().filter((s) => !bundled(s));
  // A path inside one of our packages (`@erp/shared/decimal`) is not in the import map: it is bundled, as a
  // relative import of the same file would be. Other packages' sub-paths follow their package's specifier.
  const isExternal = (id: string) => shared.some((s) => id === s || (!bundled(id) && !id.startsWith('@erp/') && id.startsWith(`${s}/`)));
  return {
    // CommonJS code (React's) that require()s an external must turn into an import in ES output.
    plugins: [...plugins, esmExternalRequirePlugin({ external: shared })],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      target: 'es2022',
      minify: true,
      sourcemap: true,
      emptyOutDir: true,
      lib: { entry: entries, formats: ['es'], fileName: (_format, name) => `${name}.js` },
      rollupOptions: {
        external: isExternal,
        output: {
          // ES library mode keeps whitespace unless the output itself is told to minify.
          minify: true,
          // Entries are loaded through the import map with `?v=<content hash>`; the chunks they import by
          // relative URL carry Vite's content hash in their name instead, and the server answers everything
          // under a `chunks/` folder as immutable (server/src/static/routes.ts).
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
      },
    },
  };
}

/** The generated entry's id; Vite makes a library entry a path under the package, so it is matched by its end. */
const APP_ENTRY = 'erp-module-app:';

/** The names a screens file exports (`export const X`, `export { X, Y as Z }`), for the clash check. */
function exportNames(source: string): string[] {
  const names = [...source.matchAll(/^export const (\w+)/gm)].map((m) => m[1]!);
  for (const [, list] of source.matchAll(/^export \{([^}]*)\}/gm)) {
    names.push(...list!.split(',').map((part) => part.trim().split(/\s+as\s+/).pop()!).filter(Boolean));
  }
  return names;
}

/**
 * A business micro-app `@erp/<app>` (issue 20): its own `src/index.ts(x)` (the application's initial page), every
 * module's `screens/index.ts` whose module.json names this app, and the screens other modules' `alsoIn` and
 * `shows` list for this app, re-exported from their own micro-app (external, so the page holds one copy); every module's
 * `definitions/extensions.ts`, registered. No list here or in the app changes when a module adds a screen. Two
 * sources exporting one name fail the build.
 */
export function moduleApp(app: string, options: Omit<LibraryOptions, 'entries'> = {}): UserConfig {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const { files, reexports, extensions } = appSources(root, app);
  // Issue 41: every module's extensions of other modules' entities, registered by each bundle (once per page).
  const registrations = extensions.map(({ module, namespace, file }, index) =>
    [`import { extensions as extensions${index} } from ${JSON.stringify(file)};`, `registerExtensions(${JSON.stringify(module)}, ${JSON.stringify(namespace)}, extensions${index});`].join('\n'),
  );
  const sources = [
    ...files.map((file) => ({ from: file, names: exportNames(readFileSync(file, 'utf8')), code: `export * from ${JSON.stringify(file)};` })),
    ...reexports.map(({ from, names }) => ({ from, names, code: `export { ${names.join(', ')} } from ${JSON.stringify(from)};` })),
  ];
  const seen = new Map<string, string>();
  for (const { from, names } of sources) {
    for (const name of names) {
      if (seen.has(name)) throw new Error(`@erp/${app}: ${name} is exported by ${seen.get(name)} and ${from}`);
      seen.set(name, from);
    }
  }
  const entryPlugin: PluginOption = {
    name: 'erp-module-app',
    resolveId: (id) => (id.endsWith(APP_ENTRY + app) ? `\0${APP_ENTRY}${app}` : null),
    load: (id) =>
      id === `\0${APP_ENTRY}${app}`
        ? [...(registrations.length > 0 ? ["import { registerExtensions } from '@erp/shared/entities/index';", ...registrations] : []), ...sources.map((s) => s.code)].join('\n') + '\n'
        : null,
  };
  const config = libraryConfig({ ...options, entries: { [app]: APP_ENTRY + app }, plugins: [entryPlugin, ...(options.plugins ?? [])] });
  // Module sources live outside the app's folder.
  return { ...config, server: { fs: { allow: [root] } } };
}
