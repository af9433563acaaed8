/**
 * The API described from the routes' own schemas (issue #16 item 9) and the definitions (issue 72 item 1):
 *   GET /api/openapi.json   OpenAPI 3.1 document of every /api route in the route catalog
 *   GET /api/docs           the same, readable: an HTML page rendered here (no script, nothing from a CDN)
 * Both are declared public (`config: { public: true }`): they describe the API, they open no data. The
 * document is built on first request, after every route is registered, and kept.
 *
 * The document (issue 72): every catalog route at its own pattern (`/api/data/{entity}` stays, so nothing a client
 * used goes away), plus the concrete paths of every entity, report and process with typed schemas
 * (openapi-entities.ts) — the same urls, documented once per name. Errors are the §8 catalogue as reusable
 * responses with the §3 CallResult schema (400 401 403 404 409 422 429 503, and 4XX/5XX for the rest).
 * operationIds are readable and unique: the typed ones named by entity (`listSalesOrders`), the others from the
 * method and path (`getShellApplications`). Lint: `redocly lint --extends recommended` finds no error
 * (server/test/openapi.test.ts); a generated client's types are checked there too.
 */
import type { FastifyInstance } from 'fastify';
import { allEntities } from '@erp/shared/entities/index';
import type { ServerConfig } from '../config.ts';
import { takesIdempotencyKey } from '../exactly-once/idempotency.ts';
import { registeredProcesses } from '../processes/engine.ts';
import { registeredReports } from '../reports/engine.ts';
import { isApiPattern, type CatalogRoute } from './route-catalog.ts';
import { apiSchema, NO_QUERY, RECORD, type JsonSchema } from './schemas.ts';
import { entityComponents, entityOperations, entityWebhooks, namedOperation, parametersSchema, pascal, rowSchema, type Operation } from './openapi-entities.ts';
import { eventKinds } from '../webhooks/outbox.ts';

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function propertiesOf(schema: JsonSchema | undefined): [string, JsonSchema][] {
  const properties = schema?.['properties'];
  return properties && typeof properties === 'object' ? Object.entries(properties as Record<string, JsonSchema>) : [];
}

function requiredOf(schema: JsonSchema | undefined): Set<string> {
  return new Set(Array.isArray(schema?.['required']) ? (schema!['required'] as string[]) : []);
}

/** §8 HTTP errors, each a CallResult (ResultStatus 2): the reusable responses of every operation. */
const ERRORS: Record<string, { name: string; description: string; headers?: Record<string, unknown> }> = {
  400: { name: 'BadRequest', description: '§8 Bad request: a value the schema or the definition refuses (`bad_request`, `validation_failed` with Data.Errors).' },
  401: { name: 'Unauthorized', description: '§8 no or an expired token (`unauthorized`).' },
  403: { name: 'Forbidden', description: '§8 You do not have sufficient permissions (`forbidden`, §6 `not_assigned`).' },
  404: { name: 'NotFound', description: '§8 Not Found: no such record, entity, report or action (`not_found`).' },
  409: { name: 'Conflict', description: 'Another save came first (`version_conflict`, Data.CurrentVersion), or the same Idempotency-Key still runs (`idempotency_in_progress`), or a run of the same scope (`in_progress`).' },
  422: { name: 'UnprocessableContent', description: 'The Idempotency-Key was already used for another request.' },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests (`too_many_requests`): try again after Retry-After seconds.',
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 0 } } },
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database is unavailable for a moment (`database_unavailable`): try again after Retry-After seconds.',
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 0 } } },
  },
};

const CALL_RESULT: JsonSchema = {
  type: 'object',
  description: '§3 Call result. Every error is one with ResultStatus 2, a ResultCode and a Message; Exception is always null.',
  required: ['ResultStatus', 'Message'],
  properties: {
    ResultStatus: { type: 'integer', enum: [1, 2, 3, 4, 5, 6], description: '1 success, 2 failure, 3 warning, 4 information, 5 not found, 6 no records' },
    ResultCode: { type: 'string' },
    Message: { type: ['string', 'null'] },
    EntityId: { description: 'The record concerned, when there is one' },
    Exception: { type: 'null' },
    Data: { description: 'The answer\'s data (a record, Errors for validation_failed …)' },
  },
};

function errorResponses(protectedRoute: boolean): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [code, error] of Object.entries(ERRORS)) if (code !== '401' || protectedRoute) responses[code] = { $ref: `#/components/responses/${error.name}` };
  responses['4XX'] = { $ref: '#/components/responses/ClientError' };
  responses['5XX'] = { $ref: '#/components/responses/ServerError' };
  return responses;
}

/** `GET /api/shell/applications` → `getShellApplications`; `{id}` → `ById`. */
function derivedOperationId(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `By${pascal(part.slice(1, -1))}` : pascal(part)));
  return `${method.toLowerCase()}${parts.join('') || 'Api'}`;
}

/** Which path parameters name a registry entry: documented with the names the registry holds. */
function parameterNames(): Record<string, string[]> {
  return {
    entity: allEntities().map((def) => def.name),
    report: registeredReports().map((report) => report.def.name),
    process: registeredProcesses().map((process) => process.def.name),
  };
}

function operationOf(route: CatalogRoute, path: string, known: Record<string, string[]>): Operation {
  const schema = (route.schema ?? {}) as JsonSchema;
  const parameters: Operation[] = [];
  const params = schema['params'] as JsonSchema | undefined;
  for (const [name, property] of propertiesOf(params)) {
    const names = known[name];
    parameters.push({ name, in: 'path', required: true, schema: names && names.length ? { ...property, enum: names } : property });
  }
  const query = schema['querystring'] as JsonSchema | undefined;
  const required = requiredOf(query);
  for (const [name, property] of propertiesOf(query)) parameters.push({ name, in: 'query', required: required.has(name), schema: property });
  const patterns = query?.['patternProperties'] as Record<string, JsonSchema> | undefined;
  if (patterns && Object.keys(patterns).length > 0) {
    // Names that follow a pattern (`filter.<Field>`): one free-form object parameter, as OpenAPI describes such a set.
    parameters.push({
      name: 'filters',
      in: 'query',
      required: false,
      style: 'form',
      explode: true,
      description: `Any parameter whose name matches ${Object.keys(patterns).join(' or ')} (the definition's filters).`,
      schema: { type: 'object', propertyNames: { pattern: Object.keys(patterns)[0] }, additionalProperties: Object.values(patterns)[0] },
    });
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
  const tags = (schema['tags'] as string[] | undefined) ?? [];
  const operation: Operation = {
    operationId: derivedOperationId(route.method, path),
    summary: String(schema['summary'] ?? '') || `${route.method} ${path}`,
    ...(schema['description'] ? { description: schema['description'] } : {}),
    tags: tags.length ? tags : ['other'],
    parameters,
    security: route.protected ? [{ bearer: [] }, { dpop: [] }] : [],
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
    if (!code.startsWith('2')) continue;
    const binary = answer['format'] === 'binary';
    responses[code] = {
      description: 'success',
      content: binary ? { 'application/octet-stream': { schema: answer } } : { 'application/json': { schema: answer } },
    };
  }
  Object.assign(responses, errorResponses(route.protected));
  return operation;
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  entities: 'The generic record calls of every entity, `{entity}` one of the names listed; each entity also has its own typed paths under its tag.',
  attachments: 'Files attached to records.',
  reports: 'Reports: run a page, or download the PDF or .xlsx.',
  processes: 'Processes: preview the items, then run them (exactly once per item).',
  shell: '§7 the shell: applications, menus, routes, profile, languages.',
  docs: 'This document and its readable page.',
  other: 'Other calls.',
};

export function openApiDocument(routes: readonly CatalogRoute[], config: ServerConfig): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const known = parameterNames();
  for (const route of routes) {
    if (!isApiPattern(route.url) || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, path, known);
  }
  const generic = (path: string, method: string) => paths[path]?.[method];
  const tags = new Map<string, string>();

  // Issue 72: the typed paths and schemas, from the registries.
  const defs = [...allEntities()].sort((a, b) => a.name.localeCompare(b.name));
  const built = entityComponents(defs);
  const typed: Record<string, Record<string, Operation>> = {};
  for (const def of defs) {
    const tag = `entity: ${def.name}`;
    tags.set(tag, `The ${def.name} records (table ${def.table}, key ${def.key}${def.states ? `; states ${def.states.transitions.length ? 'and actions' : ''}` : ''}): schema \`${pascal(def.name)}\`.`);
    Object.assign(typed, entityOperations(def, built, generic, tag));
  }
  const rows: Record<string, JsonSchema> = {};
  for (const report of [...registeredReports()].sort((a, b) => a.def.name.localeCompare(b.def.name))) {
    const { name, parameters, columns } = report.def;
    const row = `${pascal(name)}ReportRow`;
    rows[row] = rowSchema(columns);
    const operation = namedOperation(generic('/api/reports/{report}/run', 'post'), `run${pascal(name)}Report`, `Run the ${name} report: one page of rows, groups and totals`, 'reports', 'report', parametersSchema(parameters), row);
    if (operation) (typed[`/api/reports/${name}/run`] ??= {})['post'] = operation;
  }
  for (const process of [...registeredProcesses()].sort((a, b) => a.def.name.localeCompare(b.def.name))) {
    const { name, parameters, columns } = process.def;
    const item = `${pascal(name)}ProcessItem`;
    rows[item] = rowSchema(columns);
    for (const step of ['preview', 'run'] as const) {
      // The preview's List holds the items; the run's, one Call result per item (left as the generic route says).
      const operation = namedOperation(generic(`/api/processes/{process}/${step}`, 'post'), `${step}${pascal(name)}Process`, `${step === 'run' ? 'Run' : 'Preview'} the ${name} process`, 'processes', 'process', parametersSchema(parameters), step === 'preview' ? item : undefined);
      if (operation) (typed[`/api/processes/${name}/${step}`] ??= {})['post'] = operation;
    }
  }
  // Typed paths first in each concrete url; a module's own route at the same url keeps its own operation.
  for (const [path, operations] of Object.entries(typed)) paths[path] = { ...operations, ...(paths[path] ?? {}) };

  // Unique operationIds: a derived one that another already holds gets its path's method spelled out in full.
  const seen = new Set<string>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      let id = String(operation['operationId']);
      if (seen.has(id)) id = derivedOperationId(method, path);
      for (let n = 2; seen.has(id); n++) id = `${derivedOperationId(method, path)}${n}`;
      seen.add(id);
      operation['operationId'] = id;
      for (const tag of operation['tags'] as string[]) if (!tags.has(tag)) tags.set(tag, TAG_DESCRIPTIONS[tag] ?? `The ${tag} calls.`);
    }
  }

  // Issue 72 item 3: what the server POSTs to webhook subscriptions, per entity and event.
  const hooks = entityWebhooks(defs, built, eventKinds);
  tags.set('webhooks', 'Events the server POSTs to the URL of a webhook subscription (Shell → Security → Webhooks), signed per Standard Webhooks.');

  const responses: Record<string, unknown> = {};
  for (const error of Object.values(ERRORS)) {
    responses[error.name] = { description: error.description, ...(error.headers ? { headers: error.headers } : {}), content: { 'application/json': { schema: { $ref: '#/components/schemas/CallResult' } } } };
  }
  responses['ClientError'] = { description: 'Another client error (405, 406, 413, 414, 415 …) as a CallResult.', content: { 'application/json': { schema: { $ref: '#/components/schemas/CallResult' } } } };
  responses['ServerError'] = { description: '§8 Server error (`server_error`); nothing internal is sent.', content: { 'application/json': { schema: { $ref: '#/components/schemas/CallResult' } } } };

  return {
    openapi: '3.1.0',
    info: {
      title: 'ERP shell API',
      version: '0.1.0',
      summary: 'Orders, invoices, stock and every other record of the ERP, typed per entity.',
      description:
        'Every record type has its own paths (`/api/data/sales-order/{id}`) and schemas (`SalesOrder`, `SalesOrderInput`, `SalesOrderUpdate`). ' +
        'Every error is a §3 CallResult { ResultStatus: 2, ResultCode, Message, EntityId, Exception: null }. Calls that act take an Idempotency-Key.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'ERP shell', url: `${config.publicUrl.replace(/\/$/, '')}/api/docs` },
    },
    servers: [{ url: config.publicUrl, description: 'This server' }],
    tags: [...tags.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token of the embedded OpenID provider (audience <server>/api).' },
        dpop: { type: 'http', scheme: 'dpop', description: 'A DPoP-bound access token (RFC 9449): `Authorization: DPoP <token>` with a `DPoP` proof header per request.' },
      },
      schemas: { CallResult: CALL_RESULT, ...built.components, ...rows, ...hooks.components },
      responses,
    },
    paths,
    webhooks: hooks.webhooks,
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
