/**
 * Trades end to end in Chromium (issue 28; SCREENS.md WP9 acceptance 1–3): a job site typed on `/novus-te/job-site`
 * for the demo builder BLD100 (the module's own: the other demo customers' balances are left alone); its
 * building, a model with two options and a lot with that model and the options (through the API, as the lot
 * screens would save them); a lot inspection request typed on its screen, scheduled and
 * passed — the lot leaves Lots ready for inspection; a progress billing certified and invoiced on its screen
 * (a $100,000 contract at 40% with $20,000 billed: $16,000 due, HST $2,080); then the holdback billing typed on
 * its screen takes the $4,000 retained, is released and invoiced with tax.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { answerYes, openScreen } from '../../../tests/e2e/shell-helpers.ts';
import { pdfText } from '../../../tests/e2e/pdf-text.ts';

const today = new Date().toISOString().slice(0, 10);

async function api(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const answer = await apiCall(page, method, url, body);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body['Data'];
}

async function act(page: Page, document: Locator, button: string, state: string): Promise<void> {
  await document.getByRole('button', { name: button, exact: true }).click();
  await answerYes(page);
  await expect(document.locator('[data-document-state]')).toHaveText(state);
}

test('site → building → lot with a model and options → inspection passed → progress billing → holdback release', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin', '#/');
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const site = `S${tag}`;

  // The site, typed on its screen.
  const sites = await openScreen(page, '/novus-te/job-site', /Job Sites/, 30_000);
  await sites.getByRole('button', { name: 'New', exact: true }).click();
  const siteForm = sites.locator('.erp-entity-form');
  await siteForm.getByRole('textbox', { name: 'Site', exact: true }).fill(site);
  await siteForm.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E site ${tag}`);
  await siteForm.getByRole('textbox', { name: 'Builder', exact: true }).fill('BLD100');
  await siteForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(siteForm.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(siteForm.getByRole('textbox', { name: 'Holdback %', exact: true })).toHaveValue('10.00');

  await api(page, 'POST', 'data/site-building', { BuildingId: `B${tag}`, SiteId: site, Name: 'Block A', Floors: 4 });
  await api(page, 'POST', 'data/te-option', { OptionId: `D${tag}`, Description: 'Deck', Price: '8000.00' });
  await api(page, 'POST', 'data/te-option', { OptionId: `F${tag}`, Description: 'Fireplace', Price: '4500.00' });
  await api(page, 'POST', 'data/te-model', { ModelId: `M${tag}`, Description: 'E2E model', BuilderId: 'BLD100', BasePrice: '400000.00', Options: [{ OptionId: `D${tag}` }, { OptionId: `F${tag}` }] });
  const lotId = `L${tag}`;
  await api(page, 'POST', 'data/te-lot', { LotId: lotId, SiteId: site, BuildingId: `B${tag}`, Floor: 2, ModelId: `M${tag}`, Stage: 'Ready', Owner1Name: 'Ann Buyer', Owner2Name: 'Bob Buyer' });
  await api(page, 'POST', 'data/lot-option', { LotId: lotId, OptionId: `D${tag}` });
  await api(page, 'POST', 'data/lot-option', { LotId: lotId, OptionId: `F${tag}` });
  const lots = await openScreen(page, '/novus-te/lot-maintenance', /Lots/);
  const search = lots.getByRole('searchbox', { name: 'Search' });
  await search.fill(lotId);
  await search.press('Enter');
  const lotRow = lots.getByRole('row').filter({ has: page.getByRole('gridcell', { name: lotId, exact: true }) });
  await expect(lotRow.getByRole('gridcell', { name: '412,500.00' })).toBeVisible();

  // The inspection request, typed on its screen.
  const requests = await openScreen(page, '/novus-te/lot-inspection-request', /Lot Inspection Requests/);
  await requests.getByRole('button', { name: 'New', exact: true }).click();
  const request = requests.locator('.erp-document');
  await expect(request.locator('[data-document-state]')).toHaveText('Requested');
  await request.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(request.getByText('A lot is required.').first()).toBeVisible();
  await request.getByRole('textbox', { name: 'Lot', exact: true }).fill(lotId);
  await request.getByRole('textbox', { name: 'Requested date', exact: true }).fill(today);
  await request.getByRole('textbox', { name: 'Scheduled date', exact: true }).fill(today);
  await request.getByRole('textbox', { name: 'Inspector', exact: true }).fill('INS-BAR');
  await request.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(request.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(request.getByRole('textbox', { name: 'Site', exact: true })).toHaveValue(site);
  // No way back from Scheduled: irreversible, asked first (issue 40 item 8).
  await act(page, request, 'Schedule', 'Scheduled');
  await act(page, request, 'Passed', 'Passed');
  const ready = await apiCall(page, 'POST', 'reports/te-lots-ready/run', { Parameters: { SiteId: site } });
  expect(ready.body['List']).toEqual([]);

  // The progress billing (its schedule of values saved through the API), certified and invoiced on its screen.
  const billing = await api(page, 'POST', 'data/progress-billing', {
    SiteId: site,
    BuildingId: `B${tag}`,
    BillingDate: today,
    ContractAmount: '100000.00',
    PreviousBilled: '20000.00',
    Lines: [{ Description: 'Block A', ScheduledValue: '100000.00', PercentComplete: '40.00' }],
  });
  const billings = await openScreen(page, '/novus-te/progress-billing', /Progress Billings/);
  const row = billings.getByRole('row').filter({ has: page.getByRole('gridcell', { name: billing.BillingNo, exact: true }) });
  await row.getByRole('gridcell', { name: billing.BillingNo, exact: true }).dblclick();
  const progress = billings.locator('.erp-document');
  await expect(progress.getByRole('textbox', { name: 'Current payment due', exact: true })).toHaveValue('16,000.00');
  await act(page, progress, 'Certify', 'Certified');
  await act(page, progress, 'Invoice', 'Invoiced');
  await expect(progress.getByRole('textbox', { name: 'Taxes', exact: true })).toHaveValue('2,080.00');
  await expect(progress.getByRole('textbox', { name: 'Total due', exact: true })).toHaveValue('18,080.00');

  // The holdback billing takes the $4,000 retained: released, then invoiced with HST.
  const holdbacks = await openScreen(page, '/novus-te/holdback-billing', /Holdback Billings/);
  await holdbacks.getByRole('button', { name: 'New', exact: true }).click();
  const holdback = holdbacks.locator('.erp-document');
  await holdback.getByRole('textbox', { name: 'Billing date', exact: true }).fill(today);
  // Released after the 60-day lien period from the certificate's publication (DOMAIN-NOTES §8.1).
  await holdback.getByRole('textbox', { name: 'Certificate published on', exact: true }).fill(new Date(Date.now() - 61 * 86_400_000).toISOString().slice(0, 10));
  await holdback.getByRole('textbox', { name: 'Release date', exact: true }).fill(today);
  await holdback.getByRole('textbox', { name: 'Site', exact: true }).fill(site);
  await holdback.getByRole('textbox', { name: 'Building', exact: true }).fill(`B${tag}`);
  await holdback.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(holdback.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(holdback.getByRole('textbox', { name: 'Holdback', exact: true })).toHaveValue('4,000.00');
  await act(page, holdback, 'Release', 'Released');
  // Print is offered once invoiced: the AR invoice it made, ready to mail.
  await expect(holdback.getByRole('button', { name: 'Print', exact: true })).toHaveCount(0);
  await act(page, holdback, 'Invoice', 'Invoiced');
  await expect(holdback.getByRole('textbox', { name: 'Total due', exact: true })).toHaveValue('4,520.00');
  const invoiceNo = await holdback.getByRole('textbox', { name: 'AR invoice', exact: true }).inputValue();
  const downloaded = page.waitForEvent('download');
  await holdback.getByRole('textbox', { name: 'Billing date', exact: true }).press('Control+p');
  const printed = await pdfText(await readFile((await (await downloaded).path())!));
  for (const part of [`Invoice no.: ${invoiceNo}`, '4,000.00', 'HST 13%', '520.00', 'Amount due']) expect(printed, part).toContain(part);
});

// Issue 73 item 4: Trades asks for Sales Orders' TE order entry (its module.json `shows`) and adds its application to
// the sales order (its definitions/extensions.ts): the trades micro-app re-exports the screen, which lists and opens
// TE orders under Trades.
test('Trades order entry: the sales order screen opens under Trades, for TE orders', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const orders = await openScreen(page, '/novus-te/te-order-entry', /Trades Orders/, 30_000);
  await orders.getByRole('button', { name: 'New', exact: true }).click();
  await expect(orders.getByRole('combobox', { name: 'Order type', exact: true })).toHaveValue('TE');
});
