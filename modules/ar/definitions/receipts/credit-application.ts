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
import { CURRENCY } from '@erp/modules/gl/definitions/common';
import { AR_RECEIPT_ROLES } from './cash-receipt.ts';
import { APPLIED_TOTALS, AR_NS, applicationLines } from './lines.ts';

const NAME = 'ar-credit-application';

export const CREDIT_APPLICATION_SEQUENCE = 'AR-CREDIT-APPLICATION';

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
    DocumentNo: { type: 'text', maxLength: 30, readOnly: true },
    FirmId: {
      type: 'lookup',
      entity: 'firm',
      required: true,
      maxLength: 20,
      uppercase: true,
      activeOnly: true,
      invalidKey: `${AR_NS}:receipts.rules.billToInvalid`,
      inactiveKey: `${AR_NS}:receipts.rules.billToInvalid`,
    },
    ApplicationDate: { type: 'date', required: true },
    CreditNo: { type: 'text', required: true, maxLength: 30, uppercase: true },
    CreditItemId: { type: 'integer', readOnly: true },
    CurrencyCode: { ...CURRENCY, readOnly: true },
    CreditAvailable: { ...MONEY, readOnly: true },
    Description: { type: 'text', maxLength: 100 },
    AppliedTotal: { ...MONEY, readOnly: true },
    DiscountTotal: { ...MONEY, readOnly: true },
    Status: {
      type: 'enum',
      readOnly: true,
      defaultValue: 'Draft',
      options: [
        { value: 'Draft', labelKey: `${AR_NS}:${NAME}.statuses.Draft` },
        { value: 'Posted', labelKey: `${AR_NS}:${NAME}.statuses.Posted` },
      ],
    },
    JournalId: { type: 'integer', readOnly: true },
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
  numbering: { sequence: CREDIT_APPLICATION_SEQUENCE, field: 'DocumentNo', prefix: 'CA' },
  computed: { ...APPLIED_TOTALS },
  states: {
    field: 'Status',
    initial: 'Draft',
    editable: ['Draft'],
    deletable: ['Draft'],
    transitions: [
      { action: 'post', labelKey: `${AR_NS}:${NAME}.actions.post`, from: ['Draft'], to: 'Posted', confirmKey: `${AR_NS}:${NAME}.confirm.post`, primary: true, hotkey: 'Alt+P' },
    ],
  },
});
