/**
 * Accounting periods validated against each other (issue 22 item 4; ledger/period-layout.ts), on SQLite and
 * PostgreSQL, through the period screen's API and the fiscal-year generator: the periods of a fiscal year
 * tile it (numbered from 1, contiguous, at most 53 weeks, no overlap with another year, period 13 on
 * period 12's last day); a closed period and a period with entries keep their number and dates; only a
 * year's last period can be deleted, never one with journals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const put = (url: string, body: unknown) => call(server.app, 'PUT', url, admin, body);
const FULL = 2061;
const BUILT = 2062;

async function period(year: number, periodNo: number): Promise<Json> {
  const answer = await call(server.app, 'GET', `/api/data/accounting-period?filter.FiscalYear=${year}&SortFields=PeriodNo&PageSize=50`, admin);
  return (answer.json().List as Json[]).find((p) => p['PeriodNo'] === periodNo)!;
}

async function expectRefused(answer: { statusCode: number; json(): unknown }, status: number, message: string): Promise<void> {
  expect(answer.statusCode, JSON.stringify(answer.json())).toBe(status);
  expect((answer.json() as Json)['Message']).toBe(message);
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: FULL })).statusCode).toBe(201);
  for (const account of [
    { AccountId: '75000', Description: 'Period test cash', AccountType: 'asset' },
    { AccountId: '75100', Description: 'Period test revenue', AccountType: 'revenue' },
  ]) {
    expect((await post('/api/data/gl-account', account)).statusCode).toBe(201);
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('periods tile their fiscal year', () => {
  it('builds a year period by period: numbered from 1, contiguous, no overlap with another year, not 16 years long', async () => {
    const overlap = await post('/api/data/accounting-period', { FiscalYear: BUILT, PeriodNo: 1, StartDate: `${FULL}-12-15`, EndDate: `${BUILT}-01-31` });
    await expectRefused(overlap, 400, 'The periods would overlap existing periods.');
    const huge = await post('/api/data/accounting-period', { FiscalYear: BUILT, PeriodNo: 1, StartDate: `${BUILT}-01-01`, EndDate: `${BUILT + 15}-12-31` });
    await expectRefused(huge, 400, 'The periods of a fiscal year cannot span more than 371 days.');
    const skipped = await post('/api/data/accounting-period', { FiscalYear: BUILT, PeriodNo: 2 });
    await expectRefused(skipped, 400, 'Periods of a fiscal year are numbered from 1 without a gap: create period 1 first.');

    expect((await post('/api/data/accounting-period', { FiscalYear: BUILT, PeriodNo: 1 })).statusCode).toBe(201);
    const gap = await post('/api/data/accounting-period', { FiscalYear: BUILT, PeriodNo: 2, StartDate: `${BUILT}-02-05`, EndDate: `${BUILT}-02-28` });
    await expectRefused(gap, 400, `Period 2 must start the day after period 1 ends (Feb 1, ${BUILT}).`);
    const inside = await post('/api/data/accounting-period', { FiscalYear: BUILT, PeriodNo: 2, StartDate: `${BUILT}-01-20`, EndDate: `${BUILT}-02-28` });
    expect(inside.statusCode).toBe(400);
    expect((await post('/api/data/accounting-period', { FiscalYear: BUILT, PeriodNo: 2 })).statusCode).toBe(201);
    const early13 = await post('/api/data/accounting-period', { FiscalYear: BUILT, PeriodNo: 13 });
    await expectRefused(early13, 400, 'Period 13 is the adjustment period: the last day of period 12, once the year has its 12 periods.');

    // Edits pass the same rule: the first period cannot reach back into the previous year, nor leave a gap.
    const first = await period(BUILT, 1);
    const back = await put(`/api/data/accounting-period/${first['PeriodId']}`, { Version: first['Version'], StartDate: `${FULL}-12-20` });
    await expectRefused(back, 400, 'The periods would overlap existing periods.');
    const shrink = await put(`/api/data/accounting-period/${first['PeriodId']}`, { Version: first['Version'], EndDate: `${BUILT}-01-20` });
    await expectRefused(shrink, 400, `Period 2 must start the day after period 1 ends (Jan 21, ${BUILT}).`);
    // The last period may grow (nothing after it), and be deleted; a middle one may not.
    const second = await period(BUILT, 2);
    expect((await put(`/api/data/accounting-period/${second['PeriodId']}`, { Version: second['Version'], EndDate: `${BUILT}-03-31` })).statusCode).toBe(200);
    await expectRefused(await call(server.app, 'DELETE', `/api/data/accounting-period/${first['PeriodId']}?Version=${first['Version']}`, admin), 409, 'Only the last period of a fiscal year can be deleted.');
    const grown = await period(BUILT, 2);
    expect((await call(server.app, 'DELETE', `/api/data/accounting-period/${grown['PeriodId']}?Version=${grown['Version']}`, admin)).statusCode).toBeLessThan(300);
  });

  it('the generator refuses a year that would overlap; period 13 sits on the last day of period 12', async () => {
    const overlapping = await post('/api/data/accounting-period/fiscal-years', { FiscalYear: BUILT + 1, StartDate: `${BUILT}-01-01` });
    await expectRefused(overlapping, 400, 'The periods would overlap existing periods.');
    const adjustment = await post('/api/data/accounting-period', { FiscalYear: FULL, PeriodNo: 13 });
    expect(adjustment.statusCode, adjustment.body).toBe(201);
    expect(adjustment.json().Data).toMatchObject({ StartDate: `${FULL}-12-31`, EndDate: `${FULL}-12-31` });
  });

  it('a period with entries keeps its dates and number and is not deleted; a closed one keeps its dates', async () => {
    const created = await post('/api/data/gl-journal-entry', { EntryDate: `${FULL}-03-20`, Description: 'Period test', Lines: [{ AccountId: '75000', Debit: '10.00' }, { AccountId: '75100', Credit: '10.00' }] });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().Data;
    expect((await post(`/api/data/gl-journal-entry/${entry.EntryId}/actions/post`, { Version: entry.Version })).statusCode).toBe(200);

    const march = await period(FULL, 3);
    const fixed = 'A period with entries or journals keeps its fiscal year, number and dates.';
    await expectRefused(await put(`/api/data/accounting-period/${march['PeriodId']}`, { Version: march['Version'], EndDate: `${FULL}-03-15` }), 400, fixed);
    await expectRefused(await put(`/api/data/accounting-period/${march['PeriodId']}`, { Version: march['Version'], FiscalYear: BUILT + 5 }), 400, fixed);
    await expectRefused(await call(server.app, 'DELETE', `/api/data/accounting-period/${march['PeriodId']}?Version=${march['Version']}`, admin), 409, 'A period with journals cannot be deleted.');

    const may = await period(FULL, 5);
    const closed = await put(`/api/data/accounting-period/${may['PeriodId']}`, { Version: may['Version'], ClosedGl: true });
    expect(closed.statusCode, closed.body).toBe(200);
    const moved = await put(`/api/data/accounting-period/${may['PeriodId']}`, { Version: closed.json().Data.Version, StartDate: `${FULL}-05-02` });
    await expectRefused(moved, 400, 'A closed period keeps its fiscal year, number and dates.');
    // Still one period per date: the posting service finds period 3 for the entry's date.
    const entries = await call(server.app, 'GET', `/api/data/accounting-period?filter.FiscalYear=${FULL}&PageSize=50`, admin);
    const holding = (entries.json().List as Json[]).filter((p) => p['StartDate'] <= `${FULL}-03-20` && p['EndDate'] >= `${FULL}-03-20`);
    expect(holding.map((p) => p['PeriodNo'])).toEqual([3]);
  });
});

describe('the current period (issue 21 item 3: report parameters default to it)', () => {
  const current = (date: string, token = admin) => call(server.app, 'GET', `/api/data/accounting-period/current?Date=${date}`, token);
  it('answers the period containing a date, nothing outside every year, and refuses a bad date', async () => {
    expect((await current(`${FULL}-03-15`)).json().Data).toEqual({ FiscalYear: FULL, PeriodNo: 3, StartDate: `${FULL}-03-01`, EndDate: `${FULL}-03-31` });
    expect((await current(`${FULL}-12-31`)).json().Data).toMatchObject({ FiscalYear: FULL, PeriodNo: 12 });
    const none = await current('1990-01-01');
    expect(none.statusCode).toBe(200);
    expect(none.json().Data).toBeNull();
    const bad = await current('2061-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('Enter a valid date (YYYY-MM-DD).');
  });

  it('answers every staff user, the clerk without the calendar\'s read right too, and no portal customer', async () => {
    const clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
    expect((await call(server.app, 'GET', '/api/data/accounting-period?PageSize=1', clerk)).statusCode).toBe(403);
    expect((await current(`${FULL}-03-15`, clerk)).json().Data).toMatchObject({ FiscalYear: FULL, PeriodNo: 3 });
    const portal = (await signIn(server.app, 'portal', 'portal')).access_token;
    expect((await current(`${FULL}-03-15`, portal)).statusCode).toBe(403);
  });
});
