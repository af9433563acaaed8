/**
 * Every API route declares its request and answer schemas (http/schemas.ts convention) and is in the
 * OpenAPI document (/api/openapi.json) and the readable page (/api/docs). A new route without them fails
 * here with the exact part to add.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPattern } from '../src/http/route-catalog.ts';
import { startServer, type TestServer } from './helpers/app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

const HOW = 'See the convention at the top of server/src/http/schemas.ts: `{ schema: apiSchema({ summary, tags, params, querystring, body, response }) }`.';

function apiRoutes() {
  return server.app.routeCatalog.filter((route) => isApiPattern(route.url) && route.method !== 'HEAD');
}

describe('route schemas', () => {
  it('every /api route declares params, querystring, body and answer schemas', () => {
    const missing: string[] = [];
    for (const route of apiRoutes()) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const name = `${route.method} ${route.url}`;
      if (!schema['summary']) missing.push(`${name}: add \`summary\``);
      if (route.url.includes(':') && !schema['params']) missing.push(`${name}: add \`params\` naming every :parameter of the path`);
      if (!schema['querystring']) missing.push(`${name}: add \`querystring\` (NO_QUERY when it takes none)`);
      const upload = Array.isArray(schema['consumes']) && (schema['consumes'] as string[]).includes('multipart/form-data');
      if (['POST', 'PUT', 'PATCH'].includes(route.method) && !schema['body'] && !upload) {
        missing.push(`${name}: add \`body\` (or \`upload: true\` for a multipart file)`);
      }
      const response = (schema['response'] ?? {}) as Record<string, unknown>;
      if (!Object.keys(response).some((code) => code.startsWith('2'))) missing.push(`${name}: add \`response\` with its success answer (e.g. { 200: callResult(...) })`);
      if (!response['4xx']) missing.push(`${name}: build the schema with apiSchema(), which adds the CallResult error answers`);
    }
    expect(missing, `${missing.join('\n')}\n${HOW}`).toEqual([]);
  });

  it('every /api route is in the OpenAPI 3.1 document, served without a token', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>> };
    expect(document.openapi).toBe('3.1.0');
    const absent: string[] = [];
    for (const route of apiRoutes()) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      if (!operation) {
        absent.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(operation.security.length, `${route.method} ${route.url}`).toBe(route.protected ? 2 : 0); // bearer or DPoP (issue 72)
      expect(operation.responses['4XX'], `${route.method} ${route.url}`).toBeDefined();
    }
    expect(absent).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
  });

  it('the readable page lists every route, with no script', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.body).not.toMatch(/<script/i);
    for (const route of apiRoutes()) {
      expect(response.body, `${route.method} ${route.url}`).toContain(`${route.method} ${route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  });
});
