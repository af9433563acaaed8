/**
 * The Accounts Payable part of the large-data generator (`npm run seed:large -- --ap <items>`, issue 24 item 7):
 * `insertAp(config, options)` writes `items` posted A/P items (ap_items: vendor invoices and the payments that
 * settle them) with their applications (ap_applications) for the vendor firms in the database, as the A/P
 * sub-ledger leaves them (modules/ap/server/subledger.ts: signed amounts, open balance cache, Open/Closed) — in
 * bulk, one transaction (server/src/seed/bulk-load.ts).
 *
 * NOT written: the documents (ap_invoices) and the G/L postings — the generated sub-ledger is for measuring the
 * A/P reports (aged trial balance, account inquiry, unapplied debits); their equality with the payables control
 * account is proven on real postings by modules/ap/test/payables.test.ts and on the demo data by its seed.
 *
 * Shape (deterministic): the items spread evenly over the vendors, per vendor in date order over two years
 * from `firstYear` (default 2025): invoices of 25.00 … 25,000.00 due 30 days later, 90 % of them paid in full
 * by a payment 20 … 60 days later when that day falls within the two years. Item ids are assigned here (after
 * the highest present); PostgreSQL's sequence is moved past them at the end.
 */
import { bulkLoadPostgres, bulkLoadSqlite } from '@erp/server/seed/bulk-load';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';

export interface ApLargeOptions {
  items: number;
  firstYear?: number;
  onProgress?(written: number): void;
}

interface ItemRow {
  id: number;
  firm: string;
  type: 'Invoice' | 'Payment';
  no: string;
  date: string;
  due: string;
  cents: number;
  open: number;
}

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function centsText(cents: number): string {
  const units = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(units / 100)}.${String(units % 100).padStart(2, '0')}`;
}

/** One vendor's `count` items (module header) and their applications. */
function vendorDocuments(firm: string, count: number, firstId: number, firstYear: number, next: () => number, numbering: { n: number }) {
  const start = Date.UTC(firstYear, 0, 1);
  const lastDay = (Date.UTC(firstYear + 2, 0, 1) - start) / DAY - 1;
  const planned: { day: number; invoice: number | null; cents: number }[] = [];
  while (planned.length < count) {
    const day = Math.floor(next() * (lastDay + 1));
    const cents = 2500 + Math.floor(next() * 2_497_500);
    const index = planned.length;
    planned.push({ day, invoice: null, cents });
    const payDay = day + 20 + Math.floor(next() * 41);
    if (planned.length < count && next() < 0.9 && payDay <= lastDay) planned.push({ day: payDay, invoice: index, cents });
  }
  const order = planned.map((_, i) => i).sort((a, b) => planned[a]!.day - planned[b]!.day || a - b);
  const idOf = new Map(order.map((plannedIndex, position) => [plannedIndex, firstId + position]));
  const items: ItemRow[] = [];
  const applications: { from: number; to: number; date: string; cents: number }[] = [];
  const invoices = new Map<number, ItemRow>();
  for (const plannedIndex of order) {
    const entry = planned[plannedIndex]!;
    const id = idOf.get(plannedIndex)!;
    const date = isoDate(start + entry.day * DAY);
    const no = String(++numbering.n).padStart(8, '0');
    if (entry.invoice === null) {
      const invoice: ItemRow = { id, firm, type: 'Invoice', no: `LAP-${no}`, date, due: isoDate(start + (entry.day + 30) * DAY), cents: entry.cents, open: entry.cents };
      items.push(invoice);
      invoices.set(plannedIndex, invoice);
      continue;
    }
    const paid = invoices.get(entry.invoice)!;
    items.push({ id, firm, type: 'Payment', no: `LPY-${no}`, date, due: date, cents: -entry.cents, open: 0 });
    applications.push({ from: id, to: paid.id, date, cents: entry.cents });
    paid.open = 0;
  }
  return { items, applications };
}

export async function insertAp(config: DatabaseConfig, options: ApLargeOptions): Promise<{ items: number; applications: number; vendors: number; seconds: number }> {
  const started = performance.now();
  const firstYear = options.firstYear ?? 2025;
  const database = await openDatabase(config);
  const vendors = (
    await database.db
      .selectFrom('firms')
      .select('firm_id')
      .where('is_vendor', '=', (config.kind === 'postgres' ? true : 1) as unknown as 1)
      .orderBy('firm_id')
      .execute()
  ).map((row) => row.firm_id);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const max = (await (database.db as any).selectFrom('ap_items').select((eb: any) => eb.fn.max('item_id').as('m')).executeTakeFirst()) as { m: unknown } | undefined;
  await database.close();
  if (vendors.length === 0) throw new Error('seed:large --ap: no vendor firms (start the server once for the demo vendors)');
  let nextId = Number(max?.m ?? 0) + 1;
  const next = random(24);
  const numbering = { n: 0 };
  let items = 0;
  let applications = 0;
  function* batches() {
    for (let v = 0; v < vendors.length; v++) {
      const count = Math.floor((options.items * (v + 1)) / vendors.length) - Math.floor((options.items * v) / vendors.length);
      if (count <= 0) continue;
      const documents = vendorDocuments(vendors[v]!, count, nextId, firstYear, next, numbering);
      nextId += count;
      yield documents;
    }
  }
  const now = new Date().toISOString();
  const actor = 'seed:large';
  if (config.kind === 'sqlite') {
    bulkLoadSqlite(config.file, (sqlite) => {
      const item = sqlite.prepare(
        `insert into ap_items (item_id, firm_id, item_type, document_no, vendor_doc_no, document_date, due_date, discount_available, amount, open_balance, status, origin_type, origin_id, created_by, created_on)
         values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, 'seed', ?, ?, ?)`,
      );
      const application = sqlite.prepare(
        `insert into ap_applications (from_item_id, to_item_id, application_date, amount, discount, origin_type, origin_id, created_by, created_on) values (?, ?, ?, ?, 0, 'seed', ?, ?, ?)`,
      );
      for (const documents of batches()) {
        for (const row of documents.items) {
          item.run(row.id, row.firm, row.type, row.no, row.no, row.date, row.due, row.cents, row.open, row.open === 0 ? 'Closed' : 'Open', row.no, actor, now);
          if (++items % 100_000 === 0) options.onProgress?.(items);
        }
        for (const row of documents.applications) {
          application.run(row.from, row.to, row.date, row.cents, String(row.from), actor, now);
          applications++;
        }
      }
    });
  } else {
    await bulkLoadPostgres(config.url, ['ap_items', 'ap_applications'], async (client) => {
      const cols = { id: [] as number[], firm: [] as string[], type: [] as string[], no: [] as string[], date: [] as string[], due: [] as string[], amount: [] as string[], open: [] as string[], status: [] as string[] };
      const apps = { from: [] as number[], to: [] as number[], date: [] as string[], amount: [] as string[] };
      const flush = async () => {
        if (cols.id.length > 0) {
          await client.query(
            `insert into ap_items (item_id, firm_id, item_type, document_no, vendor_doc_no, document_date, due_date, discount_available, amount, open_balance, status, origin_type, origin_id, created_by, created_on)
             select i, f, t, n, n, d, du, 0, a::numeric(15,2), o::numeric(15,2), s, 'seed', n, $10, $11
             from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) as x(i, f, t, n, d, du, a, o, s)`,
            [cols.id, cols.firm, cols.type, cols.no, cols.date, cols.due, cols.amount, cols.open, cols.status, actor, now],
          );
        }
        if (apps.from.length > 0) {
          await client.query(
            `insert into ap_applications (from_item_id, to_item_id, application_date, amount, discount, origin_type, origin_id, created_by, created_on)
             select f, t, d, a::numeric(15,2), 0, 'seed', f::text, $5, $6 from unnest($1::int[], $2::int[], $3::text[], $4::text[]) as x(f, t, d, a)`,
            [apps.from, apps.to, apps.date, apps.amount, actor, now],
          );
        }
        for (const list of [...Object.values(cols), ...Object.values(apps)]) list.length = 0;
      };
      for (const documents of batches()) {
        for (const row of documents.items) {
          cols.id.push(row.id);
          cols.firm.push(row.firm);
          cols.type.push(row.type);
          cols.no.push(row.no);
          cols.date.push(row.date);
          cols.due.push(row.due);
          cols.amount.push(centsText(row.cents));
          cols.open.push(centsText(row.open));
          cols.status.push(row.open === 0 ? 'Closed' : 'Open');
          if (++items % 100_000 === 0) options.onProgress?.(items);
        }
        for (const row of documents.applications) {
          apps.from.push(row.from);
          apps.to.push(row.to);
          apps.date.push(row.date);
          apps.amount.push(centsText(row.cents));
          applications++;
        }
        if (cols.id.length >= 20_000) await flush();
      }
      await flush();
      await client.query(`select setval(pg_get_serial_sequence('ap_items', 'item_id'), (select max(item_id) from ap_items))`);
    });
  }
  options.onProgress?.(items);
  return { items, applications, vendors: vendors.length, seconds: (performance.now() - started) / 1000 };
}
