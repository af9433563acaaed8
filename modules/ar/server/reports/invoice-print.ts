/**
 * The query of a printed AR invoice (definitions/reports/invoice-print.ts): one document's lines, each with the
 * document's heading fields, for a caller who may see its customer (§6). `invoicePrintReport(def)` serves every
 * definition `invoicePrint` builds; AR registers its own and other modules theirs.
 */
import { sql } from 'kysely';
import type { ReportContext, ServerReport } from '@erp/server/reports/engine';
import type { ReportDefinition } from '@erp/shared/reports/define';
import { customerFilter, firmCityLine, prepareAr } from './customers.ts';
import { arDb } from '../tables.generated.ts';

function invoiceRows(ctx: ReportContext) {
  const query = arDb(ctx.db)
    .selectFrom('ar_invoices as i')
    .innerJoin('ar_invoice_lines as l', 'l.invoice_id', 'i.invoice_id')
    .leftJoin('firms as f', 'f.firm_id', 'i.bill_to_id')
    .where('i.document_no', '=', String(ctx.params['InvoiceNo']).trim().toUpperCase());
  return customerFilter(ctx, query, 'i.bill_to_id').select([
    'i.document_no as InvoiceNo',
    'i.document_type as DocumentType',
    'i.invoice_date as InvoiceDate',
    'f.name as CustomerName',
    'f.address as Address',
    firmCityLine('f').as('CityLine'),
    'i.due_date as DueDate',
    'i.terms_code as TermsCode',
    'i.reference as Reference',
    'i.description as Description',
    'i.sub_total as SubTotal',
    'i.tax_total as TaxTotal',
    'i.total as Total',
    sql<number>`row_number() over (partition by i.invoice_id order by l.line_id)`.as('LineNo'),
    'l.description as LineDescription',
    'l.quantity as Quantity',
    'l.unit_price as UnitPrice',
    'l.amount as Amount',
    'l.tax_codes as TaxCodes',
    'l.tax_amount as TaxAmount',
    sql<unknown>`l.amount + coalesce(l.tax_amount, 0)`.as('LineTotal'),
  ]);
}

export function invoicePrintReport(def: ReportDefinition): ServerReport {
  return { def, prepare: prepareAr, rows: invoiceRows };
}
