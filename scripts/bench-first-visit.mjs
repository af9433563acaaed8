#!/usr/bin/env node
/**
 * Issue 69 item 3 and issue 71 item 3, first visit and sign-in, in headless Chromium against the local server (a
 * fresh database with the demo):
 * - a visitor without a session: the page's load to the provider's sign-in form, and the shell's files fetched
 *   before it (the inline boot loader sends the visitor on before any module loads);
 * - sign-in of a staff user (admin, to the HOME tiles) and of a portal customer (portal, to the order page's
 *   catalogue rows): the sign-in form's submit to the first screen with its content, and where the time goes —
 *   the form's POST (with the password check's own time, the server's `Server-Timing: password`), each document
 *   of the redirect chain to /auth/callback, then on the callback page the provider's metadata, the token exchange
 *   (DPoP), the start-up calls, the modules (first request to last answer), and the first render (the last of
 *   those answers to the screen's content in the DOM); and the shell's part as a whole (the callback page's answer
 *   to the first screen);
 * - the password hash's cost (scrypt) in this Node, per parameter set.
 * Every phase is a median over the runs of its start and its end, counted from the submit. The first screen is
 * taken in the page itself (a MutationObserver from an init script), not by polling from here.
 * Writes the "## First visit and sign-in" section of BENCHMARKS.md. Needs `npm run build` first.
 * Usage: node scripts/bench-first-visit.mjs (BENCH_FIRST_VISIT_RUNS, default 7; BENCH_NO_WRITE=1 prints only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { scryptSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, markdownTable, measuredWith, median, percentile, publish, startServerProcess, waitForServer } from './bench-common.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 18490);
const base = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_FIRST_VISIT_RUNS ?? 7);
const SHELL_FILE = /\/(apps|vendor|shared|elements|root-config)\/[^?]*\.js/;
/** The users signed in, and the selector of their first screen's content. */
const USERS = [
  { label: 'staff (admin) → HOME tiles', username: 'admin', password: 'admin', firstScreen: '.erp-tab-screen[data-tab-path="/"]:not([hidden]) .erp-ui-tile' },
  { label: 'portal customer → order page rows', username: 'portal', password: 'portal', firstScreen: '[data-portal-screen="order"] tr[data-sku]' },
];

const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-first-visit-'));
const server = await startServerProcess(PORT, dataDir);
// Stopped from outside (a timeout, Ctrl+C): the server goes too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
}
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
const cell = (values) => `${ms(median(values))} (p90 ${ms(percentile(values, 90))})`;

/** Median time of scrypt with these parameters (64-byte key, as server/src/auth/password.ts). */
function scryptCost(N, r, p) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    scryptSync('correct horse battery staple', 'salt-of-sixteen!', 64, { N, r, p, maxmem: 512 * 2 ** 20 });
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Runs in every document of the context: the epoch time the first screen's content joined the DOM. */
function watchFirstScreen(selector) {
  const seen = () => {
    if (window.__benchFirstScreen || !document.querySelector(selector)) return;
    window.__benchFirstScreen = performance.timeOrigin + performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
}

/** The phase a request of the callback page belongs to, or null. */
function phaseOf(url, method, resourceType) {
  const path = new URL(url).pathname;
  if (path.endsWith('/.well-known/openid-configuration')) return 'metadata';
  if (path === '/oidc/token' && method === 'POST') return 'token';
  if (path.startsWith('/api/') && !path.startsWith('/api/events')) return path.startsWith('/api/shell') || path === '/api/tenant' ? 'startup' : 'screen';
  if (resourceType === 'script' || SHELL_FILE.test(path)) return 'modules';
  if (path.startsWith('/locales/')) return 'locales';
  return null;
}

/** A run's phases as [start, end] from the submit, in ms. */
async function signIn(browser, user) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(watchFirstScreen, user.firstScreen);
  const page = await context.newPage();
  await page.goto(`${base}/#/`);
  await page.getByLabel('Password').waitFor();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);

  const requests = [];
  let passwordMs = Number.NaN;
  page.on('requestfinished', async (request) => {
    const timing = request.timing();
    // A request that finishes as the context closes has no answer to read any more.
    const response = await request.response().catch(() => null);
    const serverTiming = response ? await response.headerValue('server-timing').catch(() => null) : null;
    const found = /password;dur=([\d.]+)/.exec(serverTiming ?? '');
    if (found) passwordMs = Number(found[1]);
    requests.push({
      url: request.url(),
      method: request.method(),
      type: request.resourceType(),
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
    });
  });
  const submitted = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  const shown = await page.waitForFunction(() => window.__benchFirstScreen, undefined, { timeout: 60_000, polling: 50 }).then((handle) => handle.jsonValue());
  // The last requests' events may still be on their way.
  await page.waitForTimeout(50);
  await context.close();

  const at = (time) => time - submitted;
  const documents = requests.filter((r) => r.type === 'document' && r.start >= submitted - 5).sort((a, b) => a.start - b.start);
  const callback = documents.find((r) => new URL(r.url).pathname === '/auth/callback');
  const phases = { total: [0, at(shown)], password: [0, passwordMs] };
  // The shell's own part: from the callback page's answer to the first screen (the rest is the provider's).
  if (callback) phases.shell = [at(callback.end), at(shown)];
  for (const [index, document] of documents.entries()) {
    const { pathname } = new URL(document.url);
    const name = `${index + 1}. ${document.method} ${pathname.replace(/\/(interaction|auth)\/[\w-]{10,}/, '/$1/…')}`;
    phases[name] = [at(document.start), at(document.end)];
  }
  const after = requests.filter((r) => callback && r.start >= callback.end && r.type !== 'document');
  const spans = {};
  for (const request of after) {
    const phase = phaseOf(request.url, request.method, request.type);
    if (!phase) continue;
    const span = (spans[phase] ??= [Infinity, -Infinity]);
    span[0] = Math.min(span[0], at(request.start));
    span[1] = Math.max(span[1], at(request.end));
  }
  Object.assign(phases, spans);
  const lastAnswer = Math.max(...Object.values(spans).map(([, end]) => end));
  phases.render = [lastAnswer, at(shown)];
  return { phases, documents: documents.length };
}

try {
  await waitForServer(`${base}/shell-config.json`, 600_000);
  const browser = await launchChromium();

  const visits = { toForm: [], shellFiles: [] };
  for (let run = 0; run < 3; run++) {
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
    await context.close();
  }

  const sections = [];
  for (const user of USERS) {
    // One unmeasured run first: the server's first sign-in compiles its own code paths.
    await signIn(browser, user);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push(await signIn(browser, user));
      console.error(`${user.username} run ${run + 1}: ${Math.round(runs.at(-1).phases.total[1])} ms`);
    }
    const names = [...new Set(runs.flatMap((r) => Object.keys(r.phases)))];
    const fixed = ['total', 'password', 'shell'];
    const order = (name) => (fixed.includes(name) ? fixed.indexOf(name) - fixed.length : median(runs.map((r) => r.phases[name]?.[0]).filter(Number.isFinite)));
    names.sort((a, b) => order(a) - order(b));
    const label = {
      total: '**submit → first screen with its content**',
      password: '… of the form\'s POST: the password check (server side)',
      shell: '… callback page answered → first screen (the shell\'s part)',
      metadata: 'provider metadata (discovery)',
      token: 'token exchange (POST /oidc/token, DPoP)',
      startup: 'start-up calls (api/shell/*, api/tenant)',
      screen: 'the screen\'s own API calls',
      modules: 'modules (first request → last answer)',
      locales: 'locale files',
      render: 'last answer → content in the DOM',
    };
    const rows = names.map((name) => {
      const starts = runs.map((r) => r.phases[name]?.[0]).filter(Number.isFinite);
      const ends = runs.map((r) => r.phases[name]?.[1]).filter(Number.isFinite);
      const durations = runs.map((r) => (r.phases[name] ? r.phases[name][1] - r.phases[name][0] : Number.NaN)).filter(Number.isFinite);
      if (name === 'total') return [label.total, '≤ 1 s', '0', ms(median(ends)), `**${cell(durations)}**`];
      if (name === 'password') return [label.password, '', '', '', cell(ends)];
      return [label[name] ?? name, '', ms(median(starts)), ms(median(ends)), cell(durations)];
    });
    sections.push(
      `### ${user.label}`,
      '',
      `${RUNS} runs (after one unmeasured), each in a fresh browser context; documents from submit to first screen: ${median(runs.map((r) => r.documents))}.`,
      '',
      markdownTable(['phase', 'target', 'starts at', 'ends at', 'takes, median (p90)'], rows),
      '',
    );
  }
  await browser.close();

  const costs = [
    ['N=2^14, r=8, p=1 (before issue 69 item 3)', 2 ** 14, 8, 1],
    ['N=2^14, r=8, p=5 (OWASP equivalent; the product\'s, server/src/auth/password.ts)', 2 ** 14, 8, 5],
    ['N=2^17, r=8, p=1 (OWASP first choice)', 2 ** 17, 8, 1],
    ['N=2^16, r=8, p=2 (OWASP equivalent)', 2 ** 16, 8, 2],
  ].map(([label, N, r, p]) => [label, ms(scryptCost(N, r, p))]);

  const text = [
    '## First visit and sign-in',
    '',
    `${measuredWith('bench-first-visit.mjs')}. Phases are medians of their start and end, counted from the form's submit; they overlap where they run together.`,
    '',
    markdownTable(
      ['measure', 'target', 'median (p90)'],
      [
        ['visitor without a session: page load → provider\'s sign-in form (3 runs)', '—', cell(visits.toForm)],
        ['shell files (.js) fetched before the sign-in form', '0', `${median(visits.shellFiles)} (max ${Math.max(...visits.shellFiles)})`],
      ],
    ),
    '',
    ...sections,
    'scrypt (password hash, 64-byte key) in this Node, median of 5:',
    '',
    markdownTable(['parameters', 'time'], costs),
  ].join('\n');
  publish('## First visit and sign-in', text);
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
