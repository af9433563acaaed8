/**
 * The parts of the Lighthouse benchmarks (bench-lighthouse.mjs, bench-lighthouse-ab.mjs): Debian's Chromium with a
 * debugging port, a sign-in through the provider's real form in its default profile, a returning visit, emptied
 * caches, one Lighthouse run (mobile preset, performance only) with the figures and where the main thread's time
 * went (scripts' evaluation, long tasks).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { connect } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { waitForServer } from './bench-common.mjs';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The production front (docs/operations.md): Debian's HAProxy terminating TLS with HTTP/2 (ALPN h2) before the
 * server at `backendPort`, on `port`, with a self-signed certificate for localhost made here by openssl. Answers
 * the front's address, the certificate key's SPKI hash (Chromium's --ignore-certificate-errors-spki-list) and
 * `close`. A phone reaches the portal this way; over plain HTTP/1.1 a browser opens six connections to the host
 * and Lighthouse's simulation queues the page's ~30 modules behind them.
 */
export async function startTlsFront(port, backendPort) {
  const dir = mkdtempSync(join(tmpdir(), 'erp-bench-tls-'));
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { cwd: dir, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
  writeFileSync(join(dir, 'site.pem'), `${certificate}${readFileSync(join(dir, 'key.pem'), 'utf8')}`);
  const spki = createHash('sha256').update(new X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
  writeFileSync(
    join(dir, 'haproxy.cfg'),
    [
      'defaults',
      '    mode http',
      '    timeout connect 2s',
      '    timeout client 180s',
      '    timeout server 180s',
      '    option forwardfor',
      'frontend erp',
      `    bind 127.0.0.1:${port} ssl crt ${join(dir, 'site.pem')} alpn h2,http/1.1`,
      '    http-request set-header X-Forwarded-Proto https',
      '    default_backend instance',
      'backend instance',
      `    server a 127.0.0.1:${backendPort}`,
      '',
    ].join('\n'),
  );
  const child = spawn('/usr/sbin/haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: 'ignore' });
  // Listening once a connection to the port is accepted.
  const listening = () => new Promise((resolve) => connect(port, '127.0.0.1').once('connect', function () { this.destroy(); resolve(true); }).once('error', () => resolve(false)));
  const deadline = Date.now() + 10_000;
  while (!(await listening())) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('haproxy did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base: `https://localhost:${port}`,
    spki,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium, headless, with a remote-debugging port and a fresh profile; answers { close }. `trustedSpki`:
 * the SPKI hash of a self-signed certificate it accepts (`startTlsFront`).
 */
export async function startChromium(port, trustedSpki) {
  const profile = mkdtempSync(join(tmpdir(), 'erp-bench-lighthouse-profile-'));
  const child = spawn(
    CHROME,
    [
      '--headless',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(trustedSpki ? [`--ignore-certificate-errors-spki-list=${trustedSpki}`] : []),
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitForServer(`http://127.0.0.1:${port}/json/version`, 30_000);
  return {
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      // Chromium's helper processes may still write into the profile for a while after it exits (ENOTEMPTY): a
      // profile that will not go stays in the temporary directory rather than end the benchmark.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
      } catch (error) {
        console.warn(`bench: ${profile} not removed (${error.code})`);
      }
    },
  };
}

/** Runs `action(page)` in a new page of the browser's default profile (Playwright over the debugging port). */
async function inDefaultProfile(port, action) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await action(page);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Signs `user` in (password = user name) at `base` in the browser's default profile, through the provider's form. */
export function signIn(port, base, user) {
  return inDefaultProfile(port, async (page) => {
    await page.goto(`${base}/#/`);
    await page.getByLabel('Username').fill(user);
    await page.getByLabel('Password').fill(user);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('erp-top-bar, erp-portal-bar', { timeout: 120_000 });
  });
}

/** Opens `url` once in the default profile and waits for its service worker to control it (the files precached). */
export function visitOnce(port, url) {
  return inDefaultProfile(port, async (page) => {
    await page.goto(url);
    await page.waitForSelector('erp-portal-bar', { timeout: 120_000 });
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 120_000 });
  });
}

/** Empties the HTTP cache, the Cache Storage and the service workers of `base`'s origin; the session stays. */
export function clearCaches(port, base) {
  return inDefaultProfile(port, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'cache_storage,service_workers' });
  });
}

/** A script's address without the origin and the `?v=` version. */
const shortUrl = (url) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/\?v=[0-9a-f]+$/, '');

/**
 * One Lighthouse run (performance only, mobile preset); answers the figures, the notes of its audits, and where
 * the main thread's time went: `scripts` (audit bootup-time: per script, evaluation and compile ms, simulated),
 * `longTasks` (audit long-tasks: start and duration, simulated, with the script it is attributed to) and `work`
 * (audit mainthread-work-breakdown: ms per kind of work).
 */
export async function audit(port, url, signedIn) {
  const { lhr, artifacts } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: process.env.BENCH_LH_LOG ?? 'error',
    onlyCategories: ['performance'],
    disableStorageReset: signedIn,
    // A shared two-core machine: the default 45 s is not always enough for the page's load and its quiet.
    maxWaitForLoad: 180_000,
  });
  // BENCH_LH_SAVE=<dir>: each run's whole report kept there (<page path>-<time>.json) to study a page.
  if (process.env.BENCH_LH_SAVE) writeFileSync(join(process.env.BENCH_LH_SAVE, `${new URL(url).hash.replace(/\W+/g, '-') || 'root'}-${Date.now()}.json`), JSON.stringify(lhr));
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const shifts = items('layout-shifts').map((item) => ({
    element: item.node?.selector ?? item.node?.snippet ?? '?',
    score: item.score ?? 0,
  }));
  // Lighthouse 13: the LCP element is the node item of the LCP breakdown insight.
  const lcpNode = items('lcp-breakdown-insight').find((item) => item.type === 'node');
  // The larger shifts with their elements' moves (the trace's LayoutShift events; selectors from its elements).
  // An artifact whose gathering failed (a page too slow for the time limit) is an error object, not a list.
  const elements = Array.isArray(artifacts.TraceElements) ? artifacts.TraceElements : [];
  const events = Array.isArray(artifacts.Trace?.traceEvents) ? artifacts.Trace.traceEvents : [];
  const selectors = new Map(elements.filter((e) => e.node).map((e) => [e.nodeId, e.node.selector]));
  const start = events.find((e) => e.name === 'navigationStart')?.ts ?? 0;
  const moves = events
    .filter((e) => e.name === 'LayoutShift' && !e.args.data?.had_recent_input && (e.args.data?.score ?? 0) >= 0.005)
    .map((e) => {
      const nodes = (e.args.data.impacted_nodes ?? []).map((n) => `\`${selectors.get(n.node_id) ?? n.node_id}\` [${n.old_rect}] → [${n.new_rect}]`);
      return `${e.args.data.score.toFixed(3)} at ${Math.round((e.ts - start) / 1000)} ms (observed): ${nodes.join(', ')}`;
    });
  return {
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    moves,
    score: lhr.categories.performance.score ?? Number.NaN,
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    fcp: value('first-contentful-paint'),
    si: value('speed-index'),
    tti: value('interactive'),
    finalUrl: lhr.finalDisplayedUrl,
    shifts,
    lcpElement: lcpNode ? (lcpNode.selector ?? lcpNode.snippet) : '—',
    warnings: lhr.runWarnings ?? [],
    scripts: items('bootup-time').map((item) => ({
      url: shortUrl(item.url),
      total: item.total ?? 0,
      scripting: item.scripting ?? 0,
      compile: item.scriptParseCompile ?? 0,
    })),
    longTasks: items('long-tasks').map((item) => ({ url: shortUrl(item.url), start: item.startTime ?? 0, duration: item.duration ?? 0 })),
    work: Object.fromEntries(items('mainthread-work-breakdown').map((item) => [item.group, item.duration ?? 0])),
  };
}
