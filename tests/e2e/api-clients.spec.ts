/**
 * Issue 72 item 2 end to end: an administrator registers an API client on its screen (Shell → Security → API
 * Clients, the generic entity screen) and reads its secret once; a script then gets a token with OAuth 2.0 client
 * credentials and creates a sales order as the client (server/test/api-clients.test.ts proves the rules).
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { chooseMenu, screenOf } from './shell-helpers.ts';

const PATH = '/shell/api-clients';

test('an admin registers a client on its screen; a script gets a token and creates a sales order', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/shell');
  await chooseMenu(page, 'Security', 'API Clients');
  const screen = screenOf(page, PATH);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-entity-form');
  await form.getByRole('textbox', { name: 'Client ID', exact: true }).fill('e2e-partner');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E partner');
  for (const [group, value] of [
    ['Roles', 'CLERK'],
    ['Applications it writes', 'NOVUS-OE'],
  ] as const) {
    const set = form.getByRole('group', { name: group, exact: true });
    await set.getByRole('textbox').first().fill(value);
    await set.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(set.getByText(value, { exact: true })).toBeVisible();
  }
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const secret = form.getByRole('textbox', { name: 'Client secret (shown once)', exact: true });
  await expect(secret).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  const clientSecret = await secret.inputValue();

  // The partner's script: no browser session, only the client's id and secret.
  const basic = Buffer.from(`e2e-partner:${clientSecret}`).toString('base64');
  const tokens = await page.request.post('/oidc/token', { headers: { authorization: `Basic ${basic}` }, form: { grant_type: 'client_credentials', scope: 'erp.api' } });
  expect(tokens.status(), await tokens.text()).toBe(200);
  const { access_token: token } = (await tokens.json()) as { access_token: string };
  const today = new Date().toISOString().slice(0, 10);
  const made = await page.request.post('/api/data/sales-order', {
    headers: { authorization: `Bearer ${token}` },
    data: { OrderDate: today, BillToId: 'B100', ShipToId: 'S101', WarehouseId: 'TOR-01', Lines: [{ ProductId: 'AL-6061-SH125', Quantity: '2.0000' }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const order = ((await made.json()) as { Data: { OrderKey: number; CreatedBy?: string } }).Data;
  const read = await page.request.get(`/api/data/sales-order/${order.OrderKey}`, { headers: { authorization: `Bearer ${token}` } });
  expect(read.status()).toBe(200);
});
