/**
 * What the ledger property tests (ledger-property*.test.ts) share, so each states only its own sources:
 * - `prng(seed)`: mulberry32 — the same seed draws the same requests (their interleaving on PostgreSQL is the race
 *   under test); `cents`, `randomDate`, `plusDays`, `randomLines` draw from it;
 * - `ledgerCalls(server, token, onAnswer)`: the G/L calls every round races — a posted journal entry, a period
 *   closed for the G/L (its open journals first, §4) or reopened — and the year end of a year run in parallel
 *   with other work (`closeYearWhileRacing`), each answer handed to `onAnswer` (the tests collect the 500s);
 * - `expectLedgerInvariants(server, seed, closedYear)`: what holds after any sequence (issue 22) — debits =
 *   credits per journal and overall, stored balances = the sum of the entries per account and period, no open
 *   journal in a period closed for the G/L (but the year end's own), one closing entry in the closed year and
 *   its P&L at 0.
 */
import { add, cmp, sub, type Decimal } from '@erp/shared/decimal';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { call, type Method } from '../../../server/test/helpers/entities.ts';
import { prng, type Random } from '../../../server/test/helpers/prng.ts';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const dbOf = (server: TestServer) => server.app.erp.database.db as unknown as Kysely<any>;
export const moneyOf = (server: TestServer, raw: unknown): Decimal => decimalFromDb(server.app.erp.database.engine, raw ?? 0, 2) ?? '0.00';

export { prng, type Random };

/** A random amount of 1.00 to `max`.99. */
export const cents = (r: Random, max: number): Decimal => `${1 + r.int(max)}.${String(r.int(100)).padStart(2, '0')}`;

export function randomDate(r: Random, year: number): string {
  return `${year}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`;
}

/** `date` + `days` (ISO dates). */
export function plusDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A balanced journal entry of 2–4 lines on `accounts`, random cent amounts. */
export function randomLines(r: Random, accounts: readonly string[]): Json[] {
  const count = 2 + r.int(3);
  const lines: Json[] = [];
  let total: Decimal = '0.00';
  for (let i = 0; i < count - 1; i++) {
    const amount = cents(r, 5000);
    total = add(total, amount);
    lines.push({ AccountId: r.pick(accounts), Debit: amount });
  }
  lines.push({ AccountId: r.pick(accounts), Credit: total });
  return lines;
}

export type LedgerCalls = ReturnType<typeof ledgerCalls>;

export function ledgerCalls(server: TestServer, token: string, onAnswer: (method: Method, url: string, status: number) => void) {
  const db = () => dbOf(server);

  async function api(method: Method, url: string, body?: unknown) {
    const answer = await call(server.app, method, url, token, body);
    onAnswer(method, url, answer.statusCode);
    return answer;
  }

  /** Creates and posts a journal entry; true when it posted (a refusal is part of the game). */
  async function journalEntry(date: string, lines: Json[]): Promise<boolean> {
    const created = await api('POST', '/api/data/gl-journal-entry', { EntryDate: date, Description: 'Property', Lines: lines });
    if (created.statusCode !== 201) return false;
    const entry = created.json().Data;
    return (await api('POST', `/api/data/gl-journal-entry/${entry.EntryId}/actions/post`, { Version: entry.Version })).statusCode === 200;
  }

  async function periodOf(year: number, periodNo: number): Promise<Json> {
    const answer = await api('GET', `/api/data/accounting-period?filter.FiscalYear=${year}&SortFields=PeriodNo&PageSize=50`);
    return (answer.json().List as Json[]).find((p) => p['PeriodNo'] === periodNo)!;
  }

  /** Closes a period for the G/L: its open journals first (§4), then the flag. Refusals are part of the game. */
  async function closePeriod(year: number, periodNo: number): Promise<void> {
    const period = await periodOf(year, periodNo);
    const journals = await api('GET', `/api/data/accounting-journal?filter.Status=Open&PageSize=500`);
    for (const journal of (journals.json().List as Json[] | undefined) ?? []) {
      const date = String(journal['JournalDate']);
      if (date < period['StartDate'] || date > period['EndDate']) continue;
      await api('POST', `/api/data/accounting-journal/${journal['JournalId']}/actions/close`, { Version: journal['Version'] });
    }
    await api('PUT', `/api/data/accounting-period/${period['PeriodId']}`, { Version: period['Version'], ClosedGl: true });
  }

  async function reopenPeriod(year: number, periodNo: number): Promise<void> {
    const period = await periodOf(year, periodNo);
    await api('PUT', `/api/data/accounting-period/${period['PeriodId']}`, { Version: period['Version'], ClosedGl: false });
  }

  async function entryCount(year: number): Promise<number> {
    const row = await db().selectFrom('gl_entries').select(db().fn.countAll().as('n')).where('fiscal_year', '=', year).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  const yearState = async (year: number) =>
    ((await db().selectFrom('year_end_runs').select('state').where('fiscal_year', '=', year).executeTakeFirst()) as Json | undefined)?.['state'];

  /**
   * Closes every period of `year`, then runs `yearEnds` year-end runs of it in parallel with `racing` (other work,
   * a reopen among it). The reopen (or a document opening a journal in a reopened period) may come first and the
   * year end be refused — a legitimate outcome: then it closes again and runs the year end alone, so that what
   * follows checks a closed year.
   */
  async function closeYearWhileRacing(year: number, seed: number, yearEnds: number, racing: readonly (() => Promise<unknown>)[]): Promise<void> {
    for (let periodNo = 1; periodNo <= 12; periodNo++) await closePeriod(year, periodNo);
    const stillOpen = (await api('GET', `/api/data/accounting-period?filter.FiscalYear=${year}&PageSize=50`)).json().List.filter((p: Json) => !p['ClosedGl']);
    expect(stillOpen, `seed ${seed}`).toEqual([]);
    const close = { Parameters: { FiscalYear: year, Action: 'close' }, Items: [year] };
    const runs = Array.from({ length: yearEnds }, () => () => api('POST', '/api/processes/gl-year-end/run', close));
    await Promise.all([...runs, ...racing].map((operation) => operation()));
    if ((await yearState(year)) !== 'Closed') {
      for (let periodNo = 1; periodNo <= 12; periodNo++) await closePeriod(year, periodNo);
      const alone = await api('POST', '/api/processes/gl-year-end/run', close);
      expect(alone.statusCode, `seed ${seed}: ${alone.body}`).toBe(200);
    }
    expect(await yearState(year), `seed ${seed}`).toBe('Closed');
  }

  return { api, journalEntry, periodOf, closePeriod, reopenPeriod, entryCount, closeYearWhileRacing };
}

/** The ledger's invariants after any sequence (see the top of this file). */
export async function expectLedgerInvariants(server: TestServer, seed: number, closedYear: number): Promise<void> {
  const db = () => dbOf(server);
  const money = (raw: unknown) => moneyOf(server, raw);

  // Debits = credits per journal and overall.
  const journals = await db().selectFrom('gl_entries').select(['journal_id', db().fn.sum('amount').as('total')]).groupBy('journal_id').execute();
  for (const journal of journals as Json[]) expect(money(journal['total']), `seed ${seed}, journal ${journal['journal_id']}`).toBe('0.00');
  const overall = await db().selectFrom('gl_entries').select(db().fn.sum('amount').as('total')).executeTakeFirst();
  expect(money((overall as Json)['total']), `seed ${seed}`).toBe('0.00');

  // Stored balances = the sum of the entries, per account and period; a stored balance without entries is 0.
  const key = (row: Json) => `${row['account_id']}/${row['fiscal_year']}/${row['period_no']}`;
  const sums = (await db()
    .selectFrom('gl_entries')
    .select(['account_id', 'fiscal_year', 'period_no', db().fn.sum('amount').as('net')])
    .where('data_type', '=', 'Actual')
    .groupBy(['account_id', 'fiscal_year', 'period_no'])
    .execute()) as Json[];
  const stored = new Map(((await db().selectFrom('gl_balances').selectAll().execute()) as Json[]).map((row) => [key(row), sub(money(row['debit']), money(row['credit']))]));
  for (const row of sums) expect(stored.get(key(row)) ?? '0.00', `seed ${seed}, ${key(row)}`).toBe(money(row['net']));
  const summed = new Set(sums.map(key));
  for (const [at, net] of stored) if (!summed.has(at)) expect(net, `seed ${seed}, ${at}`).toBe('0.00');

  // No open journal dated in a period closed for the G/L — but the year end's own (source YE), which posts
  // into the closed last period by design (SCREENS.md 4.1) and keeps its journal open for its undo.
  const leaks = await db()
    .selectFrom('gl_journals as j')
    .innerJoin('fiscal_periods as p', (join) => join.onRef('j.journal_date', '>=', 'p.start_date').onRef('j.journal_date', '<=', 'p.end_date'))
    .select(['j.journal_id', 'j.journal_date', 'j.source'])
    .where('j.status', '=', 'Open')
    .where('j.source', '<>', 'YE')
    .where('p.closed_gl', '=', server.app.erp.database.engine === 'postgres' ? true : 1)
    .execute();
  expect(leaks, `seed ${seed}`).toEqual([]);

  // The closed year: one closing entry, and every revenue and expense account's balance up to its end is 0.
  const closings = await db().selectFrom('gl_entries').select('document_no').distinct().where('source', '=', 'YE').where('fiscal_year', '=', closedYear).execute();
  expect(closings.length, `seed ${seed}`).toBe(1);
  const pnl = (await db()
    .selectFrom('gl_balances as b')
    .innerJoin('gl_accounts as a', 'a.account_id', 'b.account_id')
    .select(['b.account_id', db().fn.sum('b.debit').as('d'), db().fn.sum('b.credit').as('c')])
    .where('a.account_type', 'in', ['revenue', 'expense'])
    .where('b.fiscal_year', '<=', closedYear)
    .groupBy('b.account_id')
    .execute()) as Json[];
  expect(pnl.length, `seed ${seed}: the P&L had activity`).toBeGreaterThan(1);
  for (const row of pnl) expect(cmp(money(row['d']), money(row['c'])), `seed ${seed}, account ${row['account_id']}`).toBe(0);
}
