/**
 * Once per test run: a template database migrated and seeded by the current code, so each test file's server
 * starts from a copy instead of running every migration and seed again (on SQLite they cost several seconds of
 * every file's set-up): on PostgreSQL a database copied with `CREATE DATABASE … TEMPLATE …`, on SQLite a folder
 * whose database file each file copies (helpers/database.ts). Removed at the end.
 *
 * Two templates, one per seed a test may ask for (`Seed` in helpers/database.ts): the core seed, and the core seed
 * with the demo ledger (DEMO_LEDGER=1: months of postings of every module). A dozen files start on the second; each
 * made it again for itself before (a few CPU-seconds per file on PostgreSQL, about a tenth of that suite).
 *
 * The demo ledger's template is made while the test files already run: `setup` answers once the core template is
 * made, and a file that starts a server on the demo ledger waits for its marker file (`templateMarkers`: 'ready', or
 * why it could not be made) — helpers/database.ts. Made before the files, it kept every worker idle for most of the
 * set-up (on PostgreSQL 15 s of the server's CPU and 110 s of wall time against 11 s and 47 s for the core one, on a
 * loaded 2-core machine); the sequencer (vitest.sequencer.ts) starts the files on it after the first ones. The core
 * template stays before the files: nearly every file starts on it, and a wait inside a file's `beforeAll` counts
 * against the hook's timeout.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helpers/app.ts';
import { copyDatabase, SEEDS, type Seed } from './helpers/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each seed's template database, on PostgreSQL runs. */
    pgTemplates: Record<Seed, string> | null;
    /** Each seed's template DATA_DIR (its `erp.sqlite`), on SQLite runs. */
    sqliteTemplates: Record<Seed, string> | null;
    /** Each seed's marker file, written when its template is made: 'ready', else why it could not be made. */
    templateMarkers: Record<Seed, string> | null;
  }
}

function adminUrl(): string {
  return process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

let pgTemplates: Record<Seed, string> | null = null;
let sqliteTemplates: Record<Seed, string> | null = null;
let markerFolder: string | null = null;
/** The templates being made (in seed order: the ledger's starts from the core one). */
let making: Promise<void> = Promise.resolve();

/** Starts the current code on a database (which migrates and seeds it, like a first start) and closes it again. */
async function firstStart(environment: Record<string, string>): Promise<void> {
  const app = await buildApp(testConfig(environment), { logger: false });
  await app.close();
}

/** One seed's template on SQLite: a folder whose `erp.sqlite` is the copy. */
async function makeSqliteTemplate(folders: Record<Seed, string>, seed: Seed): Promise<void> {
  // The demo ledger is made on a copy of the core template, as a test's start on it made it before.
  if (seed !== 'core') await copyFile(join(folders.core, 'erp.sqlite'), join(folders[seed], 'erp.sqlite'));
  // Closing the app closes the database, which checkpoints its WAL into erp.sqlite: the one file is the copy.
  await firstStart({ DATA_DIR: folders[seed], ...SEEDS[seed] });
}

/** One seed's template on PostgreSQL: a database the files copy. */
async function makePgTemplate(names: Record<Seed, string>, seed: Seed): Promise<void> {
  // The demo ledger's starts as a copy of the core one (copyDatabase tries again while a file copies that).
  if (seed !== 'core') await admin((client) => copyDatabase(client, names[seed], names.core));
  const url = new URL(adminUrl());
  url.pathname = `/${names[seed]}`;
  // buildApp creates the core one, migrates and seeds it, like a first start.
  await firstStart({ DATA_DIR: '/tmp', DATABASE_URL: url.toString(), ...SEEDS[seed] });
}

/**
 * Makes each of `seeds` in turn (a later one may start from an earlier one) and writes its marker when it is made
 * ('ready'); one that fails marks it and every later one with the error (the files waiting for them fail with it).
 */
async function makeTemplates(markers: Record<Seed, string>, make: (seed: Seed) => Promise<void>, seeds: Seed[]): Promise<void> {
  let failure: unknown = null;
  for (const seed of seeds) {
    if (failure === null) {
      try {
        await make(seed);
      } catch (error) {
        failure = error;
      }
    }
    const text = failure === null ? 'ready' : `the ${seed} template could not be made: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}`;
    // Written whole, then renamed: a file that reads the marker never reads half of it.
    await writeFile(`${markers[seed]}.part`, text);
    await rename(`${markers[seed]}.part`, markers[seed]);
  }
  if (failure !== null) throw failure;
}

export async function setup(project: TestProject): Promise<void> {
  markerFolder = await mkdtemp(join(tmpdir(), 'erp-server-templates-'));
  const folder = markerFolder;
  const markers = Object.fromEntries((Object.keys(SEEDS) as Seed[]).map((seed) => [seed, join(folder, `${seed}.marker`)])) as Record<Seed, string>;
  project.provide('templateMarkers', markers);
  let make: (seed: Seed) => Promise<void>;
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('pgTemplates', null);
    const folders = {} as Record<Seed, string>;
    for (const seed of Object.keys(SEEDS) as Seed[]) folders[seed] = await mkdtemp(join(tmpdir(), `erp-server-template-${seed}-`));
    sqliteTemplates = folders;
    project.provide('sqliteTemplates', folders);
    make = (seed) => makeSqliteTemplate(folders, seed);
  } else {
    project.provide('sqliteTemplates', null);
    const suffix = randomBytes(6).toString('hex');
    const names = { core: `erp_template_${suffix}`, ledger: `erp_template_ledger_${suffix}` };
    pgTemplates = names;
    project.provide('pgTemplates', names);
    make = (seed) => makePgTemplate(names, seed);
  }
  // The core template before any file starts (a failure fails the run here); the others while the files run.
  await makeTemplates(markers, make, ['core']);
  making = makeTemplates(markers, make, (Object.keys(SEEDS) as Seed[]).filter((seed) => seed !== 'core'));
  // Its failure is told by the files that wait for that template, and again by the teardown.
  making.catch(() => {});
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function teardown(): Promise<void> {
  // A template still being made (a short run, or one stopped early) is finished first.
  const made = await making.then(
    () => null,
    (error: unknown) => error,
  );
  for (const folder of Object.values(sqliteTemplates ?? {})) await rm(folder, { recursive: true, force: true });
  for (const name of Object.values(pgTemplates ?? {})) await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  if (markerFolder) await rm(markerFolder, { recursive: true, force: true });
  if (made !== null) throw made;
}
