/**
 * Contract billing cannot bill a lot more than its contract price (SCREENS.md TE-20, DOMAIN-NOTES §8.1) on SQLite
 * and PostgreSQL: a draft records the lot's open amount when it is saved, so two drafts of the same lot may each
 * hold all of it; the `invoice` action checks the open amount again in its own transaction and refuses the second
 * (te:rules.overBilled, field Amount), whether the two are invoiced one after the other or at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const YEAR = 2063;
const D = (md: string) => `${YEAR}-${md}`;

const get = (url: string) => call(server.app, 'GET', url, admin);
const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);

async function created(entity: string, body: Json): Promise<Json> {
  const response = await post(`/api/data/${entity}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as Json).Data as Json;
}

const invoice = (billing: Json) => post(`/api/data/contract-billing/${billing.BillingId}/actions/invoice`, { Version: billing.Version });
const lot = async (id: string) => ((await get(`/api/data/te-lot/${id}`)).json() as Json).Data as Json;

/** Two drafts of the whole open amount of a new lot (contract price 300,000.00). */
async function twoDrafts(lotId: string): Promise<[Json, Json]> {
  await created('te-lot', { LotId: lotId, SiteId: 'OB', ModelId: 'OBMODEL' });
  expect((await lot(lotId)).ContractPrice).toBe('300000.00');
  const first = await created('contract-billing', { LotId: lotId, BillingDate: D('03-31') });
  const second = await created('contract-billing', { LotId: lotId, BillingDate: D('03-31') });
  expect([first.Amount, second.Amount]).toEqual(['300000.00', '300000.00']);
  return [first, second];
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  await created('firm', { FirmId: 'OBB', Name: 'Overbill Homes', FirmTypes: ['bill-to'], ProvinceCode: 'ON' });
  await created('job-site', { SiteId: 'OB', Name: 'Overbill Estates', BuilderId: 'OBB', City: 'Barrie' });
  await created('te-model', { ModelId: 'OBMODEL', Description: 'The Elm', BuilderId: 'OBB', BasePrice: '300000.00' });
});

afterAll(async () => {
  await server?.stop();
});

describe('contract billing re-checks the open amount when it invoices', () => {
  it('refuses the second of two drafts of the whole lot: over-billed, field Amount', async () => {
    const [first, second] = await twoDrafts('OB-001');
    expect((await invoice(first)).statusCode).toBe(200);
    const refused = await invoice(second);
    expect(refused.statusCode).toBe(400);
    const errors = ((refused.json() as Json).Data?.Errors ?? []) as Json[];
    expect(errors.map((error) => [error.field, error.message])).toEqual([['Amount', 'The amount is more than the 0.00 left to bill on the lot.']]);
    expect((await lot('OB-001')).BilledAmount).toBe('300000.00');
    expect(((await get(`/api/data/contract-billing/${second.BillingId}`)).json() as Json).Data.Status).toBe('Draft');
  });

  it('invoices one of two drafts invoiced at once', async () => {
    const [first, second] = await twoDrafts('OB-002');
    const answers = await Promise.all([invoice(first), invoice(second)]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers) expect(answer.statusCode).toBeLessThan(500);
    expect((await lot('OB-002')).BilledAmount).toBe('300000.00');
  });
});
