/**
 * The Chromium the tests drive: `CHROMIUM_PATH` when set, else Debian's `chromium-headless-shell` when installed
 * (the browser without its window, tab strip and their renderers: the same engine, a fifth less CPU per end-to-end
 * file measured — .ci/run installs it), else Debian's `chromium`. npm tools never download a browser here.
 * Benchmarks use the full `chromium` (what a user runs: scripts/bench-common.mjs).
 */
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = '/usr/bin/chromium';

export function testChromium() {
  return process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
}
