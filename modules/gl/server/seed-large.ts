/**
 * The General Ledger part of the large-data generator (`npm run seed:large -- [firms] --ledger <entries>`,
 * large.ts) and of the ledger benchmark (scripts/bench-ledger.mjs): `insertLedger(config, options)` writes
 * `entries` posted GL entries (two-line balanced documents) into a migrated database, with their journals
 * (one per day and source), the accounts they use, the fiscal periods of the two years they fall in (when
 * missing) and the per-account, per-period balances the posting service keeps (added to any already there)
 * — as the posting service leaves the ledger, but written in bulk (the posting service checks and writes one
 * document at a time, which would take an hour for a million lines).
 *
 * Shape: 50 generated accounts `6000000` … `6000049`; `BIG_ACCOUNT` (`6000000`) gets `bigAccountEntries`
 * entries (default 100,000) and `TEN_K_ACCOUNT` (`6000001`) exactly 10,000, all dated in the second year; the
 * other entries spread over both years. Amounts are whole cents from 0.01 to 10,000.00, exact (integers).
 * Bulk paths: SQLite — one prepared statement in one transaction on a second connection to the file;
 * PostgreSQL — INSERT … SELECT FROM unnest(arrays) in batches of 20,000 rows.
 */
import { bulkLoadPostgres, bulkLoadSqlite } from '@erp/server/seed/bulk-load';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { seededRandom as random } from '@erp/server/seed/large-orders';

export const BIG_ACCOUNT = '6000000';
export const TEN_K_ACCOUNT = '6000001';
const ACCOUNTS = 50;
const TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;

export interface LedgerOptions {
  entries: number;
  /** First of the two fiscal years (calendar years); default 2023. */
  firstYear?: number;
  bigAccountEntries?: number;
  onProgress?(written: number): void;
}

export interface LedgerSummary {
  entries: number;
  documents: number;
  journals: number;
  seconds: number;
}

interface Row {
  journalDate: string;
  documentNo: string;
  lineNo: number;
  account: string;
  date: string;
  year: number;
  period: number;
  cents: number;
}

const accountId = (i: number) => String(6_000_000 + i);

/** "-123.45" from -12345 cents (integer arithmetic only). */
function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const units = Math.abs(cents);
  return `${sign}${Math.trunc(units / 100)}.${String(units % 100).padStart(2, '0')}`;
}

function isoDay(year: number, dayOfYear: number): string {
  return new Date(Date.UTC(year, 0, 1 + dayOfYear)).toISOString().slice(0, 10);
}

/** The documents in date order: each a list of two lines, debit then credit. */
function* documents(options: Required<Pick<LedgerOptions, 'entries' | 'firstYear' | 'bigAccountEntries'>>): Generator<Row[]> {
  const next = random(12);
  const total = Math.floor(options.entries / 2);
  const big = Math.min(options.bigAccountEntries, total);
  const tenK = Math.min(10_000, total - big);
  const secondYear = options.firstYear + 1;
  const daysIn = (year: number) => (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365);
  let number = 0;
  // Spread documents over days in order; each day's documents are a block.
  const plan: { year: number; day: number; kind: 'big' | 'tenK' | 'other' }[] = [];
  const others = total - big - tenK;
  const days1 = daysIn(options.firstYear);
  const days2 = daysIn(secondYear);
  const slots: [number, number, 'big' | 'tenK' | 'other'][] = [];
  for (let i = 0; i < others; i++) {
    const day = Math.floor((i / Math.max(1, others)) * (days1 + days2));
    slots.push(day < days1 ? [options.firstYear, day, 'other'] : [secondYear, day - days1, 'other']);
  }
  for (let i = 0; i < big; i++) slots.push([secondYear, Math.floor((i / Math.max(1, big)) * days2), 'big']);
  for (let i = 0; i < tenK; i++) slots.push([secondYear, Math.floor((i / Math.max(1, tenK)) * days2), 'tenK']);
  slots.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [year, day, kind] of slots) plan.push({ year, day, kind });
  slots.length = 0;
  for (const { year, day, kind } of plan) {
    const date = isoDay(year, day);
    const period = Number(date.slice(5, 7));
    const cents = 1 + Math.floor(next() * 1_000_000);
    const first = kind === 'big' ? BIG_ACCOUNT : kind === 'tenK' ? TEN_K_ACCOUNT : accountId(2 + Math.floor(next() * (ACCOUNTS - 2)));
    let second = accountId(2 + Math.floor(next() * (ACCOUNTS - 2)));
    if (second === first) second = accountId(first === accountId(2) ? 3 : 2);
    const documentNo = `LG-${String(++number).padStart(7, '0')}`;
    yield [
      { journalDate: date, documentNo, lineNo: 1, account: first, date, year, period, cents },
      { journalDate: date, documentNo, lineNo: 2, account: second, date, year, period, cents: -cents },
    ];
  }
}

const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

export async function insertLedger(config: DatabaseConfig, options: LedgerOptions): Promise<LedgerSummary> {
  const firstYear = options.firstYear ?? 2023;
  const settings = { entries: options.entries, firstYear, bigAccountEntries: options.bigAccountEntries ?? 100_000 };
  const started = performance.now();
  // Migrated (and created) as a start would; the bulk writes then use their own connection.
  const database = await openDatabase(config);
  await database.close();
  const now = new Date().toISOString();
  const trail = { created_by: 'seed:large', created_on: now, updated_by: 'seed:large', updated_on: now };
  const years = [firstYear, firstYear + 1];
  const balances = new Map<string, [number, number]>();
  let entries = 0;
  let documentsWritten = 0;
  const addBalance = (row: Row) => {
    const key = `${row.account}|${row.year}|${row.period}`;
    const value = balances.get(key) ?? [0, 0];
    if (row.cents > 0) value[0] += row.cents;
    else value[1] -= row.cents;
    balances.set(key, value);
  };

  if (config.kind === 'sqlite') {
    const journalCount = bulkLoadSqlite(config.file, (sqlite) => {
      const account = sqlite.prepare(
        `insert into gl_accounts (account_id, description, account_type, currency_code, is_postable, is_control, is_active, created_by, created_on, updated_by, updated_on, version)
         values (?, ?, ?, 'CAD', 1, 0, 1, ?, ?, ?, ?, 1) on conflict (account_id) do nothing`,
      );
      for (let i = 0; i < ACCOUNTS; i++) account.run(accountId(i), `Generated account ${i}`, TYPES[i % TYPES.length], trail.created_by, now, trail.updated_by, now);
      const period = sqlite.prepare(
        `insert into fiscal_periods (fiscal_year, period_no, start_date, end_date, closed_gl, created_by, created_on, updated_by, updated_on, version)
         values (?, ?, ?, ?, 0, ?, ?, ?, ?, 1) on conflict (fiscal_year, period_no) do nothing`,
      );
      for (const year of years) {
        for (let month = 1; month <= 12; month++) {
          period.run(year, month, `${year}-${String(month).padStart(2, '0')}-01`, monthEnd(year, month), trail.created_by, now, trail.updated_by, now);
        }
      }
      const journal = sqlite.prepare(
        `insert into gl_journals (journal_date, source, data_type, status, description, created_by, created_on, updated_by, updated_on, version)
         values (?, 'GL', 'Actual', 'Open', 'Generated', ?, ?, ?, ?, 1)`,
      );
      const entry = sqlite.prepare(
        `insert into gl_entries (journal_id, document_no, line_no, account_id, entry_date, fiscal_year, period_no, source, data_type, amount, description, origin_type, origin_id, reversal_of, created_by, created_on)
         values (?, ?, ?, ?, ?, ?, ?, 'GL', 'Actual', ?, 'Generated entry', 'seed', ?, null, ?, ?)`,
      );
      const journals = new Map<string, number | bigint>();
      for (const lines of documents(settings)) {
        for (const row of lines) {
          let journalId = journals.get(row.journalDate);
          if (journalId === undefined) {
            journalId = journal.run(row.journalDate, trail.created_by, now, trail.updated_by, now).lastInsertRowid;
            journals.set(row.journalDate, journalId);
          }
          entry.run(journalId, row.documentNo, row.lineNo, row.account, row.date, row.year, row.period, row.cents, row.documentNo, trail.created_by, now);
          addBalance(row);
          entries++;
        }
        documentsWritten++;
        if (entries % 100_000 === 0) options.onProgress?.(entries);
      }
      const balance = sqlite.prepare(
        `insert into gl_balances (account_id, fiscal_year, period_no, debit, credit) values (?, ?, ?, ?, ?)
         on conflict (account_id, fiscal_year, period_no) do update set debit = gl_balances.debit + excluded.debit, credit = gl_balances.credit + excluded.credit`,
      );
      for (const [key, [debit, credit]] of balances) {
        const [acct, year, month] = key.split('|');
        balance.run(acct, Number(year), Number(month), debit, credit);
      }
      options.onProgress?.(entries);
      return journals.size;
    });
    return { entries, documents: documentsWritten, journals: journalCount, seconds: (performance.now() - started) / 1000 };
  }

  let journalCount = 0;
  await bulkLoadPostgres(config.url, ['gl_entries', 'gl_balances'], async (client) => {
    for (let i = 0; i < ACCOUNTS; i++) {
      await client.query(
        `insert into gl_accounts (account_id, description, account_type, currency_code, is_postable, is_control, is_active, created_by, created_on, updated_by, updated_on, version)
         values ($1, $2, $3, 'CAD', true, false, true, $4, $5, $4, $5, 1) on conflict (account_id) do nothing`,
        [accountId(i), `Generated account ${i}`, TYPES[i % TYPES.length], trail.created_by, now],
      );
    }
    for (const year of years) {
      for (let month = 1; month <= 12; month++) {
        await client.query(
          `insert into fiscal_periods (fiscal_year, period_no, start_date, end_date, closed_gl, created_by, created_on, updated_by, updated_on, version)
           values ($1, $2, $3, $4, false, $5, $6, $5, $6, 1) on conflict (fiscal_year, period_no) do nothing`,
          [year, month, `${year}-${String(month).padStart(2, '0')}-01`, monthEnd(year, month), trail.created_by, now],
        );
      }
    }
    // One journal per day of the two years.
    const journalIds = new Map<string, number>();
    const days: string[] = [];
    for (const year of years) for (let d = 0; d < 366; d++) if (isoDay(year, d).startsWith(String(year))) days.push(isoDay(year, d));
    const created = await client.query<{ journal_id: number; journal_date: string }>(
      `insert into gl_journals (journal_date, source, data_type, status, description, created_by, created_on, updated_by, updated_on, version)
       select d, 'GL', 'Actual', 'Open', 'Generated', $2, $3, $2, $3, 1 from unnest($1::text[]) as d returning journal_id, journal_date`,
      [days, trail.created_by, now],
    );
    for (const row of created.rows) journalIds.set(row.journal_date, row.journal_id);
    journalCount = created.rows.length;
    const BATCH = 20_000;
    const columns = { journal: [] as number[], doc: [] as string[], line: [] as number[], account: [] as string[], date: [] as string[], year: [] as number[], period: [] as number[], amount: [] as string[] };
    const flush = async () => {
      if (columns.journal.length === 0) return;
      await client.query(
        `insert into gl_entries (journal_id, document_no, line_no, account_id, entry_date, fiscal_year, period_no, source, data_type, amount, description, origin_type, origin_id, reversal_of, created_by, created_on)
         select j, d, l, a, dt, y, p, 'GL', 'Actual', amt::numeric(15,2), 'Generated entry', 'seed', d, null, $9, $10
         from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[], $7::int[], $8::text[]) as t(j, d, l, a, dt, y, p, amt)`,
        [columns.journal, columns.doc, columns.line, columns.account, columns.date, columns.year, columns.period, columns.amount, trail.created_by, now],
      );
      for (const list of Object.values(columns)) list.length = 0;
    };
    for (const lines of documents(settings)) {
      for (const row of lines) {
        columns.journal.push(journalIds.get(row.journalDate)!);
        columns.doc.push(row.documentNo);
        columns.line.push(row.lineNo);
        columns.account.push(row.account);
        columns.date.push(row.date);
        columns.year.push(row.year);
        columns.period.push(row.period);
        columns.amount.push(centsText(row.cents));
        addBalance(row);
        entries++;
      }
      documentsWritten++;
      if (columns.journal.length >= BATCH) {
        await flush();
        if (entries % 100_000 === 0) options.onProgress?.(entries);
      }
    }
    await flush();
    for (const [key, [debit, credit]] of balances) {
      const [acct, year, month] = key.split('|');
      await client.query(
        `insert into gl_balances (account_id, fiscal_year, period_no, debit, credit) values ($1, $2, $3, $4::numeric(15,2), $5::numeric(15,2))
         on conflict (account_id, fiscal_year, period_no) do update set debit = gl_balances.debit + excluded.debit, credit = gl_balances.credit + excluded.credit`,
        [acct, Number(year), Number(month), centsText(debit), centsText(credit)],
      );
    }
  });
  options.onProgress?.(entries);
  return { entries, documents: documentsWritten, journals: journalCount, seconds: (performance.now() - started) / 1000 };
}
