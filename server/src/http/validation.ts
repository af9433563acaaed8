/**
 * One strict input behaviour for the whole API (issue #11 item 3): bad input is a 400 CallResult, never a
 * coerced value and never a 500.
 *
 * - JSON bodies (`parseJsonBody`): parsed with secure-json-parse (`__proto__` / `constructor.prototype`
 *   keys refused), and a number that does not fit a double (`1e309` → Infinity) is refused. Body schemas
 *   are validated WITHOUT type coercion: `Quantity: true` or `BillToId: 100` are wrong types (400), the
 *   same answer the generic entity routes give (shared validateRecord).
 * - Query strings, path parameters and headers arrive as text: `strictCoercion` turns text into the
 *   declared type only when it is exactly one — integers `-?\d{1,15}`, numbers `-?\d{1,15}(.\d{1,15})?`,
 *   booleans `true` / `false`; anything else (`Infinity`, `1e309`, `NaN`, `0x10`, ` 5`) stays text and the
 *   schema refuses it. Every number that reaches a handler is therefore finite; ranges come from the
 *   schema's minimum / maximum. A single value for an array property becomes a one-item array.
 * - Response schemas document the answers (OpenAPI, http/openapi.ts) and are NOT used to serialize:
 *   answers are plain JSON.stringify, so a documentation slip can never drop a field or fail a reply.
 * - `MAX_URL_LENGTH`: a longer request target is refused (414) before routing work; malformed requests
 *   the HTTP parser rejects (`clientErrorHandler`) are answered with the CallResult shape too.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import secureJson from 'secure-json-parse';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failure, sendFailure } from './errors.ts';

export const MAX_URL_LENGTH = 8192;

type Schema = Record<string, unknown>;

function badRequest(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** A JSON value with no non-finite number in it (JSON.parse reads 1e309 as Infinity). */
function finiteReviver(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) throw badRequest('Bad request: a number in the body is too large');
  return value;
}

export function parseJsonBody(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.trim() === '') return done(badRequest('Bad request: the JSON body is empty'));
  try {
    done(null, secureJson.parse(text, finiteReviver, { protoAction: 'error', constructorAction: 'error' }));
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    done(status === 400 ? (error as Error) : badRequest('Bad request: the body is not valid JSON'));
  }
}

const INTEGER_TEXT = /^-?\d{1,15}$/;
const NUMBER_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/;

function typesOf(schema: Schema): string[] {
  const type = schema['type'];
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/** One text value as the schema's scalar type when it is exactly one (module header); else unchanged. */
function coerceScalar(schema: Schema, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const types = typesOf(schema);
  if (types.includes('string')) return value;
  if (types.includes('integer') && INTEGER_TEXT.test(value)) return Number(value);
  if (types.includes('number') && NUMBER_TEXT.test(value)) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Coerces an object's own properties in place, by the object schema's `properties`. */
export function strictCoercion(schema: Schema, data: unknown): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
  const properties = schema['properties'];
  if (typeof properties !== 'object' || properties === null) return;
  const target = data as Record<string, unknown>;
  for (const key of Object.keys(target)) {
    if (!Object.hasOwn(properties, key)) continue;
    const property = (properties as Record<string, Schema>)[key]!;
    const value = target[key];
    if (typesOf(property).includes('array')) {
      const items = (property['items'] ?? {}) as Schema;
      const list = Array.isArray(value) ? value : [value];
      target[key] = list.map((item) => coerceScalar(items, item));
    } else {
      target[key] = coerceScalar(property, value);
    }
  }
}

function newAjv(): Ajv {
  // No coercion, unknown fields refused by the schemas' additionalProperties, first error only.
  return new Ajv({ coerceTypes: false, removeAdditional: false, allErrors: false, useDefaults: false, strict: false, verbose: true });
}

/** Fastify's validator compiler: strict JSON for bodies, exact-text coercion for the other parts. */
export function registerStrictValidation(app: FastifyInstance): void {
  const ajv = newAjv();
  const compiled = new WeakMap<object, ValidateFunction>();
  const compile = (schema: Schema): ValidateFunction => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = compile(schema as Schema);
    if (httpPart === 'body') return validate;
    const coercing = (data: unknown) => {
      strictCoercion(schema as Schema, data);
      const ok = validate(data);
      coercing.errors = validate.errors;
      return ok;
    };
    coercing.errors = null as ValidateFunction['errors'];
    return coercing;
  });
  // Response schemas are documentation (module header).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);

  // A callback hook, not an async one: every request passes here, and a promise per request costs (issue 74).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) {
      void sendFailure(reply, 414, 'uri_too_long', `Bad request: the address is longer than ${MAX_URL_LENGTH} characters`);
      return;
    }
    done();
  });
}

/**
 * The HTTP server's `clientError` answer (requests the parser refuses: malformed or over-large headers):
 * a CallResult like every other error, then the connection closes (Node's own behaviour).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Bad request: the request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long']
        : [400, 'Bad Request', 'Bad request: the request is malformed'];
  const body = JSON.stringify(failure(status === 408 ? 'timeout' : 'bad_request', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
