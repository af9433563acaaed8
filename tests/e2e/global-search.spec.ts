/**
 * Issue 42 item 1 end to end: the command palette (Ctrl+K) finds records besides screens — an invoice by its number,
 * a customer by a word of its name, an employee only for payroll staff — grouped by kind with the module's name, and
 * Enter opens the record on its screen as a tab. The records come from the demo data, read through the API first.
 */
import { expect, test, type Page } from './fixtures.ts';
import { apiCall, signIn } from './helpers.ts';
import { commandPalette, paletteSearch, screenOf, settled } from './shell-helpers.ts';

/** Types `text` in the palette (opened with Ctrl+K) and waits for the global search's answer to it. */
async function searchFor(page: Page, text: string): Promise<void> {
  if (!(await paletteSearch(page).isVisible())) await page.keyboard.press('Control+k');
  await expect(paletteSearch(page)).toBeFocused();
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/api/search') && new URL(response.url()).searchParams.get('Search') === text);
  await paletteSearch(page).fill(text);
  await answered;
}

/** The group of records of one kind (its heading: "<kind> · <module>"). */
const group = (page: Page, heading: RegExp) => commandPalette(page).getByRole('group', { name: heading });

test('an invoice by its number: Enter opens it on its screen as a tab', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const invoices = await apiCall(page, 'GET', 'data/ar-invoice?PageSize=1&SortFields=InvoiceId');
  const invoice = invoices.body['List'][0] as { DocumentNo: string; InvoiceId: number };
  expect(invoice.DocumentNo).toBeTruthy();

  await searchFor(page, invoice.DocumentNo);
  const invoiceGroup = group(page, /^A\/R invoice · Accounts Receivable/);
  const option = invoiceGroup.getByRole('option').filter({ hasText: invoice.DocumentNo }).first();
  await expect(option).toBeVisible();
  // The number typed is the first record: nothing else starts with it.
  await expect(commandPalette(page).getByRole('option').first()).toContainText(invoice.DocumentNo);
  await page.keyboard.press('Enter');
  await expect(paletteSearch(page)).toBeHidden();
  const screen = screenOf(page, '/novus-ar/ar-sales-order-entry');
  await expect(screen.getByRole('heading', { level: 3 }).filter({ hasText: invoice.DocumentNo })).toBeVisible();
});

test('a customer by a word of its name, whatever its case and accents', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const firms = await apiCall(page, 'GET', 'data/firm?PageSize=200&SortFields=FirmId');
  const firm = (firms.body['List'] as { FirmId: string; Name: string }[]).find((row) => /^\S+\s+\S{4,}/.test(row.Name))!;
  expect(firm, 'a demo firm with a name of two words').toBeTruthy();
  // The second word of the name, in capitals and without its accents.
  const word = firm.Name.split(/\s+/)[1]!.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
  await searchFor(page, word);
  const option = group(page, /^Firm/).getByRole('option').filter({ hasText: firm.FirmId }).first();
  await expect(option).toContainText(firm.Name);
  await option.click();
  await expect(paletteSearch(page)).toBeHidden();
  await expect(page.locator('.erp-tab-screen:not([hidden])').getByRole('heading').filter({ hasText: firm.Name }).first()).toBeVisible();
});

test('an employee only for payroll staff', async ({ page, browser }, testInfo) => {
  await signIn(page, 'admin', 'admin');
  await settled(page);
  const employees = await apiCall(page, 'GET', 'data/pr-employee?PageSize=1&SortFields=EmployeeId');
  const employee = employees.body['List'][0] as { EmployeeId: string; LastName: string; FirstName: string };
  await searchFor(page, employee.LastName);
  await expect(group(page, /^Employee · Payroll/).getByRole('option').filter({ hasText: employee.EmployeeId }).first()).toContainText(employee.LastName);

  // The clerk (order desk) finds firms, never an employee, by name or by code.
  const context = await browser.newContext({ ...(testInfo.project.use.baseURL ? { baseURL: testInfo.project.use.baseURL } : {}) });
  try {
    const clerk = await context.newPage();
    await signIn(clerk, 'clerk', 'clerk');
    await settled(clerk);
    await searchFor(clerk, employee.LastName);
    await expect(commandPalette(clerk).getByRole('group', { name: /employee/i })).toHaveCount(0);
    await searchFor(clerk, employee.EmployeeId);
    await expect(commandPalette(clerk).getByRole('option').filter({ hasText: employee.EmployeeId })).toHaveCount(0);
    const firms = await apiCall(clerk, 'GET', 'data/firm?PageSize=1&SortFields=FirmId');
    const firm = firms.body['List'][0] as { FirmId: string };
    await searchFor(clerk, firm.FirmId);
    await expect(commandPalette(clerk).getByRole('group', { name: /^Firm/ }).getByRole('option').filter({ hasText: firm.FirmId }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});
