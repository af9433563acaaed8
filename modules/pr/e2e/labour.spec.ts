/**
 * Trades labour end to end in Chromium (issue 29 item 6, tests "a time card approved → job costing"; SCREENS.md 9b
 * acceptance 5): a job (a work order on a lot of a site of the demo builder BLD100, through the API) gets a time
 * card typed on `/novus-te/time_card` for the demo electrician E1001 (Alt+N, Ctrl+S) — the rate is the employee's,
 * filled by the server — approved on the screen (Alt+A, confirmed), after which it can no longer be changed; then
 * `/novus-te/job-costing` lists it under the job with its hours × rate, and Order Entry's `/novus-oe/jobs-costing`
 * is the same report. Payroll then takes it as input: on a new payroll transaction, "Add approved time cards"
 * (Alt+T) offers it ticked for the employee, and the saved transaction pays it.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { answerYes, openScreen } from '../../../tests/e2e/shell-helpers.ts';

const today = new Date().toISOString().slice(0, 10);

async function api(page: Page, method: 'GET' | 'POST', url: string, body?: unknown) {
  const answer = await apiCall(page, method, url, body);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

test('a time card typed and approved on its screen shows in job costing with hours × rate', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin', '#/');
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  await api(page, 'POST', 'data/job-site', { SiteId: `J${tag}`, Name: `Labour site ${tag}`, BuilderId: 'BLD100', City: 'Barrie' });
  await api(page, 'POST', 'data/te-lot', { LotId: `JL${tag}`, SiteId: `J${tag}` });
  const job = (await api(page, 'POST', 'data/work-order', { LotId: `JL${tag}`, OrderDate: today, ServiceType: 'Construction', Lines: [{ WorkCodeId: 'ROUGH', BudgetHours: '40.0000' }] }))['Data'];

  const cards = await openScreen(page, '/novus-te/time_card', /Time Cards/, 30_000);
  // The keyboard contract (docs/keyboard.md): Alt+N a new card, Ctrl+S saves, Alt+A approves.
  await cards.getByRole('searchbox', { name: 'Search' }).focus();
  await page.keyboard.press('Alt+N');
  const card = cards.locator('.erp-document');
  await expect(card.locator('[data-document-state]')).toHaveText('Open');
  await card.getByRole('textbox', { name: 'Employee', exact: true }).fill('E1001');
  await card.getByRole('textbox', { name: 'Job', exact: true }).fill(job.WorkOrderNo);
  await card.getByRole('textbox', { name: 'Work code', exact: true }).fill('ROUGH');
  await card.getByRole('textbox', { name: 'Date worked', exact: true }).fill(today);
  await card.getByRole('textbox', { name: 'Hours', exact: true }).fill('7.5');
  await page.keyboard.press('Control+s');
  await expect(card.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Lot', exact: true })).toHaveValue(`JL${tag}`);
  const number = await card.getByRole('textbox', { name: 'Time card', exact: true }).inputValue();
  const saved = (await api(page, 'GET', `data/time-card?filter.WorkOrderNo=${job.WorkOrderNo}`))['List'][0];
  expect([saved.TimeCardNo, saved.Hours, saved.Status]).toEqual([number, '7.5000', 'Open']);
  expect(Number(saved.Rate)).toBeGreaterThan(0);

  await card.getByRole('textbox', { name: 'Hours', exact: true }).focus();
  await page.keyboard.press('Alt+A');
  await answerYes(page);
  await expect(card.locator('[data-document-state]')).toHaveText('Approved');
  await expect(card.getByRole('textbox', { name: 'Hours', exact: true })).not.toBeEditable();

  for (const [path, title] of [['/novus-te/job-costing', /Job Costing/], ['/novus-oe/jobs-costing', /Job Costing/]] as const) {
    const costing = await openScreen(page, path, title);
    await costing.getByRole('textbox', { name: 'Job', exact: true }).fill(job.WorkOrderNo);
    await costing.getByRole('button', { name: 'Run report' }).click();
    const grid = costing.getByRole('region', { name: 'Report results' });
    const row = grid.getByRole('row').filter({ has: page.getByRole('cell', { name: number, exact: true }) });
    await expect(row.getByRole('cell', { name: '7.5000', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: Number(saved.Amount).toLocaleString('en-CA', { minimumFractionDigits: 2 }), exact: true })).toBeVisible();
  }

  // Approved time is payroll input.
  const transactions = await openScreen(page, '/novus-pr/payroll-transaction', /Payroll Transactions/);
  await transactions.getByRole('searchbox', { name: 'Search' }).focus();
  await page.keyboard.press('Alt+N');
  const transaction = transactions.locator('.erp-document');
  // The year's last day: not the pay date of the pay-run test (payroll.spec.ts), whose cheque preparation takes today's.
  await transaction.getByRole('textbox', { name: 'Pay date', exact: true }).fill(`${today.slice(0, 4)}-12-31`);
  await expect(transaction.getByRole('button', { name: 'Add approved time cards' })).toHaveAttribute('aria-keyshortcuts', 'Alt+T');
  await transaction.getByRole('textbox', { name: 'Pay date', exact: true }).press('Alt+t');
  const dialog = page.getByRole('dialog', { name: 'Add approved time cards' });
  await dialog.getByRole('textbox', { name: 'Employee', exact: true }).fill('E1001');
  await dialog.getByRole('button', { name: /E1001/ }).first().click();
  await expect(dialog.getByRole('checkbox', { name: `Add ${number}` })).toBeChecked();
  await dialog.getByRole('button', { name: /^Add \d+ lines?$/ }).click();
  await expect(dialog).toBeHidden();
  await transaction.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(transaction.getByText('Saved.', { exact: true })).toBeVisible();
  const offered = await api(page, 'POST', 'pr/time-card-lines', { Header: {}, Key: 'E1001' });
  expect((offered['Data']['Lines'] as { Values: { TimeCardNo: string } }[]).map((line) => line.Values.TimeCardNo)).not.toContain(number);
});
