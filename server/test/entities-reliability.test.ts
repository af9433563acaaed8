/**
 * Reliability of the generic data routes:
 * - 50 parallel saves of one record with the same version: exactly one wins, 49 are told the record
 *   changed (409 version_conflict), the record holds the winner's values and the audit log exactly one
 *   update;
 * - a deterministic fuzz run (seeded PRNG) of 1,000 malformed requests across the generic endpoints —
 *   wrong types, unknown fields, huge strings, bad ids, bad paging and sort values, broken JSON —
 *   answers zero 5xx, and every 4xx is a CallResult with a non-empty Message.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/app.ts';
import { signedInServer } from './helpers/api.ts';
import { prng } from './helpers/prng.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => { ({ server, tokens: { admin } } = await signedInServer('admin')); });
afterAll(() => server?.stop());

describe('optimistic concurrency under load', () => {
  it('lets exactly one of 50 parallel saves of the same version win', async () => {
    const before = (await call(server.app, 'GET', '/api/data/firm/B300', admin)).json().Data;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(server.app, 'PUT', '/api/data/firm/B300', admin, { Name: `Prairie Steel writer ${i}`, Phone: `306-555-${String(1000 + i)}`, Version: before.Version }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ ResultCode: 'version_conflict', Message: 'The record was changed by someone else. Reload it to see the changes.' });
    }
    const winner = answers[statuses.indexOf(200)]!.json().Data;
    const after = (await call(server.app, 'GET', '/api/data/firm/B300', admin)).json().Data;
    expect(after.Version).toBe(before.Version + 1);
    expect(after.Name).toBe(winner.Name);
    expect(after.Phone).toBe(winner.Phone);
    const audit = await server.app.erp.database.db
      .selectFrom('audit_log')
      .select(['column_name', 'new_value'])
      .where('table_name', '=', 'firms')
      .where('id_value', '=', 'B300')
      .where('action', '=', 'update')
      .execute();
    expect(audit.filter((row) => row.column_name === 'name')).toEqual([{ column_name: 'name', new_value: winner.Name }]);
    expect(audit).toHaveLength(2);
  });
});

const ENTITY_NAMES = ['firm', 'user', 'role', 'country', 'state', 'city', 'code-index', 'configuration', 'company', 'branch', 'warehouse', 'menu-access', 'form-widgets-security', 'user-securables', 'sequence-counter', 'application'];
const FIELD_NAMES = ['FirmId', 'Name', 'FirmTypes', 'CreditLimit', 'IsActive', 'Contacts', 'Version', 'UserId', 'Roles', 'StateKey', 'CountryCode', 'Code', 'CodeType', 'ControlValue', 'Logo', 'BillToId', 'ApFirmId', 'Nope', '__proto__', 'constructor', 'InitialPassword', 'MenuId', 'Access', 'CountStage', 'Identifier'];

function fuzzValue(r: ReturnType<typeof prng>, depth = 0): unknown {
  switch (r.int(16)) {
    case 0:
      return null;
    case 1:
      return r.int(2) === 0;
    case 2:
      return r.pick([-1, 0, 1, 2147483648, -2147483649, 1e308, -1e-7, 3.5, Number.MAX_SAFE_INTEGER]);
    case 3:
      return 'x'.repeat(r.pick([0, 1, 101, 5000, 300_000]));
    case 4:
      return r.pick(['', ' ', 'B100', 'b100', 'CLERK', 'ship-to', 'vendor', 'hidden', 'Clear', 'en-CA', '2025-02-30', '2025-01-01T00:00:00Z']);
    case 5:
      return r.pick(['a\u0000b', '\u0007', '😀'.repeat(50), '<script>alert(1)</script>', "'; DROP TABLE firms; --", '%', '\\', '../../etc/passwd']);
    case 6:
      return depth < 3 ? [fuzzValue(r, depth + 1), fuzzValue(r, depth + 1)] : [];
    case 7:
      return depth < 3 ? { [r.pick(FIELD_NAMES)]: fuzzValue(r, depth + 1) } : {};
    case 8:
      return ['bill-to', 'vendor', r.pick(['bill-to', 'x', 7])];
    case 9:
      return [{ Name: fuzzValue(r, depth + 1), ContactKey: r.pick([1, -1, 'a', null, 99999]) }];
    default:
      return r.int(1000);
  }
}

function fuzzBody(r: ReturnType<typeof prng>): unknown {
  switch (r.int(8)) {
    case 0:
      return r.pick(['null', '[]', '"text"', '42', '{"Name":', '{"a":1}}', '', 'true']);
    case 1:
      return Array.from({ length: r.int(3) }, () => fuzzValue(r));
    default: {
      const body: Record<string, unknown> = {};
      for (let i = r.int(6); i >= 0; i--) body[r.pick(FIELD_NAMES)] = fuzzValue(r);
      if (r.int(3) === 0) body['Version'] = r.pick([1, 2, 0, -1, '1', 'x', null, 1.5]);
      return body;
    }
  }
}

function fuzzQuery(r: ReturnType<typeof prng>): string {
  const names = ['Page', 'PageSize', 'SortFields', 'SortDescending', 'Search', 'filter.Name', 'filter.IsActive', 'filter.CreditLimit.from', 'filter.CountryCode', 'filter.FirmTypes', 'filter.Nope', 'Version', 'colour', 'filter.CountStage'];
  const values = ['1', '0', '-1', 'abc', '2147483647', '2147483648', '99999999999999999999', 'Name', 'Name,Name', 'Nope', 'FirmId,Name', '', '%25', '%00', 'true', 'maybe', 'x'.repeat(500), '1e5', 'Clear,Frozen,Nope'];
  const parts: string[] = [];
  for (let i = r.int(5); i > 0; i--) parts.push(`${r.pick(names)}=${encodeURIComponent(r.pick(values))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function fuzzId(r: ReturnType<typeof prng>): string {
  return r.pick(['B100', '1', '0', '-1', '1.5', 'abc', '99999999999', '2147483648', encodeURIComponent('x'.repeat(300)), '%20', 'NOPE', encodeURIComponent('a\u0000b'), 'ADMIN', 'admin', 'CA', '%E2%82%AC']);
}

async function fuzzRequest(app: FastifyInstance, r: ReturnType<typeof prng>, token: string) {
  const entity = r.int(10) === 0 ? r.pick(['spaceship', 'FIRM', '..', encodeURIComponent('x'.repeat(200))]) : r.pick(ENTITY_NAMES);
  const kind = r.int(10);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const body = fuzzBody(r);
  const json = typeof body === 'string' ? body : JSON.stringify(body);
  const withBody = (method: 'POST' | 'PUT', url: string) => {
    const contentType = r.int(12) === 0 ? r.pick(['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) : 'application/json';
    return app.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload: json });
  };
  switch (kind) {
    case 0:
    case 1:
      return app.inject({ method: 'GET', url: `/api/data/${entity}${fuzzQuery(r)}`, headers });
    case 2:
      return app.inject({ method: 'GET', url: `/api/data/${entity}/${fuzzId(r)}${r.int(4) === 0 ? fuzzQuery(r) : ''}`, headers });
    case 3:
      return withBody('POST', `/api/data/${entity}`);
    case 4:
    case 5:
      return withBody('PUT', `/api/data/${entity}/${fuzzId(r)}`);
    case 6:
      return app.inject({ method: 'DELETE', url: `/api/data/${entity}/${fuzzId(r)}${fuzzQuery(r)}`, headers });
    case 7:
      return app.inject({ method: 'GET', url: `/api/data/${entity}/${fuzzId(r)}/audit${fuzzQuery(r)}`, headers });
    case 8:
      return r.int(2) === 0
        ? withBody('POST', `/api/data/${r.pick(['country', 'role', 'code-index', entity])}/export`)
        : withBody('PUT', `/api/entities/${entity}/preferences`);
    default:
      return app.inject({ method: 'GET', url: `/api/data/${entity}/${fuzzId(r)}/attachments/${fuzzId(r)}`, headers });
  }
}

describe('fuzz', () => {
  it('answers 1,000 malformed requests with zero 5xx and a CallResult message for every 4xx', async () => {
    const r = prng(20251122);
    const failures: string[] = [];
    const counts = { ok: 0, client: 0 };
    for (let i = 0; i < 1000; i++) {
      const response = await fuzzRequest(server.app, r, admin);
      const where = `#${i} ${response.statusCode}`;
      if (response.statusCode >= 500) {
        failures.push(`${where} ${response.body.slice(0, 200)}`);
        continue;
      }
      if (response.statusCode >= 400) {
        counts.client++;
        let body: { ResultStatus?: unknown; Message?: unknown } | null = null;
        try {
          body = response.json();
        } catch {
          body = null;
        }
        if (!body || typeof body.ResultStatus !== 'number' || typeof body.Message !== 'string' || body.Message.trim() === '') {
          failures.push(`${where} not a CallResult: ${response.body.slice(0, 200)}`);
        }
      } else {
        counts.ok++;
      }
    }
    expect(failures).toEqual([]);
    // The run is mostly refusals, as intended.
    expect(counts.client).toBeGreaterThan(650);
  }, 60_000);
});
