/**
 * Issue 40 acceptance, the order desk day, keyboard only, in Chromium on the fresh demo database at 1440×900, in
 * English, French and Chinese: an order for B100 with three lines (the warehouse that has the goods follows; the
 * lot-tracked line's lot picked from the warehouse's lots, issue 71 item 2) → Ctrl+S → commit (Alt+M) → the shipping queue
 * ships it → the invoicing queue invoices it → its result links the invoice, which opens on its screen → E-mail
 * (Ctrl+Shift+E) → the mailbox shows the e-mail with the invoice's PDF. Screens are reached through the command
 * palette (Ctrl+K and the menu's name in the language). Nothing the system knows is typed again: the clerk types
 * the customer, the products and quantities, and picks the lot; names, ship-to, terms, rep, prices, dates and every number come from the system. Every key pressed and character typed is counted (docs/keyboard.md "A clerk's day"). In French and
 * Chinese every screen passed shows no English catalogue text and no ISO date (as tests/e2e/i18n-days.spec.ts).
 * The day's other mail: B100's statement of account from Account Statements (its customer typed, Enter runs it,
 * Ctrl+Shift+E e-mails it to the contact) reaches the mailbox with its PDF.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { englishOf, leaks } from '../../../tests/e2e/english-texts.ts';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { commandPalette, overlay, questionDialog, questionFocused, settled } from '../../../tests/e2e/shell-helpers.ts';

const NAMESPACES = ['records', 'forms', 'entities', 'apps', 'errors', 'reports', 'ar', 'oe', 'so'] as const;
const PATHS = {
  orders: '/novus-oe/sales-order-entry',
  shipping: '/novus-oe/orders-shipping-queue',
  invoicing: '/novus-oe/orders-invoices-queue',
  mailbox: '/shell/mailbox',
  statements: '/novus-ar/Account-statement',
} as const;

/** The keyboard, counting every key pressed and character typed. */
class Keys {
  count = 0;
  constructor(private readonly page: Page) {}
  async press(key: string, times = 1) {
    for (let i = 0; i < times; i++) await this.page.keyboard.press(key);
    this.count += times;
  }
  async type(text: string) {
    await this.page.keyboard.type(text);
    this.count += [...text].length;
  }
}

/** Opens a screen by keyboard: Ctrl+K, its menu name in the language, Enter. */
async function openByPalette(page: Page, keys: Keys, path: string): Promise<Locator> {
  await keys.press('Control+k');
  const palette = commandPalette(page);
  await expect(palette).toHaveAttribute('open', /.*/);
  // The menus load when the palette first opens: wait for the screen's entry. A screen several applications carry is
  // one entry (issue 71 item 2), under the first of them: matched by the screen's own path, after the application's.
  const screenPath = path.toLowerCase().replace(/^\/[^/]+/, '');
  const labelOf = () =>
    palette.evaluate((element, wanted) => {
      const entries = (element as unknown as { entries: { label: string; path: string }[] }).entries;
      return entries.find((entry) => entry.path.toLowerCase().replace(/\/+$/, '').replace(/^\/[^/]+/, '') === wanted)?.label ?? '';
    }, screenPath);
  await expect.poll(labelOf).not.toBe('');
  const label = await labelOf();
  expect(label, path).not.toBe('');
  await keys.type(label);
  await expect(palette.locator('[part~="option-active"]').first()).toContainText(label);
  await keys.press('Enter');
  // The same screen may open under another application that re-exports it (alsoIn): the tab shown is it.
  const screen = page.locator('.erp-tab-screen:visible').filter({ has: page.locator('.records-title, h2') }).last();
  await expect(screen.locator('.records-title, h2').first()).toBeVisible({ timeout: 60_000 });
  await expect(overlay(page)).not.toHaveAttribute('active', /.*/, { timeout: 60_000 });
  return screen;
}

/** Answers the shell's Yes / No question (naming `named`, when given) by keyboard: Yes has the focus. */
async function yes(page: Page, keys: Keys, named?: string): Promise<void> {
  const dialog = questionDialog(page).getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (named) await expect(questionDialog(page).getByText(named, { exact: false })).toBeVisible();
  await questionFocused(page);
  await keys.press('Enter');
  await expect(dialog).toBeHidden();
}

/** A queue: its parameters as they come (Enter previews), then the one order ticked by keyboard, Run, Yes. */
async function runQueue(page: Page, keys: Keys, screen: Locator, orderKey: string) {
  await screen.locator('form input, form select').first().focus();
  await keys.press('Enter');
  const row = screen.locator(`[data-process-item="${orderKey}"]`);
  await expect(row).toBeVisible();
  // F2 to the preview (its Select all), Tab past the header box to the order's own box, Space ticks it.
  const before = await screen.locator('[data-process-item]').evaluateAll((rows, key) => rows.findIndex((one) => (one as HTMLElement).dataset['processItem'] === key), orderKey);
  await keys.press('F2');
  await keys.press('Tab', before + 2);
  await keys.press('Space');
  await expect(screen.locator('[data-process-selected]')).toHaveAttribute('data-process-selected', '1');
  await keys.press('Tab', 1 + (await screen.locator('[data-process-item]').count()) - before - 1);
  await keys.press('Enter');
  await yes(page, keys);
  await expect(screen.locator('[data-process-summary]')).toBeVisible();
  await settled(page);
}

for (const language of ['en-CA', 'fr-CA', 'zh-CN'] as const) {
  test(`${language}: the order desk day by keyboard — order, commit, ship, invoice, open it, e-mail it, the mailbox`, async ({ page, context }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'admin', '#/');
    if (language !== 'en-CA') {
      await context.addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent(`c=${language}|uic=${language}`), url: new URL(page.url()).origin }]);
      await page.reload();
      await settled(page);
    }
    const english = language === 'en-CA' ? null : await englishOf(page, language, NAMESPACES, { minLetters: 6, label: true });
    const found: string[] = [];
    const check = async (where: string, screen: Locator) => {
      if (english) found.push(...(await leaks(screen, english)).map((leak) => `${where}: ${leak}`));
    };
    const keys = new Keys(page);
    const lotProduct = await lotTrackedInStock(page, 'TOR-01');

    // The order: Alt+N, the customer (its name, ship-to, terms, rep and warehouse follow), two lines, Ctrl+S.
    const orders = await openByPalette(page, keys, PATHS.orders);
    // The list takes the focus when it opens (its search): Alt+N works from there.
    await expect(orders.locator('[role="grid"] [role="row"][data-row-id]').first()).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => orders.evaluate((root) => root.contains(document.activeElement))).toBe(true);
    await keys.press('Alt+n');
    const order = orders.locator('.erp-document');
    await expect(order).toBeVisible();
    await keys.press('Tab', 2);
    await keys.type('B100');
    await keys.press('Tab');
    // Issue 71 item 2: the warehouse that has the goods follows (B100's last orders ship from TOR-01).
    await expect(order.locator('input[id$="-WarehouseId"]')).toHaveValue('TOR-01');
    await keys.press('F2');
    const lines = [
      ['HRS-10GA-48X96', '2'],
      ['HRS-12GA-48X96', '3'],
      [lotProduct, '2'],
    ] as const;
    for (const [index, [product, quantity]] of lines.entries()) {
      await keys.type(product);
      // Enter takes the suggestion (once shown); Tab goes on to the quantity.
      await expect(order.getByRole('option', { name: new RegExp(`^${product} `) })).toBeVisible();
      await keys.press('Enter');
      await keys.press('Tab');
      await keys.type(quantity);
      if (index < lines.length - 1) await keys.press('Tab', 2);
    }
    // The lot-tracked line's lots: F2 goes on to them ("Add" under the grid), Enter adds a row, F4 lists the
    // warehouse's lots of the product (what is free, the heat), Enter takes the first — its quantity follows (issue 71
    // item 2).
    const lotSection = order.locator('[data-line-children="Lots"]');
    await expect(lotSection).toBeVisible();
    const addLot = lotSection.locator('button.erp-add-line');
    await keys.press('F2');
    await expect(addLot).toBeFocused();
    await keys.press('Enter');
    await expect(lotSection.locator('tbody tr')).toHaveCount(1);
    await keys.press('F4');
    const firstLot = lotSection.locator('button[data-lookup-option]').first();
    await expect(firstLot).toBeFocused();
    const lotNo = (await firstLot.getAttribute('data-lookup-option'))!;
    await keys.press('Enter');
    await expect(lotSection.locator('input[id$="-LotNo"]')).toHaveValue(lotNo);
    await keys.press('Control+s');
    const number = order.locator('.erp-form-record');
    await expect(number).toHaveText(/^SO\d+$/);
    const orderNo = (await number.textContent())!.trim();
    await check('order saved', orders);

    await keys.press('Alt+m');
    await yes(page, keys);
    await expect(order.locator('[data-document-state]')).toHaveAttribute('data-document-state', 'Committed');
    await check('order committed', orders);
    const committed = (await apiCall(page, 'GET', `data/sales-order/${await orderKeyOf(page, orderNo)}`)).body['Data'] as { Lines: { ProductId: string; Lots: { LotNo: string }[] }[] };
    expect(committed.Lines.find((line) => line.ProductId === lotProduct)?.Lots.map((lot) => lot.LotNo)).toEqual([lotNo]);

    // Shipped from the shipping queue, invoiced from the invoicing queue: only this order ticked.
    const shipping = await openByPalette(page, keys, PATHS.shipping);
    await runQueue(page, keys, shipping, await orderKeyOf(page, orderNo));
    await expect(shipping.locator('[data-process-result="1"]')).toHaveCount(1);
    await check('shipping queue', shipping);

    const invoicing = await openByPalette(page, keys, PATHS.invoicing);
    await runQueue(page, keys, invoicing, await orderKeyOf(page, orderNo));
    const link = invoicing.locator('[data-process-result="1"] [data-made-number]');
    await expect(link).toHaveText(/^AR\d+$/);
    const invoiceNo = (await link.textContent())!.trim();
    await check('invoicing queue', invoicing);

    // The result's link opens the invoice on its screen; E-mail asks, naming the contact, and sends it.
    await link.focus();
    keys.count += 1; // the Tab that reaches the link from the results' heading
    await keys.press('Enter');
    const invoice = page.locator(`.erp-document[data-entity="ar-invoice"]`);
    await expect(invoice.locator('.erp-form-record')).toHaveText(invoiceNo);
    await settled(page);
    await keys.press('Control+Shift+E');
    await yes(page, keys, 'priya.sandhu@northshore-metals.example');
    await expect(invoice.locator('.erp-form-message[role="status"]')).toContainText(invoiceNo);
    await check('invoice e-mailed', invoice);
    if (language === 'en-CA' || language === 'fr-CA') await page.screenshot({ path: test.info().outputPath(`order-desk-day-${language}-invoice.png`) });

    // The mailbox shows it, with the PDF.
    const mailbox = await openByPalette(page, keys, PATHS.mailbox);
    // The newest first: the invoice's mail heads the list.
    const mail = mailbox.locator('[role="row"][data-row-id]').filter({ hasText: invoiceNo });
    await expect(mail.first()).toBeVisible();
    await expect(mail.first()).toContainText(`${invoiceNo}.pdf`);
    await check('mailbox', mailbox);
    if (language === 'en-CA' || language === 'fr-CA') await page.screenshot({ path: test.info().outputPath(`order-desk-day-${language}-mailbox.png`) });

    test.info().annotations.push({ type: 'keystrokes', description: `${language}: ${keys.count}` });
    // docs/keyboard.md "A clerk's day" states the figures: a longer day is a regression.
    expect(keys.count).toBeLessThanOrEqual({ 'en-CA': 169, 'fr-CA': 205, 'zh-CN': 120 }[language]);
    expect(found).toEqual([]);
  });
}

test("the customer's statement by keyboard — Account Statements for B100, E-mail, the mailbox (issue 40 item 4)", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', 'admin', '#/');
  const keys = new Keys(page);
  const statements = await openByPalette(page, keys, PATHS.statements);
  const email = statements.locator('button[data-action="email"]');
  // Nothing to mail before it ran for one customer.
  await expect(email).toBeDisabled();
  // The statement date is today; Tab to the customer, its number typed, Enter runs the statement.
  await statements.locator('[data-parameter="StatementDate"] input').first().focus();
  await keys.press('Tab');
  await expect(statements.locator('[data-parameter="CustomerId"] input').first()).toBeFocused();
  await keys.type('B100');
  // The customer is the framework's lookup (issue 71 item 2): Enter takes its match, the next Enter runs the statement.
  await keys.press('Enter');
  // Taken: its name shows beside it and the focus goes on to the next parameter (what the clerk waits for).
  await expect(statements.locator('[data-parameter="CustomerId"]')).toContainText('Northshore Metals');
  await expect(statements.locator('[data-parameter="CustomerFrom"] input').first()).toBeFocused();
  await keys.press('Enter');
  await expect(statements.locator('[data-report-row="row"]').first()).toBeVisible();
  await expect(email).toBeEnabled();
  await keys.press('Control+Shift+E');
  await yes(page, keys, 'priya.sandhu@northshore-metals.example');
  const status = statements.locator('.records-status[role="status"]');
  await expect(status).toContainText('e-mailed to priya.sandhu@northshore-metals.example');
  const statement = (await status.textContent())!.replace(/ e-mailed to .*$/, '').trim();
  await settled(page);

  // The mailbox: the statement's mail with its PDF.
  const mailbox = await openByPalette(page, keys, PATHS.mailbox);
  const mail = mailbox.locator('[role="row"][data-row-id]').filter({ hasText: 'Statement of account' });
  await expect(mail.first()).toBeVisible();
  await expect(mail.first()).toContainText(`${statement.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.pdf`);
});

/**
 * A lot-tracked demo product with a lot of at least 2 free in `warehouse` (the lot picker's own call), the shortest
 * id first: what the clerk orders on the lot-tracked line. Read before the day, not counted.
 */
async function lotTrackedInStock(page: Page, warehouse: string): Promise<string> {
  const products = ((await apiCall(page, 'GET', 'data/product?PageSize=500&filter.IsActive=true')).body['List'] as { ProductId: string }[]).map((p) => p.ProductId).sort((a, b) => a.length - b.length || a.localeCompare(b));
  for (const product of products) {
    const values = encodeURIComponent(JSON.stringify({ ProductId: product, WarehouseId: warehouse, Quantity: '2.0000' }));
    const lots = ((await apiCall(page, 'GET', `so/lots?Values=${values}`)).body['List'] ?? []) as { Fill: { Quantity: string } }[];
    if (lots.some((lot) => Number(lot.Fill.Quantity) >= 2)) return product;
  }
  throw new Error(`no lot-tracked product with stock in ${warehouse}`);
}

/** The order's key (the queues' item id), read as the screen reads it. */
async function orderKeyOf(page: Page, orderNo: string): Promise<string> {
  const listed = await apiCall(page, 'GET', `data/sales-order?filter.OrderNo=${orderNo}`);
  return String((listed.body['List'] as { OrderKey: number }[])[0]!.OrderKey);
}

