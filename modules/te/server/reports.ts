/**
 * Queries of the Trades reports (definitions modules/te/definitions/reports.ts). A site parameter that names no
 * site is §8 "Builder, site or lot not found.".
 */
import { sql } from 'kysely';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { whereGiven, type ReportContext, type ServerReport } from '@erp/server/reports/engine';
import { contractBillingAnalysis, extraBilling, inspectionRequests, lotListing, lotsReady, siteAttachments, teInvoicePrint } from '../definitions/reports.ts';
import { invoicePrintReport } from '@erp/modules/ar/server/api';
import { NOT_FOUND } from '../definitions/common.ts';
import { teDb } from './tables.generated.ts';

/** What a report's or process's parameter checks read: its parameters and database. */
type Parameters = Pick<ReportContext, 'params' | 'db'>;

/** A text parameter's value, or null when blank. */
const param = (ctx: Pick<Parameters, 'params'>, name: string): string | null => {
  const value = ctx.params[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** A `SiteId` parameter that names no site: §8 "Builder, site or lot not found." (Payroll's labour reports too). */
export async function siteExists(ctx: Parameters): Promise<ReportParameterError[]> {
  const site = param(ctx, 'SiteId');
  if (site === null) return [];
  const found = await teDb(ctx.db).selectFrom('te_job_sites').select('site_id').where('site_id', '=', site).executeTakeFirst();
  return found ? [] : [{ field: 'SiteId', key: NOT_FOUND, params: { value: site } }];
}

const inspectionRequestsReport: ServerReport = {
  def: inspectionRequests,
  prepare: siteExists,
  rows(ctx) {
    let query = teDb(ctx.db)
      .selectFrom('te_inspection_requests as r')
      .where('r.requested_date', '>=', String(ctx.params['StartDate']))
      .where('r.requested_date', '<=', String(ctx.params['EndDate']));
    query = whereGiven(ctx, query, { SiteId: 'r.site_id', Status: 'r.status' });
    return query.select([
      'r.request_no as RequestNo',
      'r.requested_date as RequestedDate',
      'r.status as Status',
      'r.site_id as SiteId',
      'r.lot_id as LotId',
      'r.building_id as BuildingId',
      'r.floor as Floor',
      'r.inspection_type as InspectionType',
      'r.scheduled_date as ScheduledDate',
      'r.inspector_id as InspectorId',
      'r.inspected_date as InspectedDate',
      'r.request_id as RequestId',
    ]);
  },
};

const extraBillingReport: ServerReport = {
  def: extraBilling,
  prepare: siteExists,
  rows(ctx) {
    let query = teDb(ctx.db)
      .selectFrom('te_option_billings as b')
      .innerJoin('te_option_billing_lines as l', 'l.billing_id', 'b.billing_id')
      .leftJoin('te_options as o', 'o.option_id', 'l.option_id')
      .where('b.billing_date', '>=', String(ctx.params['StartDate']))
      .where('b.billing_date', '<=', String(ctx.params['EndDate']));
    query = whereGiven(ctx, query, { SiteId: 'b.site_id' });
    return query.select([
      'b.site_id as SiteId',
      'b.lot_id as LotId',
      'b.billing_no as BillingNo',
      'b.billing_date as BillingDate',
      'b.status as Status',
      'l.option_id as OptionId',
      'o.description as Description',
      'l.quantity as Quantity',
      'l.price as Price',
      'l.amount as Amount',
      'b.invoice_no as InvoiceNo',
      'l.line_id as LineId',
    ]);
  },
};

const contractBillingReport: ServerReport = {
  def: contractBillingAnalysis,
  prepare: siteExists,
  rows(ctx) {
    // Holdback of the lot's invoiced contract billings: retained until a holdback billing claims it.
    const holdback = (released: boolean) =>
      sql<unknown>`(select coalesce(sum(c.holdback), 0) from te_contract_billings c where c.lot_id = l.lot_id and c.status = 'Invoiced' and c.holdback_billing_no is ${sql.raw(released ? 'not null' : 'null')})`;
    let query = teDb(ctx.db).selectFrom('te_lots as l');
    query = whereGiven(ctx, query, { SiteId: 'l.site_id' });
    return query.select([
      'l.site_id as SiteId',
      'l.lot_id as LotId',
      'l.model_id as ModelId',
      'l.stage as Stage',
      'l.contract_price as ContractPrice',
      'l.billed_amount as BilledAmount',
      sql<unknown>`coalesce(l.contract_price, 0) - coalesce(l.billed_amount, 0)`.as('LeftToBill'),
      holdback(false).as('HoldbackRetained'),
      holdback(true).as('HoldbackReleased'),
    ]);
  },
};

const siteAttachmentsReport: ServerReport = {
  def: siteAttachments,
  prepare: siteExists,
  rows(ctx) {
    let query = teDb(ctx.db)
      .selectFrom('attachments as a')
      .innerJoin('te_job_sites as s', 's.site_id', 'a.record_id')
      .where('a.entity', '=', 'job-site');
    query = whereGiven(ctx, query, { SiteId: 's.site_id' });
    return query.select([
      's.site_id as SiteId',
      's.name as SiteName',
      'a.file_name as FileName',
      'a.content_type as ContentType',
      'a.size as Size',
      'a.created_by as CreatedBy',
      sql<string>`substr(a.created_on, 1, 10)`.as('CreatedOn'),
    ]);
  },
};

const lotListingReport: ServerReport = {
  def: lotListing,
  prepare: siteExists,
  rows(ctx) {
    let query = teDb(ctx.db).selectFrom('te_lots as l');
    query = whereGiven(ctx, query, { SiteId: 'l.site_id', Stage: 'l.stage' });
    return query.select([
      'l.lot_id as LotId',
      'l.site_id as SiteId',
      'l.building_id as BuildingId',
      'l.floor as Floor',
      'l.model_id as ModelId',
      'l.stage as Stage',
      'l.owner1_name as Owner1Name',
      'l.owner2_name as Owner2Name',
      'l.closing_date as ClosingDate',
      'l.contract_price as ContractPrice',
      'l.billed_amount as BilledAmount',
    ]);
  },
};

const lotsReadyReport: ServerReport = {
  def: lotsReady,
  prepare: siteExists,
  rows(ctx) {
    const yes = ctx.database.engine === 'postgres' ? sql`true` : sql`1`;
    let query = teDb(ctx.db).selectFrom('te_lots as l').where('l.stage', '=', 'Ready').where('l.is_active', '=', yes as never);
    query = whereGiven(ctx, query, { SiteId: 'l.site_id' });
    return query.select([
      'l.lot_id as LotId',
      'l.site_id as SiteId',
      'l.building_id as BuildingId',
      'l.floor as Floor',
      'l.model_id as ModelId',
      'l.owner1_name as Owner1Name',
      'l.address as Address',
      // The lot's pending request, if one was made.
      sql<string>`(select max(r.request_no) from te_inspection_requests r where r.lot_id = l.lot_id and r.status in ('Requested', 'Scheduled'))`.as('OpenRequest'),
    ]);
  },
};

export const TE_SERVER_REPORTS: readonly ServerReport[] = [inspectionRequestsReport, extraBillingReport, contractBillingReport, siteAttachmentsReport, lotListingReport, lotsReadyReport, invoicePrintReport(teInvoicePrint)];
