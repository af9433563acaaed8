#!/usr/bin/env node
/**
 * Bank reconciliation benchmark in headless Chromium (issue 13 item 1, SCREENS.md FS-01): a bank account whose
 * G/L account has 10,000 uncleared entries (posted through the API: GL journal entries of 1,667 bank lines,
 * i.e. through the posting service); the screen at /novus-gl/bank-reconciliation, from the click on "Show items"
 * to the first item shown and laid out (target ≤ 300 ms), and Space toggling an item (key press to the item
 * marked). Writes the "## Bank reconciliation in Chromium" section of BENCHMARKS.md. Needs `npm run build`.
 * Options (environment): BENCH_BANK_PORT (default 18495), BENCH_NO_WRITE=1.
 */
import { apiFromPage, machine, markdownTable, median, ms, percentile, publish, signedInPage, withServerProcess } from './bench-common.mjs';

const PORT = Number(process.env.BENCH_BANK_PORT ?? 18495);
const PATH = '/novus-gl/bank-reconciliation';
const SECTION = '## Bank reconciliation in Chromium';
const RUNS = 7;
const DOCUMENTS = 6;
const BANK_LINES = 1667;
const YEAR = 2047;

await withServerProcess({ name: 'bank', port: PORT, env: { DEMO_LEDGER: '0', DATABASE_URL: '' } }, async ({ base }) => {
  const { browser, page } = await signedInPage(base);
  const call = (path, data) => apiFromPage(page, 'POST', path, data);
  await call('data/gl-account', { AccountId: '98100', Description: 'Bench bank', AccountType: 'asset' });
  await call('data/gl-account', { AccountId: '98400', Description: 'Bench deposits', AccountType: 'revenue' });
  await call('data/accounting-period/fiscal-years', { FiscalYear: YEAR });
  await call('data/bank-account', { BankAccountId: 'BENCH', Name: 'Bench', CurrencyCode: 'CAD', GlAccountId: '98100', EftStatus: 'Inactive' });
  const seeded = performance.now();
  for (let d = 0; d < DOCUMENTS; d++) {
    const lines = Array.from({ length: BANK_LINES }, (_, i) => ({ AccountId: '98100', Debit: `${(i % 97) + 1}.${String(i % 100).padStart(2, '0')}` }));
    let total = 0n;
    for (const line of lines) total += BigInt(line.Debit.replace('.', ''));
    lines.push({ AccountId: '98400', Credit: `${total / 100n}.${String(total % 100n).padStart(2, '0')}` });
    const entry = (await call('data/gl-journal-entry', { EntryDate: `${YEAR}-0${d + 1}-15`, Description: `Bench deposits ${d + 1}`, Lines: lines })).Data;
    await call(`data/gl-journal-entry/${entry.EntryId}/actions/post`, { Version: entry.Version });
  }
  console.log(`bench-bank-reconciliation: ${DOCUMENTS * BANK_LINES} bank entries posted in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  await page.evaluate((path) => (window.location.hash = `#${path}`), PATH);
  const screen = page.locator(`.erp-tab-screen[data-tab-path="${PATH}"]`);
  await screen.getByLabel('Bank account').selectOption('BENCH');
  await screen.getByLabel('Statement date').fill(`${YEAR}-12-31`);
  await screen.getByLabel('Statement ending balance').fill('0.00');

  /** Click "Show items"; ms until a fresh first item is shown and laid out. */
  const open = () =>
    page.evaluate(
      (path) =>
        new Promise((resolve) => {
          const root = document.querySelector(`.erp-tab-screen[data-tab-path="${path}"]`);
          const button = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Show items');
          const t0 = performance.now();
          const observer = new MutationObserver(() => {
            const option = root.querySelector('[role="option"]');
            if (!option || option.getClientRects().length === 0 || !/items,/.test(root.textContent)) return;
            observer.disconnect();
            resolve(performance.now() - t0);
          });
          observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
          button.click();
        }),
      PATH,
    );
  const opened = [];
  for (let run = 0; run < RUNS; run++) {
    // Unmount the list between runs: a different date with no items, then back.
    await screen.getByLabel('Statement date').fill(`${YEAR - 1}-01-01`);
    await screen.getByRole('button', { name: 'Show items' }).click();
    await screen.getByText('No uncleared items up to the statement date.').waitFor();
    await screen.getByLabel('Statement date').fill(`${YEAR}-12-31`);
    opened.push(await open());
  }
  const count = await screen.getByRole('option').count();

  /** Space on the list: ms from the key event to the active item marked. */
  const toggles = [];
  const list = screen.getByRole('listbox');
  await list.focus();
  for (let run = 0; run < 21; run++) {
    toggles.push(
      await page.evaluate(
        (path) =>
          new Promise((resolve) => {
            const root = document.querySelector(`.erp-tab-screen[data-tab-path="${path}"]`);
            const listbox = root.querySelector('[role="listbox"]');
            const active = root.querySelector('[role="option"][data-active="true"]');
            const before = active.getAttribute('aria-selected');
            const observer = new MutationObserver(() => {
              if (active.getAttribute('aria-selected') === before) return;
              observer.disconnect();
              resolve(performance.now() - t0);
            });
            observer.observe(active, { attributes: true });
            const t0 = performance.now();
            listbox.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
          }),
        PATH,
      ),
    );
  }
  await browser.close();

  const text = [
    SECTION,
    '',
    `Written by \`node scripts/bench-bank-reconciliation.mjs\` on ${new Date().toISOString().slice(0, 10)}; machine: ${machine()}; headless Debian Chromium 1440×900, server on the same machine (SQLite).`,
    `A bank account whose G/L account has ${(DOCUMENTS * BANK_LINES).toLocaleString('en-CA')} uncleared entries (${DOCUMENTS} GL journal entries posted through the posting service). Open: from the click on "Show items" to the first item shown and laid out (server call, exact totals, virtualized render), ${RUNS} runs. Space: from the key event to the item marked cleared / not cleared (the cleared total is kept incrementally), 21 presses.`,
    '',
    markdownTable(
      ['measure', 'result', 'target'],
      [
        ['Show 10,000 uncleared items, median / p95', `${ms(median(opened))} / ${ms(percentile(opened, 95))}`, `≤ 300 ms (${median(opened) <= 300 ? 'meets target' : '**misses target**'})`],
        [`Items in the DOM at once (of ${(DOCUMENTS * BANK_LINES).toLocaleString('en-CA')})`, count, 'virtualized'],
        ['Space toggles an item, median / p95', `${ms(median(toggles))} / ${ms(percentile(toggles, 95))}`, '—'],
      ],
    ),
    '',
  ].join('\n');
  publish(SECTION, text);
});
