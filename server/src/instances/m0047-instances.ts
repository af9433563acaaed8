/**
 * Migration 0047_instances (issue 43 item 1): the two pieces of state that lived in one server process's memory and
 * that every instance on the database must share.
 * - `background_jobs`: one row per background job (jobs.ts) — when it is next due and who holds its lease while it
 *   runs, so a job runs once across instances and a dead instance's lease expires.
 * - `attempt_failures`: one row per failed (or still running) attempt counted by a throttle (attempts.ts: sign-in,
 *   change password), so a guesser gets the same number of tries whichever instance answers.
 */
import type { Migration } from 'kysely/migration';
import { PostgresAdapter } from 'kysely';
import type { MigrationDb } from '../db/migration-db.ts';

export const m0047_instances: Migration = {
  async up(db: MigrationDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('background_jobs')
      .ifNotExists()
      .addColumn('job', 'text', (c) => c.primaryKey())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('holder', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_started_at', 'bigint')
      .addColumn('last_finished_at', 'bigint')
      .addColumn('last_instance', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema
      .createTable('attempt_failures')
      .ifNotExists()
      .addColumn('failure_id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('attempt_key', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_attempt_failures_key').ifNotExists().on('attempt_failures').columns(['bucket', 'attempt_key', 'at']).execute();
    await db.schema.createIndex('ix_attempt_failures_at').ifNotExists().on('attempt_failures').column('at').execute();
  },
};
