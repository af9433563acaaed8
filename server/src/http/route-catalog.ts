/**
 * The catalog of every route the router knows, and the rule that decides which ones need a token.
 *
 * Contract (issue #11 item 1):
 * - `collectRoutes(app)` must be the first thing registered on a new Fastify instance: an `onRoute` hook
 *   records every route afterwards (`app.routeCatalog`: method, url pattern, config, schema). The API guard
 *   (auth/plugin.ts), the OpenAPI document (http/openapi.ts) and the route tests read it.
 * - A route is PROTECTED when its url pattern starts with `/api` (case-insensitive) unless it declares
 *   `config: { public: true }`. The guard decides from the route the router matched
 *   (`request.routeOptions`), never from the raw URL, so percent-encoding (`/%61pi/…`), dot segments,
 *   doubled slashes or letter case cannot reach an API handler without a token: whatever spelling the
 *   router decodes to an API route is guarded, and a spelling it does not route to an API route reaches
 *   no API handler.
 * - Routes outside `/api` (the shell page, built files, the identity provider's pages) are public by
 *   their place; `PUBLIC_PREFIXES` lists the places, and a test fails for a route anywhere else.
 */
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { withDocs } from './route-docs.ts';
import type { JsonSchema } from './schemas.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /api route anyone may call without a token (declare it on purpose, e.g. the OpenAPI document). */
    public?: boolean;
  }
  interface FastifyInstance {
    routeCatalog: CatalogRoute[];
  }
}

export interface CatalogRoute {
  method: HTTPMethods;
  url: string;
  public: boolean;
  protected: boolean;
  schema: FastifySchema | undefined;
  /** The route's idempotency setting (exactly-once/idempotency.ts), for OpenAPI. */
  idempotency?: 'own' | 'none';
}

/** The API's place: every route here needs a token unless declared public. */
export function isApiPattern(url: string): boolean {
  const lower = url.toLowerCase();
  return lower === '/api' || lower.startsWith('/api/');
}

/** The path as a lenient router would see it: decoded, dot segments resolved, slashes collapsed, lower case. */
export function normalizedPath(url: string): string {
  let path = url.split('?')[0] ?? '';
  for (let round = 0; round < 3; round++) {
    try {
      const decoded = decodeURIComponent(path);
      if (decoded === path) break;
      path = decoded;
    } catch {
      break;
    }
  }
  path = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  try {
    path = new URL(path, 'http://host').pathname;
  } catch {
    // keep the collapsed form
  }
  return path.toLowerCase();
}

/**
 * Where routes outside the API may live (all public): exact paths, and folders (ending in '/', not the root).
 * `/health` is the load balancer's check (http/health.ts, issue 43): up or down, nothing else. `/sw.js` is the shell's
 * service worker (issue 69 item 4), at the root because a worker controls only the paths below its own.
 */
export const PUBLIC_PREFIXES = ['/', '/index.html', '/auth/callback', '/import-map.json', '/shell-config.json', '/oidc/', '/health', '/sw.js'];

export function collectRoutes(app: FastifyInstance): void {
  const catalog: CatalogRoute[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Answer documentation kept apart from the route (route-docs.ts), merged before Fastify compiles it.
    if (methods.length === 1) route.schema = withDocs(methods[0]!, route.url, route.schema as JsonSchema | undefined) as FastifySchema | undefined;
    const declaredPublic = route.config?.public === true;
    for (const method of methods) {
      catalog.push({
        method: method as HTTPMethods,
        url: route.url,
        public: declaredPublic || !isApiPattern(route.url),
        protected: isApiPattern(route.url) && !declaredPublic,
        schema: route.schema,
        ...(route.config?.idempotency ? { idempotency: route.config.idempotency } : {}),
      });
    }
  });
}
