/**
 * The race suite's fixtures (server/test/race.test.ts, issue 39 item 3). A module whose processes or actions the
 * demo data cannot run as they are exports `raceFixtures` from `modules/<m>/test/race-fixtures.ts`:
 * - `processes[name].prepare(api)`: makes the process runnable on one server (creates what it works on) and
 *   answers the run's Parameters; it is called once on each of the two servers and must do the same on both;
 *   `last`: runs after every other (a year end closes what the others would post to); `{ pending: why }` instead
 *   marks a process the suite cannot run yet (reported as skipped, with the reason);
 * - `actions['<entity> <action>'](api)`: makes one record ready for the action and answers its key, or
 *   `{ key, body }` when the action needs inputs of its own (a date, a bank): the body goes with the one run and the
 *   parallel runs alike (Version and Confirmations are the suite's).
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import type { ProcessDefinition } from '@erp/shared/processes/define';
import { entityByName } from '@erp/shared/entities/index';
import type { Kysely } from 'kysely';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface RaceApi {
  get(url: string): Promise<{ status: number; json: Json }>;
  post(url: string, body: unknown): Promise<{ status: number; json: Json }>;
  put(url: string, body: unknown): Promise<{ status: number; json: Json }>;
  db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface RaceFixtures {
  processes: Record<string, { prepare(api: RaceApi): Promise<Json | null>; last?: boolean } | { pending: string }>;
  actions?: Record<string, (api: RaceApi) => Promise<string | number | ActionFixture>>;
}

/** What an action fixture answers when the action needs inputs: the record's key and the action's body. */
export interface ActionFixture {
  key: string | number;
  body: Json;
}

/** The fields a copy sends: what a user types (no key, number, state, computed or read-only value). */
function copyable(def: AnyEntity, record: Json): Json {
  const out: Json = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (!(name in record) || name === def.key || name === def.numbering?.field || name === def.states?.field || name in def.computed) continue;
    if (field.type === 'children') {
      const rows = Array.isArray(record[name]) ? (record[name] as Json[]) : [];
      out[name] = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([child]) => child !== field.key && child in field.fields && !field.fields[child]!.readOnly)));
    } else if (!field.readOnly) out[name] = record[name];
  }
  return out;
}

/** A new record made through the API as a copy of the entity's first record (by key); null when refused. */
export async function copyRecord(api: RaceApi, entity: string): Promise<Json | null> {
  const def = entityByName(entity);
  if (!def) throw new Error(`no entity ${entity}`);
  const keyColumn = def.fields[def.key]!.column;
  const first = (await api.db.selectFrom(def.table).select(keyColumn).orderBy(keyColumn).limit(1).executeTakeFirst()) as Json | undefined;
  if (!first) return null;
  const record = (await api.get(`/api/data/${entity}/${encodeURIComponent(String(first[keyColumn]))}`)).json.Data as Json | undefined;
  if (!record) return null;
  const created = await api.post(`/api/data/${entity}`, copyable(def, record));
  if (created.status !== 201) throw new Error(`${entity}: the copy was refused: ${JSON.stringify(created.json)}`);
  return created.json.Data as Json;
}

/** The key of the entity's first record (by key). */
export async function firstKey(api: RaceApi, entity: string): Promise<string> {
  const def = entityByName(entity);
  if (!def) throw new Error(`no entity ${entity}`);
  const column = def.fields[def.key]!.column;
  const first = (await api.db.selectFrom(def.table).select(column).orderBy(column).limit(1).executeTakeFirst()) as Json | undefined;
  if (!first) throw new Error(`no ${entity} record`);
  return String(first[column]);
}

/** The key of the entity's first record (by key) in one of `states`; a record none is in throws. */
export async function firstKeyIn(api: RaceApi, entity: string, states: readonly string[]): Promise<string> {
  const def = entityByName(entity);
  if (!def?.states) throw new Error(`no entity ${entity} with states`);
  const column = def.fields[def.key]!.column;
  const first = (await api.db.selectFrom(def.table).select(column).where(def.fields[def.states.field]!.column, 'in', [...states]).orderBy(column).limit(1).executeTakeFirst()) as Json | undefined;
  if (!first) throw new Error(`no ${entity} record in ${states.join(', ')}`);
  return String(first[column]);
}

/** A record changed through the API as a user saves it (its current Version): its Data; a refusal throws. */
export async function updateRecord(api: RaceApi, entity: string, id: string | number, values: Json): Promise<Json> {
  const url = `/api/data/${entity}/${encodeURIComponent(String(id))}`;
  const version = (await api.get(url)).json.Data?.Version as number;
  const updated = await api.put(url, { ...values, Version: version });
  if (updated.status !== 200) throw new Error(`${entity} ${id}: the update was refused: ${JSON.stringify(updated.json)}`);
  return updated.json.Data as Json;
}

/** The active products (by id) that track stock without lots: what a fixture can move with no lot to name. */
export async function productsWithoutLots(api: RaceApi): Promise<string[]> {
  const rows = (await api.db.selectFrom('products').select(['product_id', 'track_inventory', 'track_lot', 'is_active', 'kit_type']).orderBy('product_id').execute()) as Json[];
  // Booleans are compared in JavaScript: 1/0 on SQLite, true/false on PostgreSQL.
  return rows.filter((row) => Boolean(row.is_active) && Boolean(row.track_inventory) && !row.track_lot).map((row) => String(row.product_id));
}

/** A record made through the API as a user saves it: its Data; a refusal throws with the server's answer. */
export async function createRecord(api: RaceApi, entity: string, body: Json): Promise<Json> {
  const created = await api.post(`/api/data/${entity}`, body);
  if (created.status !== 201) throw new Error(`${entity}: the create was refused: ${JSON.stringify(created.json)}`);
  return created.json.Data as Json;
}

/**
 * A document action done as the screen does it: with the record's current Version and each question (§5) answered
 * Yes; `extra` carries the action's own inputs (a date). Answers the record after it; a refusal throws.
 */
export async function actOn(api: RaceApi, entity: string, id: string | number, action: string, extra: Json = {}): Promise<Json> {
  const url = `/api/data/${entity}/${encodeURIComponent(String(id))}`;
  const confirmations: string[] = [];
  for (let asked = 0; asked < 5; asked++) {
    const version = (await api.get(url)).json.Data?.Version as number;
    const done = await api.post(`${url}/actions/${action}`, { ...extra, Version: version, ...(confirmations.length ? { Confirmations: confirmations } : {}) });
    if (done.status === 200 && done.json.ResultCode === 'confirm') {
      confirmations.push(String(done.json.Data?.Question?.Id));
      continue;
    }
    if (done.status !== 200 || done.json.ResultStatus !== 1) throw new Error(`${entity} ${action}: refused: ${JSON.stringify(done.json)}`);
    return (await api.get(url)).json.Data as Json;
  }
  throw new Error(`${entity} ${action}: still asking after 5 answers`);
}

/**
 * A process's parameters from its definition alone (fixed and default values, the first option, the first record a
 * lookup offers, today, the smallest integer); null when a required one cannot be chosen.
 */
export async function definitionParameters(api: RaceApi, def: ProcessDefinition): Promise<Json | null> {
  const today = new Date().toISOString().slice(0, 10);
  const parameters: Json = {};
  for (const parameter of def.parameters) {
    let value: unknown = parameter.fixed ?? null;
    if (value === null && typeof parameter.defaultValue === 'string' && !['today', 'yearStart', 'fiscalYear', 'fiscalPeriod'].includes(parameter.defaultValue)) value = parameter.defaultValue;
    if (value === null && typeof parameter.defaultValue === 'number') value = parameter.defaultValue;
    if (value === null && parameter.type === 'date' && parameter.defaultValue === 'yearStart') value = `${today.slice(0, 4)}-01-01`;
    if (value === null && parameter.type === 'date' && parameter.defaultValue === 'today') value = today;
    if (value === null && parameter.required) {
      if (parameter.type === 'date') value = parameter.defaultValue === 'yearStart' ? `${today.slice(0, 4)}-01-01` : today;
      else if (parameter.type === 'enum') value = parameter.options?.[0]?.value ?? null;
      else if (parameter.type === 'integer') value = parameter.defaultValue === 'fiscalYear' ? Number(today.slice(0, 4)) : (parameter.min ?? 1);
      else if (parameter.type === 'lookup' && parameter.entity) {
        const offered = await api.get(`/api/lookup/${parameter.entity}?Report=${def.name}&Field=${parameter.name}&PageSize=1`);
        const first = (offered.json.List ?? [])[0] as Json | undefined;
        value = first?.Value ?? null;
      }
      if (value === null) return null;
    }
    if (value !== null) parameters[parameter.name] = value;
  }
  return parameters;
}
