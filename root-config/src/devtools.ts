/**
 * Developer tools of single-spa (issue 16): `import-map-overrides`, to point one micro-app at a local Vite
 * dev server from the browser. Loaded only when `localStorage.devtools` is set (nothing for users), after the
 * first screen.
 *
 * The library runs in its server-cookie, server-only mode: it never edits this page's import map (no inline
 * script; the CSP stays strict). An override made in its panel, or in the console with
 * `importMapOverrides.addOverride('@erp/records', 'http://localhost:5173/src/index.tsx')`, is a cookie the
 * server reads on the next load (server/src/static/import-map-overrides.ts) — refused with
 * `NODE_ENV=production`, where the library's file itself answers 404 and nothing here appears.
 */
export const DEVTOOLS_KEY = 'devtools';
export const OVERRIDES_SCRIPT = '/vendor/import-map-overrides.js';

/** Adds the library and its panel to the page when the developer asked for them. */
export function loadDevtools(storage: Pick<Storage, 'getItem'> | null, doc: Document = document): boolean {
  if (!storage?.getItem(DEVTOOLS_KEY) || doc.querySelector(`script[src="${OVERRIDES_SCRIPT}"]`)) return false;
  const meta = doc.createElement('meta');
  meta.name = 'importmap-type';
  meta.content = 'importmap';
  meta.setAttribute('server-cookie', '');
  meta.setAttribute('server-only', '');
  doc.head.append(meta);
  const script = doc.createElement('script');
  script.src = OVERRIDES_SCRIPT;
  script.addEventListener('load', () => {
    const panel = doc.createElement('import-map-overrides-full');
    panel.setAttribute('show-when-local-storage', DEVTOOLS_KEY);
    doc.body.append(panel);
  });
  doc.head.append(script);
  return true;
}
