/**
 * Issue 71 item 2, the development mailbox (Shell › Setup › Mailbox, /shell/mailbox) in Chromium: a mail's PDF
 * opens from the mail's Attachments (the capture server keeps the files as the record's attachments), and its
 * date reads in the user's language as the list's does — not the browser's "11/28/2026, 02:10 PM" — in English
 * and in French.
 */
import { expect, test, type Page } from '@playwright/test';
import { accessToken, signIn } from '../../../tests/e2e/helpers.ts';
import { openScreen, settled } from '../../../tests/e2e/shell-helpers.ts';

/** A posted invoice for B100, e-mailed to its contact through the API: answers its number. */
async function mailedInvoice(page: Page): Promise<string> {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const created = await page.request.post('/api/data/ar-invoice', { headers, data: { InvoiceDate: '2026-11-20', BillToId: 'B100', Lines: [{ Description: 'Mailbox test plate', AccountId: '4100', Quantity: '1.0000', UnitPrice: '75.0000' }] } });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = ((await created.json()) as { Data: { InvoiceId: number; Version: number; DocumentNo: string } }).Data;
  const posted = await page.request.post(`/api/data/ar-invoice/${invoice.InvoiceId}/actions/post`, { headers, data: { Version: invoice.Version } });
  expect(posted.status(), await posted.text()).toBe(200);
  const mailed = await page.request.post(`/api/data/ar-invoice/${invoice.InvoiceId}/email`, { headers, data: { Confirmations: ['email'] } });
  expect(mailed.status(), await mailed.text()).toBe(200);
  return invoice.DocumentNo;
}

for (const [language, title] of [
  ['en-CA', /Mailbox/],
  ['fr-CA', /Boîte de courriel/],
] as const) {
  test(`${language}: the mail's PDF opens from the mailbox, and its date reads as the list's`, async ({ page, context }) => {
    await signIn(page, 'admin', 'admin', '#/');
    if (language !== 'en-CA') {
      await context.addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent(`c=${language}|uic=${language}`), url: new URL(page.url()).origin }]);
      await page.reload();
      await settled(page);
    }
    const invoiceNo = await mailedInvoice(page);
    const mailbox = await openScreen(page, '/shell/mailbox', title, 60_000);
    const row = mailbox.locator('[role="row"][data-row-id]').filter({ hasText: invoiceNo }).first();
    await expect(row).toContainText(`${invoiceNo}.pdf`);
    const listed = (await row.locator('[role="gridcell"]').first().textContent())!.trim();
    await row.locator('[role="gridcell"]').first().dblclick();

    const form = mailbox.locator('.erp-entity-form');
    const received = form.locator('input[id$="-ReceivedOn"]');
    // The list's own text of the date and time, never the browser's numeric month-first form.
    await expect(received).toHaveValue(listed);
    await expect(received).not.toHaveValue(/^\d{1,2}\/\d{1,2}\/\d{4}/);

    await form.getByRole('tab', { name: language === 'en-CA' ? 'Attachments' : 'Pièces jointes' }).click();
    const download = page.waitForEvent('download');
    await form.getByRole('button', { name: new RegExp(`${invoiceNo}\\.pdf$`) }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${invoiceNo}.pdf`);
    const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  });
}
