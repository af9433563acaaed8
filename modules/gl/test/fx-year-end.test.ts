/**
 * Foreign exchange revaluation and GL year end (issue 13 items 2 and 3; modules/gl/server/fx-revaluation/,
 * modules/gl/server/year-end/), on SQLite and PostgreSQL, through the process routes:
 * - revaluation: the preview shows the USD account's foreign balance, booked CAD, revalued CAD and the
 *   gain; the run posts it at period end and its reversal on the next period's first day; the trial balance
 *   after the reversal equals the one before; a missing rate / closed period refuses;
 * - year end: refused while a period is open; the run zeroes revenue and expense into retained earnings
 *   (up by the net income) in one YE entry, so the next year's trial balance shows P&L at 0; undo reverses it;
 *   undo is refused while the next year is closed; a lock forbids undo; malformed input is 4xx.
 * Periods are closed in the test's setup by writing the flag directly (closing a period through its action is
 * tested in gl-ledger.test.ts).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
/** The ledger tables are not in the typed schema: untyped access for the test's setup and checks. */
const ledgerDb = () => server.app.erp.database.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
// The revaluation's year comes after the year-end years: its exchange gain is P&L activity, and years close in
// order (issue 22).
const FX_YEAR = 2047;
const YE_YEAR = 2039;

async function postEntry(date: string, lines: Json[], description: string): Promise<void> {
  const created = await post('/api/data/gl-journal-entry', { EntryDate: date, Description: description, Lines: lines });
  expect(created.statusCode, created.body).toBe(201);
  const entry = created.json().Data;
  const posted = await post(`/api/data/gl-journal-entry/${entry.EntryId}/actions/post`, { Version: entry.Version });
  expect(posted.statusCode, posted.body).toBe(200);
}

/** Account → [Debit, Credit] closing balances of the trial balance over a date range. */
async function trialBalance(start: string, end: string): Promise<Map<string, [string, string]>> {
  const response = await post('/api/reports/gl-trial-balance/run', { Parameters: { StartDate: start, EndDate: end } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { List: Json[]; Totals: Json };
  expect(body.Totals['Debit']).toBe(body.Totals['Credit']);
  // Accounts with activity but a zero closing balance are left out: only balances are compared.
  const pairs = body.List.map((row) => [String(row['AccountId']), [String(row['Debit']), String(row['Credit'])]] as [string, [string, string]]);
  return new Map(pairs.filter(([, [debit, credit]]) => debit !== '0.00' || credit !== '0.00'));
}

async function closeYearPeriods(year: number, closed: boolean): Promise<void> {
  await ledgerDb().updateTable('fiscal_periods').set({ closed_gl: closed ? 1 : 0 } as never).where('fiscal_year', '=', year).execute();
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  for (const account of [
    { AccountId: '71010', Description: 'FX test bank (USD)', AccountType: 'asset', CurrencyCode: 'USD' },
    { AccountId: '71000', Description: 'FX test bank (CAD)', AccountType: 'asset' },
    { AccountId: '74000', Description: 'Year-end test revenue', AccountType: 'revenue' },
    { AccountId: '76000', Description: 'Year-end test expense', AccountType: 'expense' },
  ]) {
    const created = await post('/api/data/gl-account', account);
    expect(created.statusCode, created.body).toBe(201);
  }
  for (const year of [FX_YEAR, YE_YEAR, YE_YEAR + 1]) expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: year })).statusCode).toBe(201);
  for (const [date, rate] of [[`${FX_YEAR}-01-01`, '1.300000'], [`${FX_YEAR}-01-20`, '1.320000'], [`${FX_YEAR}-01-31`, '1.350000']] as const) {
    const created = await post('/api/data/foreign-exchange', { FromCurrency: 'USD', ToCurrency: 'CAD', EffectiveDate: date, Rate: rate, Fluctuation: '0.00' });
    expect(created.statusCode, created.body).toBe(201);
  }
  // USD 1,000.00 in at 1.30 (CAD 1,300.00) and USD 200.00 in at 1.32 (CAD 264.00): USD 1,200.00, CAD 1,564.00.
  await postEntry(`${FX_YEAR}-01-15`, [{ AccountId: '71010', Debit: '1300.00' }, { AccountId: '71000', Credit: '1300.00' }], 'USD deposit');
  await postEntry(`${FX_YEAR}-01-25`, [{ AccountId: '71010', Debit: '264.00' }, { AccountId: '71000', Credit: '264.00' }], 'USD deposit 2');
});

afterAll(async () => {
  await server?.stop();
});

describe('foreign exchange revaluation', () => {
  const PARAMS = { RevaluationDate: `${FX_YEAR}-01-31` };

  it('previews, posts the unrealized gain at period end with its reversal, and leaves the trial balance as before', async () => {
    const preview = await post('/api/processes/gl-fx-revaluation/preview', { Parameters: PARAMS });
    expect(preview.statusCode, preview.body).toBe(200);
    const row = (preview.json().List as Json[]).find((r) => r['AccountId'] === '71010');
    // USD 1,200.00 × 1.35 = CAD 1,620.00; booked 1,564.00 → a gain of 56.00.
    expect(row).toMatchObject({
      Currency: 'USD',
      ForeignBalance: '1200.00',
      BookedBalance: '1564.00',
      Rate: '1.350000',
      RevaluedBalance: '1620.00',
      GainLoss: '56.00',
      PostingDate: `${FX_YEAR}-01-31`,
      ReversalDate: `${FX_YEAR}-02-01`,
    });

    const before = await trialBalance(`${FX_YEAR}-01-01`, `${FX_YEAR}-02-28`);
    const run = await post('/api/processes/gl-fx-revaluation/run', { Parameters: PARAMS, Items: ['71010'] });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().List[0]).toMatchObject({ ResultStatus: 1, ResultCode: 'posted', EntityId: `FX${FX_YEAR}0131-71010` });

    // At period end the account shows the revalued CAD; from the next period on, the reversal undoes it.
    const atEnd = await trialBalance(`${FX_YEAR}-01-01`, `${FX_YEAR}-01-31`);
    expect(atEnd.get('71010')).toEqual(['1620.00', '0.00']);
    const after = await trialBalance(`${FX_YEAR}-01-01`, `${FX_YEAR}-02-28`);
    expect(after).toEqual(before);

    // The entries: source FX, the gain against the integration's exchange account, the reversal dated 02-01.
    const db = ledgerDb();
    const entries = await db.selectFrom('gl_entries').select(['document_no', 'entry_date', 'source', 'account_id', 'reversal_of']).where('document_no', 'like', `FX${FX_YEAR}%`).orderBy('entry_id').execute();
    expect(entries.map((e: Json) => [e['document_no'], e['entry_date'], e['source'], e['reversal_of']])).toEqual([
      [`FX${FX_YEAR}0131-71010`, `${FX_YEAR}-01-31`, 'FX', null],
      [`FX${FX_YEAR}0131-71010`, `${FX_YEAR}-01-31`, 'FX', null],
      [`FX${FX_YEAR}0131-71010-R`, `${FX_YEAR}-02-01`, 'FX', `FX${FX_YEAR}0131-71010`],
      [`FX${FX_YEAR}0131-71010-R`, `${FX_YEAR}-02-01`, 'FX', `FX${FX_YEAR}0131-71010`],
    ]);

    // Run again: the booked balance already holds the revaluation, nothing is left to post.
    const again = (await post('/api/processes/gl-fx-revaluation/preview', { Parameters: PARAMS })).json();
    expect((again.List as Json[]).find((r) => r['AccountId'] === '71010')).toMatchObject({ BookedBalance: '1620.00', GainLoss: '0.00' });
  });

  it('refuses a date in a closed period, a date without a period, a date before any rate, malformed input', async () => {
    const db = ledgerDb();
    await db.updateTable('fiscal_periods').set({ closed_gl: 1 } as never).where('fiscal_year', '=', FX_YEAR).where('period_no', '=', 3).execute();
    try {
      const closed = await post('/api/processes/gl-fx-revaluation/preview', { Parameters: { RevaluationDate: `${FX_YEAR}-03-15` } });
      expect(closed.statusCode).toBe(400);
      expect(closed.json().Message).toBe(`Period is closed (G/L): period 3 of fiscal year ${FX_YEAR} (Mar 1, ${FX_YEAR} to Mar 31, ${FX_YEAR})`);
    } finally {
      await db.updateTable('fiscal_periods').set({ closed_gl: 0 } as never).where('fiscal_year', '=', FX_YEAR).where('period_no', '=', 3).execute();
    }
    const missing = await post('/api/processes/gl-fx-revaluation/preview', { Parameters: { RevaluationDate: '2091-05-31' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Message).toBe('Accounting period does not exist.');
    for (const body of [{ Parameters: {} }, { Parameters: { RevaluationDate: 'soon' } }, { Parameters: PARAMS, Items: [{}] }, {}]) {
      const response = await post('/api/processes/gl-fx-revaluation/run', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ ResultStatus: 2, Message: expect.any(String) });
    }
  });
});

describe('GL year end', () => {
  const close = { FiscalYear: YE_YEAR, Action: 'close' };

  it('is refused while a period is open, then closes P&L into retained earnings; undo reverses; lock is final', async () => {
    await postEntry(`${YE_YEAR}-06-10`, [{ AccountId: '71000', Debit: '5000.00' }, { AccountId: '74000', Credit: '5000.00' }], 'Sale');
    await postEntry(`${YE_YEAR}-07-10`, [{ AccountId: '76000', Debit: '1250.25' }, { AccountId: '71000', Credit: '1250.25' }], 'Expense');

    const refused = await post('/api/processes/gl-year-end/preview', { Parameters: close });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(`Every G/L period of fiscal year ${YE_YEAR} must be closed first (12 still open).`);
    const refusedRun = await post('/api/processes/gl-year-end/run', { Parameters: close, Items: [YE_YEAR] });
    expect(refusedRun.statusCode).toBe(400);

    await closeYearPeriods(YE_YEAR, true);
    const retainedBefore = (await trialBalance(`${YE_YEAR + 1}-01-01`, `${YE_YEAR + 1}-01-31`)).get('3200') ?? ['0.00', '0.00'];
    const preview = (await post('/api/processes/gl-year-end/preview', { Parameters: close })).json();
    expect(preview.List).toHaveLength(1);
    expect(preview.List[0]).toMatchObject({ FiscalYear: YE_YEAR, State: 'Open', OpenPeriods: 0, RetainedEarnings: '3200', YearEndDate: `${YE_YEAR}-12-31` });
    const netIncome = preview.List[0].NetIncome as string;

    const run = await post('/api/processes/gl-year-end/run', { Parameters: close, Items: [YE_YEAR] });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().List[0]).toMatchObject({ ResultStatus: 1, ResultCode: 'close', EntityId: `YE${YE_YEAR}` });

    // The next year: P&L at 0, retained earnings up by the net income (a credit balance grows).
    const next = await trialBalance(`${YE_YEAR + 1}-01-01`, `${YE_YEAR + 1}-01-31`);
    for (const account of ['74000', '76000']) expect(next.get(account) ?? ['0.00', '0.00'], account).toEqual(['0.00', '0.00']);
    const credit = (pair: [string, string]) => Math.round((Number(pair[1]) - Number(pair[0])) * 100);
    expect(credit(next.get('3200')!) - credit(retainedBefore)).toBe(Math.round(Number(netIncome) * 100));
    // Only the test's own year activity is known exactly: its accounts' share of the net income.
    const entries = await ledgerDb().selectFrom('gl_entries').select(['account_id', 'source']).where('document_no', '=', `YE${YE_YEAR}`).execute();
    expect(entries.every((e: Json) => e['source'] === 'YE')).toBe(true);
    expect(entries.map((e: Json) => e['account_id'])).toEqual(expect.arrayContaining(['74000', '76000', '3200']));

    // Closing twice is refused; the next year closed forbids undo of this one.
    expect((await post('/api/processes/gl-year-end/preview', { Parameters: close })).statusCode).toBe(400);
    await closeYearPeriods(YE_YEAR + 1, true);
    expect((await post('/api/processes/gl-year-end/run', { Parameters: { FiscalYear: YE_YEAR + 1, Action: 'close' }, Items: [YE_YEAR + 1] })).json().List[0].ResultStatus).toBe(1);
    const blocked = await post('/api/processes/gl-year-end/preview', { Parameters: { FiscalYear: YE_YEAR, Action: 'undo' } });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().Message).toBe(`Fiscal year ${YE_YEAR + 1} is already closed: undo its year end first.`);
    expect((await post('/api/processes/gl-year-end/run', { Parameters: { FiscalYear: YE_YEAR + 1, Action: 'undo' }, Items: [YE_YEAR + 1] })).json().List[0].ResultStatus).toBe(1);

    // Undo: the closing entry reversed, P&L back in the next year's opening, the year Open again.
    const undo = await post('/api/processes/gl-year-end/run', { Parameters: { FiscalYear: YE_YEAR, Action: 'undo' }, Items: [YE_YEAR] });
    expect(undo.json().List[0]).toMatchObject({ ResultStatus: 1, EntityId: `YE${YE_YEAR}-R` });
    const reopened = await trialBalance(`${YE_YEAR + 1}-01-01`, `${YE_YEAR + 1}-01-31`);
    expect(reopened.get('74000')).toEqual(['0.00', '5000.00']);
    expect(reopened.get('76000')).toEqual(['1250.25', '0.00']);
    expect(reopened.get('3200') ?? ['0.00', '0.00']).toEqual(retainedBefore);

    // Close again (a new document number), lock: undo is refused from then on.
    const again = (await post('/api/processes/gl-year-end/run', { Parameters: close, Items: [YE_YEAR] })).json();
    expect(again.List[0]).toMatchObject({ ResultStatus: 1, EntityId: `YE${YE_YEAR}-2` });
    expect((await post('/api/processes/gl-year-end/run', { Parameters: { FiscalYear: YE_YEAR, Action: 'lock' }, Items: [YE_YEAR] })).json().List[0].ResultStatus).toBe(1);
    const locked = await post('/api/processes/gl-year-end/preview', { Parameters: { FiscalYear: YE_YEAR, Action: 'undo' } });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().Message).toBe(`Fiscal year ${YE_YEAR} is locked: its year end can no longer be changed.`);
  });

  it('keeps the closed-period check for every other posting into the closed year', async () => {
    const created = await post('/api/data/gl-journal-entry', { EntryDate: `${YE_YEAR}-12-31`, Description: 'Late', Lines: [{ AccountId: '71000', Debit: '1.00' }, { AccountId: '74000', Credit: '1.00' }] });
    expect(created.statusCode).toBeGreaterThanOrEqual(200);
    if (created.statusCode === 201) {
      const entry = created.json().Data;
      const posted = await post(`/api/data/gl-journal-entry/${entry.EntryId}/actions/post`, { Version: entry.Version });
      expect(posted.statusCode).toBe(400);
      expect(posted.json().Message).toBe(`Period is closed (G/L): period 12 of fiscal year ${YE_YEAR} (Dec 1, ${YE_YEAR} to Dec 31, ${YE_YEAR})`);
    } else {
      expect(created.statusCode).toBe(400);
    }
  });

  it('refuses malformed input with 4xx CallResults', async () => {
    const cases: unknown[] = [
      { Parameters: { FiscalYear: 999, Action: 'close' } },
      { Parameters: { FiscalYear: YE_YEAR, Action: 'explode' } },
      { Parameters: { Action: 'close' } },
      { Parameters: { FiscalYear: 'x', Action: 'close' } },
      { Parameters: { FiscalYear: 2091, Action: 'close' } },
    ];
    for (const body of cases) {
      const response = await post('/api/processes/gl-year-end/preview', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ ResultStatus: 2, Message: expect.any(String) });
    }
    expect((await post('/api/processes/gl-year-end/preview', cases[0])).json().Message).toBe('Fiscal year must be greater than 1000 and less than 9999.');
  });
});
