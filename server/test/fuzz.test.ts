/**
 * Fuzz suite (issue #11 item 4): malformed requests generated from every API route's own schemas
 * (http/schemas.ts) with fast-check, sent through `inject` (no network). It fails on any 5xx, and on any
 * error answer that is not a CallResult with a Message.
 *
 * Each run uses a new seed, printed first; `FUZZ_SEED=<n>` replays a run exactly (the same requests in the
 * same order against the same fresh database). `FUZZ_REQUESTS` changes the total (default 2,400: at least
 * 2,000 across every route). Values are drawn from the schema (valid shapes) and from a pool of hostile
 * ones (prototype names, non-finite numbers, control and bidi characters, huge and empty strings, wrong
 * types, nested junk), so both the schema layer and the handlers behind it are exercised. Reading routes
 * run before writing ones, so the writes (which may remove the fuzzing user's own rights) come last.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellModule } from '@erp/modules/shell/definitions/index';
import { isApiPattern, type CatalogRoute } from '../src/http/route-catalog.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { FILES, multipart } from './helpers/entities.ts';

type Schema = Record<string, unknown>;

const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : Math.floor(Math.random() * 2 ** 31);
const TOTAL = Number(process.env['FUZZ_REQUESTS'] ?? 2400);

let server: TestServer;
let tokens: { admin: string; portal: string; clerk: string };

beforeAll(async () => {
  // eslint-disable-next-line no-console
  console.log(`fuzz seed: ${SEED} (replay with FUZZ_SEED=${SEED})`);
  server = await startServer();
  tokens = {
    admin: (await signIn(server.app, 'admin', 'admin')).access_token,
    portal: (await signIn(server.app, 'portal', 'portal')).access_token,
    clerk: (await signIn(server.app, 'clerk', 'clerk')).access_token,
  };
}, 60_000);
afterAll(async () => server?.stop());

const HOSTILE_TEXT = [
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__',
  'Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '-1', '0', '1.5', '0x10', '1e5', '99999999999999999999', '',
  ' ', '\u0000', '\u202efdp.exe', '\u200b', '\ufeff', '%00', '%', '%zz', '../../etc/passwd', '..', '.', '/',
  'null', 'true', '[]', '{}', '{"a":1}', "' OR 1=1 --", '<script>alert(1)</script>', 'a'.repeat(5000), '😀'.repeat(50),
  'B100', 'S101', 'admin', 'firm', 'user', 'PORTAL', 'en-CA', 'x,y,,z', 'FirmId,FirmId', 'filter.Name',
];

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.integer(),
  fc.constantFrom(-1, 0, 1, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1.5, 1e300),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'Name', 'FirmId'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

function typesOf(schema: Schema): string[] {
  const type = schema['type'];
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/** A value of the schema's shape (not always valid: patterns are approximated, lengths may be exceeded). */
function shaped(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  if (Array.isArray(schema['anyOf'])) return fc.oneof(...(schema['anyOf'] as Schema[]).map((s) => shaped(s, depth + 1)));
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  for (const type of types) {
    switch (type) {
      case 'string': {
        const max = Math.min(Number(schema['maxLength'] ?? 40), 60);
        if (typeof schema['pattern'] === 'string') {
          try {
            options.push(fc.stringMatching(new RegExp(schema['pattern'] as string)).map((s) => s.slice(0, max)));
            break;
          } catch {
            // fall back to plain strings
          }
        }
        options.push(fc.string({ minLength: Number(schema['minLength'] ?? 0), maxLength: max }));
        break;
      }
      case 'integer':
        options.push(fc.integer({ min: Math.max(Number(schema['minimum'] ?? -1000), -2147483648), max: Math.min(Number(schema['maximum'] ?? 1000), 2147483647) }));
        break;
      case 'number':
        options.push(fc.double({ min: -1e6, max: 1e6, noNaN: true }));
        break;
      case 'boolean':
        options.push(fc.boolean());
        break;
      case 'null':
        options.push(fc.constant(null));
        break;
      case 'array':
        options.push(fc.array(depth > 3 ? hostile : value((schema['items'] ?? {}) as Schema, depth + 1), { maxLength: Math.min(Number(schema['maxItems'] ?? 4), 4) }));
        break;
      case 'object':
        options.push(objectOf(schema, depth + 1));
        break;
    }
  }
  return options.length > 0 ? fc.oneof(...options) : fc.jsonValue({ maxDepth: 2 });
}

/** Mostly the schema's shape, sometimes hostile. */
function value(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: shaped(schema, depth), weight: 3 }, { arbitrary: hostile, weight: 2 });
}

/** An object: some declared properties (each maybe malformed), sometimes an undeclared one. */
function objectOf(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = value(property, depth);
  const extraName = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'filter.Name', 'filter.__proto__', 'Nope', 'Version', 'Name', 'FirmId'), fc.string({ maxLength: 12 }));
  return fc
    .tuple(fc.record(record, { requiredKeys: [] }), fc.option(fc.tuple(extraName, hostile), { freq: 4 }))
    .map(([declared, extra]) => {
      const out: Record<string, unknown> = { ...declared };
      if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
      return out;
    });
}

const ENTITY_NAMES = shellModule.entities.map((def) => def.name);

function pathValue(name: string, schema: Schema): fc.Arbitrary<string> {
  const known: Record<string, string[]> = {
    entity: [...ENTITY_NAMES, 'spaceship', '__proto__'],
    id: ['B100', 'S101', 'admin', '1', '2', 'en-CA', '0', '2147483648'],
    key: ['1', '2', '0', '99999'],
    lineId: ['1', '2', '0'],
    orderKey: ['1', '2', '3', '0'],
  };
  const good = known[name] ?? ['1'];
  return fc
    .oneof({ arbitrary: fc.constantFrom(...good), weight: 3 }, { arbitrary: value(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'x')), weight: 1 })
    .map((v) => encodeURIComponent(v === '' ? 'x' : v.slice(0, 300)));
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const item of values) {
      const text = typeof item === 'string' ? item : item === undefined ? '' : JSON.stringify(item);
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text ?? '')}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

type Who = 'admin' | 'portal' | 'clerk' | 'none' | 'garbage';

interface FuzzRequest {
  method: string;
  url: string;
  who: Who;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const RAW_BODIES = ['', '{', '[]', 'null', '1e309', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '"text"', '{"a":1e400}', '\u0000', '{"Lines":[{"Quantity":true}]}'];

function requestsFor(route: CatalogRoute): fc.Arbitrary<FuzzRequest> {
  const schema = (route.schema ?? {}) as Schema;
  const paramsSchema = (schema['params'] ?? { properties: {} }) as Schema;
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((name) => pathValue(name, ((paramsSchema['properties'] ?? {}) as Record<string, Schema>)[name] ?? {})));
  const query = schema['querystring'] ? objectOf(schema['querystring'] as Schema) : fc.constant({});
  const portalRoute = /\/api\/Portal/i.test(route.url);
  const who = fc.oneof(
    { arbitrary: fc.constant<Who>(portalRoute ? 'portal' : 'admin'), weight: 8 },
    { arbitrary: fc.constantFrom<Who>('admin', 'portal', 'clerk', 'none', 'garbage'), weight: 2 },
  );
  const upload = Array.isArray(schema['consumes']);
  const body: fc.Arbitrary<{ type: string; payload?: string | Buffer }> = upload
    ? fc
        .tuple(fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constant('ok.pdf')), fc.constantFrom(...Object.values(FILES)), fc.boolean())
        .map(([name, bytes, proper]) => {
          const safeName = name.replace(/["\r\n]/g, '_') || 'x';
          const part = multipart(safeName, bytes);
          return proper ? { type: part.contentType, payload: part.payload } : { type: 'multipart/form-data; boundary=zzz', payload: part.payload };
        })
    : schema['body']
      ? fc.oneof(
          { arbitrary: value(schema['body'] as Schema).map((v) => ({ type: 'application/json', payload: JSON.stringify(v) ?? 'null' })), weight: 6 },
          { arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ type: 'application/json', payload: raw })), weight: 2 },
          { arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml').map((type) => ({ type, payload: 'a=1&b=2' })), weight: 1 },
        )
      : fc.oneof({ arbitrary: fc.constant({ type: '' }), weight: 5 }, { arbitrary: fc.constant({ type: 'application/json', payload: '{"x":1}' }), weight: 1 });
  return fc.tuple(params, query, who, body, fc.option(fc.string({ maxLength: 40 }), { freq: 10 })).map(([values, q, caller, b, idempotency]) => {
    let url = route.url;
    names.forEach((name, index) => {
      url = url.replace(`:${name}`, values[index]!);
    });
    const headers: Record<string, string> = {};
    if (caller === 'garbage') headers['authorization'] = 'Bearer not.a.token';
    else if (caller !== 'none') headers['authorization'] = `Bearer ${tokens[caller]}`;
    if (b.type) headers['content-type'] = b.type;
    if (idempotency !== null) headers['idempotency-key'] = idempotency.replace(/[^\x20-\x7e]/g, '');
    return { method: route.method, url: url + queryString(q), who: caller, headers, ...(b.payload === undefined ? {} : { payload: b.payload }) };
  });
}

const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 };

describe('fuzz', () => {
  it(`answers ${TOTAL} malformed requests across every API route with no 5xx and a message for every error`, async () => {
    const routes = server.app.routeCatalog
      .filter((route) => isApiPattern(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .sort((a, b) => (ORDER[a.method] ?? 9) - (ORDER[b.method] ?? 9) || a.url.localeCompare(b.url));
    expect(routes.length).toBeGreaterThan(30);
    const perRoute = Math.ceil(TOTAL / routes.length);
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const [index, route] of routes.entries()) {
      const samples = fc.sample(requestsFor(route), { seed: SEED + index, numRuns: perRoute });
      for (const request of samples) {
        sent++;
        const response = await server.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.payload === undefined ? {} : { payload: request.payload }) });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const problem = (() => {
          if (response.statusCode >= 500) return `answered ${response.statusCode}`;
          if (response.statusCode < 400) return null;
          let body: { ResultStatus?: unknown; Message?: unknown };
          try {
            body = JSON.parse(response.body) as typeof body;
          } catch {
            return `answered ${response.statusCode} without a JSON CallResult`;
          }
          if (typeof body.Message !== 'string' || body.Message.trim() === '') return `answered ${response.statusCode} without a Message`;
          if (typeof body.ResultStatus !== 'number') return `answered ${response.statusCode} without a ResultStatus`;
          return null;
        })();
        if (problem) {
          failures.push(`${route.method} ${route.url} ${problem}: ${request.method} ${request.url.slice(0, 300)} as ${request.who} ${typeof request.payload === 'string' ? request.payload.slice(0, 300) : ''} → ${response.body.slice(0, 200)}`);
        }
      }
    }
    // eslint-disable-next-line no-console
    console.log(`fuzz: ${sent} requests over ${routes.length} routes; answers ${[...statuses].sort(([a], [b]) => a - b).map(([code, n]) => `${code}×${n}`).join(' ')}`);
    expect(sent).toBeGreaterThanOrEqual(2000);
    // The generated requests must also get past the validation layer, or the handlers are never fuzzed: some
    // 5 % succeed on average, less with a seed that draws many of the routes whose bodies are strictest (the
    // payables' print and cancel calls), so the floor is 3 %.
    const successes = [...statuses].filter(([code]) => code < 300).reduce((sum, [, n]) => sum + n, 0);
    expect(successes).toBeGreaterThan(sent * 0.03);
    expect(failures, `seed ${SEED} (replay with FUZZ_SEED=${SEED}):\n${failures.slice(0, 20).join('\n')}`).toEqual([]);
  }, 240_000);
});
