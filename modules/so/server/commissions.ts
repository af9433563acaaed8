/**
 * Sales rep commission runs on the server (issue 26 item 4; definition modules/so/definitions/commission-run.ts):
 * beforeWrite computes the run's lines — every invoiced sales-order line whose invoice falls in the run's dates
 * (of the run's sales rep, when one is given), left out when another run already holds it — at the customer's
 * commission percent, else the rep's: Amount = round(Base × Percent ÷ 100, 2), exact decimals; Total their sum.
 * §6: a restricted user's run covers the customers assigned to them only.
 *
 * `post` (SCREENS.md OE-40 "post to payables"): per sales rep of the lines, one posted A/P voucher for the rep's
 * total to the rep's payables vendor, through the payables voucher service (modules/ap/server/vouchers.ts) in the
 * action's transaction — all vouchers or none. Refused without lines, without a bank, for a rep without a vendor,
 * without the OE COMMISSION-EXPENSE integration account, or in a closed A/P period (the voucher service's §8).
 */
import { add, cmp, div, isZero, mul, type Decimal } from '@erp/shared/decimal';
import { createCommissionVoucher } from '@erp/modules/ap/server/api';
import { BusinessError } from '@erp/server/entities/call-result';
import { assignedFirms, isRestricted } from '@erp/modules/shell/server/api';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { setField } from '@erp/server/entities/hooks';
import { integrationAccount } from '@erp/modules/gl/server/api';
import type { Transaction } from 'kysely';
import { soDb, type SoDatabase } from './tables.generated.ts';

type SoTransaction = Transaction<SoDatabase>;

/** The lines of a run (module header); `assigned`: a restricted user's customers, null when not restricted. */
export async function commissionLines(
  trx: SoTransaction,
  run: { runId: number | null; start: string; end: string; salesRep: string | null; assigned: readonly string[] | null },
): Promise<{ lines: WireRecord[]; total: Decimal }> {
  let query = trx
    .selectFrom('sales_orders as o')
    .innerJoin('ar_invoices as i', 'i.invoice_id', 'o.invoice_id')
    .innerJoin('so_lines as l', 'l.order_key', 'o.order_key')
    .leftJoin('firms as f', 'f.firm_id', 'o.bill_to_id')
    .leftJoin('sales_reps as s', 's.sales_rep_id', 'o.sales_rep')
    .select(['o.sales_rep', 'i.document_no', 'o.order_no', 'o.bill_to_id', 'l.line_id', 'l.amount', 'f.commission_percent as firm_percent', 's.commission_percent as rep_percent'])
    .where('o.status', '=', 'Invoiced')
    .where('o.sales_rep', 'is not', null)
    .where('i.invoice_date', '>=', run.start)
    .where('i.invoice_date', '<=', run.end)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('so_commission_lines as c')
            .select('c.line_id')
            .whereRef('c.order_line_id', '=', 'l.line_id')
            .where('c.run_id', '<>', run.runId ?? -1),
        ),
      ),
    )
    .orderBy('o.sales_rep')
    .orderBy('i.document_no')
    .orderBy('l.line_id');
  if (run.salesRep) query = query.where('o.sales_rep', '=', run.salesRep);
  if (run.assigned) query = query.where('o.bill_to_id', 'in', run.assigned.length > 0 ? run.assigned : ['']);
  const rows = await query.execute();
  let total: Decimal = '0.00';
  const lines = rows.map((row) => {
    const firmPercent = decimalFromDb(trx, row.firm_percent, 2);
    const percent = firmPercent !== null && !isZero(firmPercent) ? firmPercent : (decimalFromDb(trx, row.rep_percent, 2) ?? '0.00');
    const base = decimalFromDb(trx, row.amount, 2) ?? '0.00';
    const amount = mul(base, div(percent, '100', 8), 2);
    total = add(total, amount);
    return { LineId: null, SalesRep: row.sales_rep, InvoiceNo: row.document_no, OrderNo: row.order_no, BillToId: row.bill_to_id, OrderLineId: row.line_id, Base: base, Percent: percent, Amount: amount };
  });
  return { lines, total };
}

/** Tables a posted run writes (the vouchers, their journal and the A/P sub-ledger). */
const POST_TOUCHES = ['so_commission_lines', 'ap_invoices', 'ap_invoice_lines', 'ap_items', 'gl_entries', 'gl_balances', 'gl_journals'];

const refuse = (rule: string, params: Record<string, unknown> = {}, field?: string) => BusinessError.of(400, 'validation_failed', `so:commission-run.rules.${rule}`, params, field);

/** The commission expense account (GL integration OE COMMISSION-EXPENSE). */
async function expenseAccount(trx: SoTransaction): Promise<string> {
  const account = await integrationAccount(trx, 'OE', 'COMMISSION-EXPENSE');
  if (account === null) throw refuse('noExpense');
  return account;
}

/** The run's commission per sales rep, in the lines' order, with the rep's vendor. */
async function byRep(trx: SoTransaction, lines: readonly WireRecord[]): Promise<{ rep: string; vendorId: string; amount: Decimal }[]> {
  const totals = new Map<string, Decimal>();
  for (const line of lines) totals.set(String(line['SalesRep']), add(totals.get(String(line['SalesRep'])) ?? '0.00', String(line['Amount'] ?? '0.00')));
  const reps = await trx.selectFrom('sales_reps').select(['sales_rep_id', 'vendor_id']).where('sales_rep_id', 'in', [...totals.keys()]).execute();
  const vendorOf = new Map(reps.map((row) => [row.sales_rep_id, row.vendor_id]));
  return [...totals].map(([rep, amount]) => {
    const vendorId = vendorOf.get(rep);
    if (!vendorId) throw refuse('repNoVendor', { rep });
    return { rep, vendorId, amount };
  });
}

export const commissionRunHooks: EntityHooks = {
  async beforeWrite(ctx, engineTrx, change) {
    const trx = soDb(engineTrx);
    const next = change.next;
    const rep = typeof next['SalesRep'] === 'string' && next['SalesRep'] !== '' ? next['SalesRep'] : null;
    const { lines, total } = await commissionLines(trx, {
      runId: change.current ? Number(change.current['RunId']) : null,
      start: String(next['StartDate']),
      end: String(next['EndDate']),
      salesRep: rep,
      assigned: isRestricted(ctx.user) ? await assignedFirms<SoDatabase>(trx, ctx.user) : null,
    });
    setField(change, 'Lines', lines);
    setField(change, 'Total', total);
  },
  actions: {
    post: {
      async guard(_ctx, run) {
        const lines = (run.record['Lines'] as WireRecord[] | undefined) ?? [];
        if (lines.length === 0) throw refuse('noLines');
        if (!run.record['BankAccountId']) throw refuse('bankRequired', {}, 'BankAccountId');
        const trx = soDb(run.trx);
        await byRep(trx, lines);
        await expenseAccount(trx);
      },
      async effect(ctx, run) {
        const record = run.record;
        const trx = soDb(run.trx);
        const account = await expenseAccount(trx);
        const date = String(record['VoucherDate'] ?? record['EndDate']);
        const runNo = String(record['RunNo']);
        const vouchers: WireRecord[] = [];
        for (const { rep, vendorId, amount } of await byRep(trx, (record['Lines'] as WireRecord[]) ?? [])) {
          // A rep whose lines net to nothing is owed no voucher.
          if (cmp(amount, '0') <= 0) continue;
          const voucher = await createCommissionVoucher(trx, {
            vendorId,
            date,
            amount,
            expenseAccount: account,
            reference: `${runNo}-${rep}`.slice(0, 30),
            description: `Sales commission ${runNo} ${String(record['StartDate'])} – ${String(record['EndDate'])}`,
            bankAccountId: String(record['BankAccountId']),
            userId: ctx.user.userId,
          });
          await trx.updateTable('so_commission_lines').set({ voucher_no: voucher.documentNo }).where('run_id', '=', Number(record['RunId'])).where('sales_rep', '=', rep).execute();
          vouchers.push({ SalesRep: rep, VendorId: vendorId, Amount: amount, InvoiceId: voucher.invoiceId, DocumentNo: voucher.documentNo, JournalId: voucher.journalId });
        }
        return {
          set: { VoucherDate: date },
          touched: POST_TOUCHES,
          messageKey: 'so:commission-run.result.posted',
          messageParams: { run: runNo, count: vouchers.length },
          data: { Vouchers: vouchers },
        };
      },
    },
  },
};
