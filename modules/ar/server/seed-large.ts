/**
 * The Accounts Receivable part of the large-data generator (`npm run seed:large -- [firms] --ar <items>`,
 * large.ts) and of the AR benchmark (scripts/bench-ar.mjs): `insertAr(config, options)` writes `items` posted
 * AR items (ar_items: invoices and receipts) with their applications (ar_applications) for the bill-to firms
 * already in the database (generate the firms first), as the AR subledger core leaves them
 * (modules/ar/server/subledger.ts: signed amounts, open balance cache, Open/Closed status) — but in
 * bulk (the subledger writes one document at a time, with its GL posting).
 *
 * NOT written: the GL postings of these documents. The generated subledger is for speed measurements of
 * the AR reports (aging, inquiry, statements); the aged trial balance then does not equal the receivables
 * control account on a generated database. That equality is proven on real postings by
 * modules/ar/test/reports.test.ts (and on the demo data by the invoices' and receipts' own seeds).
 *
 * Shape (deterministic): `bigCustomerItems` items (default 10,000) for the first bill-to firm (`bigCustomer`
 * in the summary), the rest spread evenly over the other bill-to firms; per firm, items in date order over
 * the two years `firstYear`, `firstYear + 1` (default 2025, 2026): invoices (10.00 … 5,000.00, due 30 days
 * later), 92 % of them paid in full by a receipt 10 … 70 days later (one application on the receipt's date,
 * one receipt in ten with 25.00 left unapplied) when that day falls within the two years — so the open items
 * are the unpaid 8 % and the last weeks' invoices, as in a real receivables ledger. Item ids are assigned here (after the highest present), so applications can name
 * them; PostgreSQL's sequence is moved past them at the end.
 * Bulk paths: SQLite — prepared statements in one transaction on a second connection to the file;
 * PostgreSQL — INSERT … SELECT FROM unnest(arrays) in batches of 20,000 rows.
 */
import { bulkLoadPostgres, bulkLoadSqlite } from '@erp/server/seed/bulk-load';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { schemaView } from '@erp/server/db/migration-db';
import { sql } from 'kysely';
import { seededRandom as random } from '@erp/server/seed/large-orders';

export interface ArOptions {
  items: number;
  firstYear?: number;
  bigCustomerItems?: number;
  onProgress?(written: number): void;
}

export interface ArSummary {
  items: number;
  applications: number;
  customers: number;
  bigCustomer: string;
  seconds: number;
}

interface ItemRow {
  id: number;
  firm: string;
  type: 'Invoice' | 'Receipt';
  no: string;
  date: string;
  due: string;
  cents: number;
  open: number;
}

interface ApplicationRow {
  from: number;
  to: number;
  date: string;
  cents: number;
}

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** "-123.45" from -12345 cents (integer arithmetic only). */
function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const units = Math.abs(cents);
  return `${sign}${Math.trunc(units / 100)}.${String(units % 100).padStart(2, '0')}`;
}

/**
 * One firm's `count` items and their applications (see the module header): invoices on random days, each
 * followed (92 %) by the receipt that pays it 10 … 70 days later when that day is within the two years, one
 * receipt in ten with 25.00 left unapplied.
 */
function firmDocuments(firm: string, count: number, firstId: number, firstYear: number, next: () => number, numbering: { n: number }) {
  const start = Date.UTC(firstYear, 0, 1);
  const lastDay = (Date.UTC(firstYear + 2, 0, 1) - start) / DAY - 1;
  type Planned = { day: number; invoice: number | null; cents: number; paid: number };
  const planned: Planned[] = [];
  while (planned.length < count) {
    const day = Math.floor(next() * (lastDay + 1));
    const cents = 1000 + Math.floor(next() * 499_000);
    const index = planned.length;
    planned.push({ day, invoice: null, cents, paid: 0 });
    const payDay = day + 10 + Math.floor(next() * 61);
    if (planned.length < count && next() < 0.92 && payDay <= lastDay) {
      const extra = next() < 0.1 ? 2500 : 0;
      planned.push({ day: payDay, invoice: index, cents: cents + extra, paid: cents });
    }
  }
  // Date order (a receipt is always after its invoice); ids follow it.
  const order = planned.map((_, i) => i).sort((a, b) => planned[a]!.day - planned[b]!.day || a - b);
  const idOf = new Map<number, number>(order.map((plannedIndex, position) => [plannedIndex, firstId + position]));
  const items: ItemRow[] = [];
  const applications: ApplicationRow[] = [];
  const invoices = new Map<number, ItemRow>();
  for (const plannedIndex of order) {
    const entry = planned[plannedIndex]!;
    const id = idOf.get(plannedIndex)!;
    const date = isoDate(start + entry.day * DAY);
    const no = String(++numbering.n).padStart(8, '0');
    if (entry.invoice === null) {
      const invoice: ItemRow = { id, firm, type: 'Invoice', no: `LA-${no}`, date, due: isoDate(start + (entry.day + 30) * DAY), cents: entry.cents, open: entry.cents };
      items.push(invoice);
      invoices.set(plannedIndex, invoice);
      continue;
    }
    const paid = invoices.get(entry.invoice)!;
    items.push({ id, firm, type: 'Receipt', no: `LR-${no}`, date, due: date, cents: -entry.cents, open: -(entry.cents - entry.paid) });
    applications.push({ from: id, to: paid.id, date, cents: entry.paid });
    paid.open = 0;
  }
  return { items, applications };
}

export async function insertAr(config: DatabaseConfig, options: ArOptions): Promise<ArSummary> {
  const started = performance.now();
  const firstYear = options.firstYear ?? 2025;
  // Migrated (and created) as a start would; the bulk writes then use their own connection.
  const database = await openDatabase(config);
  const firms = (
    await database.db
      .selectFrom('firms')
      .select('firm_id')
      .where('is_bill_to', '=', (config.kind === 'postgres' ? true : 1) as unknown as 1)
      .orderBy('firm_id')
      .execute()
  ).map((row) => row.firm_id);
  // ar_items is made by Receivables' migration (no entity): read by name, as the demo seeds do.
  const max = await schemaView(database.db).selectFrom('ar_items').select(sql<unknown>`max(item_id)`.as('m')).executeTakeFirst();
  await database.close();
  if (firms.length < 2) throw new Error('seed:large --ar: generate the firms first (at least two bill-to firms)');
  const big = Math.min(options.bigCustomerItems ?? 10_000, options.items);
  const others = firms.length - 1;
  const rest = options.items - big;
  const numbering = { n: 0 };
  let nextId = Number(max?.m ?? 0) + 1;
  const next = random(14);
  let items = 0;
  let applications = 0;

  /** Every firm's documents, firm by firm. */
  function* batches() {
    for (let f = 0; f < firms.length; f++) {
      const count = f === 0 ? big : Math.floor((rest * f) / others) - Math.floor((rest * (f - 1)) / others);
      if (count <= 0) continue;
      const documents = firmDocuments(firms[f]!, count, nextId, firstYear, next, numbering);
      nextId += count;
      yield documents;
    }
  }
  const now = new Date().toISOString();
  const actor = 'seed:large';

  if (config.kind === 'sqlite') {
    bulkLoadSqlite(config.file, (sqlite) => {
      const item = sqlite.prepare(
        `insert into ar_items (item_id, firm_id, item_type, document_no, document_date, due_date, discount_available, currency, amount, open_balance, status, description, origin_type, origin_id, created_by, created_on)
         values (?, ?, ?, ?, ?, ?, 0, 'CAD', ?, ?, ?, null, 'seed', ?, ?, ?)`,
      );
      const application = sqlite.prepare(
        `insert into ar_applications (from_item_id, to_item_id, application_date, amount, discount, origin_type, origin_id, created_by, created_on)
         values (?, ?, ?, ?, 0, 'seed', ?, ?, ?)`,
      );
      for (const documents of batches()) {
        for (const row of documents.items) {
          item.run(row.id, row.firm, row.type, row.no, row.date, row.due, row.cents, row.open, row.open === 0 ? 'Closed' : 'Open', row.no, actor, now);
          if (++items % 100_000 === 0) options.onProgress?.(items);
        }
        for (const row of documents.applications) {
          application.run(row.from, row.to, row.date, row.cents, String(row.from), actor, now);
          applications++;
        }
      }
    });
  } else {
    await bulkLoadPostgres(config.url, ['ar_items', 'ar_applications'], async (client) => {
      const BATCH = 20_000;
      const itemColumns = { id: [] as number[], firm: [] as string[], type: [] as string[], no: [] as string[], date: [] as string[], due: [] as string[], amount: [] as string[], open: [] as string[], status: [] as string[] };
      const appColumns = { from: [] as number[], to: [] as number[], date: [] as string[], amount: [] as string[] };
      const flush = async () => {
        if (itemColumns.id.length > 0) {
          await client.query(
            `insert into ar_items (item_id, firm_id, item_type, document_no, document_date, due_date, discount_available, currency, amount, open_balance, status, description, origin_type, origin_id, created_by, created_on)
             select i, f, t, n, d, du, 0, 'CAD', a::numeric(15,2), o::numeric(15,2), s, null, 'seed', n, $10, $11
             from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) as x(i, f, t, n, d, du, a, o, s)`,
            [itemColumns.id, itemColumns.firm, itemColumns.type, itemColumns.no, itemColumns.date, itemColumns.due, itemColumns.amount, itemColumns.open, itemColumns.status, actor, now],
          );
        }
        if (appColumns.from.length > 0) {
          await client.query(
            `insert into ar_applications (from_item_id, to_item_id, application_date, amount, discount, origin_type, origin_id, created_by, created_on)
             select f, t, d, a::numeric(15,2), 0, 'seed', f::text, $5, $6
             from unnest($1::int[], $2::int[], $3::text[], $4::text[]) as x(f, t, d, a)`,
            [appColumns.from, appColumns.to, appColumns.date, appColumns.amount, actor, now],
          );
        }
        for (const list of [...Object.values(itemColumns), ...Object.values(appColumns)]) list.length = 0;
      };
      for (const documents of batches()) {
        for (const row of documents.items) {
          itemColumns.id.push(row.id);
          itemColumns.firm.push(row.firm);
          itemColumns.type.push(row.type);
          itemColumns.no.push(row.no);
          itemColumns.date.push(row.date);
          itemColumns.due.push(row.due);
          itemColumns.amount.push(centsText(row.cents));
          itemColumns.open.push(centsText(row.open));
          itemColumns.status.push(row.open === 0 ? 'Closed' : 'Open');
          if (++items % 100_000 === 0) options.onProgress?.(items);
        }
        for (const row of documents.applications) {
          appColumns.from.push(row.from);
          appColumns.to.push(row.to);
          appColumns.date.push(row.date);
          appColumns.amount.push(centsText(row.cents));
          applications++;
        }
        if (itemColumns.id.length >= BATCH) await flush();
      }
      await flush();
      await client.query(`select setval(pg_get_serial_sequence('ar_items', 'item_id'), (select max(item_id) from ar_items))`);
    });
  }
  options.onProgress?.(items);
  return { items, applications, customers: firms.length, bigCustomer: firms[0]!, seconds: (performance.now() - started) / 1000 };
}
