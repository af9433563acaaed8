/**
 * Waste Disposal end to end in Chromium (issue 27; SCREENS.md WP8 acceptance 1 and 3): a quote typed on
 * `/novus-wd/quoted-jobs` from a quotation template (set up through the API) — saved, the template's lines
 * priced by the server — accepted after the question, which creates the service order; the order is the same
 * screen under Receivables (`/novus-ar/wd-order-entry`); scheduled by the Scheduling process and completed
 * through the API; Invoice processing on `/novus-wd/invoice-processing` invoices it, and the posted AR invoice
 * carries the order's number as its reference.
 */
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { answerYes, openScreen } from '../../../tests/e2e/shell-helpers.ts';

const today = new Date().toISOString().slice(0, 10);

test('a quote from a template, accepted into a service order, scheduled, completed and invoiced into Receivables', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin', '#/');
  const template = `E2E${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const made = await apiCall(page, 'POST', 'data/quotation-template', { TemplateId: template, Name: 'E2E bins', Lines: [{ ServiceId: 'BIN-PICKUP', WasteClassId: 'NONHAZ', Quantity: '2' }] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);

  const quotes = await openScreen(page, '/novus-wd/quoted-jobs', /Quoted Jobs/, 30_000);
  await quotes.getByRole('button', { name: 'New', exact: true }).click();
  const quote = quotes.locator('.erp-document');
  await expect(quote.locator('[data-document-state]')).toHaveText('Quoted');
  await quote.getByRole('textbox', { name: 'Quote date', exact: true }).fill(today);
  await quote.getByRole('textbox', { name: 'Template', exact: true }).fill(template);
  await quote.getByRole('textbox', { name: 'Customer', exact: true }).fill('B200');
  await quote.getByRole('textbox', { name: 'Site', exact: true }).fill('S201');
  await quote.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(quote.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(quote.getByRole('cell', { name: 'Amount — Line 1' })).toHaveText('370.00');
  await expect(quote.getByRole('textbox', { name: 'Total', exact: true })).toHaveValue('370.00');

  await quote.getByRole('button', { name: 'Accept', exact: true }).click();
  await answerYes(page);
  await expect(quote.locator('[data-document-state]')).toHaveText('Accepted');
  const orderNo = (await quote.getByRole('textbox', { name: 'Service orders', exact: true }).inputValue()).trim();
  expect(orderNo).toMatch(/^WDO\d+$/);

  // The same screen under Receivables.
  await openScreen(page, '/novus-ar/wd-order-entry', /Service Orders/);
  const listed = await apiCall(page, 'GET', `data/wd-order?filter.OrderNo=${orderNo}`);
  const orderId = listed.body['List'][0].OrderId as number;

  const scheduled = await apiCall(page, 'POST', 'processes/wd-scheduling/run', { Parameters: { FromDate: today }, Items: [orderId] });
  expect(scheduled.body['List'][0].ResultStatus, JSON.stringify(scheduled.body)).toBe(1);
  const order = (await apiCall(page, 'GET', `data/wd-order/${orderId}`)).body['Data'];
  const completed = await apiCall(page, 'POST', `data/wd-order/${orderId}/actions/complete`, { Version: order.Version });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);

  const invoicing = await openScreen(page, '/novus-wd/invoice-processing', /Invoice Processing/);
  await invoicing.getByLabel('Invoice date').fill(order.ScheduledDate);
  await invoicing.getByLabel('Completed up to').fill(order.ScheduledDate);
  await invoicing.getByRole('textbox', { name: 'Customer', exact: true }).fill('B200');
  await invoicing.getByRole('button', { name: 'Preview' }).click();
  const preview = invoicing.getByRole('region', { name: 'Items to process' });
  await preview.getByRole('checkbox', { name: `Select ${orderNo}` }).check();
  await preview.getByRole('button', { name: 'Run' }).click();
  const question = page.locator('erp-dialog[data-dialog="question"]');
  await question.getByRole('button', { name: 'Run' }).click();
  const results = invoicing.getByRole('region', { name: 'Results' });
  const row = results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: orderNo }) });
  await expect(row.getByRole('cell', { name: 'Success' })).toBeVisible();

  const invoiced = (await apiCall(page, 'GET', `data/wd-order/${orderId}`)).body['Data'];
  expect(invoiced.Status).toBe('Invoiced');
  const invoice = (await apiCall(page, 'GET', `data/ar-invoice?filter.DocumentNo=${invoiced.InvoiceNo}`)).body['List'][0];
  expect([invoice.Status, invoice.BillToId]).toEqual(['Posted', 'B200']);
});
