#!/usr/bin/env node
/**
 * Product maintenance in headless Chromium (issue 15 "Performance": "product maintenance opens a product with
 * 100 BoM lines in ≤ 150 ms after its module is loaded"). On a fresh data directory (the demo masters only):
 * 100 component products and an assembly BENCH-BOM100 whose bill of materials lists them, all created through
 * the API by the signed-in page (its own DPoP-bound credentials). Product maintenance is opened at
 * /novus-ic/product-maintenance (the @erp/inventory micro-app), the list filtered to the assembly, and the
 * assembly opened once to load every module (warm-up). Then, RUNS times: from the double click on the list's
 * row (performance mark `product-open`) until the form shows the product, its BoM grid has 100 lines with the
 * last one's component filled in and laid out, and the form's heading has the focus (the form is interactive)
 * — "shown"; and until the next frame after that ("painted"). "Back to the list" between runs. The GET of the
 * product is timed from the same mark (resource timing), so the figure splits into server answer and render; a
 * trace of the marks gives the renderer main thread's CPU time between them (the machines are shared: that figure
 * moves far less with the load than the wall times).
 * Writes the "## Product maintenance in Chromium" section of BENCHMARKS.md. Needs `npm run build`.
 * Options (environment): BENCH_PRODUCT_PORT (default 18320), BENCH_PRODUCT_RUNS (default 15), BENCH_NO_WRITE=1,
 * BENCH_PRODUCT_PROFILE=<file.cpuprofile> (CPU profiles of the timed opens — the last one kept for Chromium's
 * DevTools; prints the functions with the most self time per open), BENCH_PRODUCT_TRACE=<file.json> (keeps the
 * trace of the marks).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiFromPage, loadSummary, machine, median, ms, percentile, publish, signedInPage, withServerProcess } from './bench-common.mjs';

const PORT = Number(process.env.BENCH_PRODUCT_PORT ?? 18320);
const RUNS = Number(process.env.BENCH_PRODUCT_RUNS || 15);
const PATH = '/novus-ic/product-maintenance';
const SECTION = '## Product maintenance in Chromium';
const ASSEMBLY = 'BENCH-BOM100';
const LINES = 100;
const TARGET = 150;

/**
 * Double-clicks the assembly's row in the list; answers { shown, painted, fetched } in ms from the click: the form
 * with its 100th BoM line filled, laid out and the heading focused; the next frame after that; the product's GET
 * answered (responseEnd).
 */
function openAssembly(page) {
  return page.evaluate(
    ({ path, id, lines }) =>
      new Promise((resolve, reject) => {
        const root = document.querySelector(`.erp-tab-screen[data-tab-path="${path}"]`);
        const row = root.querySelector(`[role="row"][data-row-id="${id}"]`);
        if (!row) return reject(new Error(`no list row ${id}`));
        const lastCell = `.erp-document input[aria-label$=" — Line ${lines}"][role="combobox"]`;
        const ready = () => {
          const form = root.querySelector('.erp-document');
          const heading = form?.querySelector('h3');
          const last = root.querySelector(lastCell);
          return Boolean(form && heading && last && last.value !== '' && heading.textContent.includes(id) && document.activeElement === heading && last.getClientRects().length > 0);
        };
        const finish = () => {
          performance.mark('product-shown');
          const shown = performance.measure('product-open→shown', 'product-open', 'product-shown').duration;
          requestAnimationFrame(() =>
            // The task after the frame's rendering steps: the frame was produced.
            setTimeout(() => {
              performance.mark('product-painted');
              const painted = performance.measure('product-open→painted', 'product-open', 'product-painted').duration;
              const start = performance.getEntriesByName('product-open', 'mark').at(-1).startTime;
              const get = performance
                .getEntriesByType('resource')
                .filter((entry) => entry.name.includes(`/api/data/product/${id}`) && entry.startTime >= start)
                .at(-1);
              resolve({ shown, painted, fetched: get ? get.responseEnd - start : Number.NaN });
            }, 0),
          );
        };
        // The heading takes the focus in an effect after the commit: watch mutations and focus changes.
        let done = false;
        const check = () => {
          if (done || !ready()) return;
          done = true;
          observer.disconnect();
          document.removeEventListener('focusin', check, true);
          finish();
        };
        const observer = new MutationObserver(check);
        observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
        document.addEventListener('focusin', check, true);
        performance.clearMarks();
        performance.clearMeasures();
        performance.clearResourceTimings();
        performance.mark('product-open');
        row.dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true, view: window }));
      }),
    { path: PATH, id: ASSEMBLY, lines: LINES },
  );
}

/** The 30 functions with the most self time per open in CPU profiles (sampled, so approximate). */
function printHotSpots(profiles) {
  const self = new Map();
  for (const taken of profiles) {
    const byId = new Map(taken.nodes.map((node) => [node.id, node]));
    taken.samples.forEach((id, index) => {
      const { callFrame } = byId.get(id);
      const key = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').slice(-1)[0]}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + taken.timeDeltas[index] / 1000 / profiles.length);
    });
  }
  for (const [key, spent] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${spent.toFixed(1).padStart(8)} ms  ${key}`);
}

/**
 * From a trace of the timed runs: the renderer main thread's CPU time (the marks' thread timestamps, which a
 * loaded machine inflates far less than wall time) from each `product-open` mark to the next `product-painted`.
 */
function mainThreadTime(path) {
  const trace = JSON.parse(readFileSync(path, 'utf8'));
  const marks = (trace.traceEvents ?? trace).filter((event) => event.name === 'product-open' || event.name === 'product-painted').sort((a, b) => a.ts - b.ts);
  const cpu = [];
  const wall = [];
  for (const [index, mark] of marks.entries()) {
    const end = marks[index + 1];
    if (mark.name !== 'product-open' || end?.name !== 'product-painted' || mark.tts === undefined) continue;
    cpu.push((end.tts - mark.tts) / 1000);
    wall.push((end.ts - mark.ts) / 1000);
  }
  console.log(`main thread from open to painted, ${cpu.length} runs: CPU median ${median(cpu).toFixed(1)} ms (min ${Math.min(...cpu).toFixed(1)}), wall median ${median(wall).toFixed(1)} ms`);
  return cpu;
}

await withServerProcess({ name: 'product', port: PORT, env: { DEMO_LEDGER: '0', DATABASE_URL: '' } }, async ({ base, dataDir }) => {
  const { browser, context, page } = await signedInPage(base);
  await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.startsWith('oidc.user:')));

  const seeded = performance.now();
  const components = Array.from({ length: LINES }, (_, i) => `BENCH-C${String(i + 1).padStart(3, '0')}`);
  for (const [i, id] of components.entries()) {
    await apiFromPage(page, 'POST', 'data/product', { ProductId: id, Description: `Bench component ${i + 1}`, ClassId: 'ELECTRICAL', UnitOfMeasure: 'EA' });
  }
  await apiFromPage(page, 'POST', 'data/product', {
    ProductId: ASSEMBLY,
    Description: `Bench assembly with ${LINES} components`,
    ClassId: 'ELECTRICAL',
    UnitOfMeasure: 'EA',
    KitType: 'Assembly',
    Components: components.map((id, i) => ({ ComponentId: id, Factor: '1.0000', Quantity: `${(i % 5) + 1}.0000` })),
  });
  const read = await apiFromPage(page, 'GET', `data/product/${ASSEMBLY}`);
  if (read.Data.Components.length !== LINES) throw new Error(`${ASSEMBLY}: ${read.Data.Components.length} BoM lines`);
  console.log(`bench-product-form: ${LINES} components and ${ASSEMBLY} created in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  await page.evaluate((path) => (window.location.hash = `#${path}`), PATH);
  const screen = page.locator(`.erp-tab-screen[data-tab-path="${PATH}"]`);
  await screen.getByRole('searchbox').fill(ASSEMBLY);
  await screen.getByRole('searchbox').press('Enter');
  const listRow = screen.locator(`[role="row"][data-row-id="${ASSEMBLY}"]`);
  const backToList = async () => {
    await screen.getByRole('button', { name: 'Back to the list' }).click();
    await listRow.waitFor();
  };
  await listRow.waitFor();
  // Warm-up: loads the form's modules, translations and lookups once.
  await openAssembly(page);
  await backToList();

  const profile = process.env.BENCH_PRODUCT_PROFILE;
  const cdp = profile ? await context.newCDPSession(page) : null;
  // Only the page's performance marks are traced (no measurable cost): their thread timestamps give the CPU time.
  const tracePath = process.env.BENCH_PRODUCT_TRACE || join(dataDir, 'marks.trace.json');
  await browser.startTracing(page, { path: tracePath, categories: ['blink.user_timing'] });
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  }
  const profiles = [];
  const loadAtStart = loadSummary(' / ');
  const shown = [];
  const painted = [];
  const fetched = [];
  for (let run = 0; run < RUNS; run++) {
    // Only the opens are profiled (not going back to the list).
    if (cdp) await cdp.send('Profiler.start');
    const result = await openAssembly(page);
    if (cdp) profiles.push((await cdp.send('Profiler.stop')).profile);
    shown.push(result.shown);
    painted.push(result.painted);
    fetched.push(result.fetched);
    await backToList();
  }
  await browser.stopTracing();
  const cpu = mainThreadTime(tracePath);
  if (cdp) {
    writeFileSync(profile, JSON.stringify(profiles.at(-1)));
    printHotSpots(profiles);
  }
  const inputs = await page.evaluate(() => document.querySelectorAll('input, select, textarea').length);
  await browser.close();

  const verdict = (n) => (n <= TARGET ? 'meets target' : '**misses target**');
  const text = [
    SECTION,
    '',
    `Written by \`node scripts/bench-product-form.mjs\` (\`npm run bench -- product-form\`) at ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; machine: ${machine()}; load average (1 / 5 / 15 min) ${loadAtStart} before the runs, ${loadSummary(' / ')} after; headless Debian Chromium 1440×900, server on the same machine (SQLite).`,
    `Product maintenance (/novus-ic/product-maintenance) opening the assembly ${ASSEMBLY} with ${LINES} BoM lines from the list's row (double click), after one warm-up open, ${RUNS} runs. Shown: the form with the product, its ${LINES}th BoM line filled and laid out, the heading focused. Painted: the next frame after that. Server answer: the product's GET answered (same start). Main thread CPU time: the renderer main thread's thread time between the same marks (from a trace of the marks), which a loaded machine inflates far less than the wall times.`,
    '',
    '| measure | median | p95 | target |',
    '|---|---|---|---|',
    `| Open a product with ${LINES} BoM lines: shown | ${ms(median(shown))} | ${ms(percentile(shown, 95))} | ≤ ${TARGET} ms (${verdict(median(shown))}) |`,
    `| … painted (next frame) | ${ms(median(painted))} | ${ms(percentile(painted, 95))} | — |`,
    `| … of which the GET of the product answered | ${ms(median(fetched))} | ${ms(percentile(fetched, 95))} | — |`,
    `| Main thread CPU time, click to painted | ${ms(median(cpu))} | ${ms(percentile(cpu, 95))} | — (the least load-dependent figure) |`,
    '',
  ].join('\n');
  console.log(`form controls on the page after the last run (list shown): ${inputs}; shown min ${ms(Math.min(...shown))}, painted min ${ms(Math.min(...painted))}`);
  publish(SECTION, text);
});
