/**
 * Issue 22 item 10 on SQLite and PostgreSQL: totals above 2^53 cents are read exactly. SQLite keeps money as
 * integer cents, and a SUM past 2^53 (90,071,992,547,409.92) read as a JavaScript number would lose a cent
 * without a word; the reads answer it exactly (PostgreSQL's NUMERIC always was) — through Kysely and through the
 * reports' reader connection alike.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { addArItem } from '../server/subledger.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;

const LARGEST = '9999999999999.99';
const FIRM = 'TBIG';

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  const firm = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: FIRM, Name: 'Large balances', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
  expect(firm.statusCode, firm.body).toBe(201);
  await db.transaction().execute(async (trx) => {
    const item = (documentNo: string, amount: string) =>
      addArItem(trx, { firmId: FIRM, itemType: 'Invoice', documentNo, documentDate: '2026-10-01', dueDate: '2026-10-31', amount, origin: { type: 'test', id: documentNo }, userId: 'admin' });
    for (let index = 0; index < 10; index += 1) await item(`BIG-${index}`, LARGEST);
    await item('BIG-CENT', '0.01');
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('totals above 2^53 cents (issue 22 item 10)', () => {
  const EXPECTED = '99999999999999.91'; // 10 × 9,999,999,999,999.99 + 0.01: an odd number of cents above 2^53

  it('a SUM read through Kysely is exact', async () => {
    const row = (await db.selectFrom('ar_items').select(sql<unknown>`sum(open_balance)`.as('total')).where('firm_id', '=', FIRM).executeTakeFirstOrThrow()) as { total: unknown };
    expect(decimalFromDb(server.app.erp.database.engine, row.total, 2)).toBe(EXPECTED);
  });

  it('the aged trial balance of the customer totals it exactly (the reports read)', async () => {
    const answer = await call(server.app, 'POST', '/api/reports/ar-aged-trial-balance/run', admin, { Parameters: { AsOfDate: '2026-10-31', AgeBy: 'due', PeriodDays: 30, CustomerId: FIRM } });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as { List: { FirmId: string; Total: string }[]; Totals: { Total: string } };
    expect(body.List.map((row) => [row.FirmId, row.Total])).toEqual([[FIRM, EXPECTED]]);
    expect(body.Totals.Total).toBe(EXPECTED);
  });
});
