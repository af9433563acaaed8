/**
 * Queries of the Waste Disposal reports (definitions modules/wd/definitions/reports.ts):
 * - wd-completed-services: orders completed in the date range (Completed or already Invoiced);
 * - wd-certificates-due (§8.4): `status = 'Active' and expires_on <= asOf + horizon`, earliest first, with the
 *   days left from the as-of date (negative: already expired);
 * - wd-quote-print: one quote's lines with the quote's own fields on each (the document's heading): the
 *   customer's name, the site's name and address.
 */
import { sql } from 'kysely';
import type { ReportParameterError } from '@erp/shared/reports/define';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import { certificatesDue, completedServices, quotePrint, workOrderPrint } from '../definitions/reports.ts';
import { addDays } from './calendar.ts';
import { wdDb } from './tables.generated.ts';

async function customerExists(ctx: ReportContext): Promise<ReportParameterError[]> {
  const value = ctx.params['CustomerId'];
  if (typeof value !== 'string' || value === '') return [];
  const found = await wdDb(ctx.db).selectFrom('firms').select('firm_id').where('firm_id', '=', value).executeTakeFirst();
  return found ? [] : [{ field: 'CustomerId', key: 'wd:reports.validation.notFound', params: { value } }];
}

const workOrdersReport: ServerReport = {
  def: workOrderPrint,
  rows(ctx) {
    let query = wdDb(ctx.db)
      .selectFrom('wd_orders as o')
      .leftJoin('firms as s', 's.firm_id', 'o.site_id')
      .leftJoin('waste_classes as c', 'c.class_id', 'o.waste_class_id')
      .where('o.scheduled_date', '=', String(ctx.params['WorkDate']))
      .where('o.status', 'in', ['Scheduled', 'Completed'])
      .where('o.crew_id', 'is not', null);
    const crew = ctx.params['CrewId'];
    if (typeof crew === 'string' && crew !== '') query = query.where('o.crew_id', '=', crew.toUpperCase());
    return query.select([
      'o.crew_id as CrewId',
      'o.route_sequence as RouteSequence',
      'o.order_no as OrderNo',
      'o.customer_name as CustomerName',
      sql<string>`trim(coalesce(s.name, o.site_id) || ', ' || coalesce(s.address, '') || ' ' || coalesce(s.city, ''))`.as('SiteAddress'),
      'o.service_id as ServiceId',
      'o.waste_class_id as WasteClassId',
      'c.handling_notes as HandlingNotes',
      'o.quantity as Quantity',
      'o.vehicle as Vehicle',
      'o.manifest_no as ManifestNo',
      'o.order_id as OrderId',
    ]);
  },
};

const completedServicesReport: ServerReport = {
  def: completedServices,
  prepare: customerExists,
  rows(ctx) {
    let query = wdDb(ctx.db)
      .selectFrom('wd_orders as o')
      .where('o.status', 'in', ['Completed', 'Invoiced'])
      .where('o.completed_date', '>=', String(ctx.params['StartDate']))
      .where('o.completed_date', '<=', String(ctx.params['EndDate']));
    const customer = ctx.params['CustomerId'];
    if (typeof customer === 'string' && customer !== '') query = query.where('o.customer_id', '=', customer);
    return query.select([
      'o.order_no as OrderNo',
      'o.completed_date as CompletedDate',
      'o.status as Status',
      'o.customer_id as CustomerId',
      'o.customer_name as CustomerName',
      'o.site_id as SiteId',
      'o.service_id as ServiceId',
      'o.waste_class_id as WasteClassId',
      'o.manifest_no as ManifestNo',
      'o.quantity as Quantity',
      'o.amount as Amount',
      'o.invoice_no as InvoiceNo',
      'o.order_id as OrderId',
    ]);
  },
};

const certificatesDueReport: ServerReport = {
  def: certificatesDue,
  rows(ctx) {
    const asOf = String(ctx.params['AsOf']);
    const until = addDays(asOf, Number(ctx.params['HorizonDays'] ?? 0));
    const daysLeft =
      ctx.database.engine === 'postgres'
        ? sql<number>`(cast(c.expires_on as date) - cast(${asOf} as date))`
        : sql<number>`cast(julianday(c.expires_on) - julianday(${asOf}) as integer)`;
    return wdDb(ctx.db)
      .selectFrom('wd_certificates as c')
      .where('c.status', '=', 'Active')
      .where('c.expires_on', '<=', until)
      .select([
        'c.expires_on as ExpiresOn',
        daysLeft.as('DaysLeft'),
        'c.certificate_type as CertificateType',
        'c.holder_type as HolderType',
        'c.holder_id as HolderId',
        'c.waste_class_id as WasteClassId',
        'c.number as Number',
        'c.issuer as Issuer',
        'c.certificate_id as CertificateId',
      ]);
  },
};

const quotePrintReport: ServerReport = {
  def: quotePrint,
  rows(ctx) {
    const place = sql<string>`trim(coalesce(s.city, '') || ' ' || coalesce(s.province_code, '') || ' ' || coalesce(s.postal_code, ''))`;
    return wdDb(ctx.db)
      .selectFrom('wd_quotes as q')
      .innerJoin('wd_quote_lines as l', 'l.quote_id', 'q.quote_id')
      .leftJoin('firms as s', 's.firm_id', 'q.site_id')
      .leftJoin('wd_services as v', 'v.service_id', 'l.service_id')
      .where('q.quote_no', '=', String(ctx.params['QuoteNo']))
      .select([
        'q.quote_no as QuoteNo',
        'q.quote_date as QuoteDate',
        sql<string>`coalesce(q.customer_name, q.customer_id)`.as('CustomerName'),
        's.name as SiteName',
        's.address as SiteAddress',
        place.as('SiteCityLine'),
        'q.customer_id as CustomerId',
        'q.site_id as SiteId',
        'q.valid_until as ValidUntil',
        'q.template_id as TemplateId',
        'q.notes as Notes',
        'q.total as Total',
        sql<number>`row_number() over (partition by q.quote_id order by l.line_id)`.as('LineNo'),
        'l.service_id as ServiceId',
        sql<string>`coalesce(nullif(l.description, ''), v.name, l.service_id)`.as('Description'),
        'l.waste_class_id as WasteClassId',
        'l.quantity as Quantity',
        'v.unit as Unit',
        'l.unit_price as UnitPrice',
        'l.amount as Amount',
      ]);
  },
};

export const WD_SERVER_REPORTS: readonly ServerReport[] = [workOrdersReport, completedServicesReport, certificatesDueReport, quotePrintReport];
