/**
 * Expense templates and expense reports (issue 24 item 4; SCREENS.md AP-15, AP-16, AP-17; DOMAIN-NOTES §4.6
 * "employee as a payee; lines of date, GL account, amount, and GST/HST/QST split for ITCs").
 *
 * - `ap-expense-template` (AP-15): a claim form's id and description. Table `ap_expense_templates`.
 * - `ap-expense-template-column` (AP-16): the template's columns — number, heading, the G/L account and the tax
 *   group a claim in that column posts to (once per template and number). Table `ap_expense_template_columns`.
 * - `ap-expense-report` (AP-17, route `/novus-ap/ap-expense-report`): a claim — the employee (a vendor firm: the
 *   payee), the template, the date, the province of the taxes, lines of date, column, description and amount
 *   before tax. Posting (Draft → Posted; modules/ap/server/expenses.ts) writes the employee's A/P voucher: each
 *   line to its column's account with the column's taxes (their input tax credits), Cr A/P; paid by a payment
 *   run or a disbursement like any vendor's. Tables `ap_expense_reports`, `ap_expense_report_lines`.
 */
import { MONEY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { editedWhile } from '@erp/shared/entities/posted-document';
import { glAccountLookup } from '@erp/modules/gl/definitions/index';
import { AP, AP_ROLES, vendorLookup } from './common.ts';

const report = (part: string) => `${AP}:ap-expense-report.${part}`;

export const apExpenseTemplate = defineEntity({
  name: 'ap-expense-template',
  namespace: AP,
  table: 'ap_expense_templates',
  key: 'TemplateId',
  application: 'NOVUS-AP',
  fields: {
    TemplateId: { type: 'text', required: true, maxLength: 20, uppercase: true, pattern: '[A-Z0-9_-]+' },
    Description: { type: 'text', required: true, maxLength: 60 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['TemplateId', 'Description', 'IsActive'],
  defaultSort: [{ field: 'TemplateId' }],
  search: ['TemplateId', 'Description'],
  activeField: 'IsActive',
  displayField: 'Description',
  roles: AP_ROLES,
  attachments: false,
  formLayout: { sections: [{ rows: [['TemplateId', 'Description', 'IsActive']] }] },
});

export const apExpenseTemplateColumn = defineEntity({
  name: 'ap-expense-template-column',
  namespace: AP,
  table: 'ap_expense_template_columns',
  key: 'ColumnKey',
  keyKind: 'auto',
  application: 'NOVUS-AP',
  fields: {
    ColumnKey: { type: 'integer', readOnly: true },
    TemplateId: { type: 'lookup', entity: 'ap-expense-template', required: true, maxLength: 20, uppercase: true },
    ColumnNo: { type: 'integer', required: true, min: 1, max: 99 },
    Heading: { type: 'text', required: true, maxLength: 40 },
    AccountId: glAccountLookup({ required: true }),
    TaxGroup: { type: 'lookup', entity: 'sales-tax-group', maxLength: 10, uppercase: true },
  },
  listColumns: ['TemplateId', 'ColumnNo', 'Heading', 'AccountId', 'TaxGroup'],
  defaultSort: [{ field: 'TemplateId' }, { field: 'ColumnNo' }],
  filters: [{ field: 'TemplateId', op: 'eq' }],
  search: ['Heading'],
  uniques: [['TemplateId', 'ColumnNo']],
  roles: AP_ROLES,
  attachments: false,
  formLayout: { sections: [{ rows: [['TemplateId', 'ColumnNo'], ['Heading', 'AccountId', 'TaxGroup']] }] },
});

export const apExpenseReport = defineEntity({
  name: 'ap-expense-report',
  namespace: AP,
  table: 'ap_expense_reports',
  key: 'ReportId',
  keyKind: 'auto',
  numberField: 'DocumentNo',
  application: 'NOVUS-AP',
  fields: {
    ReportId: { type: 'integer', readOnly: true },
    DocumentNo: { type: 'text', maxLength: 30, readOnly: true },
    Status: { type: 'enum', readOnly: true, defaultValue: 'Draft', options: ['Draft', 'Posted'].map((value) => ({ value, labelKey: report(`statuses.${value}`) })) },
    EmployeeId: vendorLookup(),
    TemplateId: { type: 'lookup', entity: 'ap-expense-template', required: true, maxLength: 20, uppercase: true, activeOnly: true },
    ReportDate: { type: 'date', required: true },
    ShipToState: { type: 'text', required: true, maxLength: 2, minLength: 2, pattern: '[A-Z]{2}', uppercase: true },
    Description: { type: 'text', maxLength: 100 },
    Total: { ...MONEY, readOnly: true },
    // Shown by the voucher's number (AP000039), never its key (issue 40 item 3).
    ApInvoiceId: { type: 'lookup', entity: 'ap-invoice', valueType: 'integer', readOnly: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: report('fields.Lines.label'),
      table: 'ap_expense_report_lines',
      parentColumn: 'report_id',
      key: 'LineId',
      maxItems: 200,
      fields: {
        LineId: { type: 'integer', labelKey: report('fields.Lines.fields.LineId') },
        ExpenseDate: { type: 'date', required: true, labelKey: report('fields.Lines.fields.ExpenseDate') },
        ColumnNo: { type: 'integer', required: true, min: 1, max: 99, labelKey: report('fields.Lines.fields.ColumnNo') },
        Description: { type: 'text', maxLength: 100, labelKey: report('fields.Lines.fields.Description') },
        Amount: { ...MONEY, required: true, min: '0', minKey: 'entities:validation.negative', labelKey: report('fields.Lines.fields.Amount') },
      },
    },
  },
  listColumns: ['DocumentNo', 'Status', 'EmployeeId', 'TemplateId', 'ReportDate', { field: 'Total', total: 'sum' }],
  defaultSort: [{ field: 'ReportId', descending: true }],
  filters: [
    { field: 'EmployeeId', op: 'eq' },
    { field: 'Status', op: 'eq' },
    { field: 'ReportDate', op: 'range' },
  ],
  search: ['DocumentNo', 'Description'],
  roles: AP_ROLES,
  attachments: false,
  formLayout: { sections: [{ rows: [['DocumentNo', 'Status'], ['EmployeeId', 'TemplateId'], ['ReportDate', 'ShipToState'], ['Description'], ['Total', 'ApInvoiceId']] }] },
  states: editedWhile('Draft', [{ action: 'post', labelKey: report('actions.post'), from: ['Draft'], to: 'Posted', irreversible: true, confirmKey: report('confirm.post'), primary: true, hotkey: 'Alt+P' }]),
});
