/**
 * Issue 42 item 4 in Chromium: a record as it was. A firm made "in January 2020" (its creation's audit rows and
 * trail dated then in the lane's SQLite database, `.test-data/e2e-<port>/erp.sqlite`, as change-password.spec.ts
 * reaches it: the server tells days apart by those dates only) is renamed today through the form; its History tab
 * — reached by the keyboard: the tab strip's arrows — shows the change with the old value, and "As of" an earlier
 * day shows the old name read-only, marked "Changed since" with today's beside it. A purchase order's History
 * names its lines by position ("Line 1: Quantity … → …"). axe-core finds no serious or critical violation in the
 * History tab nor in the as-of view (as axe.spec.ts runs it: a script added to the page, so CSP is bypassed here).
 */
import { openSqlite, pragma } from '../../server/src/db/sqlite.ts';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn } from './helpers.ts';
import { screenOf } from './shell-helpers.ts';

const PATH = '/novus-ar/firm-maintenance';
test.use({ bypassCSP: true, viewport: { width: 1440, height: 900 } });
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Dates every audit row of a record, and its trail, at `at`: as if it had been made then. */
function backdate(table: string, keyColumn: string, id: string, at: string): void {
  const file = `${repoRoot}.test-data/e2e-${new URL(test.info().project.use.baseURL!).port}/erp.sqlite`;
  if (!existsSync(file)) throw new Error(`${file} not found: this test needs the SQLite database playwright.config.ts sets up`);
  const db = openSqlite(file);
  try {
    pragma(db, 'busy_timeout = 5000');
    db.prepare('UPDATE audit_log SET action_on = ? WHERE (root_table = ? AND root_id = ?) OR (table_name = ? AND id_value = ?)').run(at, table, id, table, id);
    db.prepare(`UPDATE ${table} SET created_on = ?, updated_on = ? WHERE ${keyColumn} = ?`).run(at, at, id);
  } finally {
    db.close();
  }
}

async function post(page: Page, url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await page.request.post(url, { headers: { Authorization: `Bearer ${await accessToken(page)}` }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { Data: Record<string, unknown> }).Data;
}

test('History shows the older value, and "As of" an earlier day shows the record as it was', async ({ page }) => {
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await post(page, '/api/data/firm', { FirmId: 'HIST1', Name: 'History Original', FirmTypes: ['bill-to'] });
  backdate('firms', 'firm_id', 'HIST1', '2020-01-15T15:00:00.000Z');

  const screen = screenOf(page, PATH);
  const search = screen.getByRole('searchbox');
  await search.fill('HIST1');
  await search.press('Enter');
  await screen.getByRole('row').filter({ has: page.getByRole('gridcell', { name: 'HIST1', exact: true }) }).first().dblclick();
  const form = screen.locator('.erp-entity-form');
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('History Original');

  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('History Renamed');
  await page.keyboard.press('Control+s');
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // The keyboard: the tab strip is an F2 region; its arrows choose History.
  await form.getByRole('tab', { name: 'Record' }).focus();
  await page.keyboard.press('ArrowRight');
  const historyTab = form.getByRole('tab', { name: 'History' });
  await expect(historyTab).toHaveAttribute('aria-selected', 'true');
  await expect(historyTab).toBeFocused();

  const history = form.getByRole('region', { name: 'History' });
  const changes = history.getByRole('list', { name: 'Changes' });
  const latest = changes.getByRole('listitem').first();
  await expect(latest).toContainText('Changed by');
  await expect(latest).toContainText('Name: History Original → History Renamed');
  // The creation is the older entry, dated in January 2020.
  const created = changes.locator('> li').last();
  await expect(created).toContainText('Created by');
  await expect(created.locator('time')).toHaveAttribute('datetime', '2020-01-15T15:00:00.000Z');

  // As of a day before today's change: the old name, marked, with today's beside it. Typed, then Enter.
  const date = history.getByRole('textbox', { name: 'As of', exact: true });
  await date.fill('2020-01-20');
  await date.press('Enter');
  const asOf = history.getByRole('region', { name: /As of the end of Jan.* 20, 2020/ });
  await expect(asOf).toBeVisible();
  const name = asOf.locator('[data-field="Name"]');
  await expect(name.locator('.erp-history-value')).toHaveText('History Original');
  await expect(name).toHaveAttribute('data-changed', 'true');
  await expect(name).toContainText('Changed since · now: History Renamed');
  await expect(asOf.locator('[data-field="FirmId"]')).not.toHaveAttribute('data-changed', 'true');

  // Before the firm was made: it says so. Escape goes back to the changes.
  await date.fill('2020-01-10');
  await date.press('Enter');
  await expect(history.getByRole('status').filter({ hasText: 'did not exist yet' })).toBeVisible();
  await date.press('Escape');
  await expect(changes).toBeVisible();

  // A date that is none: said beside the field, nothing asked.
  await date.fill('2020-02-31');
  await date.press('Enter');
  await expect(history.getByRole('alert')).toBeVisible();
});

test('a document\'s History names its lines by position', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-po/purchase-order-entry');
  const { request } = page;
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const order = await post(page, '/api/data/purchase-order', {
    VendorId: 'V400',
    ShipToId: 'TOR-02',
    OrderDate: new Date().toISOString().slice(0, 10),
    Lines: [{ ProductId: 'FIT-EMT-CONN-050', QuantityOrdered: '4.0000', UnitPrice: '2.0000' }],
  });
  const lines = order['Lines'] as Record<string, unknown>[];
  const changed = await request.put(`/api/data/purchase-order/${String(order['PoId'])}`, {
    headers,
    data: { Version: order['Version'], Lines: [{ ...lines[0], QuantityOrdered: '6.0000' }] },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  const screen = screenOf(page, '/novus-po/purchase-order-entry');
  const search = screen.getByRole('searchbox');
  await search.fill(String(order['PoNo']));
  await search.press('Enter');
  await screen.getByRole('row').filter({ has: page.getByRole('gridcell', { name: String(order['PoNo']), exact: true }) }).first().dblclick();
  const documentForm = screen.locator('.erp-document');
  await documentForm.getByRole('tab', { name: 'History' }).click();
  const latest = documentForm.getByRole('region', { name: 'History' }).getByRole('list', { name: 'Changes' }).getByRole('listitem').first();
  await expect(latest).toContainText(/Line 1: .*4\.0000 → 6\.0000/);
  // Back to the document: its lines are there again.
  await documentForm.getByRole('tab', { name: 'Document' }).click();
  await expect(documentForm.locator('[data-f2-region="lines"]')).toBeVisible();
});

/** axe-core's serious and critical violations on the page, one line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Found[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.filter((found) => found.impact === 'serious' || found.impact === 'critical').flatMap((found) => found.nodes.map((node) => `${found.id}: ${JSON.stringify(node.target)}`));
  });
}

test('the History tab and the as-of view have no serious or critical accessibility violation', async ({ page }) => {
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await post(page, '/api/data/firm', { FirmId: 'HIST2', Name: 'History Axe', FirmTypes: ['bill-to'] });
  backdate('firms', 'firm_id', 'HIST2', '2020-01-15T15:00:00.000Z');
  const screen = screenOf(page, PATH);
  const search = screen.getByRole('searchbox');
  await search.fill('HIST2');
  await search.press('Enter');
  await screen.getByRole('row').filter({ has: page.getByRole('gridcell', { name: 'HIST2', exact: true }) }).first().dblclick();
  const form = screen.locator('.erp-entity-form');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('History Axe Renamed');
  await page.keyboard.press('Control+s');
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await form.getByRole('tab', { name: 'History' }).click();
  const history = form.getByRole('region', { name: 'History' });
  await expect(history.getByRole('list', { name: 'Changes' })).toBeVisible();
  expect(await seriousViolations(page), 'changes').toEqual([]);
  const date = history.getByRole('textbox', { name: 'As of', exact: true });
  await date.fill('2020-01-20');
  await date.press('Enter');
  await expect(history.locator('[data-field="Name"][data-changed="true"]')).toBeVisible();
  expect(await seriousViolations(page), 'as of').toEqual([]);
});
