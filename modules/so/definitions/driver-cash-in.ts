/**
 * Driver cash-in (`driver-cash-in`, screen OE-32 `/driver-cash-in`; issue 26 item 4; SCREENS.md WP7 acceptance
 * check 5): the cash a driver brings back from COD deliveries, entered per invoiced order and posted as AR
 * receipts applied to the orders' invoices. Tables `so_cash_ins`, `so_cash_in_lines` (schema-sync).
 *
 * - Header: CashInNo (sequence DRIVER-CASH-IN, prefix DC), CashInDate (the receipts' date), RouteId and Driver,
 *   BankAccountId (where the cash is deposited: the receipts' bank), Notes; TotalPaid (the lines' sum).
 * - Lines: OrderKey (an Invoiced sales order — §8 "Sales order does not exist." otherwise; once per cash-in),
 *   AmountPaid (> 0; §5 "The total paid cannot exceed the order total.": with what earlier posted cash-ins of the
 *   order took — server); OrderNo, BillToId, InvoiceNo and OrderTotal are the order's (server), ReceiptNo the AR
 *   receipt the posting made; PaymentId the form of payment (cash, cheque, card — the CDC report).
 * - States: Open (editable, deletable) → Posted (`post`, asked first): one AR cash receipt per bill-to through
 *   Receivables (`postReceipt`: Dr bank / Cr receivables, applied to the invoices; refused in a closed A/R
 *   period). Server: modules/so/server/cash-in.ts.
 */
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { INVOICED_ORDER, notPositive, SO, SO_APP, SO_MONEY, SO_ROLES } from './common.ts';

const NAME = 'driver-cash-in';
const key = (part: string) => `${SO}:${NAME}.${part}`;
const lineLabel = (field: string) => key(`fields.Lines.fields.${field}`);

export const DRIVER_CASH_IN_SEQUENCE = 'DRIVER-CASH-IN';

/** §5 rules on the whole cash-in (browser and server). */
export function cashInRules(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as Record<string, unknown>[]) : [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const order = line['OrderKey'] === null || line['OrderKey'] === undefined ? '' : String(line['OrderKey']);
    if (order && seen.has(order)) issues.push({ field: `Lines[${index}].OrderKey`, key: key('rules.orderAdded') });
    if (order) seen.add(order);
    if (notPositive(line['AmountPaid'])) issues.push({ field: `Lines[${index}].AmountPaid`, key: key('rules.amountPositive') });
  });
  return issues;
}

export const driverCashIn = defineEntity({
  name: NAME,
  namespace: SO,
  table: 'so_cash_ins',
  key: 'CashInId',
  keyKind: 'auto',
  application: SO_APP,
  fields: {
    CashInId: { type: 'integer' },
    CashInNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Open', options: ['Open', 'Posted'].map((value) => ({ value, labelKey: key(`statuses.${value}`) })) },
    CashInDate: { type: 'date', required: true },
    RouteId: { type: 'lookup', entity: 'delivery-route', uppercase: true, maxLength: 10, activeOnly: true },
    Driver: { type: 'text', maxLength: 60 },
    BankAccountId: { type: 'lookup', entity: 'bank-account', uppercase: true, maxLength: 20, required: true },
    Notes: { type: 'text', maxLength: 1000, format: 'multiline' },
    TotalPaid: { ...SO_MONEY, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: key('fields.Lines.label'),
      table: 'so_cash_in_lines',
      parentColumn: 'cash_in_id',
      key: 'LineId',
      maxItems: 500,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        // §6: a cash-in is the customers' of its orders (issue 68 item 2): a restricted user reads one whose every order is theirs.
        OrderKey: { ...INVOICED_ORDER, labelKey: lineLabel('OrderKey'), customer: true },
        OrderNo: { type: 'text', maxLength: 20, readOnly: true, labelKey: lineLabel('OrderNo') },
        BillToId: { type: 'text', maxLength: 20, readOnly: true, labelKey: lineLabel('BillToId') },
        InvoiceNo: { type: 'text', maxLength: 30, readOnly: true, labelKey: lineLabel('InvoiceNo') },
        OrderTotal: { ...SO_MONEY, readOnly: true, labelKey: lineLabel('OrderTotal') },
        AmountPaid: { ...SO_MONEY, required: true, labelKey: lineLabel('AmountPaid') },
        // How the driver was paid (POLO's forms of payment: cash, cheque, card …) — the CDC report's grouping.
        PaymentId: { type: 'lookup', entity: 'form-of-payment', uppercase: true, maxLength: 10, activeOnly: true, labelKey: lineLabel('PaymentId') },
        ReceiptNo: { type: 'text', maxLength: 30, readOnly: true, labelKey: lineLabel('ReceiptNo') },
      },
    },
  },
  listColumns: ['CashInNo', 'CashInDate', 'Status', 'RouteId', 'Driver', 'BankAccountId', { field: 'TotalPaid', total: 'sum' }],
  defaultSort: [{ field: 'CashInId', descending: true }],
  filters: [
    { field: 'CashInDate', op: 'range' },
    { field: 'Status', op: 'eq' },
    { field: 'RouteId', op: 'eq' },
    { field: 'CashInNo', op: 'startsWith' },
  ],
  search: ['CashInNo', 'Driver', 'Notes'],
  roles: SO_ROLES,
  formLayout: {
    sections: [{ rows: [['CashInNo', 'Status', 'CashInDate'], ['RouteId', 'Driver', 'BankAccountId'], ['TotalPaid'], ['Notes']] }],
  },
  numbering: { sequence: DRIVER_CASH_IN_SEQUENCE, field: 'CashInNo', prefix: 'DC' },
  computed: { TotalPaid: { op: 'sum', collection: 'Lines', field: 'AmountPaid' } },
  states: editedWhile('Open', [{ action: 'post', labelKey: key('actions.post'), from: ['Open'], to: 'Posted', irreversible: true, confirmKey: key('confirm.post'), primary: true, hotkey: 'Alt+P' }]),
  rules: [cashInRules],
});
