/**
 * The Chromium the tests drive: `CHROMIUM_PATH` when set, else Debian's `chromium-headless-shell` when installed
 * (the browser without its window, tab strip and their renderers: the same engine; the end-to-end suite took 9.2
 * against 12.9 minutes, 2026-11-26 — .ci/run installs it), else Debian's `chromium`. npm tools never download a browser here.
 * Benchmarks use the full `chromium` (what a user runs: scripts/bench-common.mjs).
 */
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = '/usr/bin/chromium';

export function testChromium() {
  return process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
}
