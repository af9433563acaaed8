/**
 * `import-map-overrides` in development (issue 16, single-spa developer conventions): a developer points one
 * micro-app at a local Vite dev server from the browser, without rebuilding or restarting anything else.
 *
 * How (the library's "server cookie" mode, which keeps the shell's strict CSP):
 * - with `localStorage.devtools` set, the shell loads `/vendor/import-map-overrides.js` (a copy of the
 *   library, vendor/scripts/build.mjs; nothing from a CDN) in its `server-cookie server-only` mode with the
 *   `<import-map-overrides-full>` panel (root-config/src/devtools.ts); the library never edits the page's
 *   import map itself, so boot is unchanged and no inline script is needed;
 * - the panel (or `importMapOverrides.addOverride(specifier, url)` in the console) stores an override as the cookie `import-map-override:<specifier>=<url>` (e.g.
 *   `import-map-override:@erp/records=http://localhost:5173/src/index.tsx`); on the next load the server
 *   puts that URL in the inlined import map (so its CSP hash still matches) and allows the override's origin
 *   in `script-src` and `connect-src` (Vite's module graph and HMR socket);
 * - only specifiers the import map already has may be overridden, and only with an http(s) URL (a bare port
 *   means `http://localhost:<port>/<specifier>.js`, the library's convention).
 * With `NODE_ENV=production` every override cookie is ignored and `/vendor/import-map-overrides.js` answers
 * 404: production pages never load a module from elsewhere.
 */
import { getOverridesFromCookies } from 'import-map-overrides';
import type { FastifyInstance } from 'fastify';
import { parseCsp, serializeCsp, type CspDirectives } from '../security/csp.ts';

/** The library's copy under /vendor/ (a classic script). */
export const OVERRIDES_SCRIPT_URL = '/vendor/import-map-overrides.js';

/** True when import-map-overrides may be used: any environment but production. */
export function overridesAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== 'production';
}

/** What a request asks to override: specifier → URL, only for mapped specifiers and http(s) URLs. */
export function requestedOverrides(
  cookieHeader: string | undefined,
  importMapJson: string,
  protocol: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  if (!overridesAllowed(env) || !cookieHeader) return {};
  const known = new Set(Object.keys((JSON.parse(importMapJson) as { imports: Record<string, string> }).imports));
  const asked = getOverridesFromCookies({ headers: { cookie: cookieHeader }, protocol });
  const accepted: Record<string, string> = {};
  for (const [specifier, url] of Object.entries(asked)) {
    if (!known.has(specifier)) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') accepted[specifier] = parsed.href;
    } catch {
      // Not a URL: ignored.
    }
  }
  return accepted;
}

/** The import map JSON with the overrides in place. */
export function applyOverrides(importMapJson: string, overrides: Record<string, string>): string {
  if (Object.keys(overrides).length === 0) return importMapJson;
  const map = JSON.parse(importMapJson) as { imports: Record<string, string> };
  return JSON.stringify({ ...map, imports: { ...map.imports, ...overrides } });
}

/** The CSP with the overrides' origins allowed to serve scripts and to be connected to (Vite HMR). */
export function cspWithOverrides(csp: string, overrides: Record<string, string>): string {
  const origins = [...new Set(Object.values(overrides).map((url) => new URL(url).origin))];
  if (origins.length === 0) return csp;
  const sockets = origins.map((origin) => origin.replace(/^http/, 'ws'));
  const directives: CspDirectives = [...parseCsp(csp)].map(([name, values]) => {
    if (name === 'script-src') return [name, [...values, ...origins]];
    if (name === 'connect-src') return [name, [...values, ...origins, ...sockets]];
    return [name, values];
  });
  return serializeCsp(directives);
}

/** Refuses the library's file in production (404, as if it did not exist). */
export function refuseOverridesInProduction(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): void {
  if (overridesAllowed(env)) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?', 1)[0] === OVERRIDES_SCRIPT_URL) await reply.code(404).send({ message: 'Not Found' });
  });
}
