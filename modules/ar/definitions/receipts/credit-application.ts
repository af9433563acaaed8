/**
 * Applying an existing unapplied credit later (`ar-credit-application`, WP2 "applications can be added later
 * to unapplied amounts without moving cash"; reached from the Cash Receipts screen, AR-04): the open credit of
 * a posted receipt or credit note (its document number) is applied to the same customer's open invoices.
 * Draft → Posted (immutable).
 *
 * - Header: customer, date (needs an open A/R period), the credit's document number; the server fills the
 *   credit's item, currency and the credit still available.
 * - Lines: modules/ar/definitions/receipts/lines.ts (invoice, amount applied, discount taken).
 * - Computed: AppliedTotal, DiscountTotal. The applied total cannot exceed the credit available.
 * - Action `post` (modules/ar/server/receipts/): application rows only — no cash moves; a GL posting
 *   (source AR, A/R period flag) only for the discounts taken: Dr sales discounts, Cr receivables.
 * - §6: restricted users see and post only their customers' applications.
 */
import { MONEY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { postedDocument } from '@erp/shared/entities/posted-document';
import { CURRENCY } from '@erp/modules/gl/definitions/index';
import { AR_RECEIPT_ROLES } from './cash-receipt.ts';
import { APPLIED_TOTALS, AR_NS, BILL_TO_FIELD, applicationLines } from './lines.ts';

const NAME = 'ar-credit-application';

export const CREDIT_APPLICATION_SEQUENCE = 'AR-CREDIT-APPLICATION';

/** Numbered Draft → Posted: the posted-document preset. */
const POSTED = postedDocument({ namespace: AR_NS, name: NAME, sequence: CREDIT_APPLICATION_SEQUENCE, prefix: 'CA' });

export const arCreditApplication = defineEntity({
  name: NAME,
  namespace: AR_NS,
  labelKey: `${AR_NS}:${NAME}.title`,
  table: 'ar_credit_applications',
  key: 'ApplicationId',
  keyKind: 'auto',
  application: 'NOVUS-AR',
  fields: {
    ApplicationId: { type: 'integer' },
    ...POSTED.fields,
    FirmId: BILL_TO_FIELD,
    ApplicationDate: { type: 'date', required: true },
    CreditNo: { type: 'text', required: true, maxLength: 30, uppercase: true },
    CreditItemId: { type: 'integer', readOnly: true },
    CurrencyCode: { ...CURRENCY, readOnly: true },
    CreditAvailable: { ...MONEY, readOnly: true },
    Description: { type: 'text', maxLength: 100 },
    AppliedTotal: { ...MONEY, readOnly: true },
    DiscountTotal: { ...MONEY, readOnly: true },
    Lines: applicationLines(NAME, 'ar_credit_application_lines', 'application_id'),
  },
  listColumns: [
    'DocumentNo',
    'ApplicationDate',
    'FirmId',
    'CreditNo',
    'CurrencyCode',
    { field: 'AppliedTotal', total: 'sum' },
    { field: 'DiscountTotal', total: 'sum' },
    'Status',
  ],
  defaultSort: [{ field: 'ApplicationId', descending: true }],
  filters: [
    { field: 'ApplicationDate', op: 'range' },
    { field: 'FirmId', op: 'eq' },
    { field: 'Status', op: 'eq' },
  ],
  search: ['DocumentNo', 'FirmId', 'CreditNo'],
  roles: AR_RECEIPT_ROLES,
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['DocumentNo', 'Status'], ['FirmId', 'ApplicationDate'], ['CreditNo', 'CurrencyCode'], ['CreditAvailable', 'Description']] },
      { titleKey: `${AR_NS}:cash-receipt.sections.application`, rows: [['AppliedTotal', 'DiscountTotal'], ['JournalId']] },
    ],
  },
  numbering: POSTED.numbering,
  computed: { ...APPLIED_TOTALS },
  states: POSTED.states,
});
