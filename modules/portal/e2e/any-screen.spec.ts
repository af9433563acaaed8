/**
 * Issue 69 item 1 and 2's acceptance, end to end as the demo `portal` customer in Chromium:
 * - every portal screen (Home, Cart with its review, My Orders, Order Details, Invoices, Invoice, Notifications)
 *   and dialog (Switch Account, Order again's question, the folded top-bar menu) at 360×740 and 390×844 (touch,
 *   mobile; and 320×640, the smallest phone) and at 768×1024 and 1440×900, in English and in French: no sideways scroll
 *   (`document.scrollingElement.scrollWidth <= innerWidth`), every visible control at least 44×44 px (the shell's
 *   chrome in shadow roots included), dialogs and their buttons inside the viewport, the cart's total in view
 *   before any scroll, and axe (from node_modules) without a serious or critical violation;
 * - the customer opens an invoice and its PDF from My Orders (an order of theirs the office invoiced) and from the
 *   command palette; another customer's invoice is answered like a missing one (the server's rule, tested on both
 *   engines in modules/portal/test/documents.test.ts, with a second customer too).
 * One test per language signs in twice (a touch context, a desktop one) and loops over the viewports inside.
 * Screenshots at 390×844 and 1440×900 go to $PORTAL_SHOTS when it is set (outside the repository).
 */
import { createRequire } from 'node:module';
import { expect, test, type Browser, type Locator, type Page } from '../../../tests/e2e/fixtures.ts';
import { accessToken, apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { chooseLanguage, commandPalette, paletteSearch, settled } from '../../../tests/e2e/shell-helpers.ts';
import { pdfText } from '../../../tests/e2e/pdf-text.ts';

test.describe.configure({ mode: 'serial' });
// axe is added to the page as a script; the shell's CSP allows no inline script (csp.spec.ts checks the CSP).
test.use({ bypassCSP: true });

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SHOTS = process.env['PORTAL_SHOTS'];

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
  // The smallest phone the issue names.
  { width: 320, height: 640 },
];
const DESKTOPS = [
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
];

const TEXT = {
  en: { invoices: 'Invoices', myOrders: 'My Orders', switchAccount: 'Switch Account', switch: 'Switch', cancel: 'Cancel', again: 'Order again', review: 'Review order', back: 'Back to cart', pdf: 'Invoice (PDF)' },
  fr: { invoices: 'Factures', myOrders: 'Mes commandes', switchAccount: 'Changer de compte', switch: 'Changer', cancel: 'Annuler', again: 'Commander de nouveau', review: 'Vérifier la commande', back: 'Retour au panier', pdf: 'Facture (PDF)' },
} as const;
type Words = (typeof TEXT)[keyof typeof TEXT];

const portalScreen = (page: Page, name: string): Locator => page.locator(`[data-portal-screen="${name}"]:visible`);
const navLink = (page: Page, path: string): Locator => page.locator('erp-portal-bar').locator(`a.link[data-path="${path}"]`);

/** What breaks issue 69 item 1's rules on the page as it is now, one line each (empty: none). */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const width = window.innerWidth;
    const scrolling = document.scrollingElement!;
    if (scrolling.scrollWidth > width) faults.push(`sideways scroll: content ${scrolling.scrollWidth} px in ${width} px`);
    const CONTROLS = 'button, a[href], input, select, textarea, summary, [role="button"], [role="link"], [role="menuitem"], [role="menuitemcheckbox"], [role="tab"], [role="option"], [role="combobox"]';
    const hidden = (element: Element): boolean => {
      for (let node: Element | null = element; node; node = (node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null)) {
        if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('inert')) return true;
        const style = getComputedStyle(node);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return true;
      }
      return false;
    };
    const inStrip = (element: Element): boolean => {
      for (let node: Element | null = element.parentElement ?? ((element.getRootNode() as ShadowRoot).host as Element | undefined) ?? null; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null) {
        const box = node.getBoundingClientRect();
        if (/auto|scroll/.test(getComputedStyle(node).overflowX) && box.left >= -0.5 && box.right <= width + 0.5) return true;
      }
      return false;
    };
    const name = (element: Element) => {
      const host = (element.getRootNode() as ShadowRoot).host;
      const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const where = element.parentElement?.closest('[class]')?.className ?? '';
      return `${host ? `${host.localName} › ` : ''}${element.localName}${element.id ? `#${element.id}` : ''} "${label}" in .${String(where).split(' ')[0]} (min-height ${getComputedStyle(element).minHeight})`;
    };
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) visit(element.shadowRoot);
        if (!element.matches(CONTROLS)) continue;
        const box = element.getBoundingClientRect();
        // Not rendered: a kept-alive tab in the background (content-visibility: hidden), display none, transparent.
        if (box.width === 0 || box.height === 0 || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }) || hidden(element)) continue;
        // A visually hidden skip link (1 px, clipped) shows only when focused.
        if (box.width <= 1 && box.height <= 1) continue;
        if (box.width < 43.5 || box.height < 43.5) faults.push(`small target ${Math.round(box.width)}×${Math.round(box.height)}: ${name(element)}`);
        // Outside the page's width, unless in a strip that scrolls sideways by itself (the portal bar's links on a phone).
        if ((box.left < -0.5 || box.right > width + 0.5) && !inStrip(element)) faults.push(`off screen sideways (${Math.round(box.left)}–${Math.round(box.right)}): ${name(element)}`);
      }
    };
    visit(document);
    return faults;
  });
}

/** The open dialog's panel and buttons are inside the viewport (empty: yes). */
async function dialogFaults(page: Page, dialog: Locator): Promise<string[]> {
  const panel = dialog.locator('sl-dialog').first();
  await expect(panel).toHaveAttribute('data-shown', '');
  return panel.evaluate((element) => {
    const faults: string[] = [];
    const inside = (box: DOMRect) => box.left >= -0.5 && box.top >= -0.5 && box.right <= window.innerWidth + 0.5 && box.bottom <= window.innerHeight + 0.5;
    const part = element.shadowRoot?.querySelector('[part~="panel"]');
    if (!part || !inside(part.getBoundingClientRect())) faults.push(`dialog panel outside the viewport: ${JSON.stringify(part?.getBoundingClientRect())}`);
    for (const button of (element.getRootNode() as ShadowRoot).querySelectorAll('button, sl-button')) {
      if (!inside(button.getBoundingClientRect())) faults.push(`dialog button outside the viewport: ${(button.textContent ?? '').trim()}`);
    }
    return faults;
  });
}

/** axe's serious and critical violations on the whole page, one line per element. */
async function axeFaults(page: Page): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `axe ${violation.impact} ${violation.id}: ${JSON.stringify(node.target)}`));
}

/** Checks the page as it is under `label`; every fault found is kept for the end. */
async function check(page: Page, faults: string[], label: string, options: { axe?: boolean; dialog?: Locator; shot?: string } = {}): Promise<void> {
  await settled(page);
  // Measured once every opening animation (a dialog's or a menu's scale) is over.
  if (options.dialog) await expect(options.dialog.locator('sl-dialog').first()).toHaveAttribute('data-shown', '');
  await expect
    .poll(() =>
      page.evaluate(() => {
        const roots: (Document | ShadowRoot)[] = [document];
        for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
        for (let i = 1; i < roots.length; i++) for (const element of roots[i]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
        return roots.some((root) => root.getAnimations().some((animation) => animation.playState === 'running'));
      }),
    )
    .toBe(false);
  const found = [...(await layoutFaults(page)), ...(options.dialog ? await dialogFaults(page, options.dialog) : []), ...(options.axe ? await axeFaults(page) : [])];
  faults.push(...found.map((fault) => `${label}: ${fault}`));
  if (SHOTS && options.shot) await page.screenshot({ path: `${SHOTS}/${options.shot}.png`, fullPage: false });
}

/** Opens a portal screen through the portal bar (or the hash for the routes that receive props). */
async function open(page: Page, path: string, screen: string): Promise<Locator> {
  await navLink(page, path).click();
  const located = portalScreen(page, screen);
  await expect(located).toBeVisible();
  return located;
}

/** The top bar's Switch Account: a button on wide screens, an item of the account menu on narrow ones. */
async function openSwitcher(page: Page, words: Words): Promise<Locator> {
  const bar = page.locator('erp-top-bar');
  const direct = bar.getByRole('button', { name: words.switchAccount });
  if (await direct.isVisible()) await direct.click();
  else {
    await bar.locator('[part="user-button"]').click();
    await bar.getByRole('menuitem', { name: words.switchAccount }).click();
  }
  const dialog = page.locator('erp-dialog[data-dialog="account-switcher"]');
  await expect(dialog.getByRole('dialog')).toBeVisible();
  return dialog;
}

/** Every screen and dialog at `viewport`. */
async function tour(page: Page, faults: string[], viewport: { width: number; height: number }, words: Words, language: string): Promise<void> {
  await page.setViewportSize(viewport);
  const at = `${language} ${viewport.width}×${viewport.height}`;
  const shot = (name: string) => (viewport.width === 390 || viewport.width === 1440 ? `${language}-${viewport.width}-${name}` : undefined);

  const home = await open(page, '/portal/order', 'order');
  await expect(home.locator('[data-portal="catalogue"] tbody tr').first()).toBeVisible();
  await check(page, faults, `${at} home`, { axe: true, shot: shot('home') });

  const cart = await open(page, '/portal/cart', 'cart');
  const total = cart.locator('[data-portal="cart-summary-total"]');
  await expect(total).toBeVisible();
  // The total and the next step in view before any scroll.
  await page.evaluate(() => document.scrollingElement!.scrollTo(0, 0));
  await expect(total).toBeInViewport({ ratio: 1 });
  await expect(cart.locator('[data-portal="review"]')).toBeInViewport({ ratio: 1 });
  await check(page, faults, `${at} cart`, { axe: true, shot: shot('cart') });
  await cart.locator('[data-portal="review"]').click();
  await expect(cart.locator('[data-portal="order-review"]')).toBeVisible();
  await expect(cart.locator('[data-portal="place-order"]')).toBeInViewport({ ratio: 1 });
  await check(page, faults, `${at} cart review`, { shot: shot('review') });
  await cart.getByRole('button', { name: words.back }).click();

  const orders = await open(page, '/portal/myorders', 'myorders');
  await expect(orders.locator('[data-portal="orders"] tbody tr').first()).toBeVisible();
  await check(page, faults, `${at} my orders`, { axe: true, shot: shot('myorders') });
  await orders.locator('[data-portal="orders"] tbody tr').first().getByRole('button').first().click();
  const details = portalScreen(page, 'orderdetails');
  await expect(details.locator('[data-portal="order-lines"] tbody tr').first()).toBeVisible();
  await check(page, faults, `${at} order details`, { axe: true, shot: shot('orderdetails') });
  await details.getByRole('button', { name: words.again }).click();
  const question = page.locator('erp-dialog[data-dialog="question"]');
  await expect(question.getByRole('dialog')).toBeVisible();
  await check(page, faults, `${at} order again`, { dialog: question, shot: shot('order-again') });
  await question.getByRole('button', { name: words.cancel }).click();
  await expect(question.getByRole('dialog')).toBeHidden();

  const invoices = await open(page, '/portal/invoices', 'invoices');
  await expect(invoices.locator('[data-portal="invoices"] tbody tr').first()).toBeVisible();
  await expect(invoices.locator('[data-portal="aging"]')).toBeVisible();
  await check(page, faults, `${at} invoices`, { axe: true, shot: shot('invoices') });
  await invoices.locator('[data-portal="invoices"] tbody tr').first().getByRole('button').first().click();
  const invoice = portalScreen(page, 'invoice');
  await expect(invoice.locator('[data-portal="invoice-lines"] tbody tr').first()).toBeVisible();
  await check(page, faults, `${at} invoice`, { axe: true, shot: shot('invoice') });

  await open(page, '/portal/notifications', 'notifications');
  await check(page, faults, `${at} notifications`, { axe: true, shot: shot('notifications') });

  const switcher = await openSwitcher(page, words);
  await check(page, faults, `${at} switch account`, { dialog: switcher, axe: true, shot: shot('switch-account') });
  await switcher.getByRole('button', { name: words.cancel }).click();
  await expect(switcher).toHaveCount(0);

  // On a narrow screen the top bar's account menu holds the language and Switch Account: it fits too.
  const bar = page.locator('erp-top-bar');
  if (!(await bar.getByRole('button', { name: words.switchAccount }).isVisible())) {
    await bar.locator('[part="user-button"]').click();
    await expect(bar.getByRole('menuitem', { name: words.switchAccount })).toBeVisible();
    await check(page, faults, `${at} account menu`, { shot: shot('account-menu') });
    await page.keyboard.press('Escape');
    await expect(bar.getByRole('menuitem', { name: words.switchAccount })).toBeHidden();
  }
}

/** An order of the customer's that the office committed, shipped and invoiced: its key and its invoice's. */
async function invoicedOrder(browser: Browser, portalToken: string, page: Page): Promise<{ orderNo: string; invoiceId: number; invoiceNo: string }> {
  const submitted = await page.request.fetch('/api/PortalOrder/submit', {
    method: 'POST',
    headers: { authorization: `Bearer ${portalToken}`, 'content-type': 'application/json', 'idempotency-key': `any-screen-${Date.now()}` },
    data: JSON.stringify({ BillToId: 'B100', ShipToId: 'S101', Notes: 'Invoiced for the portal', Lines: [{ ProductId: 'EL-BKR-20A-1P', Quantity: 1 }] }),
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const orderNo = String((await submitted.json()).EntityId);
  const office = await browser.newContext();
  try {
    const staff = await office.newPage();
    await signIn(staff, 'admin', 'admin');
    // The sales order the portal order became: found by its customer PO, the web number (the staff's search).
    const found = await apiCall(staff, 'GET', `search?Search=${orderNo}`);
    const hit = (found.body['List'] as { Entity: string; Id: string }[]).find((row) => row.Entity === 'sales-order')!;
    const order = { OrderKey: Number(hit.Id) };
    // Shipped from the warehouse the demo stock is in, whatever the portal order took.
    const entered = (await apiCall(staff, 'GET', `data/sales-order/${order.OrderKey}`)).body['Data'] as Record<string, unknown>;
    const moved = await apiCall(staff, 'PUT', `data/sales-order/${order.OrderKey}`, { ...entered, WarehouseId: 'TOR-01' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const record = moved.body['Data'] as { Version: number; OrderDate: string; WarehouseId: string };
    const committed = await apiCall(staff, 'POST', `data/sales-order/${order.OrderKey}/actions/commit`, { Version: record.Version, Confirmations: ['credit-limit'] });
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    const shipped = await apiCall(staff, 'POST', 'processes/so-shipping-queue/run', { Parameters: { WarehouseId: record.WarehouseId, ShipDate: record.OrderDate }, Items: [String(order.OrderKey)] });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await apiCall(staff, 'GET', `data/sales-order/${order.OrderKey}`)).body['Data'].Status, JSON.stringify(shipped.body)).toBe('Shipped');
    const invoiced = await apiCall(staff, 'POST', 'processes/so-invoice-queue/run', { Parameters: { BillToId: 'B100', InvoiceDate: record.OrderDate }, Items: [String(order.OrderKey)] });
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);
    const after = (await apiCall(staff, 'GET', `data/sales-order/${order.OrderKey}`)).body['Data'] as { Status: string; InvoiceId: number; InvoiceNo: string };
    expect(after.Status).toBe('Invoiced');
    return { orderNo, invoiceId: Number(after.InvoiceId), invoiceNo: after.InvoiceNo };
  } finally {
    await office.close();
  }
}

/** The invoice page's PDF: downloaded, a PDF of this invoice. */
async function invoicePdf(page: Page, invoiceNo: string, words: Words): Promise<void> {
  const invoice = portalScreen(page, 'invoice');
  await expect(invoice.locator('[data-portal="invoice-no"]')).toHaveText(invoiceNo);
  const download = page.waitForEvent('download');
  await invoice.getByRole('button', { name: words.pdf }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoiceNo}.pdf`);
  const bytes = await (await file.createReadStream()).toArray();
  const text = await pdfText(Buffer.concat(bytes as Buffer[]));
  expect(text).toContain(invoiceNo);
}

for (const language of ['en', 'fr'] as const) {
  test(`every portal screen and dialog fits phones to desktops, in ${language === 'en' ? 'English' : 'French'} (issue 69 item 1)`, async ({ browser }) => {
    test.setTimeout(300_000);
    const words = TEXT[language];
    const faults: string[] = [];

    const desk = await browser.newContext({ viewport: DESKTOPS[0]!, bypassCSP: true });
    const page = await desk.newPage();
    await signIn(page, 'portal', 'portal');
    await expect(portalScreen(page, 'order')).toBeVisible();
    if (language === 'fr') await chooseLanguage(page, 'Français (Canada)');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language === 'fr' ? 'fr-CA' : 'en-CA');
    const token = await accessToken(page);
    // Something in the cart (its total is on screen) and an invoiced order of the customer's.
    await invoicedOrder(browser, token, page);
    // The delivery date in the user's language, typed as the product writes it (not the browser's mm/dd/yyyy).
    const date = portalScreen(page, 'order').getByLabel(language === 'fr' ? 'Date de livraison' : 'Delivery date');
    await date.fill(language === 'fr' ? '30 juin 2099' : 'Jun 30, 2099');
    await date.blur();
    await expect(date).toHaveAttribute('aria-invalid', 'false');
    await expect(date).toHaveValue(language === 'fr' ? '30 juin 2099' : 'Jun 30, 2099');
    await expect(date).toHaveCSS('font-size', '16px');
    // (after the order: a submit empties the cart)
    const added = await apiCall(page, 'POST', 'PortalCart/add', { BillToId: 'B100', Lines: [{ ProductId: 'EL-EMT-075', Quantity: 3 }, { ProductId: 'AL-6061-SH125', Quantity: 1 }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    try {
      for (const viewport of DESKTOPS) await tour(page, faults, viewport, words, language);
      const phone = await browser.newContext({ viewport: PHONES[0]!, isMobile: true, hasTouch: true, bypassCSP: true });
      try {
        const mobile = await phone.newPage();
        await signIn(mobile, 'portal', 'portal');
        await expect(portalScreen(mobile, 'order')).toBeVisible();
        // The language is the browser's choice: on a phone, from the account menu (the top bar's folded menu).
        if (language === 'fr') {
          await mobile.locator('erp-top-bar').locator('[part="user-button"]').click();
          await mobile.locator('erp-top-bar').getByRole('menuitemcheckbox', { name: 'Français (Canada)' }).click();
          await expect(mobile.locator('erp-portal-bar').getByRole('navigation', { name: 'Portail' })).toBeVisible();
        }
        for (const viewport of PHONES) await tour(mobile, faults, viewport, words, language);
      } finally {
        await phone.close();
      }
      expect(faults).toEqual([]);
    } finally {
      if (language === 'fr') {
        await page.setViewportSize(DESKTOPS[0]!);
        await chooseLanguage(page, 'English (Canada)');
      }
      await desk.close();
    }
  });
}

test('a customer opens an invoice and its PDF from My Orders and from the command palette (issue 69 item 2)', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'portal', 'portal');
  await expect(portalScreen(page, 'order')).toBeVisible();
  const { orderNo, invoiceNo } = await invoicedOrder(browser, await accessToken(page), page);
  const words = TEXT.en;

  // From My Orders: the order's invoice number opens the invoice.
  const orders = await open(page, '/portal/myorders', 'myorders');
  const row = orders.locator(`[data-order-no="${orderNo}"]`);
  await expect(row.locator('[data-portal="order-invoice"]')).toHaveText(invoiceNo);
  await row.getByRole('button', { name: `Open invoice ${invoiceNo}` }).click();
  await invoicePdf(page, invoiceNo, words);
  // The invoice names its order, which names the invoice.
  await portalScreen(page, 'invoice').locator('[data-portal="invoice-order"]').click();
  await expect(portalScreen(page, 'orderdetails').locator('[data-portal="order-invoice"]')).toHaveText(invoiceNo);

  // From the palette: the invoice's number finds it; Enter opens the invoice itself.
  await open(page, '/portal/myorders', 'myorders');
  await page.keyboard.press('Control+k');
  await expect(paletteSearch(page)).toBeFocused();
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/api/search') && new URL(response.url()).searchParams.get('Search') === invoiceNo);
  await paletteSearch(page).fill(invoiceNo);
  await answered;
  await expect(commandPalette(page).getByRole('option').first()).toContainText(invoiceNo);
  await page.keyboard.press('Enter');
  await expect(paletteSearch(page)).toBeHidden();
  await invoicePdf(page, invoiceNo, words);

  // Another customer's invoice (B300 is in nobody's securables): answered like a missing one, the PDF too.
  const office = await browser.newContext();
  try {
    const staff = await office.newPage();
    await signIn(staff, 'admin', 'admin');
    const foreign = await apiCall(staff, 'GET', 'data/ar-invoice?filter.BillToId=B300&filter.Status=Posted&PageSize=1');
    const foreignId = Number((foreign.body['List'] as { InvoiceId: number }[])[0]!.InvoiceId);
    for (const path of [`PortalInvoice/detail/${foreignId}`, `PortalInvoice/pdf/${foreignId}`]) {
      const refused = await apiCall(page, 'GET', path);
      expect(refused.status, path).toBe(404);
      expect(refused.body['ResultCode']).toBe('not_found');
    }
    expect((await apiCall(page, 'GET', 'PortalInvoice/list?billToId=B300')).status).toBe(404);
  } finally {
    await office.close();
  }
});
