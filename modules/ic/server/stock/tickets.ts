/**
 * Inventory tickets on the server (issue 15 item 5; spec §4 Inventory ticket, §5 Tickets and lots, §8;
 * definition modules/ic/definitions/stock/inventory-ticket.ts). The generic data routes serve the ticket;
 * these hooks add what needs the database:
 * - validate: each line's product exists and tracks stock (§5 "A product must exist and have tracked
 *   stock."); a lot-tracked product's line needs lots adding up to its quantity (the definition's sumEquals
 *   covers lines that have lots; a lot-tracked line without lots is refused here with the same text); a
 *   product that does not track lots takes no lots;
 * - beforeWrite: the ticket date is not in a closed stock year (§8 "Selected date is in a closed period.");
 * - actions (one transaction each, with the state change; §4):
 *   commit — allocates what the ticket takes out (issue, transfer, negative adjustment) in
 *            stock_balances.committed;
 *   close  — releases the allocation and moves the stock through the stock ledger (ledger.ts
 *            recordMovements: balances, lots, moving average, one IC journal against the integration account
 *            `TICKET-<SUB TYPE>` when it exists, else `ADJUSTMENT`). A transfer moves out of the warehouse and
 *            into ToWarehouseId at the moving average (same inventory account: nothing to post);
 *   cancel — releases the allocation of a committed ticket.
 */
import { abs, isNegative, neg, round, type Decimal } from '@erp/shared/decimal';
import { inventoryTicket, type TicketType } from '../../definitions/stock/inventory-ticket.ts';
import type { RuleIssue } from '@erp/shared/entities/define';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Kysely, Transaction } from 'kysely';
import type { ActionRun, EntityContext, EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { adjustCommitted, assertStockYearOpen, balanceOf, QTY_SCALE, recordMovements, type StockMovement } from './ledger.ts';
import { integrationAccount } from '@erp/modules/gl/server/api';
import { icDb, type IcDatabase } from '../tables.generated.ts';

type IcTransaction = Transaction<IcDatabase>;

interface TicketLine {
  lineId: number;
  productId: string;
  quantity: Decimal;
  unitCost: Decimal | null;
  lots: { lotNo: string; quantity: Decimal }[];
}

function truthy(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't' || raw === 'true';
}

function linesOf(record: WireRecord): TicketLine[] {
  const lines = Array.isArray(record['Lines']) ? (record['Lines'] as WireRecord[]) : [];
  return lines.map((line, index) => ({
    lineId: typeof line['LineId'] === 'number' ? line['LineId'] : index + 1,
    productId: String(line['ProductId'] ?? ''),
    quantity: String(line['Quantity'] ?? '0'),
    unitCost: typeof line['UnitCost'] === 'string' && line['UnitCost'] !== '' ? line['UnitCost'] : null,
    lots: (Array.isArray(line['Lots']) ? (line['Lots'] as WireRecord[]) : []).map((lot) => ({ lotNo: String(lot['LotNo'] ?? ''), quantity: String(lot['Quantity'] ?? '0') })),
  }));
}

/** The signed quantity a line moves in the ticket's own warehouse (receipts +, issues and transfers −). */
function signedQuantity(type: TicketType, quantity: Decimal): Decimal {
  if (type === 'Issue' || type === 'Transfer') return neg(abs(quantity));
  if (type === 'Receipt') return abs(quantity);
  return quantity;
}

/** Products of the lines: whether each tracks stock and lots. */
async function productFlags(db: Kysely<IcDatabase>, ids: readonly string[]): Promise<Map<string, { trackInventory: boolean; trackLot: boolean }>> {
  const wanted = [...new Set(ids.filter((id) => id !== ''))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['product_id', 'track_inventory', 'track_lot']).where('product_id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.product_id, { trackInventory: truthy(row.track_inventory), trackLot: truthy(row.track_lot) }]));
}

/** §5 product and lot rules that need the products table. */
export async function ticketLineIssues(db: Kysely<IcDatabase>, record: WireRecord): Promise<RuleIssue[]> {
  const lines = linesOf(record);
  const flags = await productFlags(db, lines.map((line) => line.productId));
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    if (line.productId === '') return;
    const product = flags.get(line.productId);
    if (!product || !product.trackInventory) {
      issues.push({ field: `Lines[${index}].ProductId`, key: 'ic:inventory-ticket.rules.productInvalid', params: { value: line.productId } });
      return;
    }
    if (product.trackLot && line.lots.length === 0) {
      issues.push({ field: `Lines[${index}].Lots`, key: 'ic:inventory-ticket.rules.lotsSum', params: { sum: round('0', QTY_SCALE), expected: abs(line.quantity) } });
    }
    if (!product.trackLot && line.lots.length > 0) {
      issues.push({ field: `Lines[${index}].Lots`, key: 'ic:inventory-ticket.rules.lotsNotTracked', params: { product: line.productId } });
    }
  });
  return issues;
}

/** What each line takes out of the ticket's warehouse (allocation), per product. */
function outgoing(record: WireRecord): Map<string, Decimal> {
  const type = record['TicketType'] as TicketType;
  const out = new Map<string, Decimal>();
  for (const line of linesOf(record)) {
    const signed = signedQuantity(type, line.quantity);
    if (isNegative(signed)) out.set(line.productId, abs(signed));
  }
  return out;
}

export async function allocate(trx: IcTransaction, record: WireRecord, sign: 1 | -1): Promise<void> {
  const warehouse = String(record['WarehouseId']);
  // Sorted: parallel tickets lock balance rows in one order.
  for (const [productId, quantity] of [...outgoing(record)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await adjustCommitted(trx, productId, warehouse, sign === 1 ? quantity : neg(quantity));
  }
}

async function offsetFor(trx: IcTransaction, subType: string): Promise<string> {
  const type = `TICKET-${subType.toUpperCase()}`;
  return (await integrationAccount(trx, 'IC', type)) !== null ? type : 'ADJUSTMENT';
}

const TOUCHED = ['stock_balances', 'stock_ledger', 'stock_lot_balances', 'gl_entries', 'gl_journals', 'gl_balances'];

/**
 * Moves a ticket's stock (the Close effect, also used by the demo data): the lines' and lots' movements through
 * the stock ledger (ledger.ts), with the §5 product checks again (the products may have changed since the
 * ticket was saved). `record` is the ticket in wire form (TicketId, TicketNo, TicketDate, WarehouseId, …, Lines
 * with Lots).
 */
export async function moveTicketStock(trx: IcTransaction, record: WireRecord, userId: string): Promise<void> {
  const type = record['TicketType'] as TicketType;
  const warehouse = String(record['WarehouseId']);
  const lines = linesOf(record);
  const issues = await ticketLineIssues(trx, record);
  if (issues.length > 0) throw new BusinessError(400, 'validation_failed', issues.map((issue) => ({ field: issue.field, key: issue.key, params: issue.params ?? {} })));
  const movements: StockMovement[] = [];
  for (const line of lines) {
    const signed = signedQuantity(type, line.quantity);
    const parts = line.lots.length > 0 ? line.lots.map((lot) => ({ lotNo: lot.lotNo, quantity: isNegative(signed) ? neg(abs(lot.quantity)) : abs(lot.quantity) })) : [{ lotNo: '', quantity: signed }];
    for (const part of parts) {
      movements.push({ productId: line.productId, warehouseId: warehouse, lotNo: part.lotNo, quantity: part.quantity, unitCost: isNegative(part.quantity) ? null : line.unitCost, line: line.lineId });
    }
    if (type === 'Transfer') {
      // Into the other warehouse at the cost it leaves at (the moving average before the ticket).
      const average = (await balanceOf(trx, line.productId, warehouse)).averageCost;
      for (const part of parts) {
        movements.push({ productId: line.productId, warehouseId: String(record['ToWarehouseId']), lotNo: part.lotNo, quantity: abs(part.quantity), unitCost: average, line: line.lineId });
      }
    }
  }
  const ticketNo = String(record['TicketNo'] ?? record['TicketId']);
  await recordMovements(
    trx,
    {
      date: String(record['TicketDate']),
      documentNo: ticketNo,
      origin: { type: inventoryTicket.name, id: String(record['TicketId']) },
      userId,
      offsetAccount: await offsetFor(trx, String(record['SubType'] ?? '')),
      description: `${ticketNo} ${type} ${String(record['SubType'] ?? '')}`.trim(),
    },
    movements,
  );
}

async function close(ctx: EntityContext, run: ActionRun) {
  const trx = icDb(run.trx);
  if (run.record['Status'] === 'Committed') await allocate(trx, run.record, -1);
  await moveTicketStock(trx, run.record, ctx.user.userId);
  return { touched: TOUCHED };
}

export const inventoryTicketHooks: EntityHooks = {
  async validate(ctx, change) {
    return ticketLineIssues(icDb(ctx.db), change.next);
  },
  async beforeWrite(_ctx, engineTrx, change) {
    const date = change.next['TicketDate'];
    if (typeof date === 'string' && date !== '') await assertStockYearOpen(icDb(engineTrx), date, 'TicketDate');
  },
  actions: {
    commit: {
      async effect(_ctx, run) {
        const trx = icDb(run.trx);
        await assertStockYearOpen(trx, String(run.record['TicketDate']), 'TicketDate');
        await allocate(trx, run.record, 1);
        return { touched: ['stock_balances'] };
      },
    },
    close: { effect: close },
    cancel: {
      async effect(_ctx, run) {
        if (run.record['Status'] === 'Committed') await allocate(icDb(run.trx), run.record, -1);
        return { touched: ['stock_balances'] };
      },
    },
  },
};
