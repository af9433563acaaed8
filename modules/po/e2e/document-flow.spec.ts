/**
 * Issue 40 items 3 and 4 in Chromium: a purchase order (made through the API) opened on
 * `/novus-po/purchase-order-entry` offers Receive (Alt+G): the receipt it makes opens in the receipts tab with the
 * order's open line, its PO field showing the order's number (never its internal key); posted, the receipt shows
 * its order under Related documents and offers Enter vendor invoice (Alt+V), which opens a new vendor invoice on
 * the Purchase Journal with the receipt and vendor filled and, before any save, the receipt's line with its tax and
 * the totals (issue 71 item 2); saved, it keeps the receipt's line, its heading is its
 * AP number, and the order's link on the receipt opens the order again. A make's key works from the moment its button
 * is in the page (a flake of the purchasing day: Alt+G pressed as Receive appeared did nothing). On a new invoice, a
 * receipt picked brings its vendor and line; another receipt picked replaces the lines the last pick brought, never
 * lines the clerk changed.
 */
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { answerYes, openScreen } from '../../../tests/e2e/shell-helpers.ts';

const PRODUCT = 'FIT-EMT-CONN-050';

test('PO → Receive → post → Enter vendor invoice, each document by its number and linked both ways', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin', '#/');
  const today = new Date().toISOString().slice(0, 10);
  const made = await apiCall(page, 'POST', 'data/purchase-order', { OrderDate: today, VendorId: 'V400', ShipToId: 'TOR-02', Lines: [{ ProductId: PRODUCT, QuantityOrdered: '250.0000', UnitPrice: '0.4800' }] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const poNo = made.body['Data'].PoNo as string;
  const poId = String(made.body['Data'].PoId);

  const orders = await openScreen(page, '/novus-po/purchase-order-entry', /Purchase Orders/);
  await orders.getByRole('gridcell', { name: poNo, exact: true }).dblclick();
  const order = orders.locator('.erp-document');
  await expect(order.locator('.erp-form-record')).toHaveText(poNo);
  const receive = order.getByRole('group', { name: 'Next steps' }).getByRole('button', { name: 'Receive', exact: true });
  await expect(receive).toHaveAttribute('aria-keyshortcuts', 'Alt+G');
  await order.getByRole('textbox', { name: 'Order date', exact: true }).press('Alt+g');

  // The receipts tab opens on the receipt Receive made: the open line at its remaining quantity, the order by number.
  const receipts = page.locator('.erp-tab-screen[data-tab-path="/novus-po/purchase-order-receipt-entry"]');
  const receipt = receipts.locator('.erp-document');
  await expect(receipt.locator('[data-document-state]')).toHaveText('Open');
  await expect(receipt.getByRole('combobox', { name: 'Product — Line 1' })).toHaveValue(PRODUCT);
  await expect(receipt.getByRole('textbox', { name: 'Received — Line 1' })).toHaveValue('250.0000');
  await expect(receipt.getByRole('textbox', { name: 'Purchase order', exact: true })).toHaveValue(poNo);
  await expect(receipt.getByRole('textbox', { name: 'Purchase order', exact: true })).not.toHaveValue(poId);
  const receiptNo = (await receipt.locator('.erp-form-record').textContent())!.trim();
  expect(receiptNo).toMatch(/^PRC\d+$/);

  // Posted: the receipt names its order (Related) and offers Enter vendor invoice.
  await receipt.getByRole('button', { name: 'Post receipt', exact: true }).click();
  await answerYes(page);
  await expect(receipt.locator('[data-document-state]')).toHaveText('Posted');
  const related = receipt.getByRole('navigation', { name: 'Related documents' });
  await expect(related.getByRole('link', { name: poNo, exact: true })).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Enter vendor invoice', exact: true })).toHaveAttribute('aria-keyshortcuts', 'Alt+V');
  await receipt.getByRole('heading', { level: 3 }).press('Alt+v');

  // A new vendor invoice with the receipt (by its number) and the vendor; before any save (issue 71 item 2) the
  // receipt's line at its quantity and PO price, its HST (V400 ships to Ontario) and the totals, as the server's
  // defaults for the receipt answer them; saved, it keeps them.
  const journal = page.locator('.erp-tab-screen[data-tab-path="/novus-ap/purchase-journal"]');
  const invoice = journal.locator('.erp-document');
  const defaults = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/defaults/ap-invoice');
  await expect(invoice.locator('[data-document-state]')).toHaveText('Draft');
  await expect(invoice.getByRole('textbox', { name: 'Vendor', exact: true })).toHaveValue('V400');
  await expect(invoice.getByRole('textbox', { name: 'Receipt to match', exact: true })).toHaveValue(receiptNo);
  expect((await defaults).request().postDataJSON()).toMatchObject({ Field: 'ReceiptId', Values: { ReceiptId: expect.any(String), VendorId: 'V400' } });
  await expect(invoice.getByRole('cell', { name: 'Product — Line 1' })).toHaveText(PRODUCT);
  await expect(invoice.getByRole('textbox', { name: 'Quantity — Line 1' })).toHaveValue('250.0000');
  await expect(invoice.getByRole('textbox', { name: 'Unit price — Line 1' })).toHaveValue('0.4800');
  await expect(invoice.getByRole('cell', { name: 'Tax — Line 1' })).toHaveText('15.60');
  await expect(invoice.getByRole('textbox', { name: 'Distributed', exact: true })).toHaveValue('120.00');
  await expect(invoice.getByRole('textbox', { name: 'Taxes (ITC)', exact: true })).toHaveValue('15.60');
  await expect(invoice.locator('.erp-form-record')).toHaveText('New record');
  await invoice.getByRole('textbox', { name: 'Vendor document no.', exact: true }).fill(`E2E-FLOW-${Date.now()}`);
  await invoice.getByRole('textbox', { name: 'Amount', exact: true }).fill('135.60');
  // The bill's amount is what the receipt's line and its tax come to: nothing left to distribute, before the save.
  await expect(invoice.getByRole('textbox', { name: 'Remaining', exact: true })).toHaveValue('0.00');
  await expect(invoice.locator('.erp-form-record')).toHaveText('New record');
  await invoice.getByRole('textbox', { name: 'Terms', exact: true }).fill('NET15');
  await invoice.getByRole('textbox', { name: 'Ship-to province', exact: true }).fill('ON');
  await invoice.getByRole('textbox', { name: 'Bank', exact: true }).fill('OPERATING');
  await invoice.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(invoice.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(invoice.getByRole('cell', { name: 'Product — Line 1' })).toHaveText(PRODUCT);
  await expect(invoice.getByRole('textbox', { name: 'Remaining', exact: true })).toHaveValue('0.00');
  // Its heading is its business number, and it names its receipt.
  await expect(invoice.locator('.erp-form-record')).toHaveText(/^AP\d{6}$/);
  await expect(invoice.getByRole('navigation', { name: 'Related documents' }).getByRole('link', { name: receiptNo, exact: true })).toBeVisible();

  // The receipt's link opens the receipt again (its own tab), which now lists the invoice; its order's link opens
  // the order, which lists the receipt.
  const invoiceNo = (await invoice.locator('.erp-form-record').textContent())!.trim();
  await invoice.getByRole('navigation', { name: 'Related documents' }).getByRole('link', { name: receiptNo, exact: true }).click();
  await expect(related.getByRole('link', { name: invoiceNo, exact: true })).toBeVisible();
  await related.getByRole('link', { name: poNo, exact: true }).click();
  await expect(order.locator('.erp-form-record')).toHaveText(poNo);
  await expect(order.getByRole('navigation', { name: 'Related documents' }).getByRole('link', { name: receiptNo, exact: true })).toBeVisible();
});

test("a make's key works from the moment its button shows (pressed in the same task as the button appeared)", async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const today = new Date().toISOString().slice(0, 10);
  const made = await apiCall(page, 'POST', 'data/purchase-order', { OrderDate: today, VendorId: 'V400', ShipToId: 'TOR-02', Lines: [{ ProductId: PRODUCT, QuantityOrdered: '5.0000', UnitPrice: '0.4800' }] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const poNo = made.body['Data'].PoNo as string;
  const orders = await openScreen(page, '/novus-po/purchase-order-entry', /Purchase Orders/);
  // Alt+G pressed by the page itself the moment Receive is in the DOM (a MutationObserver: before the browser paints
  // it, before any later task), as a clerk who knows the key presses it when the order opens.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const button = document.querySelector('.erp-tab-screen[data-tab-path="/novus-po/purchase-order-entry"] .erp-document [data-make]');
      if (!button) return;
      observer.disconnect();
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'g', code: 'KeyG', altKey: true, bubbles: true, composed: true, cancelable: true }));
    });
    observer.observe(document.body, { subtree: true, childList: true });
  });
  await orders.getByRole('gridcell', { name: poNo, exact: true }).dblclick();
  const receipt = page.locator('.erp-tab-screen[data-tab-path="/novus-po/purchase-order-receipt-entry"] .erp-document');
  await expect(receipt.locator('[data-document-state]')).toHaveText('Open');
  await expect(receipt.getByRole('textbox', { name: 'Purchase order', exact: true })).toHaveValue(poNo);
});

test('another receipt picked before the save brings its lines in place of the last pick\'s; lines the clerk changed stay', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin', '#/');
  const today = new Date().toISOString().slice(0, 10);
  /** A posted receipt of V400 for `quantity` of the product at 0.48 (through the API): its key. */
  const received = async (quantity: string): Promise<string> => {
    const order = await apiCall(page, 'POST', 'data/purchase-order', { OrderDate: today, VendorId: 'V400', ShipToId: 'TOR-02', Lines: [{ ProductId: PRODUCT, QuantityOrdered: quantity, UnitPrice: '0.4800' }] });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const draft = await apiCall(page, 'POST', 'data/po-receipt', { PoId: order.body['Data'].PoId, ReceiptDate: today });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect((await apiCall(page, 'POST', `data/po-receipt/${draft.body['Data'].ReceiptId}/actions/post`, { Version: draft.body['Data'].Version })).status).toBe(200);
    return String(draft.body['Data'].ReceiptId);
  };
  const [first, second] = [await received('100.0000'), await received('30.0000')];

  const journal = await openScreen(page, '/novus-ap/purchase-journal', /Purchase Journal/);
  await journal.getByRole('button', { name: 'New', exact: true }).click();
  const invoice = journal.locator('.erp-document');
  const receipt = invoice.getByRole('textbox', { name: 'Receipt to match', exact: true });
  const quantity = invoice.getByRole('textbox', { name: 'Quantity — Line 1' });
  const distributed = invoice.getByRole('textbox', { name: 'Distributed', exact: true });
  const taxes = invoice.getByRole('textbox', { name: 'Taxes (ITC)', exact: true });
  // The receipt alone: its vendor, its line and totals (48.00 with 13 % HST).
  await receipt.fill(first);
  await expect(invoice.getByRole('textbox', { name: 'Vendor', exact: true })).toHaveValue('V400');
  await expect(quantity).toHaveValue('100.0000');
  await expect(distributed).toHaveValue('48.00');
  await expect(taxes).toHaveValue('6.24');
  // Another receipt: its line replaces the one the first brought (14.40, 1.87).
  await receipt.fill(second);
  await expect(quantity).toHaveValue('30.0000');
  await expect(invoice.getByRole('textbox', { name: 'Quantity — Line 2' })).toHaveCount(0);
  await expect(distributed).toHaveValue('14.40');
  await expect(taxes).toHaveValue('1.87');
  // A line the clerk changed is theirs: the next receipt picked leaves the lines alone.
  await quantity.fill('20.0000');
  await expect(distributed).toHaveValue('9.60');
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/defaults/ap-invoice');
  await receipt.fill(first);
  await asked;
  await expect(quantity).toHaveValue('20.0000');
  await expect(distributed).toHaveValue('9.60');
});
