/**
 * The API described from the routes' own schemas (issue #16 item 9):
 *   GET /api/openapi.json   OpenAPI 3.1 document of every /api route in the route catalog
 *   GET /api/docs           the same, readable: an HTML page rendered here (no script, nothing from a CDN)
 * Both are declared public (`config: { public: true }`): they describe the API, they open no data. The
 * document is built on first request, after every route is registered, and kept.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { takesIdempotencyKey } from '../exactly-once/idempotency.ts';
import { isApiPattern, type CatalogRoute } from './route-catalog.ts';
import { apiSchema, NO_QUERY, RECORD, type JsonSchema } from './schemas.ts';

type Operation = Record<string, unknown>;

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function propertiesOf(schema: JsonSchema | undefined): [string, JsonSchema][] {
  const properties = schema?.['properties'];
  return properties && typeof properties === 'object' ? Object.entries(properties as Record<string, JsonSchema>) : [];
}

function requiredOf(schema: JsonSchema | undefined): Set<string> {
  return new Set(Array.isArray(schema?.['required']) ? (schema!['required'] as string[]) : []);
}

function operationOf(route: CatalogRoute): Operation {
  const schema = (route.schema ?? {}) as JsonSchema;
  const parameters: Operation[] = [];
  const params = schema['params'] as JsonSchema | undefined;
  for (const [name, property] of propertiesOf(params)) parameters.push({ name, in: 'path', required: true, schema: property });
  const query = schema['querystring'] as JsonSchema | undefined;
  const required = requiredOf(query);
  for (const [name, property] of propertiesOf(query)) parameters.push({ name, in: 'query', required: required.has(name), schema: property });
  const patterns = query?.['patternProperties'] as Record<string, JsonSchema> | undefined;
  for (const [pattern, property] of Object.entries(patterns ?? {})) {
    parameters.push({ name: pattern, in: 'query', required: false, description: `any parameter whose name matches ${pattern}`, schema: property });
  }
  if (route.protected && takesIdempotencyKey(route.method, route.url, route)) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'One key per intent (1–255 visible characters): the same key and request again within 24 hours answers the first answer and acts once; the same key with another request is refused (422); while the first still runs, 409.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  const operation: Operation = {
    operationId: `${route.method.toLowerCase()} ${route.url}`,
    summary: schema['summary'] ?? '',
    ...(schema['description'] ? { description: schema['description'] } : {}),
    tags: schema['tags'] ?? [],
    parameters,
    security: route.protected ? [{ bearer: [] }] : [],
    responses: {},
  };
  const consumes = schema['consumes'] as string[] | undefined;
  if (consumes?.includes('multipart/form-data')) {
    operation['requestBody'] = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } } },
    };
  } else if (schema['body'] !== undefined) {
    operation['requestBody'] = { required: true, content: { 'application/json': { schema: schema['body'] } } };
  }
  const responses = operation['responses'] as Record<string, unknown>;
  for (const [code, answer] of Object.entries((schema['response'] ?? {}) as Record<string, JsonSchema>)) {
    const key = code.replace(/xx$/i, 'XX');
    const binary = answer['format'] === 'binary';
    responses[key] = {
      description: key.startsWith('2') ? 'success' : 'CallResult with ResultStatus 2 and a Message',
      content: binary ? { 'application/octet-stream': { schema: answer } } : { 'application/json': { schema: answer } },
    };
  }
  return operation;
}

export function openApiDocument(routes: readonly CatalogRoute[], config: ServerConfig): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    if (!isApiPattern(route.url) || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ERP shell API',
      version: '0.1.0',
      description: 'Every error is a §3 CallResult { ResultStatus: 2, ResultCode, Message, EntityId, Exception: null }.',
    },
    servers: [{ url: config.publicUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function docsPage(document: Record<string, unknown>): string {
  const paths = document['paths'] as Record<string, Record<string, Operation>>;
  const sections = Object.entries(paths)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const parameters = (operation['parameters'] as Operation[])
          .map((p) => `<li><code>${escapeHtml(String(p['name']))}</code> (${escapeHtml(String(p['in']))}${p['required'] ? ', required' : ''})</li>`)
          .join('');
        const body = operation['requestBody'] ? `<details><summary>Body</summary><pre>${escapeHtml(JSON.stringify(operation['requestBody'], null, 2))}</pre></details>` : '';
        const answers = `<details><summary>Answers</summary><pre>${escapeHtml(JSON.stringify(operation['responses'], null, 2))}</pre></details>`;
        const lock = (operation['security'] as unknown[]).length > 0 ? 'bearer token' : 'public';
        return `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2><p>${escapeHtml(String(operation['summary']))} — ${lock}</p>${parameters ? `<ul>${parameters}</ul>` : ''}${body}${answers}</section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ERP shell API</title></head><body><main><h1>ERP shell API</h1><p>OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a></p>\n${sections}\n</main></body></html>`;
}

const DOCUMENT_SCHEMA = apiSchema({ summary: 'This API as OpenAPI 3.1', tags: ['docs'], querystring: NO_QUERY, response: { 200: RECORD } });
const PAGE_SCHEMA = apiSchema({ summary: 'This API, readable', tags: ['docs'], querystring: NO_QUERY, response: { 200: { type: 'string', description: 'text/html' } } });

export function registerApiDocs(app: FastifyInstance, config: ServerConfig): void {
  let document: Record<string, unknown> | undefined;
  let page: string | undefined;
  const current = () => (document ??= openApiDocument(app.routeCatalog, config));
  app.get('/api/openapi.json', { schema: DOCUMENT_SCHEMA, config: { public: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(current()),
  );
  app.get('/api/docs', { schema: PAGE_SCHEMA, config: { public: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send((page ??= docsPage(current()))),
  );
}
