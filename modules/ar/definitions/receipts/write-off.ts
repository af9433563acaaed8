/**
 * Write-offs (`ar-write-off`, issue 22 item 7): what is left of an invoice that will not be collected, closed
 * apart from receipts and their discounts — a discount is only what the terms allow on the date; anything more
 * is written off here, by accounting (its own right: AR_WRITE_OFF_ROLES, not the order desk's receipt rights),
 * with a reason. Draft → Posted (immutable).
 *
 * - Header: customer (an active bill-to firm), date (needs an open A/R period), the invoice (an open invoice of
 *   the customer in the home currency), the amount (at most its open balance: Balance, filled by the server),
 *   the reason (required).
 * - `post` (modules/ar/server/receipts/write-off.ts): the posting service (source AR, A/R period flag): Dr the
 *   write-off account (GL integration AR WRITE-OFF), Cr receivables; the write-off becomes an AR item applied to
 *   the invoice.
 * - §6: restricted users see and post only their customers' write-offs.
 */
import { MONEY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { postedDocument } from '@erp/shared/entities/posted-document';
import { CURRENCY } from '@erp/modules/gl/definitions/index';
import { AR_NS, BILL_TO_FIELD } from './lines.ts';

const NAME = 'ar-write-off';

export const AR_WRITE_OFF_SEQUENCE = 'AR-WRITE-OFF';
/** An accounting right: administrators (who keep the GL), not the order desk's clerks who take receipts. */
export const AR_WRITE_OFF_ROLES = { read: ['ADMIN'], write: ['ADMIN'] } as const;

const POSTED = postedDocument({ namespace: AR_NS, name: NAME, sequence: AR_WRITE_OFF_SEQUENCE, prefix: 'WR' });

export const arWriteOff = defineEntity({
  name: NAME,
  namespace: AR_NS,
  labelKey: `${AR_NS}:${NAME}.title`,
  table: 'ar_write_offs',
  key: 'WriteOffId',
  keyKind: 'auto',
  application: 'NOVUS-AR',
  fields: {
    WriteOffId: { type: 'integer' },
    ...POSTED.fields,
    FirmId: BILL_TO_FIELD,
    WriteOffDate: { type: 'date', required: true },
    InvoiceNo: { type: 'text', required: true, maxLength: 30, uppercase: true },
    ItemId: { type: 'integer', readOnly: true },
    CurrencyCode: { ...CURRENCY, readOnly: true },
    Balance: { ...MONEY, readOnly: true },
    Amount: { ...MONEY, required: true, min: '0.01', minKey: `${AR_NS}:receipts.rules.amountPositive` },
    Reason: { type: 'text', required: true, maxLength: 200, requiredKey: `${AR_NS}:${NAME}.rules.reasonRequired` },
  },
  listColumns: ['DocumentNo', 'WriteOffDate', 'FirmId', 'InvoiceNo', { field: 'Amount', total: 'sum' }, 'Reason', 'Status'],
  defaultSort: [{ field: 'WriteOffId', descending: true }],
  filters: [
    { field: 'WriteOffDate', op: 'range' },
    { field: 'FirmId', op: 'eq' },
    { field: 'Status', op: 'eq' },
  ],
  search: ['DocumentNo', 'FirmId', 'InvoiceNo'],
  roles: AR_WRITE_OFF_ROLES,
  attachments: false,
  formLayout: {
    sections: [{ rows: [['DocumentNo', 'Status'], ['FirmId', 'WriteOffDate'], ['InvoiceNo', 'CurrencyCode'], ['Balance', 'Amount'], ['Reason'], ['JournalId']] }],
  },
  numbering: POSTED.numbering,
  states: POSTED.states,
});
