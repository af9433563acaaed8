/**
 * Sales rep commission runs on the server (issue 26 item 4; definition modules/so/definitions/commission-run.ts):
 * beforeWrite computes the run's lines — every invoiced sales-order line whose invoice falls in the run's dates
 * (of the run's sales rep, when one is given), left out when another run already holds it — at the customer's
 * commission percent, else the rep's: Amount = round(Base × Percent ÷ 100, 2), exact decimals; Total their sum.
 * §6: a restricted user's run covers the customers assigned to them only.
 */
import { add, div, isZero, mul, type Decimal } from '@erp/shared/decimal';
import { assignedFirms, isRestricted } from '@erp/modules/shell/server/firm/assigned';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { AnyTransaction, Change, EntityHooks } from '@erp/server/entities/hooks';

type Row = Record<string, unknown>;

function set(change: Change, field: string, value: unknown): void {
  change.value[field] = value;
  change.next[field] = value;
  change.changed.add(field);
}

/** The lines of a run (module header); `assigned`: a restricted user's customers, null when not restricted. */
export async function commissionLines(
  trx: AnyTransaction,
  run: { runId: number | null; start: string; end: string; salesRep: string | null; assigned: readonly string[] | null },
): Promise<{ lines: Row[]; total: Decimal }> {
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
  const rows = (await query.execute()) as Row[];
  let total: Decimal = '0.00';
  const lines = rows.map((row) => {
    const firmPercent = decimalFromDb(trx, row['firm_percent'], 2);
    const percent = firmPercent !== null && !isZero(firmPercent) ? firmPercent : (decimalFromDb(trx, row['rep_percent'], 2) ?? '0.00');
    const base = decimalFromDb(trx, row['amount'], 2) ?? '0.00';
    const amount = mul(base, div(percent, '100', 8), 2);
    total = add(total, amount);
    return { LineId: null, SalesRep: row['sales_rep'], InvoiceNo: row['document_no'], OrderNo: row['order_no'], BillToId: row['bill_to_id'], OrderLineId: Number(row['line_id']), Base: base, Percent: percent, Amount: amount };
  });
  return { lines, total };
}

export const commissionRunHooks: EntityHooks = {
  async beforeWrite(ctx, trx, change) {
    const next = change.next;
    const rep = typeof next['SalesRep'] === 'string' && next['SalesRep'] !== '' ? next['SalesRep'] : null;
    const { lines, total } = await commissionLines(trx, {
      runId: change.current ? Number(change.current['RunId']) : null,
      start: String(next['StartDate']),
      end: String(next['EndDate']),
      salesRep: rep,
      assigned: isRestricted(ctx.user) ? await assignedFirms(trx, ctx.user) : null,
    });
    set(change, 'Lines', lines);
    set(change, 'Total', total);
  },
};
