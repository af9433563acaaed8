/**
 * A printed AR invoice or credit note (issue 21 item 10: a document ready to mail): letterhead, the bill-to's
 * address, the document's number, date, due date, terms and reference, its lines with their taxes, the totals
 * and a remittance stub for the amount due. One report per screen family that prints it — Receivables' invoice
 * screen, and any module whose documents become AR invoices (Trades' billings) — each with its own routes, so the
 * right to print follows the screen: `invoicePrint(name, routes)`; one query for all (server/reports/invoice-print.ts).
 *
 * Parameter: `InvoiceNo`, the AR document number (a document form's Print sends its invoice number).
 */
import { defineReport, type ReportDefinition, type ReportRoute } from '@erp/shared/reports/define';
import { groupedBy, reportParts } from '@erp/shared/reports/parts';

const { date, integer, money, quantity, cost, text } = reportParts('ar:reports');

/** The document's own fields, repeated on each of its lines (the printed heading). */
export const INVOICE_PRINT_HEADING = ['InvoiceNo', 'DocumentType', 'InvoiceDate', 'CustomerName', 'Address', 'CityLine', 'DueDate', 'TermsCode', 'Reference', 'Description', 'SubTotal', 'TaxTotal', 'Total'] as const;

export function invoicePrint(name: string, routes: readonly ReportRoute[]): ReportDefinition {
  return defineReport({
    name,
    application: routes[0]!.application,
    routes,
    titleKey: 'ar:reports.invoicePrint.title',
    parameters: [{ name: 'InvoiceNo', type: 'text', required: true, maxLength: 30, labelKey: 'ar:reports.parameters.InvoiceNo' }],
    rules: [],
    columns: [
      text('InvoiceNo', { hidden: true }),
      text('DocumentType', { hidden: true, options: [{ value: 'Invoice', labelKey: 'ar:ar-invoice.types.Invoice' }, { value: 'CreditNote', labelKey: 'ar:ar-invoice.types.CreditNote' }] }),
      date('InvoiceDate', { hidden: true }),
      text('CustomerName', { hidden: true }),
      text('Address', { hidden: true }),
      text('CityLine', { hidden: true }),
      date('DueDate', { hidden: true }),
      text('TermsCode', { hidden: true }),
      text('Reference', { hidden: true }),
      text('Description', { hidden: true }),
      money('SubTotal', { hidden: true }),
      money('TaxTotal', { hidden: true }),
      money('Total', { hidden: true }),
      integer('LineNo', { width: 0.4 }),
      text('LineDescription', { width: 2.8 }),
      quantity('Quantity'),
      cost('UnitPrice'),
      money('Amount'),
      text('TaxCodes', { width: 1.1 }),
      money('TaxAmount'),
      // The amount due: the lines with their taxes (the group's subtotal ends the remittance stub).
      money('LineTotal', { hidden: true, total: true }),
    ],
    ...groupedBy('InvoiceNo', INVOICE_PRINT_HEADING, ['LineNo'], {
      pageBreak: true,
      document: {
        addressFields: ['CustomerName', 'Address', 'CityLine'],
        keyLabelKey: 'ar:reports.invoicePrint.number',
        dateField: 'InvoiceDate',
        dateLabelKey: 'ar:reports.columns.InvoiceDate',
        infoFields: ['DocumentType', 'DueDate', 'TermsCode', 'Reference'],
        summaryFields: ['SubTotal', 'TaxTotal', 'Total'],
        summaryLabelKey: 'ar:reports.invoicePrint.totals',
        notesField: 'Description',
        amountDueField: 'LineTotal',
      },
    }),
    orientation: 'portrait',
  });
}
