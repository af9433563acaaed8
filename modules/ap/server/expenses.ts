/**
 * Expense reports on the server (`ap-expense-report`, issue 24 item 4; definitions
 * modules/ap/definitions/expenses.ts).
 * save: the number (EX…, sequence AP-EXPENSE-REPORT), the date's period open for A/P, every line's column a
 *   column of the template (§8-like refusal naming the line).
 * post: the employee's A/P voucher through the purchase journal's rules (vouchers.ts `createPostedDocument`):
 *   each line → its column's G/L account and tax group (quantity 1 × the amount before tax), the amount owed =
 *   lines + taxes; vendor document number = the report's number. Total and ApInvoiceId are kept on the report.
 */
import { assertPeriodOpen } from '@erp/modules/gl/server/api';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import type { EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { nextNumber } from '@erp/server/entities/numbering';
import { createPostedDocument } from './vouchers.ts';
import { apDb, type ApDatabase, type ApExpenseTemplateColumnRow } from './tables.generated.ts';

const linesOf = (record: WireRecord): WireRecord[] => (Array.isArray(record['Lines']) ? (record['Lines'] as WireRecord[]) : []);

/** The template's columns by number; a line naming another refuses. */
async function columnsFor(trx: Transaction<ApDatabase>, record: WireRecord): Promise<Map<number, ApExpenseTemplateColumnRow>> {
  const rows = await trx.selectFrom('ap_expense_template_columns').selectAll().where('template_id', '=', String(record['TemplateId'])).execute();
  const columns = new Map(rows.map((row) => [Number(row.column_no), row]));
  linesOf(record).forEach((line, index) => {
    if (!columns.has(Number(line['ColumnNo']))) throw BusinessError.of(400, 'validation_failed', 'ap:ap-expense-report.rules.columnMissing', { column: line['ColumnNo'] }, `Lines[${index}].ColumnNo`);
  });
  return columns;
}

export const apExpenseReportHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = apDb(engineTrx);
    if (change.mode === 'create') {
      const number = await nextNumber(trx, 'AP-EXPENSE-REPORT', { prefix: 'EX', description: 'A/P expense reports' });
      change.value['DocumentNo'] = number;
      change.next['DocumentNo'] = number;
      change.changed.add('DocumentNo');
    }
    if (change.mode === 'create' || change.changed.has('ReportDate')) await assertPeriodOpen(trx, String(change.next['ReportDate']), 'ap', 'ReportDate');
    await columnsFor(trx, change.next);
  },
  actions: {
    post: {
      async effect(ctx, run) {
        const { record } = run;
        const trx = apDb(run.trx);
        const lines = linesOf(record);
        if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
        const columns = await columnsFor(trx, record);
        const employee = String(record['EmployeeId']);
        const firm = await trx.selectFrom('firms').select('account_terms').where('firm_id', '=', employee).executeTakeFirst();
        const bank = await trx.selectFrom('bank_accounts').select('bank_account_id').where('currency_code', '=', 'CAD').orderBy('bank_account_id').limit(1).executeTakeFirst();
        const written = await createPostedDocument(
          trx,
          {
            VendorId: employee,
            TransactionDate: record['ReportDate'],
            DocDate: record['ReportDate'],
            VendorDocNo: String(record['DocumentNo']),
            TermsCode: firm?.account_terms ?? 'NET15',
            ShipToState: record['ShipToState'],
            BankAccountId: bank?.bank_account_id ?? null,
            Description: (record['Description'] as string | null) ?? 'Expense report',
            Lines: lines.map((line) => {
              const column = columns.get(Number(line['ColumnNo']))!;
              return { AccountId: column.account_id, Description: line['Description'] ?? column.heading, Quantity: '1.0000', UnitPrice: line['Amount'], TaxGroup: column.tax_group ?? null };
            }),
          },
          ctx.user.userId,
          run.now,
        );
        return { set: { ApInvoiceId: Number(written['InvoiceId']), Total: written['Amount'] }, touched: ['ap_invoices', 'ap_invoice_lines', 'ap_items', 'gl_entries', 'gl_balances', 'gl_journals'], messageKey: 'ap:ap-expense-report.result.posted', messageParams: { document: written['DocumentNo'] } };
      },
    },
  },
};
