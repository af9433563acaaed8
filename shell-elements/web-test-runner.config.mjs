/**
 * Element tests in headless Chromium (Debian's /usr/bin/chromium; browsers are never downloaded).
 * Works from the repository root (`npx web-test-runner --config shell-elements/web-test-runner.config.mjs`)
 * and from this folder (`npm test -w shell-elements`): every path is resolved from this file.
 * The dev server serves the repository root, so tests load the real `/locales/<lng>/shell.json`.
 *
 * Two URL aliases (for src/standalone/standalone.test.ts):
 * - `/elements/…` → `/shell-elements/dist/…`, the server's own layout, so the built demo page loads the
 *   standalone bundle exactly as it does at `/elements/demo/index.html` (and the bundle's default locales
 *   base, `/locales`, is right);
 * - `/test-locales/…` → `/locales/…`, a second address of the same files, to see that a configured locales
 *   base (script attribute, meta tag) is the one used;
 * - `/mounted/elements/…`, `/mounted/locales/…`: the same layout under a path prefix (a server behind a
 *   reverse proxy at `/mounted/`), where the default locales base must stay next to the bundle's folder.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultReporter } from '@web/test-runner';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { countsReporter } from './test-reporter.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');

const ALIASES = [
  ['/elements/', '/shell-elements/dist/'],
  ['/test-locales/', '/locales/'],
  ['/mounted/elements/', '/shell-elements/dist/'],
  ['/mounted/locales/', '/locales/'],
];

/** Koa middleware of the dev server: rewrites the aliased prefixes (an internal rewrite, no redirect). */
function aliases(context, next) {
  for (const [prefix, target] of ALIASES) {
    if (context.path.startsWith(prefix)) {
      context.url = target + context.url.slice(prefix.length);
      break;
    }
  }
  return next();
}

/**
 * Vite's `?inline` CSS imports (Shoelace's theme, src/shoelace/theme.ts) as the dev server serves them: a
 * module whose default export is the file's text.
 */
const cssInline = {
  name: 'css-inline',
  resolveImport({ source }) {
    if (!source.endsWith('.css?inline') || source.startsWith('.') || source.startsWith('/')) return undefined;
    const file = createRequire(import.meta.url).resolve(source.slice(0, -'?inline'.length));
    return `/${relative(repoRoot, file).split('\\').join('/')}?inline`;
  },
  serve(context) {
    if (!context.path.endsWith('.css') || !('inline' in context.query)) return undefined;
    const text = readFileSync(join(repoRoot, decodeURIComponent(context.path)), 'utf8');
    return { body: `export default ${JSON.stringify(text)};`, type: 'js' };
  },
};

/**
 * The product's ES module copies of React (`/vendor/dist/`, for src/standalone/react.test.ts) import `react` and
 * `react-dom` by name, which the shell's import map resolves to those copies: the same here (node resolution would
 * give React's CommonJS files).
 */
const VENDOR_REACT = { react: '/vendor/dist/react.js', 'react-dom': '/vendor/dist/react-dom.js' };
const vendorReact = {
  name: 'vendor-react',
  resolveImport({ source, context }) {
    return context.path.startsWith('/vendor/dist/') ? VENDOR_REACT[source] : undefined;
  },
};

export default {
  rootDir: repoRoot,
  files: [resolve(here, 'src/**/*.test.ts').split('\\').join('/')],
  nodeResolve: true,
  middleware: [aliases],
  watch: false,
  plugins: [vendorReact, cssInline, esbuildPlugin({ ts: true, tsconfig: resolve(repoRoot, 'tsconfig.json') })],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--headless',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
  testFramework: { config: { timeout: 5000 } },
  // Chromium reports a ResizeObserver whose callback caused another resize as an error event although
  // nothing failed (the late notifications come in the next frame); Shoelace's popups cause one now and
  // then on a loaded machine. Only that notice is kept from failing the test that was running.
  testRunnerHtml: (testFramework) => `<!DOCTYPE html><html><head><script>
window.addEventListener('error', (event) => {
  if (/^ResizeObserver loop/.test(event.message)) { event.stopImmediatePropagation(); event.preventDefault(); }
});
</script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  // A file that hangs fails after a minute instead of two (see the note on DOM nodes in assertions).
  testsFinishTimeout: 60000,
  reporters: [defaultReporter(), countsReporter({ file: resolve(repoRoot, '.reports/elements.json') })],
};
