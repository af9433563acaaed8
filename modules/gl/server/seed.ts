/**
 * General Ledger demo data (issue 12): the masters of a Canadian metals and electrical distributor — a chart of
 * accounts (bank, receivables, inventory, GST/HST and QST payable and input tax credits, payables, equity,
 * retained earnings, revenue, cost of goods sold, expenses; DOMAIN-NOTES), GL control, its own GL integration
 * defaults and user codes (the other modules seed theirs with `seedIntegration` / `seedUserCodes`), USD/CAD and
 * EUR/CAD rates and two bank accounts.
 *
 * Contract: like the other seeds, each table is filled only while it is empty (running it again changes
 * nothing, and never overwrites what users changed). Rows are written in one transaction with the §3 trail
 * of the `seed` actor. Account 4000 is deliberately absent: WP1's acceptance check creates it.
 */
import { sql } from 'kysely';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import type { ModulePart } from '@erp/server/modules/part';
import type { SeedDb } from '@erp/server/db/migration-db';

const ACTOR = 'seed';

type AccountRow = [id: string, description: string, type: 'asset' | 'liability' | 'equity' | 'revenue' | 'expense', options?: { currency?: string; control?: boolean; heading?: boolean }];

/** The demo chart: 4-digit natural accounts (GL control's layout `9999`). */
export const DEMO_CHART: readonly AccountRow[] = [
  ['1000', 'Bank — operating account (CAD)', 'asset'],
  ['1010', 'Bank — US dollar account', 'asset', { currency: 'USD' }],
  ['1050', 'Petty cash', 'asset'],
  ['1100', 'Accounts receivable', 'asset', { control: true }],
  ['1150', 'Allowance for doubtful accounts', 'asset'],
  ['1200', 'Inventory — steel and metals', 'asset'],
  ['1210', 'Inventory — electrical supplies', 'asset'],
  ['1300', 'Prepaid expenses', 'asset'],
  ['1310', 'GST/HST input tax credits (ITC)', 'asset'],
  ['1320', 'QST input tax refunds (ITR)', 'asset'],
  ['1500', 'Warehouse equipment and vehicles', 'asset'],
  ['1510', 'Accumulated depreciation', 'asset'],
  ['1900', 'Total assets', 'asset', { heading: true }],
  ['2100', 'Accounts payable', 'liability', { control: true }],
  // Received-not-invoiced (GRNI): Purchasing's control account (modules/po/server/index.ts), posted by receipts and
  // cleared by A/P matching only — kept apart from 2300, where an accountant posts month-end accruals (issue 39 item 4).
  ['2110', 'Goods received not invoiced', 'liability'],
  ['2200', 'GST/HST payable', 'liability'],
  ['2210', 'QST payable', 'liability'],
  ['2220', 'PST payable', 'liability'],
  ['2300', 'Accrued liabilities', 'liability'],
  ['2310', 'Payroll deductions payable', 'liability'],
  ['2500', 'Bank operating line', 'liability'],
  ['3100', 'Share capital', 'equity'],
  ['3200', 'Retained earnings', 'equity'],
  ['4100', 'Sales — steel and metals', 'revenue'],
  ['4200', 'Sales — electrical supplies', 'revenue'],
  ['4300', 'Freight recovered', 'revenue'],
  ['4900', 'Sales discounts', 'revenue'],
  ['4950', 'Foreign exchange gain or loss', 'revenue'],
  ['5100', 'Cost of goods sold — steel and metals', 'expense'],
  ['5200', 'Cost of goods sold — electrical supplies', 'expense'],
  ['5300', 'Freight in', 'expense'],
  ['5400', 'Inventory adjustments', 'expense'],
  ['6100', 'Salaries and wages', 'expense'],
  ['6200', 'Rent', 'expense'],
  ['6300', 'Utilities', 'expense'],
  ['6400', 'Vehicles and fuel', 'expense'],
  ['6500', 'Office and supplies', 'expense'],
  ['6600', 'Bank charges and interest', 'expense'],
  ['6700', 'Depreciation', 'expense'],
  ['6800', 'Bad debts', 'expense'],
];

/** A demo GL integration default: transaction type, description, account. */
export type IntegrationRow = readonly [type: string, description: string, account: string];

/**
 * The G/L's own integration defaults (sub-ledger, then its row); every other module seeds its sub-ledger's with
 * `seedIntegration` (issue 41: the G/L names none of them).
 */
const GL_INTEGRATION: readonly (readonly [string, ...IntegrationRow])[] = [
  ['GL', 'RETAINED-EARNINGS', 'Year-end close of revenue and expense', '3200'],
  ['GL', 'FX-GAIN-LOSS', 'Realized and unrealized exchange differences', '4950'],
  ['GL', 'ROUNDING', 'Rounding differences', '6600'],
  ['BK', 'BANK-CHARGES', 'Bank service charges', '6600'],
];

/**
 * A module's demo integration defaults of sub-ledger `subLedger`, written while that sub-ledger has none (the
 * seed contract: fill only what is empty) — or, with `addMissing`, every row missing from it, so a row added to the
 * demo later reaches a database seeded before. A row whose account is gone is left out.
 */
export async function seedIntegration(db: SeedDb, subLedger: string, rows: readonly IntegrationRow[], options: { addMissing?: boolean } = {}): Promise<void> {
  const present = new Set(
    ((await db.selectFrom('gl_integration').select('transaction_type').where('sub_ledger', '=', subLedger).execute()) as { transaction_type: string }[]).map((row) => row.transaction_type),
  );
  if (present.size > 0 && !options.addMissing) return;
  const accounts = new Set(
    ((await db.selectFrom('gl_accounts').select('account_id').where('account_id', 'in', rows.map(([, , account]) => account)).execute()) as { account_id: string }[]).map((row) => row.account_id),
  );
  const missing = rows.filter(([type, , account]) => !present.has(type) && accounts.has(account));
  if (missing.length === 0) return;
  const now = new Date().toISOString();
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  await db
    .insertInto('gl_integration')
    .values(missing.map(([type, description, account]) => ({ sub_ledger: subLedger, transaction_type: type, description, account_id: account, ...trail })))
    .execute();
}

/** A demo user code (a code-index row of an application): code type, code, description. */
export type UserCodeRow = readonly [type: string, code: string, description: string];

/**
 * Application `application`'s demo user codes while it has none (a code taken already is left out); answers
 * whether it wrote any. Each accounting module seeds its own application's.
 */
export async function seedUserCodes(db: SeedDb, application: string, codes: readonly UserCodeRow[]): Promise<boolean> {
  if (await db.selectFrom('code_indexes').select('code_key').where('application', '=', application).limit(1).executeTakeFirst()) return false;
  const existing = new Set(((await db.selectFrom('code_indexes').select(['code_type', 'code']).execute()) as { code_type: string; code: string }[]).map((row) => `${row.code_type} ${row.code}`));
  const now = new Date().toISOString();
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  const rows = codes
    .filter(([type, code]) => !existing.has(`${type} ${code}`))
    .map(([type, code, description], index) => ({ application, code_type: type, code, description, sequence: (index + 1) * 10, is_active: 1, ...trail }));
  if (rows.length > 0) await db.insertInto('code_indexes').values(rows).execute();
  return rows.length > 0;
}

/** `seedUserCodes` of a module's application as a part of its server module. */
export function userCodesPart(application: string, codes: readonly UserCodeRow[]): ModulePart {
  return {
    hooks: {},
    seed: async (db) => {
      await seedUserCodes(db, application, codes);
    },
  };
}

/** `seedIntegration` of a module's sub-ledger as a part of its server module, to run before its documents post. */
export function integrationPart(subLedger: string, rows: readonly IntegrationRow[]): ModulePart {
  return { hooks: {}, seed: (db) => seedIntegration(db, subLedger, rows) };
}

/** Month-start USD→CAD rates (Bank of Canada order of magnitude) for 2025 and 2026. */
const USD_CAD = [
  '1.436500', '1.443200', '1.438100', '1.397600', '1.383400', '1.367900', '1.370500', '1.381200', '1.377400', '1.394300', '1.401800', '1.382600',
  '1.371200', '1.365400', '1.359800', '1.362300', '1.368900', '1.373500', '1.378100', '1.374600', '1.369200', '1.372800', '1.376400',
];

/** Months 2025-01 … 2026-11 as `YYYY-MM-01`. */
function monthStarts(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const year = 2025 + Math.floor(index / 12);
    return `${year}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  });
}

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst()) === undefined;
}

/** Fills the GL masters that are still empty; answers the tables it filled. */
export async function seedGlMasters(db: SeedDb, now: string = new Date().toISOString()): Promise<string[]> {
  // Booleans as 1/0: SQLite binds no booleans (db/sqlite.ts); PostgreSQL reads '1'/'0' as true/false.
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  const filled: string[] = [];
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, 'gl_accounts')) {
      await trx
        .insertInto('gl_accounts')
        .values(
          DEMO_CHART.map(([id, description, type, options = {}]) => ({
            account_id: id,
            description,
            account_type: type,
            currency_code: options.currency ?? 'CAD',
            is_postable: options.heading ? 0 : 1,
            is_control: options.control ? 1 : 0,
            is_active: 1,
            ...trail,
          })),
        )
        .execute();
      filled.push('gl_accounts');
    }
    if (await isEmpty(trx, 'gl_control')) {
      await trx
        .insertInto('gl_control')
        .values({ control_id: 'GL', segment_layout: '9999', retained_earnings_account: '3200', current_fiscal_year: 2026, home_currency: 'CAD', ...trail })
        .execute();
      filled.push('gl_control');
    }
    if (await isEmpty(trx, 'gl_integration')) {
      await trx
        .insertInto('gl_integration')
        .values(GL_INTEGRATION.map(([ledger, type, description, account]) => ({ sub_ledger: ledger, transaction_type: type, description, account_id: account, ...trail })))
        .execute();
      filled.push('gl_integration');
    }
    if (await isEmpty(trx, 'fx_rates')) {
      const usd = monthStarts(USD_CAD.length).map((date, index) => ({
        from_currency: 'USD',
        to_currency: 'CAD',
        effective_date: date,
        rate: decimalToDb(trx, USD_CAD[index]!, 6),
        fluctuation: decimalToDb(trx, '2.00', 2),
        ...trail,
      }));
      const eur = [
        ['2025-01-01', '1.492300'],
        ['2025-07-01', '1.598700'],
        ['2026-01-01', '1.611200'],
      ].map(([date, rate]) => ({
        from_currency: 'EUR',
        to_currency: 'CAD',
        effective_date: date,
        rate: decimalToDb(trx, rate!, 6),
        fluctuation: decimalToDb(trx, '3.00', 2),
        ...trail,
      }));
      await trx.insertInto('fx_rates').values([...usd, ...eur]).execute();
      filled.push('fx_rates');
    }
    if (await isEmpty(trx, 'bank_accounts')) {
      await trx
        .insertInto('bank_accounts')
        .values([
          {
            bank_account_id: 'OPERATING',
            name: 'Operating account',
            account_name: 'Novus Metals & Electrical Supply Ltd.',
            cpa_code: '450',
            institution_transit: '00312345',
            eft_originator_id: 'NOVUS00001',
            account_number: '1004567',
            currency_code: 'CAD',
            gl_account_id: '1000',
            default_for_payroll: 1,
            eft_status: 'Active',
            ...trail,
          },
          {
            bank_account_id: 'USD',
            name: 'US dollar account',
            account_name: 'Novus Metals & Electrical Supply Ltd.',
            cpa_code: null,
            institution_transit: '00312345',
            eft_originator_id: null,
            account_number: '4007890',
            currency_code: 'USD',
            gl_account_id: '1010',
            default_for_payroll: 0,
            eft_status: 'Inactive',
            ...trail,
          },
        ])
        .execute();
      filled.push('bank_accounts');
    }
    // User codes: a few code tables of the G/L (A/R's and A/P's are theirs: `seedUserCodes`).
    const codes: UserCodeRow[] = [
      ['GL-ENTRY-REASON', 'ACCRUAL', 'Month-end accrual'],
      ['GL-ENTRY-REASON', 'RECLASS', 'Reclassification'],
      ['GL-ENTRY-REASON', 'CORRECTION', 'Correction of an error'],
    ];
    if (await seedUserCodes(trx, 'NOVUS-GL', codes)) filled.push('code_indexes (user codes)');
  });
  return filled;
}
