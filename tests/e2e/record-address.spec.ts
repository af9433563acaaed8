/**
 * Issue 71 item 1 end to end: every record has an address — its screen's route plus `?record=<key>`
 * (shared/src/open-document.ts). A record's address opened in a new browser context (through sign-in) shows it;
 * opening records (the palette, a list row) adds history entries Back and Forward step through; Ctrl+click on a list
 * row opens a new browser tab on its record; Copy link puts the address on the clipboard; an address the user may not
 * open gets the screen's refusal, and a record that does not exist a clear message; the invoice e-mail's office link
 * opens the record and its customer link is the portal's invoice page.
 */
import { expect, test, type Page } from './fixtures.ts';
import { apiCall, signIn } from './helpers.ts';
import { commandPalette, goTo, paletteSearch, screenOf, settled } from './shell-helpers.ts';

const SCREEN = '/novus-ar/ar-sales-order-entry';
const address = (id: number | string) => `#${SCREEN}?record=${id}`;

interface Invoice {
  InvoiceId: number;
  DocumentNo: string;
  Status: string;
}

/** The document heading of the invoice screen showing `number`. */
const shows = (page: Page, number: string) => screenOf(page, SCREEN).getByRole('heading', { level: 3 }).filter({ hasText: number });

/** Opens `number` through the command palette (Ctrl+K, the number, Enter). */
async function openByPalette(page: Page, number: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(paletteSearch(page)).toBeFocused();
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/api/search') && new URL(response.url()).searchParams.get('Search') === number);
  await paletteSearch(page).fill(number);
  await answered;
  // The number typed is the first record offered (nothing else starts with it).
  await expect(commandPalette(page).getByRole('option').first()).toContainText(number);
  await page.keyboard.press('Enter');
  await expect(paletteSearch(page)).toBeHidden();
}

test('a record at its own address: new context, Back / Forward, Ctrl+click, Copy link, refusals', async ({ page, browser }, testInfo) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const listed = await apiCall(page, 'GET', 'data/ar-invoice?PageSize=2&SortFields=InvoiceId');
  const [first, second] = listed.body['List'] as Invoice[];
  expect(first && second, 'two demo invoices').toBeTruthy();

  // Opened from the palette: the address names the record; a second one is a new history entry, Back the first.
  await openByPalette(page, first!.DocumentNo);
  await expect(shows(page, first!.DocumentNo)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#${SCREEN}\\?record=${first!.InvoiceId}$`));
  await openByPalette(page, second!.DocumentNo);
  await expect(shows(page, second!.DocumentNo)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?record=${second!.InvoiceId}$`));
  await page.goBack();
  await expect(shows(page, first!.DocumentNo)).toBeVisible();
  await page.goForward();
  await expect(shows(page, second!.DocumentNo)).toBeVisible();

  // Copy link: the record's address on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await screenOf(page, SCREEN).getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect(screenOf(page, SCREEN).getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/${address(second!.InvoiceId)}`, page.url()).href);

  // Back to the list: Ctrl+click on a row's link opens its record in a new browser tab, this one stays on the list.
  await goTo(page, `#${SCREEN}`);
  const row = screenOf(page, SCREEN).locator('[role="row"][data-row-id]').first();
  await expect(row).toBeVisible();
  const rowId = (await row.getAttribute('data-row-id'))!;
  const rowNumber = (await row.locator('a.records-row-link').textContent())!.trim();
  expect(rowNumber).toMatch(/^AR\d+$/);
  const opened = page.context().waitForEvent('page');
  await row.locator('a.records-row-link').click({ modifiers: ['Control'] });
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`\\?record=${rowId}$`));
  await expect(shows(tab, rowNumber)).toBeVisible();
  await tab.close();
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#${SCREEN}$`));

  // A record that does not exist: a clear message on its screen.
  await goTo(page, address(987654321));
  await expect(screenOf(page, SCREEN).getByRole('alert')).toBeVisible();

  // A new browser context: the address goes through sign-in and the record shows.
  const options = testInfo.project.use.baseURL ? { baseURL: testInfo.project.use.baseURL } : {};
  const other = await browser.newContext(options);
  try {
    const fresh = await other.newPage();
    await signIn(fresh, 'admin', 'admin', address(second!.InvoiceId));
    await expect(shows(fresh, second!.DocumentNo)).toBeVisible();

    // A user without the right gets the screen's refusal.
    const clerkContext = await browser.newContext(options);
    try {
      const clerk = await clerkContext.newPage();
      await signIn(clerk, 'clerk', 'clerk', address(second!.InvoiceId));
      await expect(clerk.getByRole('status').filter({ hasText: `You cannot open ${SCREEN}` })).toBeVisible();
    } finally {
      await clerkContext.close();
    }
  } finally {
    await other.close();
  }
});

test("the invoice e-mail's links: the office's to the record, the customer's to the portal's invoice page", async ({ page, browser }, testInfo) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const listed = await apiCall(page, 'GET', 'data/ar-invoice?PageSize=200&SortFields=InvoiceId');
  // An invoice of B100, an account of the demo portal customer, first.
  const posted = (listed.body['List'] as (Invoice & { BillToId: string })[])
    .filter((invoice) => invoice.Status === 'Posted')
    .sort((a, b) => Number(b.BillToId === 'B100') - Number(a.BillToId === 'B100'));
  let sent: (Invoice & { BillToId: string }) | null = null;
  for (const invoice of posted) {
    const outcome = await apiCall(page, 'POST', `data/ar-invoice/${invoice.InvoiceId}/email`, { Confirmations: ['email'] });
    if (outcome.status === 200) {
      sent = invoice;
      break;
    }
  }
  expect(sent, 'a posted demo invoice whose customer has an e-mail address').toBeTruthy();
  const mails = await apiCall(page, 'GET', `data/captured-mail?PageSize=5&SortFields=MailKey&SortDescending=MailKey&Search=${encodeURIComponent(sent!.DocumentNo)}`);
  const mail = (mails.body['List'] as { BodyText?: string; MailKey: number }[])[0];
  expect(mail, 'the captured message').toBeTruthy();
  const full = await apiCall(page, 'GET', `data/captured-mail/${mail!.MailKey}`);
  const body = String(full.body['Data']['BodyText']);
  expect(body).toMatch(new RegExp(`View it online: \\S+/#/portal/invoice\\?record=${sent!.InvoiceId}`));
  const office = /For our office: (\S+)/.exec(body)?.[1];
  expect(office).toBeTruthy();
  const link = new URL(office!);
  expect(link.hash).toBe(address(sent!.InvoiceId));
  // Followed (on this server's origin): the record on its screen.
  await page.goto(`/${link.hash}`);
  await expect(shows(page, sent!.DocumentNo)).toBeVisible();

  // The customer's link, followed by the portal customer (B100 is theirs): the portal's invoice page shows it.
  expect(sent!.BillToId).toBe('B100');
  const portalLink = new URL(/View it online: (\S+)/.exec(body)![1]!);
  const customer = await browser.newContext(testInfo.project.use.baseURL ? { baseURL: testInfo.project.use.baseURL } : {});
  try {
    const portal = await customer.newPage();
    await signIn(portal, 'portal', 'portal', portalLink.hash);
    await expect(portal.locator('[data-portal-screen="invoice"]')).toContainText(sent!.DocumentNo);
  } finally {
    await customer.close();
  }
});
