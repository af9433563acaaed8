/**
 * Migration 0029_pr (issue 29): Payroll's tables beside those its definitions sync.
 * - pr_deposit_files: every CPA-005 direct-deposit file written (creation number per bank) and its text.
 * - pr_year_ends: the closed payroll years (year end: no pay dated in them any more).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '@erp/server/db/migration-db';

export const m0029_pr: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const money = sql.raw(pg ? 'numeric(15, 2)' : 'integer');
    const table = pg
      ? db.schema.createTable('pr_deposit_files').addColumn('file_id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('pr_deposit_files').addColumn('file_id', 'integer', (c) => c.primaryKey().autoIncrement());
    await table
      .ifNotExists()
      .addColumn('bank_account_id', 'text', (c) => c.notNull())
      .addColumn('file_creation_no', 'integer', (c) => c.notNull())
      .addColumn('pay_date', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('total', money, (c) => c.notNull())
      .addColumn('deposits', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pr_deposit_files_pay_date').ifNotExists().on('pr_deposit_files').columns(['pay_date']).execute();
    await db.schema
      .createTable('pr_year_ends')
      .ifNotExists()
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('closed_on', 'text', (c) => c.notNull())
      .addColumn('closed_by', 'text', (c) => c.notNull())
      .execute();
  },
};

/**
 * Migration 0045_pr_t4 (issue 45 items 1 and 6): what the T4 XML file needs and what it records.
 * - pr_employer: the employer's payroll program account (BN15, RP) and CRA transmitter number and contact;
 * - pr_t4_files: every T4 file generated (year, report type O/A, who, when, the XML);
 * - pr_t4_file_slips: its slips (employee, type O/A/C and the amounts filed), what the next file compares with.
 */
export const m0045_pr_t4: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('pr_employer')
      .ifNotExists()
      .addColumn('employer_id', 'text', (c) => c.primaryKey())
      .addColumn('payroll_account', 'text', (c) => c.notNull())
      .addColumn('transmitter_no', 'text', (c) => c.notNull())
      .addColumn('contact_name', 'text', (c) => c.notNull())
      .addColumn('contact_area', 'text', (c) => c.notNull())
      .addColumn('contact_phone', 'text', (c) => c.notNull())
      .addColumn('contact_email', 'text', (c) => c.notNull())
      .execute();
    const files = pg
      ? db.schema.createTable('pr_t4_files').addColumn('file_id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('pr_t4_files').addColumn('file_id', 'integer', (c) => c.primaryKey().autoIncrement());
    await files
      .ifNotExists()
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('report_type', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('slips', 'integer', (c) => c.notNull())
      .addColumn('changed', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('pr_t4_file_slips')
      .ifNotExists()
      .addColumn('file_id', 'integer', (c) => c.notNull())
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('slip_type', 'text', (c) => c.notNull())
      .addColumn('amounts', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('pr_t4_file_slips_pk', ['file_id', 'employee_id'])
      .execute();
  },
};

/**
 * Migration 0046_pr_roe (issue 45 items 3 and 6): every ROE XML file generated — the employee, the last day for
 * which paid, the reason, the serial of the ROE it amends, who and when, the blocks it filed (what the next file
 * of the employee compares with) and which changed since the previous one, and the XML.
 */
export const m0046_pr_roe: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const files = pg
      ? db.schema.createTable('pr_roe_files').addColumn('file_id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('pr_roe_files').addColumn('file_id', 'integer', (c) => c.primaryKey().autoIncrement());
    await files
      .ifNotExists()
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('last_day', 'text', (c) => c.notNull())
      .addColumn('reason_code', 'text', (c) => c.notNull())
      .addColumn('amended_serial', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('blocks', 'text', (c) => c.notNull())
      .addColumn('changed', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pr_roe_files_employee').ifNotExists().on('pr_roe_files').columns(['employee_id', 'file_id']).execute();
  },
};

/**
 * Migration 0047_pr_rl1 (issue 45 items 2 and 6): what the RL-1 XML file needs and what it records.
 * - pr_employer: the employer's Québec source-deductions account (identification number + RS + file number), its
 *   NEQ, RQ's preparer number (NP + 6 digits), the first slip number of the range RQ assigned (8 digits) and the
 *   software's RQ identifiers (certification number, partner and product ids) — '' until entered;
 * - pr_rl1_files: every RL-1 file generated (year, kind R/A/D, who, when, which slips changed, the RLZ-1.S totals
 *   of the year's slips, the XML);
 * - pr_rl1_file_slips: its slips (employee, kind, slip number, the amounts filed), what the next file compares with.
 */
export const m0047_pr_rl1: Migration = {
  async up(db: MigrationDb) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    for (const column of ['rq_id_number', 'rq_neq', 'rq_transmitter_no', 'rl_slip_first', 'rq_certification_no', 'rq_partner_id', 'rq_product_id']) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema
        .alterTable('pr_employer')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    }
    const files = pg
      ? db.schema.createTable('pr_rl1_files').addColumn('file_id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('pr_rl1_files').addColumn('file_id', 'integer', (c) => c.primaryKey().autoIncrement());
    await files
      .ifNotExists()
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('transmission_type', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('slips', 'integer', (c) => c.notNull())
      .addColumn('changed', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('pr_rl1_file_slips')
      .ifNotExists()
      .addColumn('file_id', 'integer', (c) => c.notNull())
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('slip_type', 'text', (c) => c.notNull())
      .addColumn('slip_number', 'text', (c) => c.notNull())
      .addColumn('amounts', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('pr_rl1_file_slips_pk', ['file_id', 'employee_id'])
      .execute();
  },
};
