/**
 * Issue 68 item 2 (§6 assigned customers as an engine rule), on SQLite and PostgreSQL: a GENERATED rights test.
 * Every registered entity whose definition names a customer (a lookup flagged `customer`, to the firm or to a
 * record that has one — found from the definitions, not a hand list) is read by a user restricted to B100 through
 * each read path, and nothing of another customer's record comes back: the record, its audit, history, as-of,
 * related documents and attachments (403 / 404), its e-mail and print, the list, the export, a lookup of it, the
 * global search, the report and process parameters naming it, the reports and processes whose rows are its
 * records, and the record events of the hub. Which records belong to whom is worked out here independently of the
 * engine's SQL (the `customer` fields followed row by row). Demo data gives most entities another customer's
 * record; the rest get one written here from their definitions. Then the cases the issue reported, by name.
 */
import { sql, type Kysely } from 'kysely';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEntity, FieldDefinition, ScalarField } from '@erp/shared/entities/define';
import { allEntities } from '@erp/shared/entities/index';
import { customerLinks, hasCustomer } from '../src/entities/customers.ts';
import { keyColumn } from '../src/entities/wire.ts';
import type { EventHub, RecordEvent } from '../src/events/hub.ts';
import { registeredProcesses } from '../src/processes/engine.ts';
import { registeredReports } from '../src/reports/engine.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

type Row = Record<string, unknown>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const OWN = 'B100';
/** Another customer (a bill-to of the demo data). */
const OTHER = 'B300';
const REFUSED = [403, 404];

let server: TestServer;
let hub: EventHub;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;
let admin: string;
let restricted: string;

/** The entities with a customer, from the definitions — and the customers themselves (the firm: it and its ship-tos). */
const withCustomer = () => allEntities().filter((def) => hasCustomer(def) || def.customers);

const column = (def: AnyEntity, field: string) => (def.fields[field] as { column: string }).column;

/** The customers a stored row of `def` belongs to, following its `customer` fields to the firm (this test's own walk). */
const parents = new Map<string, Row | null>();
async function customersOf(def: AnyEntity, row: Row): Promise<string[]> {
  // A customer is its own, a ship-to its bill-to's (§6: a user sees the firms assigned and their ship-tos).
  if (def.customers) return [String(row['bill_to_id'] ?? row[keyColumn(def)])];
  const out: string[] = [];
  for (const link of customerLinks(def)) {
    // A line's customer is the record's too: every line's.
    const values = link.lines
      ? ((await db.selectFrom(link.lines.table).select(link.column).where(link.lines.parentColumn, '=', row[keyColumn(def)]).execute()) as Row[]).map((line) => line[link.column])
      : [row[link.column]];
    for (const value of values) {
      if (value === null || value === undefined || value === '') continue;
      if (link.target.customers) {
        out.push(String(value));
        continue;
      }
      const cacheKey = `${link.target.name}\u0000${link.targetColumn}\u0000${String(value)}`;
      if (!parents.has(cacheKey)) parents.set(cacheKey, ((await db.selectFrom(link.target.table).selectAll().where(link.targetColumn, '=', value).executeTakeFirst()) as Row | undefined) ?? null);
      const parent = parents.get(cacheKey)!;
      out.push(...(parent ? await customersOf(link.target, parent) : ['(missing)']));
    }
  }
  return out;
}
const visibleRow = async (def: AnyEntity, row: Row) => (await customersOf(def, row)).every((firm) => firm === OWN);

/** A stored value of a field for a new record written from the definition (the fixture below). */
async function someValue(name: string, field: ScalarField & { column: string }): Promise<unknown> {
  if (field.defaultValue !== undefined) return field.type === 'boolean' ? (field.defaultValue ? 1 : 0) : field.defaultValue;
  switch (field.type) {
    case 'text':
      return field.pattern ? null : `Z${name}`.slice(0, field.maxLength ?? 20).toUpperCase();
    case 'integer':
      return 1;
    case 'decimal':
      return 0;
    case 'boolean':
      return 0;
    case 'date':
      return '2030-01-15';
    case 'datetime':
      return '2030-01-15T00:00:00Z';
    case 'enum':
      return field.options[0]!.value;
    case 'lookup': {
      const target = allEntities().find((candidate) => candidate.name === field.entity)!;
      const targetColumn = column(target, field.targetField ?? target.key);
      const found = (await db.selectFrom(target.table).select(targetColumn).limit(1).executeTakeFirst()) as Row | undefined;
      return found?.[targetColumn] ?? null;
    }
  }
}

/**
 * Another customer's record of `def`: the demo data's, else one written from the definition (its required fields
 * filled, its customer fields naming OTHER or another customer's record) — so no entity goes untested.
 */
async function foreignRow(def: AnyEntity): Promise<Row> {
  const key = keyColumn(def);
  const rows = (await db.selectFrom(def.table).selectAll().orderBy(key, 'desc').limit(300).execute()) as Row[];
  for (const row of rows) if (!(await visibleRow(def, row))) return row;
  const foreignValue = async (link: ReturnType<typeof customerLinks>[number]) => (link.target.customers ? OTHER : (await foreignRow(link.target))[link.targetColumn]);
  const values: Row = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.type === 'children' || field.type === 'set' || field.virtual || (name === def.key && def.keyKind === 'auto')) continue;
    const link = customerLinks(def).find((candidate) => !candidate.lines && candidate.field === name);
    if (link) values[link.column] = await foreignValue(link);
    else if (field.required || name === def.key) values[field.column] = await someValue(name, field as ScalarField & { column: string });
  }
  const now = new Date().toISOString();
  await db.insertInto(def.table).values({ ...values, created_by: 'admin', created_on: now, updated_by: 'admin', updated_on: now, version: 1 }).execute();
  // A record whose customers are its lines' gets one line of another customer.
  const header = (await db.selectFrom(def.table).selectAll().orderBy(keyColumn(def), 'desc').limit(1).executeTakeFirstOrThrow()) as Row;
  for (const link of customerLinks(def).filter((candidate) => candidate.lines)) {
    const collection = def.fields[link.lines!.collection] as { fields: Record<string, ScalarField & { column: string }>; key: string };
    const line: Row = { [link.lines!.parentColumn]: header[keyColumn(def)], [link.column]: await foreignValue(link) };
    for (const [name, field] of Object.entries(collection.fields)) {
      if (name === collection.key || name === link.field || !field.required) continue;
      line[field.column] = await someValue(name, field);
    }
    await db.insertInto(link.lines!.table).values(line).execute();
  }
  const written = (await db.selectFrom(def.table).selectAll().orderBy(key, 'desc').limit(300).execute()) as Row[];
  for (const row of written) if (!(await visibleRow(def, row))) return row;
  throw new Error(`${def.name}: no record of another customer (add one to the demo data)`);
}

const foreign = new Map<string, Row>();

/** A report's or process's parameters from their defaults (null when one it needs has none). */
function defaultParameters(parameters: readonly { name: string; required?: boolean; defaultValue?: unknown }[]): Record<string, unknown> | null {
  const today = new Date().toISOString().slice(0, 10);
  const out: Record<string, unknown> = {};
  for (const parameter of parameters) {
    const value = parameter.defaultValue;
    if (value === 'today') out[parameter.name] = today;
    else if (value === 'yearStart') out[parameter.name] = `${today.slice(0, 4)}-01-01`;
    else if (value !== undefined && value !== 'fiscalYear' && value !== 'fiscalPeriod') out[parameter.name] = value;
    else if (parameter.required) return null;
  }
  return out;
}

beforeAll(async () => {
  // The demo ledger's documents: invoices, receipts, orders and billings of several customers.
  server = await startServer({ DEMO_LEDGER: '1' });
  hub = server.app.erp.events;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // A copy of admin (every application and role, the same password), restricted to B100.
  const row = await db.selectFrom('users').selectAll().where('user_id', '=', 'admin').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ ...row, user_id: 'assigned', display_name: 'Assigned B100', restricted_to_customers: server.database.engine === 'postgres' ? true : 1 }).execute();
  for (const { role_id } of await db.selectFrom('user_roles').select('role_id').where('user_id', '=', 'admin').execute()) await db.insertInto('user_roles').values({ user_id: 'assigned', role_id }).execute();
  await db.insertInto('user_customers').values({ user_id: 'assigned', firm_id: OWN }).execute();
  restricted = (await signIn(server.app, 'assigned', 'admin')).access_token;
  for (const def of withCustomer()) foreign.set(def.name, await foreignRow(def));
});

afterAll(async () => server?.stop());

const idOf = (def: AnyEntity, row: Row) => String(row[keyColumn(def)]);

describe('§6 assigned customers on every read path, for every entity with a customer (issue 68 item 2)', () => {
  it('finds the entities from the definitions: the documents of customers, and what inherits a customer from its parent', () => {
    const names = withCustomer().map((def) => def.name);
    for (const name of ['sales-order', 'ar-invoice', 'wd-order', 'wd-quote', 'contract-billing', 'progress-billing', 'te-lot', 'product-return', 'driver-cash-in']) expect(names).toContain(name);
    // Vendors are not customers.
    for (const name of ['purchase-order', 'ap-invoice', 'ap-cheque']) expect(names).not.toContain(name);
  });

  it('has decided, for every firm lookup and every lookup of a record with a customer, whether it names the record\'s customer', () => {
    const undecided: string[] = [];
    for (const def of allEntities()) {
      if (hasCustomer(def) || def.customers) continue;
      // Header fields, and the fields of document lines (a line per customer's order).
      const fields: [string, FieldDefinition][] = Object.entries(def.fields).flatMap(([name, field]): [string, FieldDefinition][] =>
        field.type === 'children' ? (field.lines ? Object.entries(field.fields).map(([line, spec]): [string, FieldDefinition] => [`${name}.${line}`, spec]) : []) : [[name, field]],
      );
      for (const [name, field] of fields) {
        if (field.type !== 'lookup' || field.customer !== undefined) continue;
        const target = allEntities().find((candidate) => candidate.name === field.entity);
        if (!target) continue;
        const vendor = target.customers && field.where?.['FirmTypes'] === 'vendor';
        if ((target.customers && !vendor) || hasCustomer(target)) undecided.push(`${def.name}.${name}`);
      }
    }
    // A new reference to a customer must say whether it makes the record that customer's (`customer: true | false`).
    expect(undecided).toEqual([]);
  });

  it('refuses another customer\'s record, its audit, history, as-of, related documents, attachments, e-mail and print', async () => {
    const failures: string[] = [];
    for (const def of withCustomer()) {
      const id = encodeURIComponent(idOf(def, foreign.get(def.name)!));
      const base = `/api/data/${def.name}/${id}`;
      const urls = [base, `${base}/audit`, `${base}/history`, `${base}/as-of?Date=2099-12-31`, `${base}/related`, ...(def.attachments ? [`${base}/attachments`] : [])];
      for (const url of urls) {
        const answer = await call(server.app, 'GET', url, restricted);
        if (!REFUSED.includes(answer.statusCode)) failures.push(`${url} → ${answer.statusCode}`);
      }
      if (def.email) {
        const answer = await call(server.app, 'POST', `${base}/email`, restricted, {});
        if (!REFUSED.includes(answer.statusCode)) failures.push(`${base}/email → ${answer.statusCode}`);
      }
      if (def.print) {
        const row = foreign.get(def.name)!;
        const value = row[column(def, def.print.field ?? def.key)];
        if (value !== null && value !== undefined) {
          const answer = await call(server.app, 'POST', `/api/reports/${def.print.report}/pdf`, restricted, { Parameters: { [def.print.parameter]: String(value) } });
          if (answer.statusCode === 200) failures.push(`print ${def.print.report} of ${def.name} ${id} → 200`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('still opens the user\'s own customer\'s records (the rule does not refuse everything)', async () => {
    let opened = 0;
    for (const def of withCustomer()) {
      const rows = (await db.selectFrom(def.table).selectAll().limit(100).execute()) as Row[];
      for (const row of rows) {
        const customers = await customersOf(def, row);
        if (customers.length === 0 || !customers.every((firm) => firm === OWN)) continue;
        const answer = await call(server.app, 'GET', `/api/data/${def.name}/${encodeURIComponent(idOf(def, row))}`, restricted);
        expect(answer.statusCode, `${def.name} ${idOf(def, row)}`).toBe(200);
        opened += 1;
        break;
      }
    }
    expect(opened).toBeGreaterThan(10);
  });

  it('lists, exports and looks up only the user\'s customers\' records', async () => {
    const failures: string[] = [];
    for (const def of withCustomer()) {
      const foreignId = idOf(def, foreign.get(def.name)!);
      const list = await call(server.app, 'GET', `/api/data/${def.name}?PageSize=1000`, restricted);
      expect(list.statusCode, def.name).toBe(200);
      const body = list.json() as Json;
      const keys = (body.List as Json[]).map((row) => String(row[def.key]));
      if (keys.includes(foreignId)) failures.push(`list of ${def.name} holds ${foreignId}`);
      const stored = keys.length === 0 ? [] : ((await db.selectFrom(def.table).selectAll().where(keyColumn(def), 'in', keys.slice(0, 200)).execute()) as Row[]);
      for (const row of stored) if (!(await visibleRow(def, row))) failures.push(`list of ${def.name} holds ${idOf(def, row)} of ${(await customersOf(def, row)).join(',')}`);

      const exported = await server.app.inject({ method: 'POST', url: `/api/data/${def.name}/export`, headers: { authorization: `Bearer ${restricted}`, 'content-type': 'application/json' }, payload: '{}' });
      expect(exported.statusCode, def.name).toBe(200);
      if (Number(exported.headers['x-total-count']) !== body.TotalCount) failures.push(`export of ${def.name}: ${exported.headers['x-total-count']} rows, the list ${body.TotalCount}`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      if (book.worksheets[0]!.rowCount - 1 > body.TotalCount) failures.push(`export of ${def.name} writes ${book.worksheets[0]!.rowCount - 1} rows`);

      const lookup = await call(server.app, 'GET', `/api/lookup/${def.name}?Key=${encodeURIComponent(foreignId)}`, restricted);
      if (lookup.statusCode === 200 && ((lookup.json() as Json).List as Json[]).length > 0) failures.push(`lookup of ${def.name} names ${foreignId}`);
    }
    expect(failures).toEqual([]);
  });

  it('fills nothing from another customer picked on a form (the defaults a pick fills)', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const def of withCustomer()) {
      for (const link of customerLinks(def).filter((candidate) => candidate.field in def.defaults)) {
        const value = String(foreign.get(def.name)![link.column]);
        const pick = async (token: string) => {
          const answer = await call(server.app, 'POST', `/api/defaults/${def.name}`, token, { Field: link.field, Values: { [link.field]: value } });
          expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
          return Object.values(((answer.json() as Json).Data ?? {}) as Json).filter((filled) => filled !== null && filled !== '');
        };
        // The admin's pick fills something (the check means something); the restricted user's fills nothing.
        if ((await pick(admin)).length === 0) continue;
        checked += 1;
        const filled = await pick(restricted);
        if (filled.length > 0) failures.push(`${def.name}.${link.field} = ${value} fills ${JSON.stringify(filled)}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('finds no other customer\'s record in the global search', async () => {
    const failures: string[] = [];
    for (const def of withCustomer().filter((candidate) => candidate.globalSearch)) {
      // Another customer's record with a number (a draft may have none yet).
      const numbered = (await db.selectFrom(def.table).selectAll().where(column(def, def.numberField), 'is not', null).orderBy(keyColumn(def), 'desc').limit(300).execute()) as Row[];
      let row: Row | undefined;
      for (const candidate of numbered) if (!(await visibleRow(def, candidate))) { row = candidate; break; }
      if (!row) {
        // None in the demo data (drafts are numbered when posted): number the one this test reads (the index follows).
        row = foreign.get(def.name)!;
        const numberColumn = column(def, def.numberField);
        await db.updateTable(def.table).set({ [numberColumn]: `ZQ${idOf(def, row)}` }).where(keyColumn(def), '=', row[keyColumn(def)]).execute();
        row = { ...row, [numberColumn]: `ZQ${idOf(def, row)}` };
      }
      const id = idOf(def, row!);
      const number = String(row![column(def, def.numberField)]);
      // The admin finds it (the search is meaningful); the restricted user does not.
      const found = async (token: string) => ((await call(server.app, 'GET', `/api/search?Search=${encodeURIComponent(number)}`, token)).json() as Json).List as Json[];
      expect((await found(admin)).some((hit) => hit.Entity === def.name && hit.Id === id), `${def.name} ${number} for admin`).toBe(true);
      if ((await found(restricted)).some((hit) => hit.Entity === def.name && hit.Id === id)) failures.push(`search ${number} finds ${def.name} ${id}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a report or process parameter naming another customer\'s record, as the record itself', async () => {
    const failures: string[] = [];
    let checked = 0;
    const reports = [...registeredReports().map((report) => ({ kind: 'reports', def: report.def })), ...registeredProcesses().map((process) => ({ kind: 'processes', def: process.def }))];
    for (const { kind, def: report } of reports) {
      for (const parameter of report.parameters) {
        const target = parameter.type === 'lookup' ? withCustomer().find((def) => def.name === parameter.entity) : undefined;
        if (!target) continue;
        // The other parameters from their defaults: a report that needs more is refused (400) before it reads any.
        const others = defaultParameters(report.parameters.filter((other) => other.name !== parameter.name));
        if (!others) continue;
        const parameters = { ...others, [parameter.name]: idOf(target, foreign.get(target.name)!) };
        const answer = await call(server.app, 'POST', `/api/${kind}/${report.name}/${kind === 'reports' ? 'run' : 'preview'}`, restricted, { Parameters: parameters });
        checked += 1;
        if (answer.statusCode !== 403) failures.push(`${report.name}.${parameter.name} → ${answer.statusCode}`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('lists in a report or process only the rows of records the user may see (grid and .xlsx)', async () => {
    const failures: string[] = [];
    let covered = 0;
    const reports = [...registeredReports().map((report) => ({ kind: 'reports', def: report.def })), ...registeredProcesses().map((process) => ({ kind: 'processes', def: process.def }))];
    for (const { kind, def: report } of reports) {
      const records = report.records;
      if (!records) continue;
      const parameters = defaultParameters(report.parameters);
      if (!parameters) continue;
      const target = allEntities().find((def) => def.name === records.entity)!;
      const held = column(target, records.by === 'number' ? target.numberField : target.key);
      const run = async (token: string) => {
        const answer = await call(server.app, 'POST', `/api/${kind}/${report.name}/${kind === 'reports' ? 'run' : 'preview'}`, token, { Parameters: parameters, ...(kind === 'reports' ? { PageSize: 1000 } : {}) });
        expect(answer.statusCode, `${report.name}: ${answer.body.slice(0, 300)}`).toBe(200);
        return ((answer.json() as Json).List as Json[]).map((row) => row[records.field]);
      };
      const all = await run(admin);
      const seen = await run(restricted);
      let hidden = 0;
      for (const value of new Set(all)) {
        const row = (await db.selectFrom(target.table).selectAll().where(held, '=', value).executeTakeFirst()) as Row | undefined;
        const visible = row ? target.customers ? String(value) === OWN : await visibleRow(target, row) : false;
        if (!visible) hidden += 1;
        if (!visible && seen.includes(value)) failures.push(`${report.name} lists ${records.entity} ${String(value)}`);
        if (visible && !seen.includes(value)) failures.push(`${report.name} leaves out the user's own ${records.entity} ${String(value)}`);
      }
      if (hidden > 0) covered += 1;
      if (kind === 'reports' && seen.length > 0) {
        const file = await server.app.inject({ method: 'POST', url: `/api/reports/${report.name}/xlsx`, headers: { authorization: `Bearer ${restricted}`, 'content-type': 'application/json' }, payload: JSON.stringify({ Parameters: parameters }) });
        expect(file.statusCode).toBe(200);
        if (Number(file.headers['x-total-count']) !== seen.length) failures.push(`${report.name}.xlsx writes ${file.headers['x-total-count']} rows, the grid ${seen.length}`);
      }
    }
    // The demo data has other customers' rows in several of them: the rule is exercised, not vacuous.
    expect(covered).toBeGreaterThan(3);
    expect(failures).toEqual([]);
  });

  it('names no other customer in any report or process a restricted user runs (declared `records` or the module\'s own filter)', async () => {
    // The customers the user may not see: bill-tos and ship-tos of firms other than OWN (vendors are not customers).
    const firms = (await db.selectFrom('firms').select(['firm_id', 'bill_to_id', 'is_bill_to', 'is_ship_to']).execute()) as Row[];
    const others = new Set(
      firms
        .filter((firm) => Boolean(Number(firm['is_bill_to'])) || Boolean(Number(firm['is_ship_to'])) || firm['is_bill_to'] === true || firm['is_ship_to'] === true)
        .filter((firm) => firm['firm_id'] !== OWN && firm['bill_to_id'] !== OWN)
        .map((firm) => String(firm['firm_id'])),
    );
    const failures: string[] = [];
    let run = 0;
    const reports = [...registeredReports().map((report) => ({ kind: 'reports', def: report.def })), ...registeredProcesses().map((process) => ({ kind: 'processes', def: process.def }))];
    for (const { kind, def: report } of reports) {
      const parameters = defaultParameters(report.parameters);
      if (!parameters) continue;
      const answer = await call(server.app, 'POST', `/api/${kind}/${report.name}/${kind === 'reports' ? 'run' : 'preview'}`, restricted, { Parameters: parameters, ...(kind === 'reports' ? { PageSize: 1000 } : {}) });
      // A report the user may not run, or whose defaults its own rules refuse, names nobody.
      if (answer.statusCode !== 200) continue;
      run += 1;
      for (const row of (answer.json() as Json).List as Json[]) {
        // A ledger line's free text may quote a document's customer (the G/L is the company's books, not a customer's).
        const named = Object.entries(row).find(([field, value]) => field !== 'Description' && typeof value === 'string' && others.has(value));
        if (named) {
          failures.push(`${report.name}: ${named[0]} = ${String(named[1])}`);
          break;
        }
      }
    }
    expect(run).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('tells the user no event of another customer\'s record, nor lets them show one (the hub\'s filter, presence)', async () => {
    const events: RecordEvent[] = [];
    const stream = hub.openStream('assigned', { send: (event, data) => event === 'records' && events.push(...(data as { Events: RecordEvent[] }).Events) }, null);
    try {
      for (const def of withCustomer()) {
        await db.updateTable(def.table).set({ version: sql`version + 1` }).where(keyColumn(def), '=', foreign.get(def.name)![keyColumn(def)]).execute();
      }
      // The marker: once the user has it, they have been sent everything before it.
      await db.updateTable('firms').set({ version: sql`version + 1` }).where('firm_id', '=', OWN).execute();
      await expect.poll(() => events.some((event) => event.Entity === 'firm' && event.Id === OWN), { timeout: 10_000 }).toBe(true);
      const leaked = events.filter((event) => withCustomer().some((def) => def.name === event.Entity && event.Id === idOf(def, foreign.get(def.name)!)));
      expect(leaked).toEqual([]);
      // Presence: showing another customer's record is refused (no one is told the user has it open).
      const shown = withCustomer().map((def) => ({ Entity: def.name, Id: idOf(def, foreign.get(def.name)!), Editing: false }));
      expect(await hub.setPresence(hub.streamOf(stream, 'assigned')!, shown)).toEqual(shown.map((record) => record.Entity));
    } finally {
      hub.closeStream(stream);
    }
  });
});

describe('the reported cases (issue 68 item 2)', () => {
  const firstOf = async (table: string, where: Row) => {
    let query = db.selectFrom(table).selectAll();
    for (const [name, value] of Object.entries(where)) query = query.where(name, '=', value);
    return (await query.executeTakeFirstOrThrow()) as Row;
  };

  it('B300\'s waste-disposal order and quote: refused, out of the lists, the search and the quote\'s print', async () => {
    const order = await firstOf('wd_orders', { customer_id: OTHER });
    const quote = await firstOf('wd_quotes', { customer_id: OTHER });
    expect((await call(server.app, 'GET', `/api/data/wd-order/${order['order_id']}`, restricted)).statusCode).toBe(403);
    expect((await call(server.app, 'GET', `/api/data/wd-quote/${quote['quote_id']}`, restricted)).statusCode).toBe(403);
    expect((await call(server.app, 'GET', `/api/data/wd-order/${order['order_id']}`, admin)).statusCode).toBe(200);
    const orders = ((await call(server.app, 'GET', '/api/data/wd-order?PageSize=1000', restricted)).json() as Json).List as Json[];
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((row) => row.CustomerId === OWN)).toBe(true);
    const quotes = ((await call(server.app, 'GET', '/api/data/wd-quote?PageSize=1000', restricted)).json() as Json).List as Json[];
    expect(quotes.map((row) => row.CustomerId)).toEqual([OWN]);
    const hits = ((await call(server.app, 'GET', `/api/search?Search=${encodeURIComponent(String(order['order_no']))}`, restricted)).json() as Json).List as Json[];
    expect(hits.filter((hit) => hit.Entity === 'wd-order')).toEqual([]);
    const print = await call(server.app, 'POST', '/api/reports/wd-quote-print/pdf', restricted, { Parameters: { QuoteNo: String(quote['quote_no']) } });
    expect(print.statusCode).not.toBe(200);
  });

  it('another customer\'s contract and progress billings (trades): refused and out of the lists', async () => {
    const progress = await firstOf('te_progress_billings', { bill_to_id: 'B200' });
    expect((await call(server.app, 'GET', `/api/data/progress-billing/${progress['billing_id'] ?? Object.values(progress)[0]}`, restricted)).statusCode).toBe(403);
    for (const entity of ['contract-billing', 'progress-billing']) {
      const answer = await call(server.app, 'GET', `/api/data/${entity}?PageSize=1000`, restricted);
      expect(answer.statusCode).toBe(200);
      expect(((answer.json() as Json).List as Json[]).every((row) => row.BillToId === OWN || row.BillToId === undefined)).toBe(true);
    }
    const contract = foreign.get('contract-billing')!;
    expect((await call(server.app, 'GET', `/api/data/contract-billing/${String(contract[keyColumn(allEntities().find((def) => def.name === 'contract-billing')!)])}`, restricted)).statusCode).toBe(403);
  });

  it('the price calls of Order Entry: another customer\'s price table and prices are refused', async () => {
    const table = await firstOf('price_tables', { customer_id: 'B200' });
    expect((await call(server.app, 'GET', `/api/oe/price-table/${String(table['price_table_id'])}/export`, restricted)).statusCode).toBe(403);
    expect((await call(server.app, 'GET', `/api/oe/price-table/${String(table['price_table_id'])}/export`, admin)).statusCode).toBe(200);
    const prices = await call(server.app, 'POST', '/api/oe/pricing/prices', restricted, { CustomerId: 'B200', Lines: [{ ProductId: 'AL-6061-SH125', Quantity: '1' }] });
    expect(prices.statusCode).toBe(403);
    expect((await call(server.app, 'POST', '/api/oe/pricing/prices', restricted, { CustomerId: OWN, Lines: [{ ProductId: 'AL-6061-SH125', Quantity: '1' }] })).statusCode).toBe(200);
  });

  it('a restricted user cannot write a record for another customer (the engine\'s write check)', async () => {
    const answer = await call(server.app, 'POST', '/api/data/wd-quote', restricted, { CustomerId: OTHER, SiteId: OTHER, QuoteDate: '2030-01-15', Lines: [] });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(403);
    expect((answer.json() as Json).ResultCode).toBe('not_assigned');
  });
});
