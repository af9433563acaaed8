/**
 * The Accounts Payable reports on the server (issue 24 item 5; definitions modules/ap/definitions/reports.ts).
 * They only read the A/P sub-ledger (ap_items, ap_applications), the cheques and the firms.
 *
 * What is owed AS OF a date D: every item dated ≤ D, less the applications dated ≤ D — an invoice loses the
 * amount and discount applied to it, a payment or credit gets back what it gave — read as the open balances
 * plus the applications after D (`movementsAsOf`). Summed in SQL from one union of those movements (decimals are only summed in SQL); the aging buckets are date limits computed here
 * (text comparison of YYYY-MM-DD), the same limits as the A/R aging (DOMAIN-NOTES §4.3). Every posting of an
 * item, a payment or a discount is dated as its item or application, so the total equals the A/P control
 * account at D.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { readAll } from '@erp/server/db/read';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import { agingBuckets, movementsAsOf as sharedMovementsAsOf, journalReport } from '@erp/modules/gl/server/api';
import { firmListRows } from '@erp/modules/shell/server/api';
import { AP_SIDE } from './subledger.ts';
import { apDb } from './tables.generated.ts';
import { apAccountInquiry, apAgedTrialBalance, apJournalPrinting, apPaymentsReport, apRemittanceAdvice, apTopAccounts, apUnappliedDebits, apVendorList } from '../definitions/reports.ts';

/** The named vendor exists (§8-like refusal on the parameter). */
async function prepareVendor(ctx: ReportContext): Promise<ReportParameterError[]> {
  const vendor = ctx.params['VendorId'];
  if (typeof vendor !== 'string') return [];
  const found = await readAll(ctx.database, apDb(ctx.db).selectFrom('firms').select('firm_id').where('firm_id', '=', vendor).where('is_vendor', '=', ctx.database.engine === 'postgres' ? (true as never) : (1 as never)));
  return found.length === 0 ? [{ field: 'VendorId', key: 'ap:ap-invoice.rules.vendorMissing' }] : [];
}

/** The vendor parameter on a query whose vendor is `column` (a reference under the query's alias, whatever its tables). */
function vendorFilter<DB, TB extends keyof DB, O>(ctx: ReportContext, query: SelectQueryBuilder<DB, TB, O>, column: string): SelectQueryBuilder<DB, TB, O> {
  const vendor = ctx.params['VendorId'];
  return typeof vendor === 'string' ? query.where(sql<boolean>`${sql.ref(column)} = ${vendor}`) : query;
}

/** The movements making up each item's balance as of `asOf` (module header; the sub-ledger engine's aging). */
export function movementsAsOf(ctx: ReportContext, asOf: string) {
  // The ledger's restriction hands back the query it was given (its movements: tables named by the side).
  return sharedMovementsAsOf(apDb(ctx.db), AP_SIDE, asOf, (query, column) => vendorFilter(ctx, query, column) as typeof query);
}

function agedRows(ctx: ReportContext) {
  const basis = ctx.params['AgeBy'] === 'document' ? 'u.document_date' : 'u.due_date';
  return apDb(ctx.db)
    .selectFrom(movementsAsOf(ctx, String(ctx.params['AsOfDate'])).as('u'))
    .leftJoin('firms as f', 'f.firm_id', 'u.firm_id')
    .select(['u.firm_id as FirmId', sql<string>`max(f.name)`.as('FirmName'), ...agingBuckets(basis, String(ctx.params['AsOfDate']), Number(ctx.params['PeriodDays'] ?? 30), 'u.amount', true), sql`sum(u.amount)`.as('Total')])
    .groupBy('u.firm_id')
    .having(sql`sum(u.amount)`, '<>', 0);
}

function inquiryRows(ctx: ReportContext) {
  let query = apDb(ctx.db)
    .selectFrom('ap_items as i')
    .leftJoin('firms as f', 'f.firm_id', 'i.firm_id')
    .select([
      'i.firm_id as FirmId',
      'f.name as FirmName',
      'i.document_date as DocumentDate',
      'i.item_type as ItemType',
      'i.document_no as DocumentNo',
      'i.vendor_doc_no as VendorDocNo',
      'i.due_date as DueDate',
      'i.amount as Amount',
      'i.open_balance as OpenBalance',
      sql<string>`case when i.status = 'Closed' and i.item_type in ('Invoice', 'DebitNote') then 'Paid' else i.status end`.as('Status'),
      'i.item_id as ItemId',
    ]);
  query = vendorFilter(ctx, query, 'i.firm_id');
  if (ctx.params['Show'] !== 'all') query = query.where('i.status', '=', 'Open');
  return query;
}

function unappliedRows(ctx: ReportContext) {
  return vendorFilter(
    ctx,
    apDb(ctx.db)
      .selectFrom('ap_items as i')
      .leftJoin('firms as f', 'f.firm_id', 'i.firm_id')
      .select(['i.firm_id as FirmId', 'f.name as FirmName', 'i.document_date as DocumentDate', 'i.item_type as ItemType', 'i.document_no as DocumentNo', 'i.amount as Amount', 'i.open_balance as OpenBalance', 'i.item_id as ItemId'])
      .where('i.status', '=', 'Open')
      .where('i.item_type', 'in', ['CreditNote', 'Payment']),
    'i.firm_id',
  );
}

function vendorListRows(ctx: ReportContext) {
  const flag = ctx.database.engine === 'postgres' ? sql`true` : sql`1`;
  let query = firmListRows(ctx.db)
    .select([
      'f.account_terms as TermsCode',
      sql`coalesce((select sum(i.open_balance) from ap_items i where i.firm_id = f.firm_id and i.status = 'Open'), 0)`.as('Balance'),
    ])
    .where('f.is_vendor', '=', flag as never);
  if (ctx.params['Active'] !== 'all') query = query.where('f.is_active', '=', flag as never);
  return query;
}

function paymentRows(ctx: ReportContext) {
  let query = apDb(ctx.db)
    .selectFrom('ap_cheques as c')
    .select(['c.payment_date as PaymentDate', 'c.bank_account_id as BankAccountId', 'c.cheque_no as ChequeNo', 'c.payment_method as PaymentMethod', 'c.vendor_id as FirmId', 'c.vendor_name as FirmName', 'c.amount as Amount', 'c.discount as Discount', 'c.status as Status', 'c.cheque_id as ChequeId'])
    .where('c.payment_date', '>=', String(ctx.params['StartDate']))
    .where('c.payment_date', '<=', String(ctx.params['EndDate']));
  query = vendorFilter(ctx, query, 'c.vendor_id');
  if (typeof ctx.params['BankAccountId'] === 'string') query = query.where('c.bank_account_id', '=', ctx.params['BankAccountId']);
  return query;
}

function topRows(ctx: ReportContext) {
  const db = apDb(ctx.db);
  const purchases = db
    .selectFrom('ap_items as i')
    .select(['i.firm_id as firm_id', sql<number>`count(*)`.as('documents'), sql`sum(i.amount)`.as('purchases')])
    .where('i.item_type', 'in', ['Invoice', 'DebitNote', 'CreditNote'])
    .where('i.document_date', '>=', String(ctx.params['StartDate']))
    .where('i.document_date', '<=', String(ctx.params['EndDate']))
    .groupBy('i.firm_id')
    .orderBy(sql`sum(i.amount)`, 'desc')
    .orderBy('i.firm_id')
    .limit(Number(ctx.params['Top'] ?? 20));
  return db
    .selectFrom(purchases.as('t'))
    .leftJoin('firms as f', 'f.firm_id', 't.firm_id')
    .select(['t.firm_id as FirmId', 'f.name as FirmName', 't.documents as Documents', 't.purchases as Purchases']);
}

/**
 * The documents one payment paid (its applications from its payment item), each with the vendor's heading; by
 * BatchId, those of each standing (not cancelled) payment of the run.
 */
function remittanceRows(ctx: ReportContext) {
  const place = sql<string>`trim(coalesce(f.city, '') || ' ' || coalesce(f.province_code, '') || ' ' || coalesce(f.postal_code, ''))`;
  return apDb(ctx.db)
    .selectFrom('ap_cheques as c')
    .innerJoin('ap_items as p', (join) => join.on('p.origin_type', '=', 'ap-cheque').on('p.item_type', '=', 'Payment').on('p.origin_id', '=', sql`cast(c.cheque_id as text)`))
    .innerJoin('ap_applications as a', 'a.from_item_id', 'p.item_id')
    .innerJoin('ap_items as i', 'i.item_id', 'a.to_item_id')
    .leftJoin('firms as f', 'f.firm_id', 'c.vendor_id')
    .where((eb) => (ctx.params['BatchId'] != null && ctx.params['ChequeId'] == null ? eb.and([eb('c.batch_id', '=', Number(ctx.params['BatchId'])), eb('c.status', '<>', 'Cancelled')]) : eb('c.cheque_id', '=', Number(ctx.params['ChequeId']))))
    .where('a.amount', '>', 0)
    .select([
      'c.cheque_no as ChequeNo',
      'c.payment_date as PaymentDate',
      sql<string>`coalesce(f.name, c.vendor_name, c.vendor_id)`.as('VendorName'),
      'f.address as VendorAddress',
      place.as('VendorCityLine'),
      'c.vendor_id as VendorId',
      'c.bank_account_id as BankAccountId',
      'c.payment_method as PaymentMethod',
      'i.document_no as DocumentNo',
      'i.vendor_doc_no as VendorDocNo',
      'i.document_date as DocumentDate',
      'i.amount as Amount',
      'a.discount as Discount',
      'a.amount as Paid',
      'i.item_id as ItemId',
    ]);
}

export const AP_SERVER_REPORTS: readonly ServerReport[] = [
  { def: apRemittanceAdvice, rows: remittanceRows },
  { def: apAccountInquiry, prepare: prepareVendor, rows: inquiryRows },
  // One pass over the movements: the page carries the count and totals (engine `figuresWithPage`).
  { def: apAgedTrialBalance, prepare: prepareVendor, rows: agedRows, figuresWithPage: true },
  { def: apUnappliedDebits, prepare: prepareVendor, rows: unappliedRows },
  { def: apVendorList, rows: vendorListRows },
  { def: apPaymentsReport, prepare: prepareVendor, rows: paymentRows },
  { def: apTopAccounts, rows: topRows },
  journalReport(apJournalPrinting),
];
