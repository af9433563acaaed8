/**
 * Demo stock (issue 15 item 9; only with config.demoLedger, only while stock_ledger is empty and the
 * catalogue exists): stock in two warehouses built up by real inventory tickets closed through the same code
 * as the Close action (tickets.ts moveTicketStock → ledger.ts recordMovements → the posting service), so the
 * balances, lots, average and last costs, the IC journals and the ledger agree as they would for a user:
 * - TOR-01: an opening-stock receipt of every stock-tracked product (January), a purchase of the steel at a
 *   higher cost (March: average ≠ last cost), a consumption issue and a count adjustment;
 * - MTL-01: an opening-stock receipt of every other product and a transfer from Toronto;
 * - a Committed issue (allocated: stock status shows it as committed) and a Pending receipt to show the states.
 * Lot-tracked products get lot numbers (`<yymm>-<n>`). Dates are in the current fiscal year's open periods;
 * when no open period holds them, nothing is seeded. Costs: 68 % (opening) and 72 % (purchase) of the LIST price.
 * Their IC journals (with the work orders', ../production/seed.ts) are the only postings to the inventory
 * accounts, so each account's balance is the stock value of its classes (the GL demo posts none): the
 * Opening receipts against retained earnings (IC TICKET-OPENING), the Purchase receipt against goods received
 * not invoiced (TICKET-PURCHASE), the others against ADJUSTMENT (gl/seed.ts).
 */
import { computeRecord } from '@erp/shared/entities/compute';
import { mul, round } from '@erp/shared/decimal';
import { inventoryTicket, INVENTORY_TICKET_SEQUENCE } from '../../definitions/stock/inventory-ticket.ts';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { nextNumber } from '@erp/server/entities/numbering';
import type { Transaction } from 'kysely';
import type { MigrationTables, SeedDb } from '@erp/server/db/migration-db';
import { allocate, moveTicketStock } from './tickets.ts';
import { icDb } from '../tables.generated.ts';

/** A transaction of the seed view: the tickets' rows written by table name, as the generic service would. */
type SeedTransaction = Transaction<MigrationTables>;

const ACTOR = 'seed';

interface SeedProduct {
  id: string;
  lot: boolean;
  uom: string;
  price: string;
  steel: boolean;
}

type Line = { ProductId: string; Quantity: string; UnitCost: string | null; Reason: string | null; Lots: { LotNo: string; Quantity: string }[] };

function quantity(product: SeedProduct, factor: number): string {
  const base = product.uom === 'KG' ? 12000 : product.uom === 'M' ? 1500 : product.uom === 'FT' ? 800 : 40;
  return `${Math.max(1, Math.round(base * factor))}.0000`;
}

function line(product: SeedProduct, qty: string, cost: string | null, lotPrefix: string, reason: string | null = null): Line {
  const lots = product.lot
    ? (() => {
        // Two lots when the quantity splits evenly, else one.
        const whole = Number(qty.split('.')[0]);
        if (whole >= 2 && whole % 2 === 0) {
          const half = `${whole / 2}.0000`;
          return [
            { LotNo: `${lotPrefix}-1`, Quantity: half },
            { LotNo: `${lotPrefix}-2`, Quantity: half },
          ];
        }
        return [{ LotNo: `${lotPrefix}-1`, Quantity: qty }];
      })()
    : [];
  return { ProductId: product.id, Quantity: qty, UnitCost: cost, Reason: reason, Lots: lots };
}

/** Writes a ticket's rows (as the generic service would) and answers its record in wire form. */
async function insertTicket(trx: SeedTransaction, header: Record<string, unknown>, lines: Line[], status: string, now: string): Promise<Record<string, unknown>> {
  const ticketNo = await nextNumber(trx, INVENTORY_TICKET_SEQUENCE, { prefix: 'IT', description: inventoryTicket.name });
  const computed = computeRecord(inventoryTicket, { ...header, Lines: lines }) as Record<string, unknown> & { Lines: (Line & { ExtendedCost: string })[] };
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  const [row] = (await trx
    .insertInto('inventory_tickets')
    .values({
      ticket_no: ticketNo,
      ticket_date: header['TicketDate'],
      status,
      warehouse_id: header['WarehouseId'],
      ticket_type: header['TicketType'],
      sub_type: header['SubType'],
      to_warehouse_id: header['ToWarehouseId'] ?? null,
      notes: header['Notes'] ?? null,
      total_quantity: decimalToDb(trx, String(computed['TotalQuantity']), 4),
      total_cost: decimalToDb(trx, String(computed['TotalCost']), 2),
      ...trail,
    })
    .returning('ticket_id')
    .execute()) as { ticket_id: number | string }[];
  const ticketId = Number(row!.ticket_id);
  const wireLines: Record<string, unknown>[] = [];
  for (const l of computed.Lines) {
    const [inserted] = (await trx
      .insertInto('inventory_ticket_lines')
      .values({
        ticket_id: ticketId,
        product_id: l.ProductId,
        quantity: decimalToDb(trx, l.Quantity, 4),
        unit_cost: l.UnitCost === null ? null : decimalToDb(trx, l.UnitCost, 4),
        extended_cost: decimalToDb(trx, l.ExtendedCost, 2),
        reason: l.Reason,
      })
      .returning('line_id')
      .execute()) as { line_id: number | string }[];
    const lineId = Number(inserted!.line_id);
    if (l.Lots.length > 0) {
      await trx
        .insertInto('inventory_ticket_lots')
        .values(l.Lots.map((lot) => ({ line_id: lineId, lot_no: lot.LotNo, quantity: decimalToDb(trx, lot.Quantity, 4) })))
        .execute();
    }
    wireLines.push({ ...l, LineId: lineId });
  }
  return { ...header, TicketId: ticketId, TicketNo: ticketNo, Status: status, Lines: wireLines };
}

/** The first day ≥ `date` in an open G/L period of the year, or null. */
async function openDate(trx: SeedTransaction, date: string): Promise<string | null> {
  const period = (await trx
    .selectFrom('fiscal_periods')
    .select(['start_date', 'end_date'])
    .where('end_date', '>=', date)
    .where('start_date', '<=', `${date.slice(0, 4)}-12-31`)
    .where('closed_gl', '=', 0)
    .orderBy('start_date')
    .limit(1)
    .executeTakeFirst()) as { start_date: string; end_date: string } | undefined;
  if (!period) return null;
  return period.start_date > date ? period.start_date : date;
}

export async function seedStock(db: SeedDb, prices: ReadonlyMap<string, string>, now: string = new Date().toISOString()): Promise<void> {
  const empty = (await db.selectFrom('stock_ledger').select('entry_id').limit(1).executeTakeFirst()) === undefined;
  if (!empty) return;
  const rows = (await db
    .selectFrom('products as p')
    .leftJoin('product_classes as c', 'c.class_id', 'p.class_id')
    .select(['p.product_id', 'p.track_lot', 'p.unit_of_measure', 'c.inventory_account'])
    .where('p.track_inventory', '=', 1)
    .where('p.is_active', '=', 1)
    .orderBy('p.product_id')
    .execute()) as { product_id: string; track_lot: unknown; unit_of_measure: string | null; inventory_account: string | null }[];
  const warehouses = (await db.selectFrom('warehouses').select('warehouse_id').where('warehouse_id', 'in', ['TOR-01', 'MTL-01']).execute()) as { warehouse_id: string }[];
  if (rows.length === 0 || warehouses.length < 2) return;
  const products: SeedProduct[] = rows.map((r) => ({
    id: r.product_id,
    lot: r.track_lot === true || r.track_lot === 1 || r.track_lot === '1',
    uom: r.unit_of_measure ?? 'EA',
    price: prices.get(r.product_id) ?? '10.00',
    steel: r.inventory_account !== 'INVENTORY-ELECTRICAL',
  }));
  const year = now.slice(0, 4);
  await db.transaction().execute(async (trx) => {
    const dates = await Promise.all(['01-15', '03-10', '05-20', '07-08', '09-15', '10-20'].map((md) => openDate(trx, `${year}-${md}`)));
    if (dates.some((d) => d === null)) return;
    const [opening, purchase, issueDate, countDate, transferDate, openDay] = dates as [string, string, string, string, string, string];
    const cost = (p: SeedProduct, share: string) => round(mul(p.price, share, 6), 4);
    const close = async (header: Record<string, unknown>, lines: Line[]) => moveTicketStock(icDb(trx), await insertTicket(trx, header, lines, 'Closed', now), ACTOR);

    const toronto = products;
    const montreal = products.filter((_, index) => index % 2 === 0);
    await close(
      { TicketDate: opening, WarehouseId: 'TOR-01', TicketType: 'Receipt', SubType: 'Opening', Notes: 'Opening stock, Toronto' },
      toronto.map((p) => line(p, quantity(p, 1), cost(p, '0.68'), `T${opening.slice(2, 4)}${opening.slice(5, 7)}`)),
    );
    await close(
      { TicketDate: opening, WarehouseId: 'MTL-01', TicketType: 'Receipt', SubType: 'Opening', Notes: 'Opening stock, Montréal' },
      montreal.map((p) => line(p, quantity(p, 0.5), cost(p, '0.68'), `M${opening.slice(2, 4)}${opening.slice(5, 7)}`)),
    );
    await close(
      { TicketDate: purchase, WarehouseId: 'TOR-01', TicketType: 'Receipt', SubType: 'Purchase', Notes: 'Mill shipment, price increase' },
      toronto.filter((p) => p.steel).map((p) => line(p, quantity(p, 0.5), cost(p, '0.72'), `T${purchase.slice(2, 4)}${purchase.slice(5, 7)}`)),
    );
    const consumed = toronto.filter((p, index) => !p.lot && index % 3 === 0);
    if (consumed.length > 0) {
      await close(
        { TicketDate: issueDate, WarehouseId: 'TOR-01', TicketType: 'Issue', SubType: 'Consumption', Notes: 'Shop consumption' },
        consumed.map((p) => line(p, quantity(p, 0.1), null, '', 'Shop floor')),
      );
    }
    const counted = toronto.filter((p) => !p.lot).slice(0, 3);
    if (counted.length > 0) {
      await close(
        { TicketDate: countDate, WarehouseId: 'TOR-01', TicketType: 'Adjustment', SubType: 'Count', Notes: 'Cycle count differences' },
        counted.map((p, index) => line(p, index % 2 === 0 ? '-2.0000' : '3.0000', index % 2 === 0 ? null : cost(p, '0.70'), '', 'Cycle count')),
      );
    }
    const moved = toronto.filter((p) => !p.lot).slice(3, 6);
    if (moved.length > 0) {
      await close(
        { TicketDate: transferDate, WarehouseId: 'TOR-01', TicketType: 'Transfer', SubType: 'Relocation', ToWarehouseId: 'MTL-01', Notes: 'Replenish Montréal' },
        moved.map((p) => line(p, quantity(p, 0.1), null, '', 'Replenishment')),
      );
    }
    // Two open tickets: one Committed (allocated), one Pending.
    const open = toronto.filter((p) => !p.lot).slice(6, 8);
    if (open.length === 2) {
      const committed = await insertTicket(trx, { TicketDate: openDay, WarehouseId: 'TOR-01', TicketType: 'Issue', SubType: 'Sample', Notes: 'Samples for a customer visit' }, [line(open[0]!, '2.0000', null, '', 'Samples')], 'Committed', now);
      await allocate(icDb(trx), committed, 1);
      await insertTicket(trx, { TicketDate: openDay, WarehouseId: 'MTL-01', TicketType: 'Receipt', SubType: 'Return', Notes: 'Customer return, to inspect' }, [line(open[1]!, '1.0000', cost(open[1]!, '0.70'), '', 'Returned')], 'Pending', now);
    }
  });
}
