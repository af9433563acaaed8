/**
 * Second build of the package: `dist/shell-elements.standalone.js`, the one-script-tag bundle for pages
 * without an import map (src/standalone/standalone.ts). Nothing is external: lit, i18next and the i18n bits
 * of @erp/shared are bundled (`@erp/shared` resolves to src/standalone/shared-subset.ts, so the API client,
 * session, bus, rxjs and oidc-client-ts stay out).
 *
 * Runs after `vite build` (which empties dist/) and after `cem analyze`; it then copies the manifest
 * (`custom-elements.json`) and the demo page (`demo/` → `dist/demo/`, served at `/elements/demo/`).
 */
import { copyFileSync, cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

function copyEmbeddingAssets(): Plugin {
  return {
    name: 'erp-shell-elements-embedding-assets',
    apply: 'build',
    writeBundle() {
      const manifest = here('./custom-elements.json');
      if (!existsSync(manifest)) {
        throw new Error('custom-elements.json is missing: `npm run build -w shell-elements` runs cem analyze first');
      }
      copyFileSync(manifest, here('./dist/custom-elements.json'));
      rmSync(here('./dist/demo'), { recursive: true, force: true });
      cpSync(here('./demo'), here('./dist/demo'), { recursive: true });
    },
  };
}

export default defineConfig({
  resolve: {
    alias: [{ find: /^@erp\/shared$/, replacement: here('./src/standalone/shared-subset.ts') }],
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  plugins: [copyEmbeddingAssets()],
  build: {
    target: 'es2022',
    minify: true,
    sourcemap: true,
    // dist/ already holds the main build.
    emptyOutDir: false,
    outDir: 'dist',
    lib: {
      entry: { 'shell-elements.standalone': 'src/standalone/standalone.ts' },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    // ES library mode keeps whitespace unless the output itself is told to minify (as in vite.library.ts).
    // Shoelace's components are lazy chunks (loaded on first use, src/shoelace/shoelace.ts), under chunks/
    // like every package's (content-hashed names, served as immutable).
    rollupOptions: { output: { minify: true, chunkFileNames: 'chunks/standalone-[name]-[hash].js' } },
  },
});
