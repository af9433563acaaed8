/**
 * Process screens on the server (issue 12 "Process screens") with the GL batch post ("Post draft journal
 * entries", modules/gl/server/reports/post-drafts.ts), on SQLite and PostgreSQL: the preview lists the
 * draft entries of the date range; the run posts each through the journal entry's own action in its own
 * transaction and answers one §3 Call result per entry — an unbalanced entry fails with its §8 message while
 * the others post; an entry that no longer qualifies is refused, not processed; malformed calls are 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const YEAR = 2036;
const RANGE = { StartDate: `${YEAR}-03-01`, EndDate: `${YEAR}-03-31` };

async function draft(date: string, lines: Json[], description: string): Promise<Json> {
  const created = await post('/api/data/gl-journal-entry', { EntryDate: date, Description: description, Lines: lines });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().Data;
}

let balanced: Json;
let unbalanced: Json;
let second: Json;
let outside: Json;

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  for (const account of [
    { AccountId: '81000', Description: 'Process test bank', AccountType: 'asset' },
    { AccountId: '84000', Description: 'Process test revenue', AccountType: 'revenue' },
  ]) {
    expect((await post('/api/data/gl-account', account)).statusCode).toBe(201);
  }
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  balanced = await draft(`${YEAR}-03-05`, [{ AccountId: '81000', Debit: '125.10' }, { AccountId: '84000', Credit: '125.10' }], 'Balanced one');
  unbalanced = await draft(`${YEAR}-03-06`, [{ AccountId: '81000', Debit: '100.00' }, { AccountId: '84000', Credit: '90.00' }], 'Unbalanced');
  second = await draft(`${YEAR}-03-07`, [{ AccountId: '81000', Debit: '0.20' }, { AccountId: '84000', Credit: '0.20' }], 'Balanced two');
  outside = await draft(`${YEAR}-04-02`, [{ AccountId: '81000', Debit: '1.00' }, { AccountId: '84000', Credit: '1.00' }], 'April');
});

afterAll(async () => {
  await server?.stop();
});

describe('post draft journal entries', () => {
  it('previews the drafts of the range, then posts each in its own transaction with one result per entry', async () => {
    const preview = await post('/api/processes/gl-post-drafts/preview', { Parameters: RANGE });
    expect(preview.statusCode, preview.body).toBe(200);
    const listed = preview.json();
    expect(listed).toMatchObject({ ResultStatus: 1, TotalCount: 3, MaxItems: 500 });
    expect(listed.List.map((row: Json) => row.DocumentNo)).toEqual([balanced.DocumentNo, unbalanced.DocumentNo, second.DocumentNo]);
    expect(listed.List[0]).toMatchObject({ EntryDate: `${YEAR}-03-05`, TotalDebit: '125.10', TotalCredit: '125.10' });

    const items = listed.List.map((row: Json) => row.EntryId);
    const run = await post('/api/processes/gl-post-drafts/run', { Parameters: RANGE, Items: [...items, outside.EntryId] });
    expect(run.statusCode, run.body).toBe(200);
    const answer = run.json();
    expect(answer).toMatchObject({ ResultStatus: 3, ResultCode: 'partial' });
    // Issue 68 item 5: the summary names what was done and each failure with its reason.
    expect(answer.Message).toBe(
      `Post draft journal entries — 2 done: ${balanced.DocumentNo}, ${second.DocumentNo}. 2 failed: ${unbalanced.DocumentNo} (G/L distribution must sum to zero); ${outside.EntryId} (${answer.List[3].Message.replace(/\.$/, '')}).`,
    );
    expect(answer.List.map((r: Json) => [r.Label, r.ResultStatus])).toEqual([
      [balanced.DocumentNo, 1],
      [unbalanced.DocumentNo, 2],
      [second.DocumentNo, 1],
      [String(outside.EntryId), 2],
    ]);
    expect(answer.List[1].Message).toBe('G/L distribution must sum to zero.');
    expect(answer.List[3]).toMatchObject({ ResultCode: 'not_eligible', Message: 'The item can no longer be processed.' });

    // Posted for real: the entries' states, and the ledger (the detailed ledger report reads it).
    const statuses = await Promise.all(
      [balanced, unbalanced, second, outside].map(async (e) => (await call(server.app, 'GET', `/api/data/gl-journal-entry/${e.EntryId}`, admin)).json().Data.Status),
    );
    expect(statuses).toEqual(['Posted', 'Draft', 'Posted', 'Draft']);
    const ledger = (await post('/api/reports/gl-account-enquiry/run', { Parameters: { AccountId: '81000', ...RANGE } })).json();
    expect(ledger.Groups[0]).toMatchObject({ Opening: '0.00', Closing: '125.30' });

    // A second run finds the posted ones no longer drafts.
    const again = (await post('/api/processes/gl-post-drafts/run', { Parameters: RANGE, Items: [balanced.EntryId] })).json();
    expect(again).toMatchObject({ ResultStatus: 2, ResultCode: 'failed' });
    const left = (await post('/api/processes/gl-post-drafts/preview', { Parameters: RANGE })).json();
    expect(left.List.map((row: Json) => row.DocumentNo)).toEqual([unbalanced.DocumentNo]);
  });

  it('answers the results in the caller language', async () => {
    await server.app.erp.database.db.updateTable('users').set({ language: 'fr-CA' }).where('user_id', '=', 'admin').execute();
    try {
      const answer = (await post('/api/processes/gl-post-drafts/run', { Parameters: RANGE, Items: [unbalanced.EntryId] })).json();
      expect(answer.Message).toBe(`Reporter les écritures de journal brouillons — Rien n’a été effectué. 1 en échec : ${unbalanced.DocumentNo} (La ventilation G/L doit totaliser zéro).`);
      expect(answer.List[0].Message).not.toBe('G/L distribution must sum to zero.');
    } finally {
      await server.app.erp.database.db.updateTable('users').set({ language: 'en-CA' }).where('user_id', '=', 'admin').execute();
    }
  });

  it('refuses malformed calls and bad parameters with 4xx CallResults', async () => {
    const cases: [string, unknown, number][] = [
      ['/api/processes/gl-post-drafts/preview', { Parameters: { StartDate: `${YEAR}-01-01`, EndDate: `${YEAR + 1}-01-02` } }, 400],
      ['/api/processes/gl-post-drafts/preview', { Parameters: { EndDate: `${YEAR}-01-02` } }, 400],
      ['/api/processes/gl-post-drafts/preview', { Parameters: RANGE, Items: [1] }, 400],
      ['/api/processes/gl-post-drafts/run', { Parameters: RANGE }, 400],
      ['/api/processes/gl-post-drafts/run', { Parameters: RANGE, Items: [] }, 400],
      ['/api/processes/gl-post-drafts/run', { Parameters: RANGE, Items: [{ id: 1 }] }, 400],
      ['/api/processes/gl-post-drafts/run', { Parameters: RANGE, Items: Array.from({ length: 501 }, (_, i) => i + 1) }, 400],
      ['/api/processes/nope/preview', { Parameters: RANGE }, 404],
    ];
    for (const [url, body, status] of cases) {
      const response = await post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      expect(response.json()).toMatchObject({ ResultStatus: 2, Message: expect.any(String) });
    }
    const tooLong = (await post('/api/processes/gl-post-drafts/preview', { Parameters: { StartDate: `${YEAR}-01-01`, EndDate: `${YEAR + 1}-01-02` } })).json();
    expect(tooLong.Message).toBe('The start date cannot be more than one year from the end date.');
  });
});

describe('calls the server makes to itself for a process', () => {
  it('carry an in-memory ticket, never the caller’s token; a forged or unknown ticket is refused', async () => {
    for (const ticket of ['forged', '', 'x'.repeat(43)]) {
      const answer = await server.app.inject({ method: 'GET', url: '/api/processes', headers: { 'x-erp-internal-ticket': ticket } });
      expect(answer.statusCode, ticket).toBe(401);
    }
  });
});
