/**
 * One Vite library-build recipe for every browser package: an ES module per entry, minified, with every
 * import-map specifier left external so the page loads exactly one copy of each shared library.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esmExternalRequirePlugin, type PluginOption, type UserConfig } from 'vite';

const importMapPath = fileURLToPath(new URL('./import-map.json', import.meta.url));

/** Every bare specifier of the import map. */
export function importMapSpecifiers(): string[] {
  const map = JSON.parse(readFileSync(importMapPath, 'utf8')) as { imports: Record<string, string> };
  return Object.keys(map.imports);
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
  const isExternal = (id: string) => shared.some((s) => id === s || (!bundled(id) && id.startsWith(`${s}/`)));
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
