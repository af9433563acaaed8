/// <reference types="vite/client" />
/**
 * The race suite (issue 39 item 3), generated from what the modules register, on SQLite and PostgreSQL: every
 * registered process and every document action, fired PARALLEL times at once, must leave exactly the effect
 * of one.
 *
 * How, without a list to keep: two servers start on the same demo data (the demo ledger's months of activity) —
 * the *reference* and the *raced*. Each step is made runnable the same way on both (a module's fixture, or the
 * definition's own parameters), then runs ONCE on the reference and PARALLEL times at once on the raced server,
 * and the two databases must then agree: the same rows in every table (one document, journal, cheque, file per
 * scope: a second effect is an extra row), the same balance on every G/L account, every journal balanced, no
 * document number twice. A step that leaves the two apart names itself; the next steps go on from there.
 *
 * Processes: parameters from the module's fixture (`modules/<m>/test/race-fixtures.ts`, `processes[name]`), or
 * else from the definition (fixed and default values, the first option, the first record a lookup offers, today,
 * the smallest integer); the run takes every item the preview offers. A process whose preview offers nothing
 * fails here: give it a fixture. Document actions: every transition of every definition, on the record its
 * module's fixture makes (`actions['<entity> <action>']`, with the action's own body when it gives one), else the
 * first record (by key) in a state it starts from, else a copy of the entity's first record when it starts in the
 * initial state — the same record on both servers — with that record's Version; a question (§5) is answered Yes as
 * the screen would, then raced. A transition none of these reaches fails the suite, and so does one the reference
 * server refuses (a refusal on both servers races nothing): give it a fixture that makes the action succeed.
 */
import type { ProcessDefinition } from '@erp/shared/processes/define';
import { allEntities } from '@erp/shared/entities/index';
import type { AnyEntity } from '@erp/shared/entities/define';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerModules } from '../src/modules/index.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';
import { copyRecord, definitionParameters, type RaceApi, type RaceFixtures } from './helpers/race.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PARALLEL = 10;
/** Tables whose rows record who asked, not what happened (a refused parallel request may leave one). */
const VOLATILE = new Set(['audit_log', 'idempotency_keys', 'work_locks', 'dpop_replay', 'oidc_payloads', 'oidc_keys', 'sign_in_log', 'kysely_migration', 'kysely_migration_lock']);

// The processes every module registers (the app registers the same list when it builds).
const registeredProcesses = (await loadServerModules()).flatMap((module) => module.processes ?? []);

const fixtureFiles = import.meta.glob<RaceFixtures>('../../modules/*/test/race-fixtures.ts', { eager: true, import: 'raceFixtures' });
const fixtures: RaceFixtures = { processes: {}, actions: {} };
for (const file of Object.values(fixtureFiles)) {
  Object.assign(fixtures.processes, file.processes ?? {});
  Object.assign(fixtures.actions!, file.actions ?? {});
}

let reference: TestServer;
let raced: TestServer;
const tokens = new Map<TestServer, string>();

function apiOf(server: TestServer): RaceApi {
  const token = () => tokens.get(server)!;
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const response = await call(server.app, method, url, token(), body);
    let json: Json = {};
    try {
      json = response.json() as Json;
    } catch {
      json = {};
    }
    return { status: response.statusCode, json };
  };
  return { get: (url) => send('GET', url), post: (url, body) => send('POST', url, body), put: (url, body) => send('PUT', url, body), db: server.app.erp.database.db as unknown as AnyDb };
}

/**
 * What must be equal between the two servers: row counts of every table, every registered decimal column's sum
 * and each G/L account's balance. The counts and sums are asked in ONE statement (a row of scalar subqueries): a
 * query per table after every one of ~200 steps was most of this suite's time on PostgreSQL.
 */
const fingerprintSql = new WeakMap<TestServer, { keys: string[]; text: string }>();
async function fingerprintQuery(server: TestServer): Promise<{ keys: string[]; text: string }> {
  const known = fingerprintSql.get(server);
  if (known) return known;
  const db = server.app.erp.database.db as unknown as AnyDb;
  const metadata = await db.introspection.getTables();
  const columnsOf = new Map(metadata.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
  const parts: { key: string; expression: string }[] = [];
  for (const table of metadata.map((table) => table.name).filter((name) => !VOLATILE.has(name)).sort()) {
    parts.push({ key: `rows ${table}`, expression: `(select count(*) from "${table}")` });
  }
  // Every decimal field of every registered definition summed: a rate raised twice, a quantity moved twice.
  for (const def of allEntities()) {
    const present = columnsOf.get(def.table);
    if (!present || VOLATILE.has(def.table)) continue;
    for (const field of Object.values(def.fields)) {
      if (field.type !== 'decimal' || !field.column || !present.has(field.column)) continue;
      parts.push({ key: `sum ${def.table}.${field.column}`, expression: `(select sum("${field.column}") from "${def.table}")` });
    }
  }
  const query = { keys: parts.map((part) => part.key), text: `select ${parts.map((part, i) => `${part.expression} as c${i}`).join(', ')}` };
  fingerprintSql.set(server, query);
  return query;
}

async function fingerprint(server: TestServer): Promise<Record<string, string>> {
  const db = server.app.erp.database.db as unknown as AnyDb;
  const query = await fingerprintQuery(server);
  const row = ((await sql.raw<Json>(query.text).execute(db)).rows[0] ?? {}) as Json;
  const out: Record<string, string> = {};
  query.keys.forEach((key, i) => (out[key] = String(row[`c${i}`])));
  const balances = (await db.selectFrom('gl_entries').select(['account_id', (eb) => eb.fn.sum('amount').as('total')]).groupBy('account_id').execute()) as Json[];
  for (const row of balances) out[`balance ${row.account_id}`] = String(row.total);
  return out;
}

/** Journals whose entries do not sum to zero, and document numbers stored twice in a journal. */
async function ledgerDefects(server: TestServer): Promise<string[]> {
  const db = server.app.erp.database.db as unknown as AnyDb;
  const unbalanced = (await db
    .selectFrom('gl_entries')
    .select(['journal_id', (eb) => eb.fn.sum('amount').as('total')])
    .groupBy('journal_id')
    .having((eb) => eb.fn.sum('amount'), '<>', 0)
    .execute()) as Json[];
  return unbalanced.map((row) => `journal ${row.journal_id} does not balance (${row.total})`);
}

async function expectSameEffect(step: string): Promise<void> {
  const [one, many] = await Promise.all([fingerprint(reference), fingerprint(raced)]);
  const differences = Object.keys({ ...one, ...many })
    .filter((key) => one[key] !== many[key])
    .map((key) => `${key}: once ${one[key] ?? '—'}, ${PARALLEL}× ${many[key] ?? '—'}`);
  expect(differences, `${step}: ${PARALLEL} parallel runs differ from one run`).toEqual([]);
  expect(await ledgerDefects(raced), step).toEqual([]);
}

/** A refusal's message for the failure: the field errors' messages, else the result's own. */
function refusal(json: Json): string {
  const errors = (json.Data?.Errors ?? []) as Json[];
  const messages = errors.map((error) => `${error.field ? `${error.field}: ` : ''}${error.message ?? JSON.stringify(error)}`);
  return [json.Message, ...messages].filter(Boolean).join('; ') || JSON.stringify(json);
}

/**
 * A new record in the definition's initial state, when a transition starts there: a copy of the entity's first
 * record (by key), made through the API on both servers alike. Null when there is none or the copy is refused.
 */
async function copyInto(def: AnyEntity, from: readonly string[]): Promise<unknown> {
  if (!from.includes(def.states!.initial)) return null;
  const copy = (server: TestServer) => copyRecord(apiOf(server), def.name).catch(() => null);
  const copies = [await copy(reference), await copy(raced)];
  expect(copies[1]?.[def.key], `${def.name}: the copies differ`).toEqual(copies[0]?.[def.key]);
  return copies[0]?.[def.key] ?? null;
}

beforeAll(async () => {
  [reference, raced] = await Promise.all([startServer({ DEMO_LEDGER: '1' }), startServer({ DEMO_LEDGER: '1' })]);
  for (const server of [reference, raced]) tokens.set(server, (await signIn(server.app, 'admin', 'admin')).access_token);
}, 180_000);

afterAll(async () => {
  await Promise.all([reference?.stop(), raced?.stop()]);
});

const isLast = (name: string) => {
  const fixture = fixtures.processes[name];
  return fixture !== undefined && 'last' in fixture && fixture.last === true;
};

/** One process: prepared alike on both servers, run once on the reference and PARALLEL times on the raced. */
async function raceProcess(name: string, def: ProcessDefinition): Promise<void> {
  const given = fixtures.processes[name];
  const fixture = given && 'prepare' in given ? given : undefined;
  const prepared: Json[] = [];
  for (const server of [reference, raced]) {
    const api = apiOf(server);
    const parameters = fixture ? await fixture.prepare(api) : await definitionParameters(api, def);
    expect(parameters, `${name}: no parameters can be chosen — give it a race fixture`).not.toBeNull();
    const preview = await api.post(`/api/processes/${name}/preview`, { Parameters: parameters });
    expect(preview.status, `${name} preview: ${JSON.stringify(preview.json)}`).toBe(200);
    const items = ((preview.json.List ?? []) as Json[]).map((row) => row[def.itemKey]);
    expect(items.length, `${name}: the preview offers nothing to run — give it a race fixture`).toBeGreaterThan(0);
    prepared.push({ Parameters: parameters, Items: items, Seen: preview.json.Seen });
  }
  expect(prepared[1], `${name}: the two servers were prepared alike`).toEqual(prepared[0]);
  const body = prepared[0]!;
  const once = await apiOf(reference).post(`/api/processes/${name}/run`, body);
  expect(once.status, JSON.stringify(once.json)).toBe(200);
  const runs = await Promise.all(Array.from({ length: PARALLEL }, () => apiOf(raced).post(`/api/processes/${name}/run`, body)));
  // A loser may be refused (409 busy, 400 "already exists"), never fail.
  for (const run of runs) expect(run.status, JSON.stringify(run.json)).toBeLessThan(500);
  await expectSameEffect(name);
}

const pending = (name: string) => {
  const fixture = fixtures.processes[name];
  return fixture && 'pending' in fixture ? fixture.pending : null;
};
const processes = registeredProcesses.map((process) => process.def);
for (const def of processes.filter((def) => pending(def.name))) it.skip(`${def.name} — pending: ${pending(def.name)}`, () => {});

describe(`every process, ${PARALLEL} runs at once, has the effect of one`, () => {
  it.each(processes.filter((def) => !pending(def.name) && !isLast(def.name)).map((def) => [def.name, def] as const))('%s', raceProcess);
});

describe(`every document action, ${PARALLEL} at once on one record, has the effect of one`, () => {
  const transitions = allEntities().flatMap((def) => (def.states?.transitions ?? []).map((transition) => ({ def, transition })));
  const untaken: string[] = [];

  it.each(transitions.map(({ def, transition }) => [`${def.name} ${transition.action}`, def, transition] as const))('%s', async (step, def, transition) => {
    const fixture = fixtures.actions?.[step];
    let id: unknown;
    // The action's own inputs (a date, a bank), from the fixture: the same for the one run and the parallel runs.
    let inputs: Json = {};
    if (fixture) {
      const made = [await fixture(apiOf(reference)), await fixture(apiOf(raced))].map((answer) => (typeof answer === 'object' ? answer : { key: answer, body: {} }));
      expect(made[1]).toEqual(made[0]);
      id = made[0]!.key;
      inputs = made[0]!.body;
    } else {
      const db = apiOf(raced).db;
      const stateColumn = def.fields[def.states!.field]!.column;
      const keyColumn = def.fields[def.key]!.column;
      const row = (await db.selectFrom(def.table).select(keyColumn).where(stateColumn, 'in', [...transition.from]).orderBy(keyColumn).limit(1).executeTakeFirst()) as Json | undefined;
      id = row ? row[keyColumn] : await copyInto(def, transition.from);
      if (id === null) {
        untaken.push(step);
        return;
      }
    }
    const url = `/api/data/${def.name}/${encodeURIComponent(String(id))}`;
    const version = async (server: TestServer) => (await apiOf(server).get(url)).json.Data?.Version as number;
    const act = async (server: TestServer, confirmations: string[]) =>
      apiOf(server).post(`${url}/actions/${transition.action}`, { ...inputs, Version: await version(server), ...(confirmations.length ? { Confirmations: confirmations } : {}) });
    // A question (§5) is answered Yes, as the screen would; the action is then raced with the answer.
    const confirmations: string[] = [];
    let once = await act(reference, confirmations);
    for (let asked = 0; once.json.ResultCode === 'confirm' && asked < 5; asked++) {
      confirmations.push(String(once.json.Data?.Question?.Id));
      once = await act(reference, confirmations);
    }
    const current = await version(raced);
    const runs = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        apiOf(raced).post(`${url}/actions/${transition.action}`, { ...inputs, Version: current, ...(confirmations.length ? { Confirmations: confirmations } : {}) }),
      ),
    );
    const won = runs.filter((run) => run.status === 200 && run.json.ResultStatus === 1);
    // A refusal on both servers is no race at all: the reference run must do the action, else its fixture is wrong.
    expect(once.status === 200 && once.json.ResultStatus === 1, `${step}: the reference run was refused (${once.status}): ${refusal(once.json)} — fix its race fixture`).toBe(true);
    expect(won.length, `${step}: ${runs.map((r) => r.status).join(',')}`).toBe(1);
    for (const run of runs) expect(run.status, JSON.stringify(run.json)).toBeLessThan(500);
    await expectSameEffect(step);
  });

  it('takes every transition', () => {
    // A transition no record reaches is not raced at all: a new module's action fails here until it gets a fixture.
    expect(untaken, `transitions with no record in a state they start from — give each an action fixture (modules/<m>/test/race-fixtures.ts):\n  ${untaken.join('\n  ')}\n`).toEqual([]);
  });
});

// After the actions: a year end closes what they would post to.
describe(`every year end, ${PARALLEL} runs at once, has the effect of one`, () => {
  it.each(processes.filter((def) => !pending(def.name) && isLast(def.name)).map((def) => [def.name, def] as const))('%s', raceProcess);
});
