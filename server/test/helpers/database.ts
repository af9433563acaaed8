/**
 * A fresh database per test file: SQLite in a new temporary folder (with `template`, a copy of the run's
 * template file of that seed), or — with TEST_DATABASE=postgres —
 * a new PostgreSQL database `erp_test_<random>` on TEST_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/test), dropped afterwards.
 *
 * `environment` is what `loadConfig` needs to point the server at it.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

export type Engine = 'sqlite' | 'postgres';

export const engine: Engine = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  engine: Engine;
  /** DATA_DIR (always a temporary folder) and, on PostgreSQL, DATABASE_URL. */
  environment: Record<string, string>;
  drop(): Promise<void>;
}

function adminUrl(): string {
  return process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

/**
 * The seeds a run keeps a template of (test/global-setup.ts makes one database per seed, migrated and seeded by a
 * first start with these variables): the core seed, and the core seed with the demo ledger.
 */
export const SEEDS = { core: {}, ledger: { DEMO_LEDGER: '1' } } satisfies Record<string, Record<string, string>>;
export type Seed = keyof typeof SEEDS;

/** The variables that change what a first start seeds, with their values in a test's configuration (helpers/app.ts). */
const SEED_DEFAULTS: Record<string, string> = { DEMO_LEDGER: '0', DEMO_FIRMS: '0' };

/**
 * The template a server with `environment` starts from: the seed that already holds everything its first start would
 * seed, else the core one (its start seeds the rest, as on any database).
 */
export function seedFor(environment: Record<string, string>): Seed {
  const wanted = (values: Record<string, string>, key: string) => values[key] ?? SEED_DEFAULTS[key];
  const match = (Object.keys(SEEDS) as Seed[]).find((seed) =>
    Object.keys(SEED_DEFAULTS).every((key) => wanted(SEEDS[seed], key) === wanted(environment, key)),
  );
  return match ?? 'core';
}

/** The run's template of `seed` (test/global-setup.ts), when there is one: outside a Vitest run there is none. */
function provided(key: 'pgTemplates' | 'sqliteTemplates', seed: Seed): string | null {
  try {
    return inject(key)?.[seed] ?? null;
  } catch {
    return null;
  }
}

/**
 * A fresh database. `template`: a copy of the run's migrated and seeded template of that seed instead of an empty
 * database — for tests that start a server on it, not for tests of the migrations and the seed themselves.
 */
export async function createTestDatabase(options: { template?: Seed } = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'erp-server-test-'));
  if (engine === 'sqlite') {
    const template = options.template ? provided('sqliteTemplates', options.template) : null;
    if (template) await copyFile(join(template, 'erp.sqlite'), join(dataDir, 'erp.sqlite'));
    return {
      engine,
      environment: { DATA_DIR: dataDir },
      async drop() {
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }

  const name = `erp_test_${randomBytes(6).toString('hex')}`;
  const template = options.template ? provided('pgTemplates', options.template) : null;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
        break;
      } catch (error) {
        // 55006: another copy of the template is being made at this moment; try again shortly.
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // A throwaway database: a commit does not wait for the WAL's disk sync (a crash of the PostgreSQL server could
    // lose the last commits; a test's process dying loses nothing). Several milliseconds saved at every commit.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    engine,
    environment: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        // FORCE ends connections a failed test may have left open (PostgreSQL 13+).
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
