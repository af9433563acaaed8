/// <reference types="vite/client" />
/**
 * Issue 68 item 5: answers say what happened, on SQLite and PostgreSQL. Generated from what the modules register,
 * as the race suite is (race.test.ts, and the same fixtures: `modules/<m>/test/race-fixtures.ts`):
 * - every document action, done once on the record its fixture makes (else the first record in a state it starts
 *   from, else a copy): its answer's Message names the record's business number and is not a bare "Done."; then
 *   the same action as a batch on the version the record had: refused, it answers 2 'failed' naming the record;
 * - every process, run on what its preview offers: every item done has a message of its own, and the run's Message
 *   names each item done (the documents it made, else the item) and each item refused, and says how many of each.
 * And the batch action's summary: all done → ResultStatus 1 'ok'; some refused → 3 'partial'; all refused → 2
 * 'failed', each refusal named with its document; in the four languages.
 */
import type { ProcessDefinition } from '@erp/shared/processes/define';
import { allEntities } from '@erp/shared/entities/index';
import type { AnyEntity } from '@erp/shared/entities/define';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerModules } from '../src/modules/index.ts';
import { localDates } from '@erp/shared/format';
import { SUMMARY_NAMES } from '../src/entities/action-answers.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';
import { copyRecord, definitionParameters, type RaceApi, type RaceFixtures } from './helpers/race.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const registeredProcesses = (await loadServerModules()).flatMap((module) => module.processes ?? []);
const fixtureFiles = import.meta.glob<RaceFixtures>('../../modules/*/test/race-fixtures.ts', { eager: true, import: 'raceFixtures' });
const fixtures: RaceFixtures = { processes: {}, actions: {} };
for (const file of Object.values(fixtureFiles)) {
  Object.assign(fixtures.processes, file.processes ?? {});
  Object.assign(fixtures.actions!, file.actions ?? {});
}

let server: TestServer;
let token: string;
let api: RaceApi;
/** An i18n key left in a text (a `kind` with no text). */
const RAW_KEY = /\b[a-z][a-z0-9-]*:[a-z][\w-]*\.[\w.-]+/;
const BARE = new Set(['Done.', 'Terminé.', '已完成。', '']);

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  token = (await signIn(server.app, 'admin', 'admin')).access_token;
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const response = await call(server.app, method, url, token, body);
    let json: Json = {};
    try {
      json = response.json() as Json;
    } catch {
      json = {};
    }
    return { status: response.statusCode, json };
  };
  api = { get: (url) => send('GET', url), post: (url, body) => send('POST', url, body), put: (url, body) => send('PUT', url, body), db: server.app.erp.database.db as unknown as AnyDb };
}, 180_000);
afterAll(async () => server?.stop());

const fixtureOf = (name: string) => fixtures.processes[name];
const pending = (name: string) => {
  const fixture = fixtureOf(name);
  return fixture && 'pending' in fixture ? fixture.pending : null;
};
const isLast = (name: string) => {
  const fixture = fixtureOf(name);
  return fixture !== undefined && 'last' in fixture && fixture.last === true;
};

/** One process run on every item its preview offers; its answer's messages checked (module header). */
async function runProcess(name: string, def: ProcessDefinition): Promise<void> {
  const given = fixtureOf(name);
  const parameters = given && 'prepare' in given ? await given.prepare(api) : await definitionParameters(api, def);
  expect(parameters, `${name}: no parameters can be chosen — give it a race fixture`).not.toBeNull();
  const preview = await api.post(`/api/processes/${name}/preview`, { Parameters: parameters });
  expect(preview.status, JSON.stringify(preview.json)).toBe(200);
  const items = ((preview.json.List ?? []) as Json[]).map((row) => row[def.itemKey]);
  expect(items.length, `${name}: the preview offers nothing`).toBeGreaterThan(0);
  const run = await api.post(`/api/processes/${name}/run`, { Parameters: parameters, Items: items, Seen: preview.json.Seen });
  expect(run.status, JSON.stringify(run.json)).toBe(200);
  const list = run.json.List as Json[];
  const message = String(run.json.Message);
  expect(BARE.has(message), `${name}: a bare answer`).toBe(false);
  expect(message, `${name}: an untranslated key`).not.toMatch(RAW_KEY);
  expect(run.json.ResultCode).toBe(list.every((item) => item.ResultStatus === 1) ? 'done' : list.some((item) => item.ResultStatus === 1) ? 'partial' : 'failed');
  const done = list.filter((item) => item.ResultStatus === 1);
  const failed = list.filter((item) => item.ResultStatus !== 1);
  for (const item of done) expect(BARE.has(String(item.Message ?? '')), `${name} ${item.Label}: an item done says what was done`).toBe(false);
  for (const item of done.slice(0, SUMMARY_NAMES)) {
    // A date label is written in the language's style ("Nov 27, 2026").
    const names = (item.Made as Json[] | undefined)?.map((made) => String(made.Number)) ?? [String(localDates({ label: item.Label }, 'en-CA')['label'])];
    for (const number of names) expect(message, `${name}: the answer names ${number}`).toContain(number);
  }
  for (const item of failed.slice(0, SUMMARY_NAMES)) expect(message, `${name}: the answer names the refused ${item.Label}`).toContain(String(localDates({ label: item.Label }, 'en-CA')['label']));
  expect(message).toContain(done.length > 0 ? `${done.length} done` : 'Nothing done.');
  if (failed.length > 0) expect(message).toContain(`${failed.length} failed`);
}

const processes = registeredProcesses.map((process) => process.def);
for (const def of processes.filter((def) => pending(def.name))) it.skip(`${def.name} — pending: ${pending(def.name)}`, () => {});

describe('every process answers what it did to which items (issue 68 item 5)', () => {
  it.each(processes.filter((def) => !pending(def.name) && !isLast(def.name)).map((def) => [def.name, def] as const))('%s', runProcess);
});

/** The record an action acts on (module header), or null when none is reachable (the race suite fails then). */
async function recordFor(step: string, def: AnyEntity, from: readonly string[]): Promise<{ id: unknown; body: Json } | null> {
  const fixture = fixtures.actions?.[step];
  if (fixture) {
    const made = await fixture(api);
    return typeof made === 'object' ? { id: made.key, body: made.body } : { id: made, body: {} };
  }
  const stateColumn = def.fields[def.states!.field]!.column;
  const keyColumn = def.fields[def.key]!.column;
  const row = (await api.db.selectFrom(def.table).select(keyColumn).where(stateColumn, 'in', [...from]).orderBy(keyColumn).limit(1).executeTakeFirst()) as Json | undefined;
  if (row) return { id: row[keyColumn], body: {} };
  if (!from.includes(def.states!.initial)) return null;
  const copy = await copyRecord(api, def.name).catch(() => null);
  return copy ? { id: copy[def.key], body: {} } : null;
}

describe('every document action answers with the document and the effect (issue 68 item 5)', () => {
  const transitions = allEntities().flatMap((def) => (def.states?.transitions ?? []).map((transition) => ({ def, transition })));
  it.each(transitions.map(({ def, transition }) => [`${def.name} ${transition.action}`, def, transition] as const))('%s', async (step, def, transition) => {
    const target = await recordFor(step, def, transition.from);
    if (!target) return; // race.test.ts "takes every transition" fails for it
    const url = `/api/data/${def.name}/${encodeURIComponent(String(target.id))}`;
    const before = (await api.get(url)).json.Data as Json;
    const number = String(before[def.numberField] ?? before[def.key]);
    const confirmations: string[] = [];
    let answer = await api.post(`${url}/actions/${transition.action}`, { ...target.body, Version: before.Version });
    for (let asked = 0; answer.json.ResultCode === 'confirm' && asked < 5; asked++) {
      confirmations.push(String(answer.json.Data?.Question?.Id));
      const version = (await api.get(url)).json.Data?.Version;
      answer = await api.post(`${url}/actions/${transition.action}`, { ...target.body, Version: version, Confirmations: confirmations });
    }
    expect(answer.status, `${step}: ${JSON.stringify(answer.json)}`).toBe(200);
    expect(answer.json.ResultStatus, `${step}: ${JSON.stringify(answer.json)}`).toBe(1);
    const message = String(answer.json.Message ?? '');
    expect(BARE.has(message), `${step}: a bare "Done."`).toBe(false);
    expect(message, `${step}: the answer names ${number}`).toContain(number);
    expect(message, `${step}: an untranslated key`).not.toMatch(RAW_KEY);
    // The same action as a batch on the version it had before: refused whole, so the answer says so and names it.
    const batch = await api.post(`/api/data/${def.name}/actions/${transition.action}`, { ...target.body, Items: [{ Id: before[def.key], Version: before.Version }] });
    expect(batch.status, `${step} batch: ${JSON.stringify(batch.json)}`).toBe(200);
    expect(batch.json, step).toMatchObject({ ResultStatus: 2, ResultCode: 'failed' });
    expect(batch.json.List[0], step).toMatchObject({ Number: number, ResultStatus: 2 });
    expect(String(batch.json.Message), step).toContain(`Nothing done. 1 failed: ${number} (`);
  });
});

describe('every year end answers what it did (issue 68 item 5)', () => {
  it.each(processes.filter((def) => !pending(def.name) && isLast(def.name)).map((def) => [def.name, def] as const))('%s', runProcess);
});

describe('a batch action says what it did, and names each refusal (issue 68 item 5)', () => {
  /** Coils available now: key (the coil number), number and version. */
  async function availableCoils(count: number): Promise<Json[]> {
    const rows = (await api.db.selectFrom('coils').select(['coil_no', 'version']).where('coil_status', '=', 'Available').orderBy('coil_no').limit(count).execute()) as Json[];
    expect(rows.length).toBe(count);
    return rows.map((row) => ({ Id: String(row.coil_no), Number: String(row.coil_no), Version: Number(row.version) }));
  }
  const hold = (items: Json[]) => api.post('/api/data/coil/actions/hold', { Items: items.map((item) => ({ Id: item.Id, Version: item.Version })) });
  const language = (locale: string) => call(server.app, 'POST', '/api/shell_init/locale', token, { locale });

  it('all done: ResultStatus 1 "ok", every document named', async () => {
    const coils = await availableCoils(2);
    const answer = await hold(coils);
    expect(answer.json).toMatchObject({ ResultStatus: 1, ResultCode: 'ok', Message: `Hold (Coil) — 2 done: ${coils[0]!.Number}, ${coils[1]!.Number}.` });
    expect(answer.json.List).toEqual(coils.map((coil) => expect.objectContaining({ Id: coil.Id, Number: coil.Number, ResultStatus: 1, Message: `Coil ${coil.Number} is now On hold.` })));
  });

  it('some refused: ResultStatus 3 "partial", each refusal named with its reason', async () => {
    const [free] = await availableCoils(1);
    const held = (await api.db.selectFrom('coils').select(['coil_no', 'version']).where('coil_status', '=', 'OnHold').orderBy('coil_no').limit(1).executeTakeFirstOrThrow()) as Json;
    const answer = await hold([{ Id: String(held.coil_no), Version: Number(held.version) }, free!]);
    expect(answer.json.ResultStatus).toBe(3);
    expect(answer.json.ResultCode).toBe('partial');
    expect(answer.json.Message).toBe(`Hold (Coil) — 1 done: ${free!.Number}. 1 failed: ${held.coil_no} (This action is not allowed while the record is On hold).`);
    expect(answer.json.List[0]).toMatchObject({ Number: String(held.coil_no), ResultStatus: 2, ResultCode: 'state_locked', Message: 'This action is not allowed while the record is On hold.' });
  });

  it('all refused: ResultStatus 2 "failed", never "ok"; in French and Chinese too', async () => {
    const held = (await api.db.selectFrom('coils').select(['coil_no', 'version']).where('coil_status', '=', 'OnHold').orderBy('coil_no').limit(2).execute()) as Json[];
    const items = held.map((row) => ({ Id: String(row.coil_no), Version: Number(row.version) }));
    const answer = await hold(items);
    expect(answer.json).toMatchObject({ ResultStatus: 2, ResultCode: 'failed' });
    expect(answer.json.Message).toMatch(new RegExp(`^Hold \\(Coil\\) — Nothing done\\. 2 failed: ${held[0]!.coil_no} \\(.+\\); ${held[1]!.coil_no} \\(.+\\)\\.$`));
    try {
      await language('fr-CA');
      const french = await hold(items);
      expect(french.json.ResultCode).toBe('failed');
      expect(french.json.Message).toContain('Rien n’a été effectué. 2 en échec :');
      expect(french.json.Message).toContain(String(held[0]!.coil_no));
      await language('zh-CN');
      const chinese = await hold(items);
      expect(chinese.json.Message).toContain('未完成任何项。失败 2 项：');
    } finally {
      await language('en-CA');
    }
  });
});

describe('a receipt posted says what it received where (issue 68 item 5)', () => {
  it('names the receipt, its lines and the warehouse', async () => {
    const fixture = fixtures.actions?.['po-receipt post'];
    expect(fixture).toBeDefined();
    const made = await fixture!(api);
    const id = typeof made === 'object' ? made.key : made;
    const url = `/api/data/po-receipt/${encodeURIComponent(String(id))}`;
    const before = (await api.get(url)).json.Data as Json;
    const answer = await api.post(`${url}/actions/post`, { Version: before.Version });
    const lines = (before.Lines as Json[]).length;
    expect(answer.json.Message).toBe(`Receipt ${before.ReceiptNo} posted: ${lines} ${lines === 1 ? 'line' : 'lines'} received into ${before.WarehouseId}.`);
  });
});
