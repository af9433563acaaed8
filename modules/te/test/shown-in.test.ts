/**
 * Issue 73 item 4: Trades shows Sales Orders' TE order entry on its menu, and says so itself (its
 * definitions/extensions.ts adds NOVUS-TE to the sales order's applications; the sales order names only its own
 * module's and those it requires). §6: a clerk whose role opens Trades alone reads sales orders through it; without
 * Trades, not at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { call } from '../../../server/test/helpers/entities.ts';

type Grant = { AccessKey: number; Application: string; Version: number };

let server: TestServer;
let admin: string;
let clerk: string;

const grants = async (): Promise<Grant[]> => (await call(server.app, 'GET', '/api/data/menu-access?filter.RoleId=CLERK&PageSize=100', admin)).json().List as Grant[];
const remove = async (grant: Grant) => {
  const deleted = await call(server.app, 'DELETE', `/api/data/menu-access/${grant.AccessKey}?Version=${grant.Version}`, admin);
  expect(deleted.statusCode, deleted.body).toBe(200);
};
const orders = async () => (await call(server.app, 'GET', '/api/data/sales-order?filter.OrderType=TE', clerk)).statusCode;

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  clerk = (await signIn(server.app, 'clerk', 'clerk')).access_token;
});

afterAll(async () => server?.stop());

describe('the sales order on Trades’ menu', () => {
  it('is opened by a role whose only application is Trades, through the application Trades contributes', async () => {
    // The clerk's role (a sales order reader) opens Trades alone: Order Entry and Inventory taken away.
    for (const grant of await grants()) await remove(grant);
    expect(await orders()).toBe(403);
    const granted = await call(server.app, 'POST', '/api/data/menu-access', admin, { RoleId: 'CLERK', Application: 'NOVUS-TE' });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(await orders()).toBe(200);
    // Purchasing's orders are on no Trades menu.
    expect((await call(server.app, 'GET', '/api/data/purchase-order', clerk)).statusCode).toBe(403);
  });
});
