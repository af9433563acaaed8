/**
 * Issue 39 item 4.3 on SQLite and PostgreSQL: rights follow the README — least privilege (§6). The demo user
 * `clerk` opens Order Entry and Inventory Control only, so every entity and every module call of another
 * application answers 403, whatever the entity's roles list says; the clerk keeps the entities of those two
 * applications, the masters their menus show from Receivables (account terms, sales reps, sales taxes), and every
 * lookup their forms, reports and processes make to any other master (by the field's rights: /api/lookup with
 * From or Report). The demo data (DEMO_LEDGER) holds A/P invoices and a printed payment run.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupAt, type AnyEntity } from '@erp/shared/entities/define';
import { allEntities } from '@erp/shared/entities/index';
import { openedBy } from '@erp/shared/reports/define';
import { registeredProcesses } from '../src/processes/engine.ts';
import { registeredReports } from '../src/reports/engine.ts';
import { applications } from '../src/seed/catalog.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let app: FastifyInstance;
let admin: string;
let clerk: string;

/** README: the clerk opens Order Entry and Inventory Control only. */
const CLERK_APPLICATIONS = new Set(['NOVUS-OE', 'NOVUS-IC']);
/** Masters of another application that Order Entry's menus show (Setup: account terms, sales reps, sales taxes). */
const SHOWN_IN_ORDER_ENTRY = new Set(['account-terms', 'sales-rep', 'sales-tax-authority', 'sales-tax-rate', 'sales-tax-group']);
/** Module calls an Order Entry or Inventory screen makes (pricing, price imports, e-mail preview, line preview, firm lookup, period of today). */
const CLERK_CALLS = [/^\/api\/oe\//, /^\/api\/so\/line-preview$/, /^\/api\/so\/lots$/, /^\/api\/firm\/lookup$/, /^\/api\/data\/accounting-period\/current$/];
/** The generic calls (entities, lookups, reports, processes, the shell, the portal, the record events, global search): walked by entity below or guarded elsewhere (events: test/events.test.ts, search: test/search.test.ts). */
const GENERIC = /^\/api\/(data\/:entity|entities|lookup\/|defaults\/|reports|processes|shell|tenant|Portal|Company\/|Configuration\/|events\/|search$)/;

const roleMay = (def: AnyEntity) => [def.roles.read, def.roles.write].some((list) => list === '*' || list.includes('CLERK'));
/** What the clerk may read: the roles list allows it and one of the clerk's applications shows it. */
const clerkReads = (def: AnyEntity) => roleMay(def) && (CLERK_APPLICATIONS.has(def.application) || SHOWN_IN_ORDER_ENTRY.has(def.name));

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  app = server.app;
  admin = (await signIn(app, 'admin', 'admin')).access_token;
  clerk = (await signIn(app, 'clerk', 'clerk')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; enum?: unknown[]; format?: string; pattern?: string; minLength?: number; minimum?: number; minItems?: number; items?: Schema };

/** The smallest value a request schema accepts, so the call reaches its handler (and its rights). */
function minimal(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, minimal(schema.properties?.[name])]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimal(schema.items));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default: {
      // A date where the schema asks for one (format or pattern), else digits of the least length.
      const digits = '1'.padEnd(schema.minLength ?? 1, '1');
      const date = schema.format === 'date' || (schema.pattern !== undefined && new RegExp(schema.pattern, 'u').test('2026-01-01'));
      return date ? '2026-01-01' : digits;
    }
  }
}

/** Every lookup path of an entity: its lookup and set fields, its lines' and their children's lookups. */
function lookupPaths(def: AnyEntity): string[] {
  const paths: string[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.readRoles && !field.readRoles.includes('CLERK')) continue;
    if (field.type !== 'children') paths.push(name);
    else {
      for (const child of Object.keys(field.fields)) paths.push(`${name}.${child}`);
      for (const [nested, { fields }] of Object.entries(field.lineChildren ?? {})) for (const child of Object.keys(fields)) paths.push(`${name}.${nested}.${child}`);
    }
  }
  return paths.filter((path) => lookupAt(def, path) !== null);
}

describe('the clerk’s rights follow the README (issue 39 item 4.3)', () => {
  it('declares only seeded applications where an entity is shown besides its own', () => {
    const known = new Set(applications.map((application) => application.Application));
    for (const def of allEntities()) {
      for (const application of def.shownIn) expect(known.has(application) && application !== def.application, `${def.name} shownIn ${application}`).toBe(true);
    }
  });

  it('reads the Order Entry and Inventory entities and the masters their menus show; every other entity answers 403', async () => {
    const readable: string[] = [];
    for (const def of allEntities()) {
      const expected = clerkReads(def) ? 200 : 403;
      if (expected === 200) readable.push(def.name);
      for (const url of [`/api/data/${def.name}?PageSize=1`, `/api/entities/${def.name}`, `/api/lookup/${def.name}`]) {
        const method = 'GET';
        const answer = await call(app, method, url, clerk);
        expect(answer.statusCode, `${method} ${url}: ${answer.body.slice(0, 200)}`).toBe(expected);
      }
      if (expected === 403) {
        for (const [method, url, body] of [
          ['GET', `/api/data/${def.name}/1`, undefined],
          ['GET', `/api/data/${def.name}/1/audit`, undefined],
          ['GET', `/api/data/${def.name}/1/attachments`, undefined],
          ['POST', `/api/data/${def.name}`, {}],
          ['POST', `/api/data/${def.name}/export`, {}],
          ['PUT', `/api/data/${def.name}/1`, { Version: 1 }],
          ['DELETE', `/api/data/${def.name}/1?Version=1`, undefined],
        ] as const) {
          const answer = await call(app, method, url, clerk, body);
          expect(answer.statusCode, `${method} ${url}: ${answer.body.slice(0, 200)}`).toBe(403);
        }
      }
    }
    const listed = (await call(app, 'GET', '/api/entities', clerk)).json() as { Entity: string }[];
    expect(listed.map((entry) => entry.Entity).sort()).toEqual(readable.sort());
    // The A/P documents of the README's example, by name.
    for (const name of ['ap-invoice', 'ap-payment-batch', 'ap-cheque', 'ap-expense-report', 'ap-credit-card']) expect(readable).not.toContain(name);
  });

  it('refuses every module call of another application (the payment run’s cheques included) and keeps its own', async () => {
    const cheques = '/api/ap/ap-payment-batch/1/cheques';
    expect((await call(app, 'GET', cheques, admin)).statusCode).toBe(200);
    expect((await call(app, 'GET', cheques, clerk)).statusCode).toBe(403);
    let walked = 0;
    for (const route of app.routeCatalog) {
      if (!route.protected || route.method === 'HEAD' || GENERIC.test(route.url)) continue;
      const tags = ((route.schema as { tags?: string[] } | undefined)?.tags ?? []).filter((tag) => allEntities().some((def) => def.name === tag));
      const urls = route.url.includes(':entity') ? tags.map((tag) => route.url.replace(':entity', tag)) : [route.url];
      expect(urls.length, `${route.method} ${route.url} names no entity in its tags`).toBeGreaterThan(0);
      const schema = route.schema as { querystring?: Schema; body?: Schema } | undefined;
      const query = new URLSearchParams(Object.entries((minimal(schema?.querystring) ?? {}) as Record<string, unknown>).map(([name, value]) => [name, String(value)])).toString();
      for (const url of urls.map((pattern) => pattern.replace(/:[A-Za-z]+/g, '1') + (query ? `?${query}` : ''))) {
        walked++;
        const answer = await call(app, route.method as 'GET' | 'POST', url, clerk, route.method === 'GET' ? undefined : (minimal(schema?.body) ?? {}));
        const label = `${route.method} ${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`;
        // The rights' refusal (403 forbidden); a call of the clerk's screens may still meet a business rule.
        const refused = answer.statusCode === 403 && (answer.json() as { ResultCode: string }).ResultCode === 'forbidden';
        expect(refused, label).toBe(!CLERK_CALLS.some((allowed) => allowed.test(route.url)));
      }
    }
    expect(walked).toBeGreaterThan(15);
  });

  it('keeps every lookup of its screens: each lookup field of its entities, each lookup parameter of its reports and processes', async () => {
    let checked = 0;
    for (const def of allEntities().filter(clerkReads)) {
      for (const path of lookupPaths(def)) {
        const target = lookupAt(def, path)!.entity;
        const answer = await call(app, 'GET', `/api/lookup/${target}?From=${def.name}&Field=${encodeURIComponent(path)}`, clerk);
        expect(answer.statusCode, `${def.name}.${path} → ${target}: ${answer.body.slice(0, 200)}`).toBe(200);
        checked++;
      }
    }
    const runnable = [...registeredReports(), ...registeredProcesses()].map((entry) => entry.def).filter((def) => openedBy(def, CLERK_APPLICATIONS));
    for (const def of runnable) {
      for (const parameter of def.parameters) {
        if (parameter.type !== 'lookup' || parameter.fixed !== undefined) continue;
        const answer = await call(app, 'GET', `/api/lookup/${parameter.entity}?Report=${def.name}&Field=${parameter.name}`, clerk);
        expect(answer.statusCode, `${def.name}.${parameter.name} → ${parameter.entity}: ${answer.body.slice(0, 200)}`).toBe(200);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
