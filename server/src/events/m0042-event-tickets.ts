/**
 * Migration 0042_event_tickets (issue 42 item 2): the one-use tickets that open an event stream (events/routes.ts).
 * In the database, so a ticket asked of one instance opens the stream on another (one database, many instances);
 * only the ticket's SHA-256 is kept.
 */
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '../db/migration-db.ts';

export const m0042_event_tickets: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .createTable('event_tickets')
      .ifNotExists()
      .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};

/** Migration 0070_event_ticket_session (issue 70): the provider session a ticket's token came from (hub.ts `endSession`). */
export const m0070_event_ticket_session: Migration = {
  async up(db: MigrationDb) {
    await db.schema.alterTable('event_tickets').addColumn('session_id', 'text').execute();
  },
};

/**
 * Migration 0074_event_ticket_indexes (issue 74): the ticket call reads a user's unused tickets and drops the expired
 * ones on every call (routes.ts); without these both scan the whole table.
 */
export const m0074_event_ticket_indexes: Migration = {
  async up(db: MigrationDb) {
    await db.schema.createIndex('ix_event_tickets_user').ifNotExists().on('event_tickets').column('user_id').execute();
    await db.schema.createIndex('ix_event_tickets_expires').ifNotExists().on('event_tickets').column('expires_at').execute();
  },
};
