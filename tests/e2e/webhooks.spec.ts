/**
 * Issue 72 item 3 end to end: an administrator subscribes a receiver (an HTTP server in this test, verifying every
 * request with `standardwebhooks`) on Shell → Security → Webhooks, reads the signing secret, a change is made, the
 * receiver gets its signed event; Shell → Security → Webhook Deliveries lists the delivery as Delivered, and Replay
 * sends it again with the same message id (server/test/webhooks.test.ts proves the rules on both engines).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { apiCall, signIn } from './helpers.ts';
import { chooseMenu, screenOf } from './shell-helpers.ts';

interface Got {
  id: string;
  verified: boolean;
  type: string;
}

let receiver: Server;
let secret = '';
const got: Got[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      let verified = false;
      try {
        new Webhook(secret).verify(body, request.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      got.push({ id: String(request.headers['webhook-id']), verified, type: (JSON.parse(body) as { type: string }).type });
      response.writeHead(204).end();
    });
  });
  // Beside the lanes' servers: the suite's port + 7 (any free port when run without E2E_PORT).
  const port = process.env['E2E_PORT'] ? Number(process.env['E2E_PORT']) + 7 : 0;
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('an admin subscribes a URL, sees the delivery in the log and replays it', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/shell');
  await chooseMenu(page, 'Security', 'Webhooks');
  const screen = screenOf(page, '/shell/webhooks');
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-entity-form');
  const { port } = receiver.address() as AddressInfo;
  await form.getByRole('textbox', { name: 'URL', exact: true }).fill(`http://127.0.0.1:${port}/erp`);
  await form.getByRole('textbox', { name: 'Events', exact: true }).fill('code-index.created');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const secretBox = form.getByRole('textbox', { name: 'Signing secret', exact: true });
  await expect(secretBox).toHaveValue(/^whsec_[A-Za-z0-9+/]+=*$/);
  secret = await secretBox.inputValue();

  const code = `E2E${Date.now() % 100_000}`;
  const made = await apiCall(page, 'POST', 'data/code-index', { CodeType: 'E2E-HOOK', Code: code, Description: 'Told to the receiver' });
  expect(made.status).toBe(201);
  await expect.poll(() => got.length).toBe(1);
  expect(got[0]).toMatchObject({ verified: true, type: 'code-index.created' });

  await chooseMenu(page, 'Security', 'Webhook Deliveries');
  const log = screenOf(page, '/shell/webhook-deliveries');
  const row = log.getByRole('row').filter({ hasText: 'code-index.created' }).filter({ hasText: String(made.body['Data']['CodeKey']) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('gridcell', { name: 'Delivered', exact: true })).toBeVisible();
  await row.dblclick();
  const delivery = log.locator('.erp-document[data-entity="webhook-delivery"]');
  await expect(delivery).toBeVisible();
  await delivery.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect.poll(() => got.length).toBe(2);
  expect(got[1]).toMatchObject({ id: got[0]!.id, verified: true, type: 'code-index.created' });
});
