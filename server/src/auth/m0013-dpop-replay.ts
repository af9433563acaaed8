/**
 * Migration 0013_dpop_replay (issue 22 item 12): the DPoP proofs already used (auth/dpop-replay.ts), kept in the
 * database so a server restart — or a second server on the same database — does not accept a proof again
 * within its lifetime. One row per proof: a fixed-length hash of the token's key thumbprint and the proof's
 * jti, and when it may be forgotten (epoch milliseconds).
 */
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '../db/migration-db.ts';

export const m0013_dpop_replay: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .createTable('dpop_replay')
      .addColumn('proof_key', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_dpop_replay_expires').on('dpop_replay').column('expires_at').execute();
  },
};
