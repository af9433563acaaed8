/**
 * Sales orders on the server (issue 26 item 1; definition ../definition.ts). The generic
 * document routes serve the order; these hooks add what needs the database:
 * - §6: lists, records and writes are limited to the user's assigned customers by the engine (the definition's
 *   `customer` BillToId, server/src/entities/customers.ts; 403, the firm's own text);
 * - beforeWrite (in the save's transaction, so refusals speak the caller's language): the order date's stock
 *   year is open; the order is priced (pricing.ts: the parties, the pricing service with its override path and
 *   audit, the ship-to province's taxes, availability); a new order is a desk order; a Committed order being
 *   edited moves its commitment with its lines (released as it was, committed as it will be); the lots a line
 *   names are the product's in the order's warehouse and free (lots.ts, issue 71 item 2; again at commit);
 * - actions (§2.3 item 5): `commit` (lines needed; the parties again; account on hold refused; over the credit
 *   limit asked first; stock committed), `ship` and `invoice` (fulfilment.ts; the date from the action
 *   body's generic Date, default today), `cancel` (a committed order's stock released);
 * - defaults (issue 40 item 5; the definition's `defaults`): picking the customer fills its name, ship-to, terms and
 *   sales rep (pricing.ts `customerDefaults`, which the save's pricing reads too) and the warehouse that has the
 *   goods (usual-warehouse.ts: the customer's last order's, else the one holding the most stock; issue 71 item 2) —
 *   only for a customer the user may see (§6);
 * - delete: only while Entered (the definition's state machine).
 */
import { isValidDate } from '@erp/shared/entities/field-value';
import { assertStockYearOpen } from '@erp/modules/ic/server/api';
import { BusinessError } from '@erp/server/entities/call-result';
import type { ActionOutcome, ActionRun, Change, EntityHooks } from '@erp/server/entities/hooks';
import type { CreatedInvoice, PreparedInvoice } from '@erp/modules/ar/server/api';
import { checkCredit, commitStock, invoiceOrder, invoiceTouches, prepareOrderInvoice, shipOrder, shipTouches, writeOrderInvoices } from './fulfilment.ts';
import { followerTables, ordersMoved } from './followers.ts';
import type { SalesOrderRecord } from '../definition.ts';
import { customerDefaults, linesOf, priceOrder } from '../../../server/pricing.ts';
import { usualWarehouse } from '../../../server/usual-warehouse.ts';
import { checkOrderLots, namesLots } from '../../../server/lots.ts';
import { setField } from '@erp/server/entities/hooks';
import { soDb } from '../../../server/tables.generated.ts';

/** Today in UTC (a process or a caller without a date). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The body's date field, today when absent; a bad date is the generic date message. */
function dateOf(body: ActionRun['body'], field: string): string {
  const raw = body[field];
  if (raw === undefined || raw === null || raw === '') return today();
  if (typeof raw !== 'string' || !isValidDate(raw)) throw BusinessError.of(400, 'validation_failed', 'entities:validation.date', { label: field }, field);
  return raw;
}

async function assertLines(record: SalesOrderRecord): Promise<void> {
  if (linesOf(record).length === 0) throw BusinessError.of(400, 'no_lines', 'so:sales-order.rules.needsLine', {}, 'Lines');
}

/** The outcome of an order's `invoice` action. */
function invoiced(record: SalesOrderRecord, invoice: CreatedInvoice): ActionOutcome {
  return {
    set: { InvoiceId: invoice.invoiceId, InvoiceNo: invoice.documentNo },
    touched: invoiceTouches(),
    messageKey: 'so:sales-order.result.invoiced',
    messageParams: { order: record['OrderNo'], invoice: invoice.documentNo },
    data: { OrderKey: Number(record['OrderKey']), OrderNo: record['OrderNo'], InvoiceId: invoice.invoiceId, InvoiceNo: invoice.documentNo },
  };
}

export const salesOrderHooks: EntityHooks<SalesOrderRecord> = {
  async defaults(ctx, _trigger, record) {
    // §6: a bill-to the user is not assigned to fills nothing — the engine's rule (entities/defaults.ts).
    const billToId = String(record['BillToId'] ?? '');
    const warehouse = typeof record['WarehouseId'] === 'string' && record['WarehouseId'] !== '' ? record['WarehouseId'] : await usualWarehouse(soDb(ctx.db), billToId);
    return { ...(await customerDefaults(soDb(ctx.db), billToId)), WarehouseId: warehouse };
  },
  async beforeWrite(ctx, engineTrx, change) {
    const trx = soDb(engineTrx);
    const next = change.next;
    const date = String(next['OrderDate'] ?? '');
    if (date !== '') await assertStockYearOpen(trx, date, 'OrderDate');
    // §6: a restricted user enters orders only for the customers assigned to them — the engine's check (customers.ts).
    if (change.mode === 'create') setField(change, 'Channel', 'Desk');
    const priced = await priceOrder(trx, next, change.current, ctx.user);
    // Pricing answers the server's header fields and lines by name (it prices the portal's cart too): set as such.
    const named: Change = change;
    for (const [field, value] of Object.entries(priced.header)) if (named.next[field] !== value) setField(named, field, value);
    // Issue 71 item 2: the lots the lines name are the product's, in the order's warehouse, and free (lots.ts).
    priced.lines = await checkOrderLots(trx, { ...next, OrderKey: change.mode === 'update' ? change.id : null }, priced.lines, ctx.user.row.language);
    setField(named, 'Lines', priced.lines);
    // A committed order keeps its allocation equal to its lines.
    if (change.current && change.current['Status'] === 'Committed') {
      await commitStock(trx, change.current, -1);
      await commitStock(trx, { ...next, Lines: priced.lines }, 1);
    }
  },
  actions: {
    commit: {
      async guard(ctx, run) {
        await assertLines(run.record);
        // The lots named at the save may have left since (another order committed them first).
        const trx = soDb(run.trx);
        if (namesLots(run.record)) await checkOrderLots(trx, run.record, linesOf(run.record), ctx.user.row.language);
        await checkCredit(trx, run.record, run.confirmations);
      },
      async effect(_ctx, run) {
        const trx = soDb(run.trx);
        await commitStock(trx, run.record, 1);
        await ordersMoved(trx, [run.record], 'Processing');
        return { touched: ['stock_balances', ...followerTables()], messageKey: 'so:sales-order.result.committed', messageParams: { order: run.record['OrderNo'] } };
      },
    },
    ship: {
      async guard(_ctx, run) {
        await assertLines(run.record);
      },
      async effect(ctx, run) {
        const date = dateOf(run.body, 'Date');
        const { journalId } = await shipOrder(soDb(run.trx), run.record, date, ctx.user.userId);
        return { set: { ShipDate: date, JournalId: journalId }, touched: shipTouches(), messageKey: 'so:sales-order.result.shipped', messageParams: { order: run.record['OrderNo'] } };
      },
    },
    invoice: {
      async effect(ctx, run) {
        return invoiced(run.record, await invoiceOrder(soDb(run.trx), run.record, dateOf(run.body, 'Date'), ctx.user.userId));
      },
      // A queue's batch: each order's invoice checked in its savepoint, then all written by Receivables at once.
      batch: {
        prepare: (ctx, run) => prepareOrderInvoice(soDb(run.trx), run.record, dateOf(run.body, 'Date'), ctx.user.userId),
        async effectMany(ctx, trx, prepared) {
          const created = await writeOrderInvoices(soDb(trx), prepared.map(({ run, value }) => ({ record: run.record, invoice: value as PreparedInvoice })), ctx.user.userId);
          return prepared.map(({ run }, index) => invoiced(run.record, created[index]!));
        },
      },
    },
    cancel: {
      async effect(_ctx, run) {
        const trx = soDb(run.trx);
        if (run.record['Status'] === 'Committed') await commitStock(trx, run.record, -1);
        await ordersMoved(trx, [run.record], 'Cancelled');
        return { touched: ['stock_balances', ...followerTables()] };
      },
    },
  },
};
