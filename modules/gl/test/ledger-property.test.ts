/**
 * A property test of the ledger (issue 22 "Tests"), on SQLite and PostgreSQL: seeded random rounds of parallel
 * requests against one server — journal entries posted into two fiscal years, periods closed (their journals
 * first) and reopened, then the first year closed by parallel year-end runs while entries keep coming — after
 * which the invariants hold:
 * - no answer is a 500;
 * - debits = credits per journal and overall;
 * - stored balances (gl_balances) = the sum of the entries per account and period;
 * - no posting lands in a closed period: no open journal is dated in a period closed for the G/L, and nothing
 *   posts into the closed year after its year end;
 * - the P&L of the closed year is 0 (every revenue and expense account's balance up to its end), and one
 *   closing entry was posted.
 * The seed is LEDGER_PROPERTY_SEED (default fixed): a failure names it, and the same seed sends the same
 * requests (their interleaving on PostgreSQL is the race under test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { expectLedgerInvariants, ledgerCalls, prng, randomDate, randomLines, type LedgerCalls, type Random } from './ledger-property-kit.ts';

let server: TestServer;
let ledger: LedgerCalls;

const SEED = Number(process.env['LEDGER_PROPERTY_SEED'] ?? 220022);
const Y1 = 2093;
const Y2 = 2094;
const ROUNDS = 6;
const PARALLEL = 12;
const ACCOUNTS = ['78000', '78100', '78400', '78600'] as const;
const statuses: number[] = [];

function randomOperation(r: Random): () => Promise<unknown> {
  const roll = r.int(10);
  const year = r.pick([Y1, Y2]);
  if (roll < 7) {
    const date = randomDate(r, year);
    const lines = randomLines(r, ACCOUNTS);
    return () => ledger.journalEntry(date, lines);
  }
  const periodNo = 1 + r.int(12);
  return roll < 9 ? () => ledger.closePeriod(year, periodNo) : () => ledger.reopenPeriod(year, periodNo);
}

beforeAll(async () => {
  server = await startServer();
  const admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  ledger = ledgerCalls(server, admin, (_method, _url, status) => statuses.push(status));
  for (const [id, type] of [[ACCOUNTS[0], 'asset'], [ACCOUNTS[1], 'asset'], [ACCOUNTS[2], 'revenue'], [ACCOUNTS[3], 'expense']] as const) {
    expect((await ledger.api('POST', '/api/data/gl-account', { AccountId: id, Description: `Property ${type}`, AccountType: type })).statusCode).toBe(201);
  }
  for (const year of [Y1, Y2]) expect((await ledger.api('POST', '/api/data/accounting-period/fiscal-years', { FiscalYear: year })).statusCode).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

describe(`the ledger's invariants after random parallel work (seed ${SEED})`, () => {
  it('hold: balanced journals, balances = entries, nothing in closed periods, P&L of the closed year 0', async () => {
    const r = prng(SEED);
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(Array.from({ length: PARALLEL }, () => randomOperation(r)).map((operation) => operation()));
    }

    // Year end of Y1 in parallel with entries into both years and a reopen attempt.
    const racing = [
      ...Array.from({ length: 6 }, () => {
        const date = randomDate(r, r.pick([Y1, Y2]));
        const lines = randomLines(r, ACCOUNTS);
        return () => ledger.journalEntry(date, lines);
      }),
      () => ledger.reopenPeriod(Y1, 1 + r.int(12)),
    ];
    await ledger.closeYearWhileRacing(Y1, SEED, 6, racing);
    const closedCount = await ledger.entryCount(Y1);
    // After the year end, nothing posts into Y1 any more, from any path.
    await Promise.all(
      Array.from({ length: PARALLEL }, () => {
        const date = randomDate(r, Y1);
        const lines = randomLines(r, ACCOUNTS);
        return ledger.journalEntry(date, lines);
      }),
    );
    expect(await ledger.entryCount(Y1), `seed ${SEED}`).toBe(closedCount);

    // No 500, whatever happened.
    expect(statuses.filter((s) => s >= 500), `seed ${SEED}`).toEqual([]);
    await expectLedgerInvariants(server, SEED, Y1);
  }, 120_000); // a failure budget for a fixed amount of work (about 10 s here), not a timing
});
