/**
 * A sales order's shipments among its related documents (issue 40 item 3: each document flows into the next).
 * A shipment is no document of its own: the order's `ship` writes its stock ledger movements out (voucher
 * `sales-order`, the order's key; fulfilment.ts), and reverses them when the shipment is undone. Each date the
 * order's stock left is one shipment, numbered after the order (SO000123-1, SO000123-2 …), its state Shipped or
 * Reversed. Read with the caller's rights on the order (the related route checks them first).
 */
import { registerRelatedSource } from '@erp/server/documents-flow/related';
import { soDb } from '../../../server/tables.generated.ts';
import { salesOrder } from '../definition.ts';

// `stock_ledger`: Inventory's migration table (modules/ic/server/migration-tables.ts), typed in SoDatabase.

registerRelatedSource(salesOrder.name, async (ctx, record) => {
  const orderKey = record['OrderKey'];
  if (orderKey === null || orderKey === undefined) return null;
  const rows = await soDb(ctx.db)
    .selectFrom('stock_ledger as s')
    .leftJoin('stock_ledger as r', 'r.reversal_of', 's.entry_id')
    .select(['s.movement_date as movement_date', (eb) => eb.fn.count('r.entry_id').as('reversed')])
    .where('s.voucher_type', '=', salesOrder.name)
    .where('s.voucher_id', '=', String(orderKey))
    .where('s.reversal_of', 'is', null)
    .groupBy('s.movement_date')
    .orderBy('s.movement_date')
    .execute();
  const number = String(record['OrderNo'] ?? orderKey);
  return {
    Entity: 'so-shipment',
    LabelKey: 'so:sales-order.related.shipments',
    // The movements are read on the stock reports (lot number tracking), not a document screen.
    Screen: null,
    Direction: 'down',
    Items: rows.map((row, index) => ({ Id: `${String(orderKey)}-${index + 1}`, Number: `${number}-${index + 1}`, State: Number(row.reversed) > 0 ? 'Reversed' : 'Shipped' })),
  };
});
