/**
 * Migration 0005: exact decimals and the General Ledger's tables (issue 12, CONTRACT-12 "Ledger tables").
 * Spelled out here, not read from today's definitions, as a migration must see the database as it was;
 * every table is `if not exists` because migration 0003 syncs today's entity definitions first on a new
 * database (the period, journal and account entities name the same tables and columns).
 *
 * - Firms' CreditLimit and CommissionPercent become exact decimals: PostgreSQL NUMERIC(15,2) / (5,2);
 *   SQLite integer cents (values stored as dollars before this migration are converted in place).
 * - gl_accounts: the chart of accounts (entity `gl-account`).
 * - fiscal_periods: accounting periods with a closed flag per sub-ledger (entity `accounting-period`).
 * - gl_journals: accounting journals (entity `accounting-journal`).
 * - gl_entries: posted ledger lines, append-only (no API updates or deletes), amount signed (debit +).
 * - gl_balances: debit and credit per account and period, kept by the posting service in the posting's
 *   transaction so a trial balance reads balances, not entries.
 * Decimal columns: db/decimal-codec.ts (NUMERIC on PostgreSQL, integer units on SQLite).
 */
import { PostgresAdapter, sql, type CreateTableBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

function postgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Money column type (15,2) as the codec stores it. */
function money(db: MigrationDb) {
  return sql.raw(postgres(db) ? 'numeric(15, 2)' : 'integer');
}

/** The §3 record trail columns on a table being created. */
function trail<T extends string, C extends string>(builder: CreateTableBuilder<T, C>) {
  return builder
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_on', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}

async function convertFirmDecimals(db: MigrationDb): Promise<void> {
  const tables = await db.introspection.getTables();
  const firms = tables.find((table) => table.name === 'firms');
  if (!firms) return;
  for (const [column, precision] of [['credit_limit', 15], ['commission_percent', 5]] as const) {
    const found = firms.columns.find((c) => c.name === column);
    if (!found) continue;
    if (postgres(db)) {
      await sql`alter table firms alter column ${sql.ref(column)} type numeric(${sql.raw(String(precision))}, 2)`.execute(db);
    } else if (!/^int/i.test(found.dataType)) {
      // A column made before decimals were exact holds dollars (REAL/NUMERIC): store cents instead.
      await sql`update firms set ${sql.ref(column)} = cast(round(${sql.ref(column)} * 100) as integer) where ${sql.ref(column)} is not null`.execute(db);
    }
  }
}

export const m0005_ledger: Migration = {
  async up(db: MigrationDb) {
    const pg = postgres(db);
    await convertFirmDecimals(db);

    await trail(
      db.schema
        .createTable('gl_accounts')
        .ifNotExists()
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('description', 'text')
        .addColumn('account_type', 'text')
        .addColumn('currency_code', 'text')
        .addColumn('is_postable', 'boolean', (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('is_control', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(sql`true`)),
    ).execute();

    await trail(
      db.schema
        .createTable('fiscal_periods')
        .ifNotExists()
        .addColumn('period_id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('fiscal_year', 'integer')
        .addColumn('period_no', 'integer')
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('closed_gl', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('closed_ar', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('closed_ap', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('closed_pr', 'boolean', (c) => c.notNull().defaultTo(sql`false`)),
    ).execute();
    await db.schema.createIndex('ux_fiscal_periods_fiscal_year_period_no').ifNotExists().unique().on('fiscal_periods').columns(['fiscal_year', 'period_no']).execute();
    await db.schema.createIndex('ix_fiscal_periods_start_date_end_date').ifNotExists().on('fiscal_periods').columns(['start_date', 'end_date']).execute();

    await trail(
      db.schema
        .createTable('gl_journals')
        .ifNotExists()
        .addColumn('journal_id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('journal_date', 'text')
        .addColumn('source', 'text')
        .addColumn('data_type', 'text')
        .addColumn('status', 'text')
        .addColumn('description', 'text'),
    ).execute();
    await db.schema.createIndex('ix_gl_journals_open').ifNotExists().on('gl_journals').columns(['source', 'data_type', 'journal_date', 'status']).execute();

    await (pg
      ? db.schema.createTable('gl_entries').addColumn('entry_id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable('gl_entries').addColumn('entry_id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .ifNotExists()
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('gl_journals.journal_id'))
      .addColumn('document_no', 'text', (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull().references('gl_accounts.account_id'))
      .addColumn('entry_date', 'text', (c) => c.notNull())
      .addColumn('fiscal_year', 'integer', (c) => c.notNull())
      .addColumn('period_no', 'integer', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('data_type', 'text', (c) => c.notNull().defaultTo('Actual'))
      .addColumn('amount', money(db), (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('origin_type', 'text')
      .addColumn('origin_id', 'text')
      .addColumn('reversal_of', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_gl_entries_account_date').ifNotExists().on('gl_entries').columns(['account_id', 'entry_date', 'entry_id']).execute();
    await db.schema.createIndex('ix_gl_entries_period').ifNotExists().on('gl_entries').columns(['fiscal_year', 'period_no']).execute();
    await db.schema.createIndex('ix_gl_entries_journal').ifNotExists().on('gl_entries').column('journal_id').execute();
    await db.schema.createIndex('ix_gl_entries_document').ifNotExists().on('gl_entries').column('document_no').execute();

    await db.schema
      .createTable('gl_balances')
      .ifNotExists()
      .addColumn('account_id', 'text', (c) => c.notNull().references('gl_accounts.account_id'))
      .addColumn('fiscal_year', 'integer', (c) => c.notNull())
      .addColumn('period_no', 'integer', (c) => c.notNull())
      .addColumn('debit', money(db), (c) => c.notNull().defaultTo(0))
      .addColumn('credit', money(db), (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('gl_balances_pk', ['account_id', 'fiscal_year', 'period_no'])
      .execute();
    await db.schema.createIndex('ix_gl_balances_period').ifNotExists().on('gl_balances').columns(['fiscal_year', 'period_no']).execute();

  },
};
