/**
 * Issue 71 item 2, the clerk's rough edges fixed at their root — one end-to-end test per class, on the demo's
 * screens:
 * - the focus returns after every dialog the framework has (generated: one test per kind of dialog — the shell's
 *   question answered by Escape, No and Yes, a deleted line, a screen's own dialog: the expanded line, the line
 *   source picker, the cash receipt's open-invoice picker), inside the screen, and Ctrl+S still saves;
 * - an unsaved line delete asks nothing (the run on the server keeps the line until saved);
 * - derived figures follow every change: the payment run's Total paid as lines are removed, a sales order's
 *   Available and totals as the warehouse changes;
 * - Enter in a lookup takes the single match (the cash receipt's bank: "OPER" → OPERATING).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { add } from '../../shared/src/decimal.ts';
import { accessToken, apiCall, signIn } from './helpers.ts';
import { goTo, questionDialog, questionFocused, screenOf, settled } from './shell-helpers.ts';

const RUNS = '/novus-ap/ap-payments-queue';
const ORDERS = '/novus-po/purchase-order-entry';
const SALES = '/novus-oe/sales-order-entry';
const RECEIPTS = '/novus-ar/cash-receipts';

function isoIn(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The focused element (inside shadow roots): its id, and whether it is inside `screen` (never the page body). */
async function focusIn(screen: Locator): Promise<{ id: string; inside: boolean }> {
  return screen.evaluate((root) => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return { id: element?.id ?? '', inside: element !== null && element !== document.body && root.contains(element) };
  });
}

/** An amount as a screen shows it ("111,673.41") as a plain decimal. */
const plain = (text: string) => text.replace(/[^\d.-]/g, '');

/** A payment run of every open bill (the select action), opened at its address; deleted by `remove`. */
async function openRun(page: Page): Promise<{ screen: Locator; run: Locator; id: number; remove(): Promise<void> }> {
  const today = isoIn(0);
  const created = await apiCall(page, 'POST', 'data/ap-payment-batch', { BankAccountId: 'OPERATING', PaymentMethod: 'Cheque', PayThroughDate: isoIn(3650), PaymentDate: today });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body['Data'].BatchId as number;
  const selected = await apiCall(page, 'POST', `data/ap-payment-batch/${id}/actions/select`, { Version: created.body['Data'].Version });
  expect(selected.status, JSON.stringify(selected.body)).toBe(200);
  await goTo(page, `#${RUNS}?record=${id}`);
  const screen = screenOf(page, RUNS);
  const run = screen.locator('.erp-document');
  await expect(run.getByRole('textbox', { name: 'Payment — Line 3', exact: true })).toBeVisible({ timeout: 60_000 });
  await settled(page);
  return {
    screen,
    run,
    id,
    async remove() {
      // The run lets its bills go again (the next test's run selects them).
      const current = await apiCall(page, 'GET', `data/ap-payment-batch/${id}`);
      const deleted = await page.request.delete(`/api/data/ap-payment-batch/${id}?Version=${current.body['Data']?.Version ?? ''}`, { headers: { authorization: `Bearer ${await accessToken(page)}` } });
      expect(deleted.status(), await deleted.text()).toBe(200);
    },
  };
}

/** A purchase order of one line, opened at its address. */
async function openOrder(page: Page): Promise<{ screen: Locator; order: Locator }> {
  const made = await apiCall(page, 'POST', 'data/purchase-order', { OrderDate: isoIn(0), VendorId: 'V400', ShipToId: 'TOR-02', Lines: [{ ProductId: 'FIT-EMT-CONN-050', QuantityOrdered: '5.0000', UnitPrice: '0.4800' }] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await goTo(page, `#${ORDERS}?record=${made.body['Data'].PoId}`);
  const screen = screenOf(page, ORDERS);
  const order = screen.locator('.erp-document');
  await expect(order.locator('.erp-form-record')).toHaveText(made.body['Data'].PoNo, { timeout: 60_000 });
  await settled(page);
  return { screen, order };
}

/** Types a new value over the focused box and saves with Ctrl+S: the document says it is saved. */
async function changeAndSave(page: Page, document: Locator, value: string): Promise<void> {
  await page.keyboard.press('Control+a');
  await page.keyboard.type(value);
  await page.keyboard.press('Control+s');
  await expect(document.getByText('Saved.', { exact: true })).toBeVisible();
}

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * Every kind of dialog the framework opens, each opened on a real screen with the focus in a box, closed, and then
 * the focus checked (back in the box, or its neighbour when the box is gone) and Ctrl+S pressed.
 */
const DIALOGS: { kind: string; run(page: Page): Promise<void> }[] = [
  {
    kind: "the shell's question (askUser), answered by Escape",
    async run(page) {
      const { screen, run, remove } = await openRun(page);
      try {
        const payment = run.getByRole('textbox', { name: 'Payment — Line 2', exact: true });
        await payment.focus();
        const before = await focusIn(screen);
        await page.keyboard.press('Alt+a');
        await questionFocused(page);
        await page.keyboard.press('Escape');
        await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
        await expect.poll(() => focusIn(screen)).toEqual(before);
        await changeAndSave(page, run, '1.00');
      } finally {
        await remove();
      }
    },
  },
  {
    kind: "the shell's question (askUser), answered No",
    async run(page) {
      const { screen, run, remove } = await openRun(page);
      try {
        await run.getByRole('textbox', { name: 'Payment — Line 1', exact: true }).focus();
        const before = await focusIn(screen);
        await page.keyboard.press('Alt+a');
        await questionFocused(page);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
        await expect.poll(() => focusIn(screen)).toEqual(before);
        await changeAndSave(page, run, '2.00');
      } finally {
        await remove();
      }
    },
  },
  {
    kind: "the shell's question (askUser), answered Yes: the run approved, the focus stays in it",
    async run(page) {
      const { screen, run, remove } = await openRun(page);
      try {
        await run.getByRole('textbox', { name: 'Payment — Line 1', exact: true }).focus();
        await page.keyboard.press('Alt+a');
        await questionFocused(page);
        await page.keyboard.press('Enter');
        await expect(run.locator('[data-document-state]')).toHaveAttribute('data-document-state', 'Approved');
        await expect.poll(async () => (await focusIn(screen)).inside).toBe(true);
        // Approved, the run is read-only: Ctrl+S is still the form's (it saves nothing, never "Save page as").
        const reopen = run.getByRole('button', { name: 'Reopen', exact: true });
        await expect(reopen).toBeVisible();
        await reopen.click();
        await expect(run.locator('[data-document-state]')).toHaveAttribute('data-document-state', 'Open');
        await run.getByRole('textbox', { name: 'Payment — Line 1', exact: true }).focus();
        await changeAndSave(page, run, '3.00');
      } finally {
        await remove();
      }
    },
  },
  {
    kind: 'no dialog: a deleted line, the focus on the same cell of the line that took its place',
    async run(page) {
      const { screen, run, remove } = await openRun(page);
      try {
        await run.getByRole('textbox', { name: 'Payment — Line 2', exact: true }).focus();
        await page.keyboard.press('Control+Delete');
        await expect.poll(async () => (await focusIn(screen)).inside).toBe(true);
        await expect(run.getByRole('textbox', { name: 'Payment — Line 2', exact: true })).toBeFocused();
        await changeAndSave(page, run, '4.00');
      } finally {
        await remove();
      }
    },
  },
  {
    kind: "a screen's own dialog: the expanded line (Ctrl+Enter), closed by Escape",
    async run(page) {
      const { screen, order } = await openOrder(page);
      const quantity = order.getByRole('textbox', { name: 'Ordered — Line 1', exact: true });
      await quantity.focus();
      const before = await focusIn(screen);
      await page.keyboard.press('Control+Enter');
      const expanded = page.getByRole('dialog', { name: 'Line 1' });
      await expect(expanded).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(expanded).toBeHidden();
      await expect.poll(() => focusIn(screen)).toEqual(before);
      await changeAndSave(page, order, '6');
    },
  },
  {
    kind: "a screen's own dialog: the line source picker (Add from sales order), closed by Escape",
    async run(page) {
      const { screen, order } = await openOrder(page);
      const quantity = order.getByRole('textbox', { name: 'Ordered — Line 1', exact: true });
      await quantity.focus();
      const before = await focusIn(screen);
      await page.keyboard.press('Alt+o');
      const picker = page.getByRole('dialog', { name: /Add from sales order/ });
      await expect(picker).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();
      await expect.poll(() => focusIn(screen)).toEqual(before);
      await changeAndSave(page, order, '7');
    },
  },
];

for (const dialog of DIALOGS) {
  test(`focus returns into the screen after ${dialog.kind}; Ctrl+S saves`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin', 'admin', '#/');
    await dialog.run(page);
  });
}

test('an unsaved line delete asks nothing, and Total paid follows the lines removed', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin', '#/');
  const { run, id, remove } = await openRun(page);
  try {
    const saved = (await apiCall(page, 'GET', `data/ap-payment-batch/${id}`)).body['Data'] as { Total: string; Lines: { Payment: string }[] };
    const count = saved.Lines.length;
    expect(count).toBeGreaterThanOrEqual(4);
    const total = run.locator('#doc-ap-payment-batch-Total');
    await expect.poll(async () => plain(await total.inputValue())).toBe(saved.Total);
    // Three lines removed from the top, by keyboard: no question, the total is the lines kept.
    for (let removed = 1; removed <= 3; removed += 1) {
      await run.getByRole('textbox', { name: 'Payment — Line 1', exact: true }).focus();
      await page.keyboard.press('Control+Delete');
      await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
      await expect(run.getByRole('textbox', { name: /^Payment — Line \d+$/ })).toHaveCount(count - removed);
      const kept = saved.Lines.slice(removed).reduce((sum, line) => add(sum, line.Payment), '0.00');
      await expect.poll(async () => plain(await total.inputValue())).toBe(kept);
    }
    // Reversible: nothing is saved until Ctrl+S (the server still has every line).
    const still = (await apiCall(page, 'GET', `data/ap-payment-batch/${id}`)).body['Data'] as { Lines: unknown[] };
    expect(still.Lines).toHaveLength(count);
  } finally {
    await remove();
  }
});

test("a sales order's Available and totals follow the warehouse", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, `#${SALES}`);
  const orders = screenOf(page, SALES);
  await expect(orders.getByRole('button', { name: 'New', exact: true })).toBeVisible({ timeout: 60_000 });
  await orders.getByRole('button', { name: 'New', exact: true }).click();
  const order = orders.locator('.erp-document');
  await order.getByRole('textbox', { name: 'Bill to', exact: true }).fill('B100');
  await order.getByRole('textbox', { name: 'Ship to', exact: true }).fill('S101');
  const warehouse = order.getByRole('textbox', { name: 'Warehouse', exact: true });
  await warehouse.fill('TOR-01');
  const product = order.getByRole('combobox', { name: 'Product — Line 1' });
  await product.fill('HRS-10GA-48X96');
  await expect(order.getByRole('option', { name: /^HRS-10GA-48X96 / })).toBeVisible();
  await product.press('Enter');
  await order.getByRole('textbox', { name: 'Quantity — Line 1' }).fill('2');
  const available = order.getByRole('cell', { name: 'Available — Line 1', exact: true });
  const amount = order.getByRole('cell', { name: 'Amount — Line 1', exact: true });
  await expect(available).toHaveText(/^[\d,]+\.\d{4}$/);
  await expect(amount).toHaveText(/\d/);
  // The totals, blank until the save before, follow the line's figures.
  const subTotal = order.locator('#doc-sales-order-SubTotal');
  const grand = order.locator('#doc-sales-order-Total');
  await expect.poll(async () => plain(await subTotal.inputValue())).toBe(plain((await amount.textContent()) ?? ''));
  await expect(grand).not.toHaveValue('');

  // Another warehouse: each line's Available is asked again (the server's figure for that warehouse).
  const warehouses = (await apiCall(page, 'GET', 'lookup/warehouse')).body['List'] as { Value: string }[];
  const other = warehouses.map((row) => row.Value).find((value) => value !== 'TOR-01')!;
  const expected = async (where: string) =>
    (await apiCall(page, 'POST', 'so/line-preview', { Header: { BillToId: 'B100', ShipToId: 'S101', WarehouseId: where }, Line: { ProductId: 'HRS-10GA-48X96', Quantity: '2' } })).body['Data'].Available as string;
  for (const where of [other, 'TOR-01']) {
    await warehouse.fill(where);
    await expect.poll(async () => plain((await available.textContent()) ?? '')).toBe(await expected(where));
  }
  await expect(grand).not.toHaveValue('');
});

test('Enter in a lookup takes its single match: the cash receipt\'s bank "OPER" is OPERATING', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, `#${RECEIPTS}`);
  const screen = screenOf(page, RECEIPTS);
  await expect(screen.getByRole('button', { name: 'New', exact: true })).toBeVisible({ timeout: 60_000 });
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-document[data-entity="cash-receipt"]');
  const bank = form.getByRole('textbox', { name: 'Bank account', exact: true });
  await bank.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('OPER');
  await page.keyboard.press('Enter');
  await expect(bank).toHaveValue('OPERATING');
  // Taken, the focus goes on to the next field, as a pick does.
  await expect(bank).not.toBeFocused();
  await expect.poll(async () => (await focusIn(screen)).inside).toBe(true);
});
