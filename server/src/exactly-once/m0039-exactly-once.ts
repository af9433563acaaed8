/**
 * Migration 0039_exactly_once (issue 39): the two tables of the exactly-once guarantee, shared by every server
 * instance on the database.
 * - `work_locks`: one row per scope being worked on (a process and its key), held by a lease that its holder
 *   renews (scope-lock.ts). The primary key decides who holds it.
 * - `idempotency_keys`: one row per (user, Idempotency-Key) of the last 24 hours, with the request's hash and,
 *   once answered, the answer to replay (idempotency.ts).
 */
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '../db/migration-db.ts';

export const m0039_exactly_once: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .createTable('work_locks')
      .ifNotExists()
      .addColumn('scope', 'text', (c) => c.primaryKey())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('acquired_on', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('idempotency_keys')
      .ifNotExists()
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('content_type', 'text')
      .addColumn('body', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('ix_idempotency_keys_created').ifNotExists().on('idempotency_keys').column('created_at').execute();
  },
};
