/**
 * Once per test run, on PostgreSQL: a template database migrated and seeded by the current code, so each
 * test file's server starts from a copy (`CREATE DATABASE … TEMPLATE …`, helpers/database.ts) instead of
 * running every migration and seed again. Dropped at the end. Nothing to do on SQLite.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helpers/app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}

function adminUrl(): string {
  return process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

let template: string | null = null;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('pgTemplate', null);
    return;
  }
  template = `erp_template_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl());
  url.pathname = `/${template}`;
  // buildApp creates the database, migrates and seeds it, like a first start.
  const app = await buildApp(testConfig({ DATA_DIR: '/tmp', DATABASE_URL: url.toString() }), { logger: false });
  await app.close();
  project.provide('pgTemplate', template);
}

export async function teardown(): Promise<void> {
  if (!template) return;
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
