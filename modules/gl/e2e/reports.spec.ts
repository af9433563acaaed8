/**
 * GL reports and the batch-post process end to end in Chromium (issue 12 "Reports as data", "Process
 * screens"; SCREENS.md WP1 acceptance check 6), against the real server and its demo ledger (DEMO_LEDGER):
 * - the trial balance for a period runs, shows its grid with equal debit and credit totals, and downloads as
 *   PDF and .xlsx through the §7 file-download variant (`Content-Disposition: attachment`, real file bytes);
 *   the detailed ledger's form refuses a range over one year with the §5 text before any call, and a range
 *   with nothing to print answers "No PDF data." (§8);
 * - "Post draft journal entries": parameters → preview → the shell's confirmation → run → one result per
 *   entry (a balanced draft posts, an unbalanced one fails with its §8 message).
 */
import { expect, test } from '@playwright/test';
import { apiCall, signIn } from '../../../tests/e2e/helpers.ts';
import { goTo, screenOf } from '../../../tests/e2e/shell-helpers.ts';

const api = apiCall;

test('trial balance: run, equal totals, PDF and .xlsx downloads; detailed ledger rules and "No PDF data."', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, '#/novus-gl/trial-balance');
  const screen = screenOf(page, '/novus-gl/trial-balance');
  await expect(screen.getByRole('heading', { name: 'Trial balance' })).toBeVisible();

  await screen.getByLabel('Fiscal year').fill('2025');
  await screen.getByLabel('Period', { exact: true }).fill('12');
  await screen.getByLabel('Period', { exact: true }).press('Enter');
  const grid = screen.getByRole('region', { name: 'Report results' });
  await expect(grid).toBeVisible();
  const totals = grid.locator('[data-report-row="totals"]');
  await expect(totals).toBeVisible();
  // Columns: period debits, period credits, debit, credit — each pair equal (debits = credits).
  const figures = await totals.locator('td').allTextContents();
  expect(figures).toHaveLength(4);
  expect(figures[0]).toBe(figures[1]);
  expect(figures[2]).toBe(figures[3]);
  expect(figures[2]).not.toBe('0.00');
  await expect(grid.getByRole('cell', { name: '1000', exact: true })).toBeVisible();

  for (const [button, extension, magic] of [
    ['Download PDF', 'pdf', '%PDF-'],
    ['Download .xlsx', 'xlsx', 'PK'],
  ] as const) {
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/reports/gl-trial-balance/${extension}`));
    const downloaded = page.waitForEvent('download');
    await screen.getByRole('button', { name: button }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(new RegExp(`^attachment; filename="gl-trial-balance-\\d{8}-\\d{6}\\.${extension}"$`));
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^gl-trial-balance-.*\\.${extension}$`));
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic);
  }

  // Detailed ledger: the §5 one-year rule in the form, then a range with nothing to print.
  await goTo(page, '#/novus-gl/detailed-ledger');
  const ledger = screenOf(page, '/novus-gl/detailed-ledger');
  await ledger.getByLabel('Start date').fill('2024-01-01');
  await ledger.getByLabel('End date').fill('2025-06-30');
  await ledger.getByRole('button', { name: 'Run report' }).click();
  await expect(ledger.getByText('The start date cannot be more than one year from the end date.')).toBeVisible();
  await expect(ledger.getByLabel('End date')).toHaveAttribute('aria-invalid', 'true');

  await ledger.getByLabel('Start date').fill('2027-01-01');
  await ledger.getByLabel('End date').fill('2027-01-31');
  await ledger.getByRole('button', { name: 'Run report' }).click();
  await expect(ledger.getByRole('status').filter({ hasText: 'No records' })).toBeVisible();
  await ledger.getByRole('button', { name: 'Download PDF' }).click();
  await expect(ledger.getByRole('status').filter({ hasText: 'No PDF data.' })).toBeVisible();
});

test('post draft journal entries: preview, confirm, run, one result per entry', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  const date = '2026-11-05';
  const drafts = [];
  for (const [description, credit] of [
    ['E2E balanced draft', '42.50'],
    ['E2E unbalanced draft', '40.00'],
  ] as const) {
    const created = await api(page, 'POST', 'data/gl-journal-entry', {
      EntryDate: date,
      Description: description,
      Lines: [
        { AccountId: '1000', Debit: '42.50' },
        { AccountId: '4300', Credit: credit },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    drafts.push(created.body.Data);
  }

  await goTo(page, '#/novus-gl/post-journal-entries');
  const screen = screenOf(page, '/novus-gl/post-journal-entries');
  await expect(screen.getByRole('heading', { name: 'Post draft journal entries' })).toBeVisible();
  await screen.getByLabel('Start date').fill(date);
  await screen.getByLabel('End date').fill(date);
  await screen.getByRole('button', { name: 'Preview' }).click();
  const preview = screen.getByRole('region', { name: 'Items to process' });
  // Issue 40 item 8: nothing ticked, Run disabled until Select all (or a tick).
  await expect(preview.getByRole('checkbox', { name: `Select ${drafts[0].DocumentNo}` })).not.toBeChecked();
  await expect(preview.getByText('0 of 2 selected')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Run' })).toBeDisabled();
  await preview.getByRole('button', { name: 'Select all' }).click();
  await expect(preview.getByRole('checkbox', { name: `Select ${drafts[0].DocumentNo}` })).toBeChecked();
  await expect(preview.getByRole('checkbox', { name: `Select ${drafts[1].DocumentNo}` })).toBeChecked();
  await expect(preview.getByText('2 of 2 selected')).toBeVisible();

  await preview.getByRole('button', { name: 'Run' }).click();
  const question = page.locator('erp-dialog[data-dialog="question"]');
  await expect(question.getByText('Run "Post draft journal entries" for 2 items?')).toBeVisible();
  await question.getByRole('button', { name: 'Run' }).click();

  const results = screen.getByRole('region', { name: 'Results' });
  // Issue 68 item 5: the summary names what was posted and what was refused, and why.
  await expect(results.getByText(new RegExp(`^Post draft journal entries — 1 done: ${drafts[0].DocumentNo}\\. 1 failed: ${drafts[1].DocumentNo} \\(`))).toBeVisible();
  const posted = results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: drafts[0].DocumentNo }) });
  await expect(posted.getByRole('cell', { name: 'Success' })).toBeVisible();
  const refused = results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: drafts[1].DocumentNo }) });
  await expect(refused.getByRole('cell', { name: 'Failure' })).toBeVisible();
  await expect(refused.getByRole('cell', { name: 'G/L distribution must sum to zero.' })).toBeVisible();

  const after = await api(page, 'GET', `data/gl-journal-entry/${drafts[0].EntryId}`);
  expect(after.body.Data.Status).toBe('Posted');
});
