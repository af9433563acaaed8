/**
 * The Accounts Payable part of the large-data generator (`npm run seed:large -- --ap <items>`, issue 24 item 7):
 * `insertAp(config, options)` writes `items` posted A/P items for the vendor firms in the database — vendor
 * invoices and the cheques that settle them — as the module's own postings leave them, in bulk, one transaction
 * (server/src/seed/bulk-load.ts):
 * - each invoice: its document (ap_invoices: Posted while open, Paid when settled; terms NET30, ship-to ON, the
 *   first CAD bank, no lines) and its A/P item (ap_items, origin ap-invoice, signed amount, open balance cache);
 * - each payment: its cheque (ap_cheques, Open, numbered from the bank's sequence; ap_cheque_numbers keeps the
 *   number used, ap_bank_sequences moves past it), its A/P item (origin ap-cheque) and its application
 *   (ap_applications) to the invoice it pays — what modules/ap/documents/payment/server/payments.ts `payVendor` writes.
 *
 * NOT written: the G/L postings and the invoice lines — the generated data is for measuring the A/P reports
 * (aged trial balance, account inquiry, unapplied debits), the payments queue and payment runs (scripts/
 * bench-ap.mjs); the equality of the aged trial balance with the payables control account is proven on real
 * postings by modules/ap/documents/payment/payment.test.ts and on the demo data by its seed.
 *
 * Shape (deterministic): the items spread evenly over the vendors, per vendor in date order over two years
 * from `firstYear` (default 2025): invoices of 25.00 … 25,000.00 due 30 days later, 90 % of them paid in full
 * by a cheque 20 … 60 days later when that day falls within the two years. Ids and cheque numbers are assigned
 * here (after the highest present); PostgreSQL's sequences are moved past them at the end.
 */
import { bulkLoadPostgres, bulkLoadSqlite } from '@erp/server/seed/bulk-load';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { schemaView, type SeedDb } from '@erp/server/db/migration-db';
import { sql } from 'kysely';
import { INVOICE_ORIGIN } from './subledger.ts';
import { seededRandom as random } from '@erp/server/seed/large-orders';

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
  /** The document: an invoice's invoice_id, a payment's cheque_id (and its number). */
  doc: number;
  chequeNo: number | null;
}

interface Counters {
  item: number;
  invoice: number;
  cheque: number;
  chequeNo: number;
  numbering: number;
}

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function centsText(cents: number): string {
  const units = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(units / 100)}.${String(units % 100).padStart(2, '0')}`;
}

/** One vendor's `count` items (module header), their documents and applications; `next` ids from `ids`. */
function vendorDocuments(firm: string, count: number, firstYear: number, next: () => number, ids: Counters) {
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
  const items: ItemRow[] = [];
  const applications: { from: number; to: number; date: string; cents: number; cheque: number }[] = [];
  const invoices = new Map<number, ItemRow>();
  for (const plannedIndex of order) {
    const entry = planned[plannedIndex]!;
    const id = ids.item++;
    const date = isoDate(start + entry.day * DAY);
    const no = String(++ids.numbering).padStart(8, '0');
    if (entry.invoice === null) {
      const invoice: ItemRow = { id, firm, type: 'Invoice', no: `LAP-${no}`, date, due: isoDate(start + (entry.day + 30) * DAY), cents: entry.cents, open: entry.cents, doc: ids.invoice++, chequeNo: null };
      items.push(invoice);
      invoices.set(plannedIndex, invoice);
      continue;
    }
    const paid = invoices.get(entry.invoice)!;
    const chequeNo = ids.chequeNo++;
    const cheque = ids.cheque++;
    items.push({ id, firm, type: 'Payment', no: `CHQ${chequeNo}`, date, due: date, cents: -entry.cents, open: 0, doc: cheque, chequeNo });
    applications.push({ from: id, to: paid.id, date, cents: entry.cents, cheque });
    paid.open = 0;
  }
  return { items, applications };
}

async function highest(db: SeedDb, table: string, column: string): Promise<number> {
  const row = await db.selectFrom(table).select(sql<unknown>`max(${sql.ref(column)})`.as('m')).executeTakeFirst();
  return Number(row?.m ?? 0);
}

export async function insertAp(config: DatabaseConfig, options: ApLargeOptions): Promise<{ items: number; applications: number; invoices: number; cheques: number; vendors: number; seconds: number }> {
  const started = performance.now();
  const firstYear = options.firstYear ?? 2025;
  const database = await openDatabase(config);
  // Bulk rows by table name, as the demo seeds write them.
  const db = schemaView(database.db);
  const vendorRows = (await db
    .selectFrom('firms')
    .select(['firm_id', 'name'])
    .where('is_vendor', '=', config.kind === 'postgres' ? true : 1)
    .orderBy('firm_id')
    .execute()) as { firm_id: string; name: string | null }[];
  const bank = (await db.selectFrom('bank_accounts').select('bank_account_id').where('currency_code', '=', 'CAD').orderBy('bank_account_id').limit(1).executeTakeFirst()) as { bank_account_id: string } | undefined;
  const sequence = bank ? ((await db.selectFrom('ap_bank_sequences').select('next_cheque_no').where('bank_account_id', '=', bank.bank_account_id).executeTakeFirst()) as { next_cheque_no: number } | undefined) : undefined;
  const ids: Counters = {
    item: (await highest(db, 'ap_items', 'item_id')) + 1,
    invoice: (await highest(db, 'ap_invoices', 'invoice_id')) + 1,
    cheque: (await highest(db, 'ap_cheques', 'cheque_id')) + 1,
    chequeNo: Math.max(Number(sequence?.next_cheque_no ?? 1001), (await highest(db, 'ap_cheque_numbers', 'cheque_no')) + 1),
    numbering: 0,
  };
  await database.close();
  if (vendorRows.length === 0) throw new Error('seed:large --ap: no vendor firms (start the server once for the demo vendors)');
  if (!bank) throw new Error('seed:large --ap: no CAD bank account (start the server once for the demo banks)');
  const bankId = bank.bank_account_id;
  const names = new Map(vendorRows.map((row) => [row.firm_id, row.name ?? row.firm_id]));
  const vendors = vendorRows.map((row) => row.firm_id);
  const next = random(24);
  const counts = { items: 0, applications: 0, invoices: 0, cheques: 0 };
  function* batches() {
    for (let v = 0; v < vendors.length; v++) {
      const count = Math.floor((options.items * (v + 1)) / vendors.length) - Math.floor((options.items * v) / vendors.length);
      if (count <= 0) continue;
      yield vendorDocuments(vendors[v]!, count, firstYear, next, ids);
    }
  }
  const now = new Date().toISOString();
  const actor = 'seed:large';
  // The last 90 days' cheques are still Open (outstanding); older ones have cleared the bank.
  const clearedBefore = isoDate(Date.UTC(firstYear + 2, 0, 1) - 90 * DAY);
  const chequeStatus = (date: string) => (date < clearedBefore ? 'Cleared' : 'Open');
  const progress = () => {
    if (++counts.items % 100_000 === 0) options.onProgress?.(counts.items);
  };
  if (config.kind === 'sqlite') {
    bulkLoadSqlite(config.file, (sqlite) => {
      const item = sqlite.prepare(
        `insert into ap_items (item_id, firm_id, item_type, document_no, vendor_doc_no, document_date, due_date, discount_available, amount, open_balance, status, origin_type, origin_id, created_by, created_on)
         values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const invoice = sqlite.prepare(
        `insert into ap_invoices (invoice_id, document_no, status, document_type, vendor_id, vendor_name, transaction_date, vendor_doc_no, doc_date, amount, terms_code, ship_to_state, bank_account_id, currency, due_date, discount_available, sub_total, tax_total, remaining, variance, balance, created_by, created_on, updated_by, updated_on, version)
         values (?, ?, ?, 'Invoice', ?, ?, ?, ?, ?, ?, 'NET30', 'ON', ?, 'CAD', ?, 0, ?, 0, 0, 0, ?, ?, ?, ?, ?, 1)`,
      );
      const cheque = sqlite.prepare(
        `insert into ap_cheques (cheque_id, bank_account_id, cheque_no, payment_method, status, payment_date, vendor_id, vendor_name, amount, discount, created_by, created_on, updated_by, updated_on, version)
         values (?, ?, ?, 'Cheque', ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 1)`,
      );
      const number = sqlite.prepare(`insert into ap_cheque_numbers (bank_account_id, cheque_no, cheque_id) values (?, ?, ?)`);
      const application = sqlite.prepare(
        `insert into ap_applications (from_item_id, to_item_id, application_date, amount, discount, origin_type, origin_id, created_by, created_on) values (?, ?, ?, ?, 0, 'ap-cheque', ?, ?, ?)`,
      );
      for (const documents of batches()) {
        for (const row of documents.items) {
          const status = row.open === 0 ? 'Closed' : 'Open';
          if (row.type === 'Invoice') {
            item.run(row.id, row.firm, row.type, row.no, row.no, row.date, row.due, row.cents, row.open, status, INVOICE_ORIGIN, String(row.doc), actor, now);
            invoice.run(row.doc, row.no, row.open === 0 ? 'Paid' : 'Posted', row.firm, names.get(row.firm), row.date, row.no, row.date, row.cents, bankId, row.due, row.cents, row.open, actor, now, actor, now);
            counts.invoices++;
          } else {
            item.run(row.id, row.firm, row.type, row.no, null, row.date, row.due, row.cents, row.open, status, 'ap-cheque', String(row.doc), actor, now);
            cheque.run(row.doc, bankId, row.chequeNo, chequeStatus(row.date), row.date, row.firm, names.get(row.firm), -row.cents, actor, now, actor, now);
            number.run(bankId, row.chequeNo, row.doc);
            counts.cheques++;
          }
          progress();
        }
        for (const row of documents.applications) {
          application.run(row.from, row.to, row.date, row.cents, String(row.cheque), actor, now);
          counts.applications++;
        }
      }
      sqlite.prepare(`insert into ap_bank_sequences (bank_account_id, next_cheque_no, next_eft_file_no) values (?, ?, 1) on conflict (bank_account_id) do update set next_cheque_no = excluded.next_cheque_no`).run(bankId, ids.chequeNo);
    });
  } else {
    await bulkLoadPostgres(config.url, ['ap_items', 'ap_applications', 'ap_invoices', 'ap_cheques', 'ap_cheque_numbers'], async (client) => {
      const items = { id: [] as number[], firm: [] as string[], type: [] as string[], no: [] as string[], vdoc: [] as (string | null)[], date: [] as string[], due: [] as string[], amount: [] as string[], open: [] as string[], status: [] as string[], origin: [] as string[], originId: [] as string[] };
      const invoices = { id: [] as number[], no: [] as string[], status: [] as string[], firm: [] as string[], name: [] as string[], date: [] as string[], due: [] as string[], amount: [] as string[], open: [] as string[] };
      const cheques = { id: [] as number[], no: [] as number[], status: [] as string[], date: [] as string[], firm: [] as string[], name: [] as string[], amount: [] as string[] };
      const apps = { from: [] as number[], to: [] as number[], date: [] as string[], amount: [] as string[], cheque: [] as string[] };
      const flush = async () => {
        if (items.id.length > 0) {
          await client.query(
            `insert into ap_items (item_id, firm_id, item_type, document_no, vendor_doc_no, document_date, due_date, discount_available, amount, open_balance, status, origin_type, origin_id, created_by, created_on)
             select i, f, t, n, v, d, du, 0, a::numeric(15,2), o::numeric(15,2), s, og, oi, $13, $14
             from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[]) as x(i, f, t, n, v, d, du, a, o, s, og, oi)`,
            [items.id, items.firm, items.type, items.no, items.vdoc, items.date, items.due, items.amount, items.open, items.status, items.origin, items.originId, actor, now],
          );
        }
        if (invoices.id.length > 0) {
          await client.query(
            `insert into ap_invoices (invoice_id, document_no, status, document_type, vendor_id, vendor_name, transaction_date, vendor_doc_no, doc_date, amount, terms_code, ship_to_state, bank_account_id, currency, due_date, discount_available, sub_total, tax_total, remaining, variance, balance, created_by, created_on, updated_by, updated_on, version)
             select i, n, s, 'Invoice', f, nm, d, n, d, a::numeric(15,2), 'NET30', 'ON', $10, 'CAD', du, 0, a::numeric(15,2), 0, 0, 0, o::numeric(15,2), $11, $12, $11, $12, 1
             from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) as x(i, n, s, f, nm, d, du, a, o)`,
            [invoices.id, invoices.no, invoices.status, invoices.firm, invoices.name, invoices.date, invoices.due, invoices.amount, invoices.open, bankId, actor, now],
          );
        }
        if (cheques.id.length > 0) {
          await client.query(
            `insert into ap_cheques (cheque_id, bank_account_id, cheque_no, payment_method, status, payment_date, vendor_id, vendor_name, amount, discount, created_by, created_on, updated_by, updated_on, version)
             select i, $8, c, 'Cheque', s, d, f, nm, a::numeric(15,2), 0, $9, $10, $9, $10, 1
             from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as x(i, c, s, d, f, nm, a)`,
            [cheques.id, cheques.no, cheques.status, cheques.date, cheques.firm, cheques.name, cheques.amount, bankId, actor, now],
          );
          await client.query(`insert into ap_cheque_numbers (bank_account_id, cheque_no, cheque_id) select $3, c, i from unnest($1::int[], $2::int[]) as x(i, c)`, [cheques.id, cheques.no, bankId]);
        }
        if (apps.from.length > 0) {
          await client.query(
            `insert into ap_applications (from_item_id, to_item_id, application_date, amount, discount, origin_type, origin_id, created_by, created_on)
             select f, t, d, a::numeric(15,2), 0, 'ap-cheque', c, $6, $7 from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[]) as x(f, t, d, a, c)`,
            [apps.from, apps.to, apps.date, apps.amount, apps.cheque, actor, now],
          );
        }
        for (const list of [...Object.values(items), ...Object.values(invoices), ...Object.values(cheques), ...Object.values(apps)]) list.length = 0;
      };
      for (const documents of batches()) {
        for (const row of documents.items) {
          const invoice = row.type === 'Invoice';
          items.id.push(row.id);
          items.firm.push(row.firm);
          items.type.push(row.type);
          items.no.push(row.no);
          items.vdoc.push(invoice ? row.no : null);
          items.date.push(row.date);
          items.due.push(row.due);
          items.amount.push(centsText(row.cents));
          items.open.push(centsText(row.open));
          items.status.push(row.open === 0 ? 'Closed' : 'Open');
          items.origin.push(invoice ? INVOICE_ORIGIN : 'ap-cheque');
          items.originId.push(String(row.doc));
          if (invoice) {
            invoices.id.push(row.doc);
            invoices.no.push(row.no);
            invoices.status.push(row.open === 0 ? 'Paid' : 'Posted');
            invoices.firm.push(row.firm);
            invoices.name.push(names.get(row.firm)!);
            invoices.date.push(row.date);
            invoices.due.push(row.due);
            invoices.amount.push(centsText(row.cents));
            invoices.open.push(centsText(row.open));
            counts.invoices++;
          } else {
            cheques.id.push(row.doc);
            cheques.no.push(row.chequeNo!);
            cheques.status.push(chequeStatus(row.date));
            cheques.date.push(row.date);
            cheques.firm.push(row.firm);
            cheques.name.push(names.get(row.firm)!);
            cheques.amount.push(centsText(-row.cents));
            counts.cheques++;
          }
          progress();
        }
        for (const row of documents.applications) {
          apps.from.push(row.from);
          apps.to.push(row.to);
          apps.date.push(row.date);
          apps.amount.push(centsText(row.cents));
          apps.cheque.push(String(row.cheque));
          counts.applications++;
        }
        if (items.id.length >= 20_000) await flush();
      }
      await flush();
      await client.query(`insert into ap_bank_sequences (bank_account_id, next_cheque_no, next_eft_file_no) values ($1, $2, 1) on conflict (bank_account_id) do update set next_cheque_no = excluded.next_cheque_no`, [bankId, ids.chequeNo]);
      for (const [table, column] of [['ap_items', 'item_id'], ['ap_invoices', 'invoice_id'], ['ap_cheques', 'cheque_id']] as const) {
        await client.query(`select setval(pg_get_serial_sequence('${table}', '${column}'), (select max(${column}) from ${table}))`);
      }
    });
  }
  options.onProgress?.(counts.items);
  return { ...counts, vendors: vendors.length, seconds: (performance.now() - started) / 1000 };
}
