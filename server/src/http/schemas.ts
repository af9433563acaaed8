/**
 * Request and answer schemas of the API routes (issue #11 item 4, issue #16 item 9).
 *
 * CONVENTION — every route under /api declares `schema` (Fastify), built with `apiSchema(...)`:
 *   app.get('/api/things/:id', { schema: apiSchema({
 *     summary: 'One thing',                      // shown in /api/docs
 *     tags: ['things'],
 *     params: object({ id: ID }, ['id']),         // every `:name` of the path
 *     querystring: NO_QUERY,                      // or object({...}) — always declared, NO_QUERY when none
 *     body: object({...}, [...]),                 // POST / PUT / PATCH with JSON (multipart: `upload: true`)
 *     response: { 200: callResult(THING) },       // the success answers; '4xx' / '5xx' are added (CallResult)
 *   }) }, handler)
 * Objects refuse unknown properties (`object()` sets additionalProperties: false). Numbers carry minimum and
 * maximum. Request schemas are enforced (http/validation.ts: strict JSON types, exact-text query coercion);
 * answer schemas document (OpenAPI at /api/openapi.json, readable at /api/docs) and drive the fuzz suite
 * (test/fuzz.test.ts), which sends malformed requests generated from these schemas to every route. A route
 * without them fails test/routes.test.ts with a message naming the route and the missing part.
 */

export type JsonSchema = Record<string, unknown>;

export interface ApiSchemaInput {
  summary: string;
  description?: string;
  tags: string[];
  params?: JsonSchema;
  querystring: JsonSchema;
  body?: JsonSchema;
  /** A multipart/form-data upload of one file (field `file`); no JSON body. */
  upload?: boolean;
  response: Record<number, JsonSchema>;
}

/** An object schema that refuses unknown properties. */
export function object(properties: Record<string, JsonSchema>, required: string[] = [], extra: JsonSchema = {}): JsonSchema {
  return { type: 'object', additionalProperties: false, properties, required, ...extra };
}

export const NO_QUERY = object({});
export const INT32 = 2147483647;
export const text = (maxLength: number, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', maxLength, ...extra });
export const integer = (minimum: number, maximum: number): JsonSchema => ({ type: 'integer', minimum, maximum });
export const BOOLEAN: JsonSchema = { type: 'boolean' };
/** Any JSON value (documented as such). */
export const ANY: JsonSchema = {};
/** A JSON object whose properties a definition checks (entity records). */
export const RECORD: JsonSchema = { type: 'object', additionalProperties: true };

/** §3 CallResult; `data` describes `Data` when the answer carries one. */
export function callResult(data?: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    additionalProperties: true,
    required: ['ResultStatus', 'Message'],
    properties: {
      ResultStatus: { type: 'integer', description: '1 success, 2 failure, 3 warning, 4 information, 5 not found, 6 no records' },
      ResultCode: { type: 'string' },
      Message: { type: ['string', 'null'] },
      EntityId: ANY,
      Exception: { type: 'null' },
      ...(data ? { Data: data } : {}),
      ...extra,
    },
  };
}

/** §3 paged list (optionally inside a CallResult). */
export function pagedList(item: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    additionalProperties: true,
    required: ['Page', 'PageSize', 'List', 'TotalCount'],
    properties: {
      Page: { type: 'integer' },
      PageSize: { type: 'integer' },
      TotalCount: { type: 'integer' },
      SortFields: { type: 'array', items: { type: 'string' } },
      SortDescending: { type: 'array', items: { type: 'string' } },
      List: { type: 'array', items: item },
      ...extra,
    },
  };
}

export const ERROR = callResult();

/** The route's Fastify schema: the input, plus the CallResult error answers every route may give. */
export function apiSchema(input: ApiSchemaInput): JsonSchema {
  const { response, upload, ...rest } = input;
  const declared = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return {
    ...declared,
    ...(upload ? { consumes: ['multipart/form-data'] } : {}),
    response: { ...response, '4xx': ERROR, '5xx': ERROR },
  };
}
