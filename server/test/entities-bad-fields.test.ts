/**
 * Every field of every registered entity, of every module, refuses a wrong value with a clear 4xx — never a 500
 * (developers' guide: "the server never answers 500 to bad input"; §5). The random fuzz suite (fuzz.test.ts)
 * draws from the routes' schemas, which are generic for `/api/data/:entity`; this one walks the definitions, so a
 * new module's field reaches the save's checks and its hooks with a value of the wrong kind for its type:
 *
 * - a create with that one field wrong (the rest left out), and an update of a missing record with it;
 * - each state action on a record with a malformed body;
 * - a list read with each filter given a wrong value, a sort on a field that does not exist, a bad page;
 * - each report's (grid, PDF, .xlsx) and process's parameters, one wrong at a time; a process run on missing items.
 *
 * A 2xx is allowed (a value the server may take, e.g. a long text it cuts is not one of ours); a 4xx must carry a
 * CallResult with a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities } from '@erp/shared/entities/index';
import type { FieldDefinition } from '@erp/shared/entities/define';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';
import { registeredReports } from '../src/reports/engine.ts';
import { registeredProcesses } from '../src/processes/engine.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
}, 60_000);
afterAll(async () => server?.stop());

/** Values of the wrong kind for a field of this type (each is sent on its own). */
function wrongValues(field: FieldDefinition): unknown[] {
  switch (field.type) {
    case 'text':
      return ['x'.repeat((field.maxLength ?? 200) + 1), 42, '\u0000\u202e'];
    case 'integer':
      return ['twelve', 1.5, 2 ** 53, '1e400'];
    case 'decimal':
      return ['12.3.4', '9'.repeat(40), 1e308, '-'];
    case 'boolean':
      return ['maybe', 2];
    case 'date':
      return ['2026-02-30', 'yesterday', 20260101];
    case 'datetime':
      return ['2026-13-01T00:00:00Z', 'now'];
    case 'enum':
      return ['NotAnOption', ['a']];
    case 'lookup':
      return ['NO-SUCH-KEY-9', { nested: true }];
    case 'set':
      return [['NotAnOption'], 'not-a-list'];
    case 'children':
      return ['not-a-list', [{ Bogus: 1 }], [null], Object.fromEntries(Object.keys(field.fields).map((name) => [name, { wrong: true }]))];
    default:
      return [{ wrong: true }];
  }
}

/** A report or process parameter's wrong values, by its kind. */
const WRONG_PARAMETER: Record<string, unknown[]> = {
  date: ['2026-02-30', 'soon', 7],
  integer: ['x', 1.5, 2 ** 53],
  enum: ['NotAnOption'],
  lookup: ['NO-SUCH-KEY-9', ''],
  text: ['x'.repeat(5000), 3],
};

/** The filter's wrong values: a text where a number or date is expected, and junk everywhere. */
const WRONG_FILTER = ['zz', '2026-02-30', '1e400', ',,,', '%'];

function expectClear(response: { statusCode: number; json(): unknown; body: string }, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json() as { ResultStatus?: unknown; Message?: unknown };
    expect(body.ResultStatus, label).toBeTypeOf('number');
    expect(String(body.Message ?? ''), label).not.toBe('');
  }
}

describe('every field of every entity refuses a wrong value without a 500', () => {
  it('covers the entities of every module', () => {
    expect(allEntities().length).toBeGreaterThan(100);
  });

  it('on create, on an update of a missing record, and in list filters and sorts', async () => {
    for (const entity of allEntities()) {
      const base = `/api/data/${entity.name}`;
      for (const [name, field] of Object.entries(entity.fields)) {
        for (const value of wrongValues(field as FieldDefinition)) {
          const label = `${entity.name}.${name} = ${JSON.stringify(value).slice(0, 40)}`;
          expectClear(await call(server.app, 'POST', base, admin, { [name]: value }), `POST ${label}`);
        }
        const [first] = wrongValues(field as FieldDefinition);
        expectClear(await call(server.app, 'PUT', `${base}/NO-SUCH-RECORD-9`, admin, { [name]: first, Version: 1 }), `PUT ${entity.name}.${name}`);
      }
      for (const filter of entity.filters) {
        for (const value of WRONG_FILTER) {
          const names = filter.op === 'range' ? [`filter.${filter.field}.from`, `filter.${filter.field}.to`] : [`filter.${filter.field}`];
          const query = new URLSearchParams(names.map((name) => [name, value]));
          expectClear(await call(server.app, 'GET', `${base}?${query}`, admin), `GET ${entity.name} filter ${filter.field}=${value}`);
        }
      }
      for (const transition of entity.states?.transitions ?? []) {
        for (const body of [{ Version: 'one' }, { Version: 1, Date: '2026-02-30' }, []]) {
          expectClear(await call(server.app, 'POST', `${base}/1/actions/${transition.action}`, admin, body), `POST ${entity.name} ${transition.action}`);
        }
      }
      for (const query of ['SortFields=NoSuchField', 'PageSize=-1', 'Page=zz', 'Search=%25%00']) {
        expectClear(await call(server.app, 'GET', `${base}?${query}`, admin), `GET ${entity.name} ${query}`);
      }
    }
  }, 600_000);

  it('in every report\'s and process\'s parameters, and a process run on items that do not exist', async () => {
    const sends: [string, Record<string, unknown>][] = [];
    const each = (parameters: readonly { name: string; type: string }[], send: (values: Record<string, unknown>) => void) => {
      for (const parameter of parameters) for (const value of WRONG_PARAMETER[parameter.type] ?? [{}]) send({ [parameter.name]: value });
      send({ Unknown: 1 });
    };
    for (const { def } of registeredReports()) {
      each(def.parameters, (Parameters) => {
        for (const kind of ['run', 'pdf', 'xlsx']) sends.push([`/api/reports/${def.name}/${kind}`, { Parameters }]);
      });
    }
    for (const { def } of registeredProcesses()) {
      each(def.parameters, (Parameters) => sends.push([`/api/processes/${def.name}/preview`, { Parameters }]));
      sends.push([`/api/processes/${def.name}/run`, { Parameters: {}, Items: ['NO-SUCH-9', -1] }]);
    }
    expect(sends.length).toBeGreaterThan(500);
    for (const [url, body] of sends) expectClear(await call(server.app, 'POST', url, admin, body), `${url} ${JSON.stringify(body).slice(0, 80)}`);
  }, 600_000);
});
