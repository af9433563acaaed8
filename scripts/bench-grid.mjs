#!/usr/bin/env node
/**
 * Generic list benchmark in headless Chromium (issue: screens as data, "Performance"): on 100,000 firms,
 * the firm list (`@erp/records#EntityScreen` at /novus-oe/firm-maintenance) showing a 250-row page, and
 * scrolling 10,000 virtualized rows — 10 pages of 1,000 rows (the largest page the list offers), each
 * scrolled from top to bottom at 120 px a frame — counting frames longer than 1.5 display frames as dropped.
 * Writes the "## Generic list in Chromium" section of BENCHMARKS.md. Needs `npm run build` first.
 * Options (environment): BENCH_FIRMS (default 100000), BENCH_GRID_PORT (default 18490), BENCH_NO_WRITE=1.
 */
import { machine, markdownTable, median, ms, percentile, publish, seedLargeFirms, signedInPage, withServerProcess } from './bench-common.mjs';

const PORT = Number(process.env.BENCH_GRID_PORT ?? 18490);
const FIRMS = Number(process.env.BENCH_FIRMS || 100_000);
const LIST = '/novus-oe/firm-maintenance';
const SECTION = '## Generic list in Chromium';
const PAGE_RUNS = 10;
const SCROLL_PAGES = 10;

const rows = (page) => page.locator(`.erp-tab-screen[data-tab-path="${LIST}"] [role="grid"] [role="row"][data-row-id]`);

/** Changes the hash to the list and answers ms until its first data row is shown and laid out. */
async function openList(page) {
  return page.evaluate(
    (path) =>
      new Promise((resolve) => {
        const t0 = performance.now();
        const wanted = `.erp-tab-screen[data-tab-path="${path}"] [role="grid"] [role="row"][data-row-id]`;
        const observer = new MutationObserver(() => {
          const row = document.querySelector(wanted);
          if (!row || row.getClientRects().length === 0) return;
          observer.disconnect();
          resolve(performance.now() - t0);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        window.location.hash = `#${path}`;
      }),
    LIST,
  );
}

/** The id of the grid's top row (the lowest aria-rowindex in the DOM): the page's first row while at the top. */
function firstRowId(page) {
  return page.evaluate((path) => {
    const shown = [...document.querySelectorAll(`.erp-tab-screen[data-tab-path="${path}"] [role="grid"] [role="row"][data-row-id]`)];
    shown.sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')));
    return shown[0]?.getAttribute('data-row-id') ?? null;
  }, LIST);
}

/** Scrolls the grid from top to bottom, 120 px a frame; answers every frame's duration in ms. */
async function scrollThrough(page) {
  return page.evaluate(
    (path) =>
      new Promise((resolve) => {
        const scroller = document.querySelector(`.erp-tab-screen[data-tab-path="${path}"] [data-records-scroll]`);
        const frames = [];
        let last = performance.now();
        const step = (now) => {
          frames.push(now - last);
          last = now;
          if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
            resolve(frames.slice(1));
            return;
          }
          scroller.scrollTop += 120;
          requestAnimationFrame(step);
        };
        scroller.scrollTop = 0;
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(step);
        });
      }),
    LIST,
  );
}

await withServerProcess({ name: 'grid', port: PORT, prepare: (dataDir) => seedLargeFirms(dataDir, FIRMS) }, async ({ base }) => {
  const { browser, page } = await signedInPage(base);

  // 1. A 250-row page: open the list (a new tab each run: the screen mounts, asks the server, renders).
  const opened = [];
  for (let run = 0; run < PAGE_RUNS; run++) {
    opened.push(await openList(page));
    const rowsInDom = await rows(page).count();
    if (run === 0) console.log(`bench-grid: first page shown, ${rowsInDom} of 250 rows in the DOM (virtualized)`);
    // Close the tab again (Alt+Shift+W closes the active tab) and go home.
    await page.keyboard.press('Alt+Shift+W');
    await page.waitForSelector(`.erp-tab-screen[data-tab-path="${LIST}"]`, { state: 'detached' });
  }

  // 2. 10,000 rows: pages of 1,000, each scrolled through.
  await openList(page);
  const screen = page.locator(`.erp-tab-screen[data-tab-path="${LIST}"]`);
  await screen.getByLabel('Rows per page').selectOption('1000');
  await page.waitForFunction((path) => /Page 1 of/.test(document.querySelector(`.erp-tab-screen[data-tab-path="${path}"] .records-pager__page`)?.textContent ?? ''), LIST);
  await page.waitForFunction((path) => {
    const scroller = document.querySelector(`.erp-tab-screen[data-tab-path="${path}"] [data-records-scroll]`);
    return scroller && scroller.scrollHeight > 20_000;
  }, LIST);
  const frames = [];
  let domRows = 0;
  for (let p = 1; p <= SCROLL_PAGES; p++) {
    const firstId = await firstRowId(page);
    frames.push(...(await scrollThrough(page)));
    domRows = Math.max(domRows, await rows(page).count());
    if (p < SCROLL_PAGES) {
      await screen.getByRole('button', { name: 'Next page' }).click();
      await page.waitForFunction(
        ({ path, wanted }) => (document.querySelector(`.erp-tab-screen[data-tab-path="${path}"] .records-pager__page`)?.textContent ?? '').startsWith(`Page ${wanted} `),
        { path: LIST, wanted: p + 1 },
      );
      // Issue 44: the pager says "Page n" as soon as it is clicked, while the page is still on its way from the
      // server; the scroll started then, and the new page's render (40–60 ms) could land in its first measured
      // frames. Wait until the new page's first row is shown (the top row is no longer the last page's first),
      // then for that frame to be painted — the page change is not a scrolling frame.
      await page.waitForFunction(
        ({ path, previous }) => {
          const top = [...document.querySelectorAll(`.erp-tab-screen[data-tab-path="${path}"] [role="grid"] [role="row"][data-row-id]`)].sort(
            (a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')),
          )[0];
          return top !== undefined && top.getAttribute('data-row-id') !== previous;
        },
        { path: LIST, previous: firstId },
      );
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
  }
  await browser.close();

  const frameMs = median(frames);
  const dropped = frames.filter((ms) => ms > 1.5 * frameMs).length;
  const text = [
    SECTION,
    '',
    `Written by \`npm run bench\` (scripts/bench-grid.mjs) on ${new Date().toISOString().slice(0, 10)}; machine: ${machine()}; headless Debian Chromium 1440×900, server on the same machine (SQLite, ${FIRMS.toLocaleString('en-CA')} firms from \`npm run seed:large\`).`,
    `The firm list at ${LIST} (every firm, sorted by Firm ID). A page: from the hash change to the first row shown and laid out (a MutationObserver), ${PAGE_RUNS} runs, each a new tab (mount, server call, render). Scrolling: ${SCROLL_PAGES} pages of 1,000 rows (${(SCROLL_PAGES * 1000).toLocaleString('en-CA')} rows) scrolled top to bottom at 120 px a frame; a frame longer than 1.5 × the median frame counts as dropped.`,
    '',
    markdownTable(
      ['measure', 'result', 'target'],
      [
        ['Open the list and show a 250-row page, median / p95', `${ms(median(opened))} / ${ms(percentile(opened, 95))}`, '—'],
        ['Rows in the DOM at once (of 1,000 in the page)', domRows, 'virtualized'],
        ['Scrolling 10,000 rows: frames, median / p95 / max', `${ms(frameMs)} / ${ms(percentile(frames, 95))} / ${ms(Math.max(...frames))}`, '—'],
        ['Dropped frames while scrolling', `${dropped} of ${frames.length} (${((100 * dropped) / frames.length).toFixed(1)} %)`, `none (${dropped === 0 ? 'meets target' : '**misses target**'})`],
      ],
    ),
    '',
  ].join('\n');
  publish(SECTION, text);
});
