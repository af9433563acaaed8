/**
 * The application lines shared by cash receipts and credit applications (issue 14 item 3, SCREENS.md AR-04):
 * one line per open invoice of the customer the money (or the credit) goes to — the invoice's document
 * number, what the server read of it (item, dates, open balance, the discount its terms still allow on the
 * document's date) and what the user applies: the payment and the discount taken.
 *
 * The server (modules/ar/server/receipts/) resolves every line on each save: the invoice must be an open
 * invoice of the document's customer in the document's currency, the read-only fields are refreshed, a blank
 * discount takes the available one (only up to the date the terms allow it), and §5 "Payment plus discount
 * cannot exceed the balance." is refused with the spec's text. Posting checks it all again in its transaction.
 */
import { MONEY } from '@erp/shared/entities/common';
import type { ChildrenField, Formula } from '@erp/shared/entities/define';
import { firmLookup } from '@erp/modules/shell/definitions/index';

/** The i18n namespace of the AR module. */
export const AR_NS = 'ar';

/** The customer the money (or the credit) is of: an active bill-to firm (§5 "Bill To is invalid."). */
export const BILL_TO_FIELD = firmLookup({
  required: true,
  // §6: the document is this customer's (issue 68 item 2).
  customer: true,
  invalidKey: `${AR_NS}:receipts.rules.billToInvalid`,
  inactiveKey: `${AR_NS}:receipts.rules.billToInvalid`,
});

/** The line collection of a receipt or credit application named `entity`, stored in `table`. */
export function applicationLines(entity: string, table: string, parentColumn: string): ChildrenField {
  const label = (field: string) => `${AR_NS}:${entity}.fields.Lines.fields.${field}`;
  return {
    type: 'children',
    lines: true,
    labelKey: `${AR_NS}:${entity}.fields.Lines.label`,
    table,
    parentColumn,
    key: 'LineId',
    maxItems: 2000,
    fields: {
      LineId: { type: 'integer', labelKey: label('LineId') },
      // A lookup of the document's customer's open invoices (issue 21 item 8): what it offers is what the save takes.
      InvoiceNo: {
        type: 'lookup',
        entity: 'ar-open-item',
        required: true,
        maxLength: 30,
        uppercase: true,
        where: { ItemType: 'Invoice', Status: 'Open' },
        whereFrom: { FirmId: 'FirmId' },
        invalidKey: `${AR_NS}:receipts.rules.invoiceNotOpen`,
        labelKey: label('InvoiceNo'),
      },
      ItemId: { type: 'integer', readOnly: true, internal: true, labelKey: label('ItemId') },
      DueDate: { type: 'date', readOnly: true, labelKey: label('DueDate') },
      Balance: { ...MONEY, readOnly: true, labelKey: label('Balance') },
      DiscountAvailable: { ...MONEY, readOnly: true, labelKey: label('DiscountAvailable') },
      Payment: { ...MONEY, required: true, min: '0', minKey: `${AR_NS}:receipts.rules.notNegative`, labelKey: label('Payment') },
      Discount: { ...MONEY, min: '0', minKey: `${AR_NS}:receipts.rules.notNegative`, labelKey: label('Discount') },
    },
  };
}

/** Computed totals of the lines: what is applied (payments) and the discounts taken. */
export const APPLIED_TOTALS: Readonly<Record<string, Formula>> = {
  AppliedTotal: { op: 'sum', collection: 'Lines', field: 'Payment' },
  DiscountTotal: { op: 'sum', collection: 'Lines', field: 'Discount' },
};
