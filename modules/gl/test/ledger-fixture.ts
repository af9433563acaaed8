/**
 * A small, known ledger for the report tests, written straight into the ledger tables (migration 0005) the
 * way the posting service leaves them: entries (signed amounts) and, in the same transaction, the
 * per-account, per-period debit and credit balances. Its accounts (8-digit ids starting 990) and fiscal years
 * (2031, 2032) stay clear of the demo data, so the tests hold whatever else the database contains.
 */
import { add, cmp, neg, type Decimal } from '@erp/shared/decimal';
import type { Kysely } from 'kysely';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { dynamicDb } from '@erp/server/db/dynamic-db';
import { flag } from '@erp/server/db/schema';
import { glDb } from '../server/tables.generated.ts';

export const FIXTURE_ACCOUNTS = [
  { account_id: '99001000', description: 'Bank — fixture', account_type: 'asset' },
  { account_id: '99001200', description: 'Receivables — fixture', account_type: 'asset' },
  { account_id: '99002100', description: 'GST/HST payable — fixture', account_type: 'liability' },
  { account_id: '99003000', description: 'Equity — fixture', account_type: 'equity' },
  { account_id: '99004000', description: '销售收入 Revenue — fixture', account_type: 'revenue' },
  { account_id: '99005000', description: 'Expenses — fixture', account_type: 'expense' },
] as const;

export interface FixtureEntry {
  date: string;
  documentNo: string;
  source: 'GL' | 'AR' | 'AP';
  description: string;
  lines: readonly (readonly [account: string, amount: Decimal])[];
}

/** Each entry balances (debits +, credits −). 2031-12 holds the opening; 2032 the year's activity. */
export const FIXTURE_ENTRIES: readonly FixtureEntry[] = [
  { date: '2031-12-20', documentNo: 'FX-0001', source: 'GL', description: 'Opening capital', lines: [['99001000', '500.00'], ['99003000', '-500.00']] },
  { date: '2032-01-15', documentNo: 'FX-0002', source: 'GL', description: 'Cash sale', lines: [['99001000', '1000.00'], ['99004000', '-1000.00']] },
  { date: '2032-02-10', documentNo: 'FX-0003', source: 'GL', description: 'Supplies', lines: [['99005000', '250.55'], ['99001000', '-250.55']] },
  {
    date: '2032-02-15',
    documentNo: 'FX-0004',
    source: 'AR',
    description: 'Invoice 4711',
    lines: [['99001200', '113.00'], ['99004000', '-100.00'], ['99002100', '-13.00']],
  },
  { date: '2032-03-05', documentNo: 'FX-0005', source: 'GL', description: 'Dime', lines: [['99001200', '0.10'], ['99004000', '-0.10']] },
  { date: '2032-03-06', documentNo: 'FX-0006', source: 'GL', description: 'Two dimes', lines: [['99001200', '0.20'], ['99004000', '-0.20']] },
  { date: '2032-03-20', documentNo: 'FX-0007', source: 'AP', description: 'Vendor bill 88', lines: [['99005000', '40.00'], ['99001000', '-40.00']] },
];

const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** Writes the fixture through any view of the database (the ledger's tables by its typed view). */
export async function insertLedgerFixture<D>(typed: Kysely<D>, entries: readonly FixtureEntry[] = FIXTURE_ENTRIES): Promise<void> {
  const db = glDb(typed);
  const now = new Date().toISOString();
  const trail = { created_by: 'test', created_on: now, updated_by: 'test', updated_on: now, version: 1 };
  await db.transaction().execute(async (trx) => {
    for (const account of FIXTURE_ACCOUNTS) {
      await trx
        .insertInto('gl_accounts')
        .values({ ...account, currency_code: 'CAD', is_postable: flag(true), is_control: flag(false), is_active: flag(true), ...trail })
        .execute();
    }
    for (const year of [2031, 2032]) {
      for (let month = 1; month <= 12; month++) {
        // The period flags of the other sub-ledgers are their modules' columns: the table by name.
        await dynamicDb(trx)
          .insertInto('fiscal_periods')
          .values({
            fiscal_year: year,
            period_no: month,
            start_date: `${year}-${String(month).padStart(2, '0')}-01`,
            end_date: monthEnd(year, month),
            closed_gl: flag(false),
            closed_ar: flag(false),
            closed_ap: flag(false),
            closed_pr: flag(false),
            ...trail,
          })
          .execute();
      }
    }
    const balances = new Map<string, { debit: Decimal; credit: Decimal }>();
    for (const entry of entries) {
      const journal = await trx
        .insertInto('gl_journals')
        .values({ journal_date: entry.date, source: entry.source, data_type: 'Actual', status: 'Open', description: entry.description, ...trail })
        .returning('journal_id')
        .executeTakeFirstOrThrow();
      const [year, month] = entry.date.split('-').map(Number) as [number, number];
      let lineNo = 0;
      for (const [account, amount] of entry.lines) {
        await trx
          .insertInto('gl_entries')
          .values({
            journal_id: journal.journal_id,
            document_no: entry.documentNo,
            line_no: ++lineNo,
            account_id: account,
            entry_date: entry.date,
            fiscal_year: year,
            period_no: month,
            source: entry.source,
            data_type: 'Actual',
            amount: decimalToDb(trx, amount, 2),
            description: entry.description,
            origin_type: 'test',
            origin_id: entry.documentNo,
            reversal_of: null,
            created_by: 'test',
            created_on: now,
          })
          .execute();
        const key = `${account}|${year}|${month}`;
        const balance = balances.get(key) ?? { debit: '0.00', credit: '0.00' };
        if (cmp(amount, '0') > 0) balance.debit = add(balance.debit, amount);
        else balance.credit = add(balance.credit, neg(amount));
        balances.set(key, balance);
      }
    }
    for (const [key, balance] of balances) {
      const [account, year, month] = key.split('|');
      await trx
        .insertInto('gl_balances')
        .values({
          account_id: String(account),
          fiscal_year: Number(year),
          period_no: Number(month),
          debit: decimalToDb(trx, balance.debit, 2),
          credit: decimalToDb(trx, balance.credit, 2),
        })
        .execute();
    }
  });
}
