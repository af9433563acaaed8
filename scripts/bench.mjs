#!/usr/bin/env node
/**
 * `npm run bench [-- <section> …]`: builds, then runs the benchmarks one after another (the machine has 2 cores;
 * running them together would measure each other). With section names (e.g. `npm run bench -- product-form`)
 * only those run, after the build; without, all of them. Each script writes its own section of BENCHMARKS.md
 * with the date and the machine. `npm run bench -- --list` prints the names.
 */
import { spawnSync } from 'node:child_process';
import { repoRoot } from './bench-common.mjs';

const tsx = (script) => [process.execPath, ['--import', 'tsx', script]];
const node = (script, ...args) => [process.execPath, [script, ...args]];
/** Name → command, in the order `npm run bench` runs them. */
const sections = {
  bundles: node('scripts/bundle-sizes.mjs', '--write'),
  shell: node('scripts/bench-shell.mjs'),
  'first-visit': node('scripts/bench-first-visit.mjs'),
  lighthouse: node('scripts/bench-lighthouse.mjs'),
  server: tsx('scripts/bench-server.mjs'),
  grid: node('scripts/bench-grid.mjs'),
  ledger: tsx('scripts/bench-ledger.mjs'),
  'year-end': tsx('scripts/bench-year-end.mjs'),
  'bank-reconciliation': node('scripts/bench-bank-reconciliation.mjs'),
  ar: tsx('scripts/bench-ar.mjs'),
  'ar-receipt': tsx('scripts/bench-ar-receipt.mjs'),
  ic: tsx('scripts/bench-ic.mjs'),
  count: tsx('scripts/bench-count.mjs'),
  po: tsx('scripts/bench-po.mjs'),
  'product-form': node('scripts/bench-product-form.mjs'),
  oe: tsx('scripts/bench-oe.mjs'),
  so: tsx('scripts/bench-so.mjs'),
  wd: tsx('scripts/bench-wd.mjs'),
  te: tsx('scripts/bench-te.mjs'),
  ap: tsx('scripts/bench-ap.mjs'),
  search: tsx('scripts/bench-search.mjs'),
  pr: tsx('scripts/bench-pr.mjs'),
  'exactly-once': tsx('scripts/bench-exactly-once.mjs'),
  events: tsx('scripts/bench-events.mjs'),
  capacity: tsx('scripts/bench-capacity.mjs'),
  streams: tsx('scripts/bench-streams.mjs'),
  webhooks: tsx('scripts/bench-webhooks.mjs'),
  screens: node('scripts/bench-screens.mjs'),
  reports: tsx('scripts/bench-reports.mjs'),
};

const asked = process.argv.slice(2);
if (asked.includes('--list')) {
  console.log(Object.keys(sections).join('\n'));
  process.exit(0);
}
const unknown = asked.filter((name) => !(name in sections));
if (unknown.length > 0) {
  console.error(`unknown benchmark section(s): ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}`);
  process.exit(2);
}
const chosen = asked.length > 0 ? Object.keys(sections).filter((name) => asked.includes(name)) : Object.keys(sections);
const steps = [['npm', ['run', 'build']], ...chosen.map((name) => sections[name])];
for (const [command, args] of steps) {
  console.log(`\n=== ${[command, ...args].join(' ')}`);
  const run = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
