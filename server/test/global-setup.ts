/**
 * Once per test run: a template database migrated and seeded by the current code, so each test file's server
 * starts from a copy instead of running every migration and seed again (on SQLite they cost several seconds of
 * every file's set-up): on PostgreSQL a database copied with `CREATE DATABASE … TEMPLATE …`, on SQLite a folder
 * whose database file each file copies (helpers/database.ts). Removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helpers/app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
    /** The SQLite template's DATA_DIR (its `erp.sqlite`), on SQLite runs. */
    sqliteTemplate: string | null;
  }
}

function adminUrl(): string {
  return process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

let template: string | null = null;
let sqliteTemplate: string | null = null;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('pgTemplate', null);
    sqliteTemplate = await mkdtemp(join(tmpdir(), 'erp-server-template-'));
    // Closing the app closes the database, which checkpoints its WAL into erp.sqlite: the one file is the copy.
    const app = await buildApp(testConfig({ DATA_DIR: sqliteTemplate }), { logger: false });
    await app.close();
    project.provide('sqliteTemplate', sqliteTemplate);
    return;
  }
  project.provide('sqliteTemplate', null);
  template = `erp_template_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl());
  url.pathname = `/${template}`;
  // buildApp creates the database, migrates and seeds it, like a first start.
  const app = await buildApp(testConfig({ DATA_DIR: '/tmp', DATABASE_URL: url.toString() }), { logger: false });
  await app.close();
  project.provide('pgTemplate', template);
}

export async function teardown(): Promise<void> {
  if (sqliteTemplate) await rm(sqliteTemplate, { recursive: true, force: true });
  if (!template) return;
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
