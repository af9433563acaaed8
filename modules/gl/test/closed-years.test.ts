/**
 * Closed and locked fiscal years (issue 22 items 5 and 11), on SQLite and PostgreSQL:
 * - a locked year is final: none of its periods reopens, nothing posts into it (even with a period flag forced
 *   open in the database), its year end cannot be undone;
 * - a closed year takes no posting from any source (GL, bank adjustment BK, a sub-ledger posting with its own
 *   flag open), and a closed G/L period refuses every sub-ledger's posting;
 * - the closed year's income statement leaves the closing entry out (it shows the year's net income) unless
 *   asked;
 * - a year end is refused while an earlier year's revenue and expenses are not closed.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError } from '@erp/server/entities/call-result';
import { post as postToLedger } from '../server/ledger/posting.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const ledgerDb = () => server.app.erp.database.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const LOCKED = 2071;
const CLOSED = 2073;
const OPEN = 2075;
const UNCLOSED = 2077;
const LATER = 2079;

async function postEntry(date: string, lines: Json[]): Promise<{ statusCode: number; json(): Json }> {
  const created = await post('/api/data/gl-journal-entry', { EntryDate: date, Description: 'Closed-year test', Lines: lines });
  if (created.statusCode !== 201) return created;
  const entry = created.json().Data;
  return post(`/api/data/gl-journal-entry/${entry.EntryId}/actions/post`, { Version: entry.Version });
}

const sale = (amount: string) => [{ AccountId: '1710', Debit: amount }, { AccountId: '4710', Credit: amount }];
const expense = (amount: string) => [{ AccountId: '5710', Debit: amount }, { AccountId: '1710', Credit: amount }];

async function setFlag(year: number, closed: boolean, periodNo?: number): Promise<void> {
  let query = ledgerDb().updateTable('fiscal_periods').set({ closed_gl: closed ? 1 : 0 } as never).where('fiscal_year', '=', year);
  if (periodNo !== undefined) query = query.where('period_no', '=', periodNo);
  await query.execute();
}

async function yearEnd(year: number, action: 'close' | 'undo' | 'lock') {
  return post('/api/processes/gl-year-end/run', { Parameters: { FiscalYear: year, Action: action }, Items: [year] });
}

/** A posting as a sub-ledger makes it (source AR, the A/R flag), straight through the posting service. */
async function subLedgerPosting(date: string): Promise<BusinessError | null> {
  try {
    await ledgerDb().transaction().execute((trx) =>
      postToLedger(trx, {
        source: 'AR',
        subLedger: 'ar',
        dataType: 'Actual',
        date,
        documentNo: `T${date}`,
        origin: { type: 'test', id: date },
        lines: [{ accountId: '1710', amount: '5.00' }, { accountId: '4710', amount: '-5.00' }],
        userId: 'admin',
      }),
    );
    return null;
  } catch (error) {
    if (error instanceof BusinessError) return error;
    throw error;
  }
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  for (const account of [
    { AccountId: '1710', Description: 'Closed-year cash', AccountType: 'asset' },
    { AccountId: '4710', Description: 'Closed-year revenue', AccountType: 'revenue' },
    { AccountId: '5710', Description: 'Closed-year expense', AccountType: 'expense' },
  ]) {
    expect((await post('/api/data/gl-account', account)).statusCode).toBe(201);
  }
  for (const year of [LOCKED, CLOSED, OPEN, UNCLOSED, LATER]) expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: year })).statusCode).toBe(201);
  expect((await postEntry(`${LOCKED}-04-10`, sale('300.00'))).statusCode).toBe(200);
  await setFlag(LOCKED, true);
  expect((await yearEnd(LOCKED, 'close')).json().List[0].ResultStatus).toBe(1);
  expect((await yearEnd(LOCKED, 'lock')).json().List[0].ResultStatus).toBe(1);
});

afterAll(async () => {
  await server?.stop();
});

describe('a locked fiscal year is final (item 5)', () => {
  it('none of its periods reopens', async () => {
    const periods = await call(server.app, 'GET', `/api/data/accounting-period?filter.FiscalYear=${LOCKED}&SortFields=PeriodNo`, admin);
    const june = (periods.json().List as Json[]).find((p) => p['PeriodNo'] === 6)!;
    const reopened = await call(server.app, 'PUT', `/api/data/accounting-period/${june['PeriodId']}`, admin, { Version: june['Version'], ClosedGl: false });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().Message).toBe(`Fiscal year ${LOCKED} is locked: its periods can no longer change and nothing posts into it.`);
  });

  it('nothing posts into it, even with a period flag forced open; undo is refused', async () => {
    await setFlag(LOCKED, false, 6);
    const refused = await postEntry(`${LOCKED}-06-15`, sale('1.00'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(`Fiscal year ${LOCKED} is locked: its periods can no longer change and nothing posts into it.`);
    const error = await subLedgerPosting(`${LOCKED}-06-15`);
    expect(error?.code).toBe('year_locked');
    const undo = await post('/api/processes/gl-year-end/preview', { Parameters: { FiscalYear: LOCKED, Action: 'undo' } });
    expect(undo.statusCode).toBe(400);
  });
});

describe('closed years leak neither way (item 11)', () => {
  it('the closed year takes no posting from any source; its income statement shows its net income', async () => {
    expect((await postEntry(`${CLOSED}-03-10`, sale('700.00'))).statusCode).toBe(200);
    expect((await postEntry(`${CLOSED}-08-10`, expense('200.00'))).statusCode).toBe(200);
    await setFlag(CLOSED, true);
    const closed = await yearEnd(CLOSED, 'close');
    expect(closed.json().List[0], closed.body).toMatchObject({ ResultStatus: 1 });

    // A period's flag forced open again: the year's close still refuses GL, bank and sub-ledger postings.
    await setFlag(CLOSED, false, 5);
    const message = `Fiscal year ${CLOSED} is closed: undo its year end first.`;
    const entry = await postEntry(`${CLOSED}-05-15`, sale('1.00'));
    expect(entry.statusCode).toBe(400);
    expect(entry.json().Message).toBe(message);
    const bank = await post('/api/data/bank-account', { BankAccountId: 'CLOSEDYR', Name: 'Closed-year bank', CurrencyCode: 'CAD', GlAccountId: '1710', EftStatus: 'Inactive' });
    expect(bank.statusCode, bank.body).toBe(201);
    const adjustment = await post('/api/gl/bank-reconciliation/adjustments', { BankAccountId: 'CLOSEDYR', Date: `${CLOSED}-05-20`, Kind: 'interest', Amount: '3.00', AccountId: '4710' });
    expect(adjustment.statusCode).toBe(400);
    expect(adjustment.json().Message).toBe(message);
    expect((await subLedgerPosting(`${CLOSED}-05-20`))?.code).toBe('year_closed');
    await setFlag(CLOSED, true, 5);

    // The income statement of period 12: revenue 700, expenses 200, net income 500 (year to date, column 2);
    // with the closing entry asked for, the year nets to 0.
    const statement = async (parameters: Json) => {
      const answer = await post('/api/reports/gl-financial-statement/run', { Parameters: { FormatId: 'INCOME', FiscalYear: CLOSED, PeriodNo: 12, ...parameters } });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().List as Json[]).map((row) => row['Amount2']);
    };
    expect(await statement({})).toEqual(['700.00', '200.00', '500.00']);
    expect(await statement({ Closing: 'include' })).toEqual(['0.00', '0.00', '0.00']);
  });

  it('a closed G/L period refuses a sub-ledger posting whose own flag is open', async () => {
    await setFlag(OPEN, true, 2);
    const error = await subLedgerPosting(`${OPEN}-02-10`);
    expect(error?.code).toBe('period_closed');
    expect(error?.issues[0]?.key).toBe('gl:rules.periodClosed.gl');
    expect(await subLedgerPosting(`${OPEN}-03-10`)).toBeNull();
  });

  it('refuses a year end while an earlier year is not closed', async () => {
    expect((await postEntry(`${UNCLOSED}-07-01`, expense('40.00'))).statusCode).toBe(200);
    await setFlag(LATER, true);
    const refused = await post('/api/processes/gl-year-end/preview', { Parameters: { FiscalYear: LATER, Action: 'close' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(`Close fiscal year ${OPEN} first: its revenue and expenses are not closed.`);
  });
});
