#!/usr/bin/env node
/**
 * `npm run bench`: builds, then runs every benchmark one after another (the machine has 2 cores; running
 * them together would measure each other). Each script writes its own section of BENCHMARKS.md with the
 * date and the machine.
 */
import { spawnSync } from 'node:child_process';
import { repoRoot } from './bench-common.mjs';

const steps = [
  ['npm', ['run', 'build']],
  [process.execPath, ['scripts/bench-shell.mjs']],
  [process.execPath, ['scripts/bench-server.mjs']],
  [process.execPath, ['scripts/bench-grid.mjs']],
  [process.execPath, ['--import', 'tsx', 'scripts/bench-ledger.mjs']],
  [process.execPath, ['--import', 'tsx', 'scripts/bench-year-end.mjs']],
  [process.execPath, ['--import', 'tsx', 'scripts/bench-ar.mjs']],
  [process.execPath, ['--import', 'tsx', 'scripts/bench-ar-receipt.mjs']],
  [process.execPath, ['--import', 'tsx', 'scripts/bench-ic.mjs']],
];
for (const [command, args] of steps) {
  console.log(`\n=== ${[command, ...args].join(' ')}`);
  const run = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
