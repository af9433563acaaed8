/**
 * Once per test run: a template database migrated and seeded by the current code, so each test file's server
 * starts from a copy instead of running every migration and seed again (on SQLite they cost several seconds of
 * every file's set-up): on PostgreSQL a database copied with `CREATE DATABASE … TEMPLATE …`, on SQLite a folder
 * whose database file each file copies (helpers/database.ts). Removed at the end.
 *
 * Two templates, one per seed a test may ask for (`Seed` in helpers/database.ts): the core seed, and the core seed
 * with the demo ledger (DEMO_LEDGER=1: months of postings of every module). A dozen files start on the second; each
 * made it again for itself before (a few CPU-seconds per file on PostgreSQL, about a tenth of that suite).
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helpers/app.ts';
import { SEEDS, type Seed } from './helpers/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each seed's template database, on PostgreSQL runs. */
    pgTemplates: Record<Seed, string> | null;
    /** Each seed's template DATA_DIR (its `erp.sqlite`), on SQLite runs. */
    sqliteTemplates: Record<Seed, string> | null;
  }
}

function adminUrl(): string {
  return process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

let pgTemplates: Record<Seed, string> | null = null;
let sqliteTemplates: Record<Seed, string> | null = null;

/** Starts the current code on a database (which migrates and seeds it, like a first start) and closes it again. */
async function firstStart(environment: Record<string, string>): Promise<void> {
  const app = await buildApp(testConfig(environment), { logger: false });
  await app.close();
}

export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('pgTemplates', null);
    const folders = {} as Record<Seed, string>;
    for (const seed of Object.keys(SEEDS) as Seed[]) {
      folders[seed] = await mkdtemp(join(tmpdir(), `erp-server-template-${seed}-`));
      // The demo ledger is made on a copy of the core template, as a test's start on it made it before.
      if (seed !== 'core') await copyFile(join(folders.core, 'erp.sqlite'), join(folders[seed], 'erp.sqlite'));
      // Closing the app closes the database, which checkpoints its WAL into erp.sqlite: the one file is the copy.
      await firstStart({ DATA_DIR: folders[seed], ...SEEDS[seed] });
    }
    sqliteTemplates = folders;
    project.provide('sqliteTemplates', folders);
    return;
  }
  project.provide('sqliteTemplates', null);
  const suffix = randomBytes(6).toString('hex');
  const names = { core: `erp_template_${suffix}`, ledger: `erp_template_ledger_${suffix}` };
  pgTemplates = names;
  for (const seed of Object.keys(SEEDS) as Seed[]) {
    if (seed !== 'core') await admin((client) => client.query(`CREATE DATABASE ${names[seed]} TEMPLATE ${names.core}`));
    const url = new URL(adminUrl());
    url.pathname = `/${names[seed]}`;
    // buildApp creates the core one, migrates and seeds it, like a first start.
    await firstStart({ DATA_DIR: '/tmp', DATABASE_URL: url.toString(), ...SEEDS[seed] });
  }
  project.provide('pgTemplates', names);
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
  for (const folder of Object.values(sqliteTemplates ?? {})) await rm(folder, { recursive: true, force: true });
  for (const name of Object.values(pgTemplates ?? {})) await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
