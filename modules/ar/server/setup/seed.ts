/**
 * Demo data of the AR commercial setup (issue 14 item 6; always, like the GL chart): account terms, sales
 * reps, the Canadian sales-tax authorities, their rates by province with history keyed by effective date
 * (DOMAIN-NOTES §2: GST 5 %; HST ON 13 %, NS 15 % then 14 % from 2025-04-01, NB/NL 13 % then 15 % from
 * 2016-07-01, PE 14 % then 15 % from 2016-10-01; BC HST 12 % 2010-07 … 2013-03 then GST + PST 7 %; QST
 * 9.975 % on the price without GST; MB RST 8 % then 7 % from 2019-07-01; SK PST 5 % then 6 % from
 * 2017-03-23) and tax groups.
 *
 * Contract: each table is filled only while empty (users' changes are never overwritten). Then, at every
 * start, any account-terms or sales-rep code a firm already holds but the masters lack is added (older
 * databases, where AccountTerms and SalesRep were free codes, keep valid values: issue 14 item 1).
 */
import { sql } from 'kysely';
import { decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { SeedDb } from '@erp/server/db/migration-db';

const ACTOR = 'seed';

/** Code, description, net days, discount percent, discount days. */
export const DEMO_TERMS: readonly [string, string, number, string, number][] = [
  ['COD', 'Cash on delivery', 0, '0.00', 0],
  ['NET15', 'Net 15 days', 15, '0.00', 0],
  ['NET30', 'Net 30 days', 30, '0.00', 0],
  ['NET60', 'Net 60 days', 60, '0.00', 0],
  ['2N30', '2% 10 days, net 30', 30, '2.00', 10],
  ['1N45', '1% 15 days, net 45', 45, '1.00', 15],
];

const REP_NAMES = [
  'Marc Tremblay', 'Sarah Chen', 'David Wilson', 'Isabelle Gagnon', 'Raj Patel', 'Emily MacDonald', 'Luc Bouchard', 'Karen Wong',
  'Michael Brown', 'Nathalie Roy', 'James Campbell', 'Priya Singh', 'Olivier Côté', 'Jennifer Lee', 'Robert Martin', 'Sophie Lavoie',
  'Daniel Nguyen', 'Amanda Fraser', 'Kevin Li', 'Chantal Bergeron',
];

export const DEMO_AUTHORITIES: readonly [string, string][] = [
  ['GST', 'Canada Revenue Agency — GST'],
  ['HST', 'Canada Revenue Agency — HST'],
  ['QST', 'Revenu Québec — QST'],
  ['PST-BC', 'British Columbia — PST'],
  ['RST-MB', 'Manitoba — retail sales tax'],
  ['PST-SK', 'Saskatchewan — PST'],
];

/** Authority, province, effective date, rate percent, payable account. */
export const DEMO_RATES: readonly [string, string, string, string, string][] = [
  ...['AB', 'MB', 'SK', 'QC', 'NT', 'NU', 'YT'].map((p): [string, string, string, string, string] => ['GST', p, '2008-01-01', '5.000', '2200']),
  ['GST', 'BC', '2008-01-01', '5.000', '2200'],
  ['GST', 'BC', '2010-07-01', '0.000', '2200'],
  ['HST', 'BC', '2010-07-01', '12.000', '2200'],
  ['HST', 'BC', '2013-04-01', '0.000', '2200'],
  ['GST', 'BC', '2013-04-01', '5.000', '2200'],
  ['PST-BC', 'BC', '2013-04-01', '7.000', '2220'],
  ['HST', 'ON', '2010-07-01', '13.000', '2200'],
  ['HST', 'NS', '2010-07-01', '15.000', '2200'],
  ['HST', 'NS', '2025-04-01', '14.000', '2200'],
  ['HST', 'NB', '2010-07-01', '13.000', '2200'],
  ['HST', 'NB', '2016-07-01', '15.000', '2200'],
  ['HST', 'NL', '2010-07-01', '13.000', '2200'],
  ['HST', 'NL', '2016-07-01', '15.000', '2200'],
  ['HST', 'PE', '2013-04-01', '14.000', '2200'],
  ['HST', 'PE', '2016-10-01', '15.000', '2200'],
  ['QST', 'QC', '2013-01-01', '9.975', '2210'],
  ['RST-MB', 'MB', '2013-07-01', '8.000', '2220'],
  ['RST-MB', 'MB', '2019-07-01', '7.000', '2220'],
  ['PST-SK', 'SK', '2008-01-01', '5.000', '2220'],
  ['PST-SK', 'SK', '2017-03-23', '6.000', '2220'],
];

/** Group, description, authorities. */
export const DEMO_GROUPS: readonly [string, string, string[]][] = [
  ['EXEMPT', 'Exempt or zero-rated: no tax', []],
  ['GSTONLY', 'Resale (PST/QST number given): GST or HST only', ['GST', 'HST']],
  ['FULL', 'Fully taxable: every tax of the province', ['GST', 'HST', 'QST', 'PST-BC', 'RST-MB', 'PST-SK']],
];

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst()) === undefined;
}

export async function seedArSetup(db: SeedDb): Promise<void> {
  const now = new Date().toISOString();
  const engine = engineOf(db);
  const yes = engine === 'postgres' ? true : 1;
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, 'ar_account_terms')) {
      await trx
        .insertInto('ar_account_terms')
        .values(DEMO_TERMS.map(([code, description, net, percent, days]) => ({
          terms_code: code, description, net_days: net, discount_percent: decimalToDb(engine, percent, 2), discount_days: days, is_active: yes, ...trail,
        })))
        .execute();
    }
    if (await isEmpty(trx, 'sales_reps')) {
      await trx
        .insertInto('sales_reps')
        .values(REP_NAMES.map((name, index) => ({
          sales_rep_id: `SR${String(index + 1).padStart(2, '0')}`,
          name,
          commission_percent: decimalToDb(engine, ['2.50', '3.00', '2.00', '1.50'][index % 4]!, 2),
          email: `${name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').replace(' ', '.')}@novus-demo.example`,
          is_active: yes,
          ...trail,
        })))
        .execute();
    }
    if (await isEmpty(trx, 'sales_tax_authorities')) {
      await trx.insertInto('sales_tax_authorities').values(DEMO_AUTHORITIES.map(([id, name]) => ({ authority_id: id, name, is_active: yes, ...trail }))).execute();
    }
    if (await isEmpty(trx, 'sales_tax_rates')) {
      await trx
        .insertInto('sales_tax_rates')
        .values(DEMO_RATES.map(([authority, province, date, rate, account]) => ({
          authority_id: authority, province_code: province, effective_date: date, rate_percent: decimalToDb(engine, rate, 3), account_id: account, ...trail,
        })))
        .execute();
    }
    if (await isEmpty(trx, 'sales_tax_groups')) {
      await trx.insertInto('sales_tax_groups').values(DEMO_GROUPS.map(([id, description]) => ({ group_id: id, description, is_active: yes, ...trail }))).execute();
      const members = DEMO_GROUPS.flatMap(([id, , authorities]) => authorities.map((authority) => ({ group_id: id, authority_id: authority })));
      if (members.length > 0) await trx.insertInto('sales_tax_group_authorities').values(members).execute();
    }
    // Codes firms already hold (free text before issue 14) stay valid: add the missing ones.
    const terms = await trx
      .selectFrom('firms')
      .select('account_terms')
      .distinct()
      .where('account_terms', 'is not', null)
      .where('account_terms', 'not in', trx.selectFrom('ar_account_terms').select('terms_code'))
      .execute();
    for (const row of terms as { account_terms: string }[]) {
      await trx.insertInto('ar_account_terms').values({ terms_code: row.account_terms, description: row.account_terms, net_days: 30, discount_percent: decimalToDb(engine, '0.00', 2), discount_days: 0, is_active: yes, ...trail }).execute();
    }
    const reps = await trx
      .selectFrom('firms')
      .select('sales_rep')
      .distinct()
      .where('sales_rep', 'is not', null)
      .where('sales_rep', 'not in', trx.selectFrom('sales_reps').select('sales_rep_id'))
      .execute();
    for (const row of reps as { sales_rep: string }[]) {
      await trx.insertInto('sales_reps').values({ sales_rep_id: row.sales_rep, name: row.sales_rep, commission_percent: decimalToDb(engine, '0.00', 2), is_active: yes, ...trail }).execute();
    }
  });
}
