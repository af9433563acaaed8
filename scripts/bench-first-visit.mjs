#!/usr/bin/env node
/**
 * Issue 69 item 3, fast first visit, in headless Chromium against the local server (a fresh database with the demo):
 * - a visitor without a session: the page's load to the provider's sign-in form, and the shell's files fetched
 *   before it (the inline boot loader sends the visitor on before any module loads);
 * - a portal customer's sign-in: the credentials submitted to the first portal screen drawn (the catalogue's
 *   rows), in its phases — the provider's answer to the form (password check), the redirects to the callback,
 *   the callback to the first screen (token exchange, start-up calls, modules);
 * - the password hash's cost (scrypt) in this Node, per parameter set.
 * Writes the "## First visit and sign-in" section of BENCHMARKS.md. Needs `npm run build` first.
 * Usage: node scripts/bench-first-visit.mjs (BENCH_FIRST_VISIT_RUNS, default 10; BENCH_NO_WRITE=1 prints only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { scryptSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, markdownTable, measuredWith, median, percentile, publish, startServerProcess, waitForServer } from './bench-common.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18490);
const base = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_FIRST_VISIT_RUNS ?? 10);
const FIRST_SCREEN = '[data-portal-screen="order"] tr[data-sku]';
const SHELL_FILE = /\/(apps|vendor|shared|elements|root-config)\/[^?]*\.js/;

const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-first-visit-'));
const server = await startServerProcess(PORT, dataDir);
const ms = (value) => `${Math.round(value)} ms`;
const cell = (values) => `${ms(median(values))} (p90 ${ms(percentile(values, 90))})`;

/** Median time of scrypt with these parameters (64-byte key, as server/src/auth/password.ts). */
function scryptCost(N, r, p) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    scryptSync('correct horse battery staple', 'salt-of-sixteen!', 64, { N, r, p, maxmem: 256 * 2 ** 20 });
    times.push(performance.now() - start);
  }
  return median(times);
}

try {
  await waitForServer(`${base}/shell-config.json`, 180_000);
  const browser = await launchChromium();
  const visits = { toForm: [], shellFiles: [] };
  const signIns = { total: [], form: [], redirects: [], boot: [], documents: [] };
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const shellFiles = [];
    let onForm = false;
    page.on('request', (request) => {
      if (!onForm && SHELL_FILE.test(new URL(request.url()).pathname)) shellFiles.push(request.url());
    });
    const start = Date.now();
    await page.goto(`${base}/#/`);
    await page.getByLabel('Password').waitFor();
    onForm = true;
    visits.toForm.push(Date.now() - start);
    visits.shellFiles.push(shellFiles.length);

    await page.getByLabel('Username').fill('portal');
    await page.getByLabel('Password').fill('portal');
    const times = { formAnswered: 0, callback: 0 };
    const documents = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'document') return;
      const url = new URL(response.url());
      documents.push(url.pathname);
      if (!times.formAnswered && url.pathname.startsWith('/oidc/interaction/') && response.request().method() === 'POST') times.formAnswered = Date.now();
      if (url.pathname === '/auth/callback') times.callback = Date.now();
    });
    const submitted = Date.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator(FIRST_SCREEN).first().waitFor({ timeout: 60_000 });
    const shown = Date.now();
    signIns.total.push(shown - submitted);
    signIns.form.push((times.formAnswered || submitted) - submitted);
    signIns.redirects.push(times.callback - (times.formAnswered || submitted));
    signIns.boot.push(shown - times.callback);
    signIns.documents.push(documents.length);
    await context.close();
  }
  await browser.close();

  const costs = [
    ["N=2^14, r=8, p=1 (the product's, server/src/auth/password.ts)", 2 ** 14, 8, 1],
    ['N=2^17, r=8, p=1 (OWASP first choice)', 2 ** 17, 8, 1],
    ['N=2^14, r=8, p=5 (OWASP equivalent, 16 MiB)', 2 ** 14, 8, 5],
  ].map(([label, N, r, p]) => [label, ms(scryptCost(N, r, p))]);

  const text = [
    '## First visit and sign-in',
    '',
    `${measuredWith('bench-first-visit.mjs')}; ${RUNS} runs, each in a fresh browser context (no session, no cache).`,
    '',
    markdownTable(
      ['measure', 'target', 'median (p90)'],
      [
        ['visitor without a session: page load → provider\'s sign-in form', '—', cell(visits.toForm)],
        ['shell files (.js) fetched before the sign-in form', '0', `${median(visits.shellFiles)} (max ${Math.max(...visits.shellFiles)})`],
        ['portal customer: credentials → first portal screen', '≤ 1 s', cell(signIns.total)],
        ['… the form\'s answer (password check)', '', cell(signIns.form)],
        ['… the redirects to /auth/callback', '', cell(signIns.redirects)],
        ['… the callback → first screen (tokens, start-up calls, modules)', '', cell(signIns.boot)],
        ['documents loaded from submit to first screen', '', String(median(signIns.documents))],
      ],
    ),
    '',
    'scrypt (password hash, 64-byte key) in this Node, median of 5:',
    '',
    markdownTable(['parameters', 'time'], costs),
  ].join('\n');
  publish('## First visit and sign-in', text);
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
