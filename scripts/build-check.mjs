#!/usr/bin/env node
/**
 * Builds, and fails if the build changed the clone (issue 44: a user's clone stays clean after `npm start`).
 *
 *   node scripts/build-check.mjs           one `npm run build`; fails if a tracked file changed, or a file that
 *                                          git does not ignore appeared. `npm test` builds this way, so the check
 *                                          costs nothing beyond the build the tests need anyway.
 *   node scripts/build-check.mjs --twice   builds twice and fails unless every built file (every `dist/` folder
 *                                          and the elements' manifest) is byte for byte the same: two builds of
 *                                          one commit give identical files. Slow (two builds); run it when the
 *                                          build recipe changes.
 *
 * The clone's state is compared, not assumed clean: work in progress (modified or new files) may be there before
 * the build; the check is that the build adds or changes none of it (a file's content is compared by its git
 * blob hash).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './bench-common.mjs';

const git = (...args) => {
  const run = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
};

/** Every path git reports as changed or not ignored, with the hash of what is on disk now. */
function cloneState() {
  const fields = git('status', '--porcelain=v1', '-z', '--untracked-files=all').split('\0').filter(Boolean);
  const entries = [];
  // A rename or copy is followed by its source path, a field of its own.
  for (let f = 0; f < fields.length; f++) {
    entries.push(fields[f]);
    if (/[RC]/.test(fields[f].slice(0, 2))) f++;
  }
  const paths = entries.map((entry) => entry.slice(3));
  const hashes = paths.length > 0 ? git('hash-object', '--no-filters', '--', ...paths.filter(exists)).split('\n') : [];
  const state = new Map();
  let i = 0;
  for (const [n, path] of paths.entries()) state.set(path, `${entries[n].slice(0, 2)} ${exists(path) ? hashes[i++] : 'deleted'}`);
  return state;
}
function exists(path) {
  try {
    return statSync(join(repoRoot, path)).isFile();
  } catch {
    return false;
  }
}

function build() {
  const run = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

/** Hash of every file the build writes: each package's `dist/` (not node_modules) and the elements' manifest. */
function builtFiles() {
  const found = new Map();
  const walk = (dir, inDist) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, inDist || entry.name === 'dist');
      else if (inDist) found.set(relative(repoRoot, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(repoRoot, false);
  const manifest = 'shell-elements/custom-elements.json';
  found.set(manifest, createHash('sha256').update(readFileSync(join(repoRoot, manifest))).digest('hex'));
  return found;
}

/** A source tree without git (an unpacked archive) is built without the check, saying so. */
const inClone = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: repoRoot, encoding: 'utf8' }).stdout?.trim() === 'true';
const before = inClone ? cloneState() : null;
build();
if (before) {
  const after = cloneState();
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path));
  if (changed.length > 0) {
    console.error(`npm run build changed the clone (it must write nothing tracked, issue 44):\n  ${changed.join('\n  ')}`);
    process.exit(1);
  }
  console.log('build-check: the build left the clone as it found it');
} else console.log('build-check: not a git clone — built without checking that the build leaves it unchanged');

if (process.argv.includes('--twice')) {
  const first = builtFiles();
  build();
  const second = builtFiles();
  const differ = [...new Set([...first.keys(), ...second.keys()])].filter((path) => first.get(path) !== second.get(path));
  if (differ.length > 0) {
    console.error(`two builds of one commit gave different files:\n  ${differ.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`build-check: two builds gave the same ${first.size} files`);
}
