/**
 * Sales rep commission run (`commission-run`, screen OE-40 `/sales-rep-commission` under Order Entry and
 * Receivables; issue 26 item 4; SCREENS.md WP7 "Commission run: Calculated → Posted to AP"). Tables
 * `so_commission_runs`, `so_commission_lines` (schema-sync).
 *
 * - Header: RunNo (sequence COMMISSION-RUN, prefix CR), StartDate and EndDate (the invoice dates it covers; end not
 *   before start), SalesRep (one rep, or every rep), Notes; Total (the lines' sum).
 * - Lines (the server's, computed at every save while Calculated): one per invoiced sales-order line of the period
 *   not yet in another run — SalesRep, InvoiceNo, OrderNo, BillToId, Base (the line's amount), Percent (the
 *   customer's commission percent, else the rep's) and Amount = round(Base × Percent ÷ 100, 2).
 * - States (SCREENS.md OE-40): Calculated (editable: saving recalculates; deletable) → Posted (`post`, Alt+P):
 *   one posted A/P voucher per sales rep to the rep's payables vendor (the sales rep's VendorId) through the
 *   payables voucher service — Dr commission expense (GL integration OE COMMISSION-EXPENSE), Cr A/P — dated
 *   VoucherDate (default the run's end date) and paid from BankAccountId; each line keeps its voucher's number,
 *   and the answer lists the vouchers (§3's Call result for posting sales commissions to payables).
 *   Server: modules/so/server/commissions.ts.
 */
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { SO, SO_APP, SO_MONEY, SO_ROLES } from './common.ts';

const NAME = 'commission-run';
const key = (part: string) => `${SO}:${NAME}.${part}`;
const lineLabel = (field: string) => key(`fields.Lines.fields.${field}`);

export const COMMISSION_RUN_SEQUENCE = 'COMMISSION-RUN';

function datesInOrder(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const start = record['StartDate'];
  const end = record['EndDate'];
  return typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' && end < start ? [{ field: 'EndDate', key: key('rules.endBeforeStart') }] : [];
}

export const commissionRun = defineEntity({
  name: NAME,
  namespace: SO,
  table: 'so_commission_runs',
  key: 'RunId',
  keyKind: 'auto',
  application: SO_APP,
  shownIn: ['NOVUS-AR'],
  fields: {
    RunId: { type: 'integer' },
    RunNo: { type: 'text', maxLength: 20, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Calculated', options: ['Calculated', 'Posted'].map((value) => ({ value, labelKey: key(`statuses.${value}`) })) },
    StartDate: { type: 'date', required: true },
    EndDate: { type: 'date', required: true },
    SalesRep: { type: 'lookup', entity: 'sales-rep', uppercase: true, maxLength: 20 },
    Notes: { type: 'text', maxLength: 1000, format: 'multiline' },
    VoucherDate: { type: 'date' },
    BankAccountId: { type: 'lookup', entity: 'bank-account', uppercase: true, maxLength: 20, activeOnly: true },
    Total: { ...SO_MONEY, readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: key('fields.Lines.label'),
      table: 'so_commission_lines',
      parentColumn: 'run_id',
      key: 'LineId',
      maxItems: 5000,
      fields: {
        LineId: { type: 'integer', labelKey: lineLabel('LineId') },
        SalesRep: { type: 'text', maxLength: 20, readOnly: true, labelKey: lineLabel('SalesRep') },
        InvoiceNo: { type: 'text', maxLength: 30, readOnly: true, labelKey: lineLabel('InvoiceNo') },
        OrderNo: { type: 'text', maxLength: 20, readOnly: true, labelKey: lineLabel('OrderNo') },
        BillToId: { type: 'text', maxLength: 20, readOnly: true, labelKey: lineLabel('BillToId') },
        OrderLineId: { type: 'integer', readOnly: true, internal: true, labelKey: lineLabel('OrderLineId') },
        Base: { ...SO_MONEY, readOnly: true, labelKey: lineLabel('Base') },
        Percent: { type: 'decimal', precision: 5, scale: 2, readOnly: true, labelKey: lineLabel('Percent') },
        Amount: { ...SO_MONEY, readOnly: true, labelKey: lineLabel('Amount') },
        VoucherNo: { type: 'text', maxLength: 30, readOnly: true, labelKey: lineLabel('VoucherNo') },
      },
    },
  },
  listColumns: ['RunNo', 'StartDate', 'EndDate', 'SalesRep', 'Status', { field: 'Total', total: 'sum' }],
  defaultSort: [{ field: 'RunId', descending: true }],
  filters: [
    { field: 'StartDate', op: 'range' },
    { field: 'SalesRep', op: 'eq' },
    { field: 'Status', op: 'eq' },
  ],
  search: ['RunNo', 'Notes'],
  roles: SO_ROLES,
  formLayout: { sections: [{ rows: [['RunNo', 'Status'], ['StartDate', 'EndDate', 'SalesRep'], ['VoucherDate', 'BankAccountId', 'Total'], ['Notes']] }] },
  numbering: { sequence: COMMISSION_RUN_SEQUENCE, field: 'RunNo', prefix: 'CR' },
  states: editedWhile('Calculated', [{ action: 'post', labelKey: key('actions.post'), from: ['Calculated'], to: 'Posted', irreversible: true, confirmKey: key('confirm.post'), primary: true, hotkey: 'Alt+P' }]),
  rules: [datesInOrder],
});
