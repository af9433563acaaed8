/**
 * Sales orders' demo data (issue 26 item 7), filled only where empty, at every start:
 * - setup: the OE integration's COGS-STEEL / COGS-ELECTRICAL and SALES-* rows come with the G/L demo chart
 *   (modules/gl/server/seed.ts); nothing more is needed;
 * - with the demo ledger (config.demoLedger) and an empty sales_orders: orders of the demo customers (B100, B200,
 *   B300 and their ship-tos) in every state — Entered, Committed, Shipped (with lots), Invoiced and Cancelled —
 *   each priced, committed, shipped and invoiced by the same code as the screens (pricing.ts, fulfilment.ts:
 *   the pricing service, the stock ledger with lots, the COGS journal, Receivables' invoice). Products are the
 *   ones the demo stock holds enough of in TOR-01; dates are the last weeks, moved into open periods. Each
 *   order is its own transaction: one the rules refuse (a closed period) is left out, never half made;
 * - then one driver cash-in (half of the first invoiced order paid in cash, posted as an AR receipt applied to its
 *   invoice) and one product return (a unit of the second invoiced order's first line, received back with its lot
 *   and credited by an AR credit note), by the actions' own code (cash-in.ts, returns.ts), and one commission run
 *   over the demo invoices (commissions.ts).
 */
import { mul } from '@erp/shared/decimal';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { SeedConfig } from '@erp/server/modules/part';
import type { SeedDb } from '@erp/server/db/migration-db';
import { decimalFromDb, engineOf } from '@erp/server/db/decimal-codec';
import { insertDocument } from '@erp/modules/po/server/api';
import { salesOrder } from '../documents/sales-order/definition.ts';
import { driverCashIn } from '../definitions/driver-cash-in.ts';
import { productReturn } from '../definitions/product-return.ts';
import { postReceipts } from './cash-in.ts';
import { commissionLines } from './commissions.ts';
import { commissionRun } from '../definitions/commission-run.ts';
import { commitStock, invoiceOrder, shipOrder } from '../documents/sales-order/server/fulfilment.ts';
import { creditReturn, receiveReturn } from './returns.ts';
import { priceOrder } from './pricing.ts';
import { soDb, type SalesOrdersTable, type SoDatabase } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

const ACTOR = 'seed';
const WAREHOUSE = 'TOR-01';
type SoView = Kysely<SoDatabase>;

/** Bill-to, ship-to, final state. */
const ORDERS: readonly [string, string, 'Entered' | 'Committed' | 'Shipped' | 'Invoiced' | 'Cancelled'][] = [
  ['B100', 'S101', 'Invoiced'],
  ['B200', 'S201', 'Invoiced'],
  ['B300', 'S301', 'Invoiced'],
  ['B100', 'S102', 'Invoiced'],
  ['B100', 'B100', 'Shipped'],
  ['B200', 'B200', 'Shipped'],
  ['B300', 'S301', 'Committed'],
  ['B100', 'S101', 'Committed'],
  ['B200', 'S201', 'Entered'],
  ['B100', 'S102', 'Entered'],
  ['B300', 'B300', 'Entered'],
  ['B200', 'B200', 'Cancelled'],
];

async function isEmpty(db: SoView, table: 'gl_accounts' | 'gl_integration' | 'sales_orders'): Promise<boolean> {
  const row = await db.selectFrom(table).select(db.fn.countAll().as('n')).limit(1).executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/** `date`, or the first day after it in an open G/L and A/R period of its year; null when none. */
async function openDate(db: SoView, date: string): Promise<string | null> {
  const period = await db
    .selectFrom('fiscal_periods')
    .select(['start_date'])
    .where('end_date', '>=', date)
    .where('start_date', '<=', `${date.slice(0, 4)}-12-31`)
    .where('closed_gl', '=', 0)
    .where('closed_ar', '=', 0)
    .orderBy('start_date')
    .limit(1)
    .executeTakeFirst();
  if (!period) return null;
  return period.start_date !== null && period.start_date > date ? period.start_date : date;
}

/** Stocked products with at least 40 on hand in the warehouse (enough for every demo order). */
async function stockedProducts(db: SoView): Promise<string[]> {
  const rows = await db
    .selectFrom('stock_balances as b')
    .innerJoin('products as p', 'p.product_id', 'b.product_id')
    .select(['b.product_id as product_id', 'b.on_hand as on_hand', 'b.committed as committed'])
    .where('b.warehouse_id', '=', WAREHOUSE)
    .where('p.is_active', '=', engineOf(db) === 'postgres' ? true : 1)
    .orderBy('b.product_id')
    .execute();
  return rows
    .filter((row) => Number(decimalFromDb(db, row.on_hand, 4) ?? '0') - Number(decimalFromDb(db, row.committed, 4) ?? '0') >= 40)
    .map((row) => row.product_id);
}

async function readOrder(trx: Transaction<SoDatabase>, orderKey: number, record: WireRecord): Promise<WireRecord> {
  const lines = await trx.selectFrom('so_lines').select(['line_id', 'product_id']).where('order_key', '=', orderKey).orderBy('line_id').execute();
  const written = (record['Lines'] as WireRecord[]).map((line, index) => ({ ...line, LineId: lines[index]!.line_id, Lots: [] }));
  return { ...record, OrderKey: orderKey, Lines: written };
}

async function setStatus(trx: Transaction<SoDatabase>, orderKey: number, values: Updateable<SalesOrdersTable>): Promise<void> {
  await trx.updateTable('sales_orders').set(values).where('order_key', '=', orderKey).execute();
}

/**
 * The commission posting's setup (OE-40), on every database: the Sales commissions expense account (6150) and its
 * GL integration row OE COMMISSION-EXPENSE, where the chart and the integration table are filled; with the demo
 * data, a payables vendor for each sales rep without one (`REP-<rep>`), so the demo run can be posted.
 */
async function seedCommissionSetup(db: SoView, demo: boolean): Promise<void> {
  const now = new Date().toISOString();
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  if (!(await isEmpty(db, 'gl_accounts')) && !(await db.selectFrom('gl_accounts').select('account_id').where('account_id', '=', '6150').executeTakeFirst())) {
    await db.insertInto('gl_accounts').values({ account_id: '6150', description: 'Sales commissions', account_type: 'expense', currency_code: 'CAD', is_postable: 1, is_control: 0, is_active: 1, ...trail }).execute();
  }
  const integrated = await db.selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'OE').where('transaction_type', '=', 'COMMISSION-EXPENSE').executeTakeFirst();
  const account = await db.selectFrom('gl_accounts').select('account_id').where('account_id', '=', '6150').executeTakeFirst();
  if (!integrated && account && !(await isEmpty(db, 'gl_integration'))) {
    await db.insertInto('gl_integration').values({ sub_ledger: 'OE', transaction_type: 'COMMISSION-EXPENSE', description: 'Sales commissions (commission runs posted to payables)', account_id: '6150', ...trail }).execute();
  }
  if (!demo) return;
  const reps = await db.selectFrom('sales_reps').select(['sales_rep_id', 'name']).where('vendor_id', 'is', null).execute();
  for (const rep of reps) {
    const firmId = `REP-${rep.sales_rep_id}`.slice(0, 20);
    if (!(await db.selectFrom('firms').select('firm_id').where('firm_id', '=', firmId).executeTakeFirst())) {
      await db
        .insertInto('firms')
        .values({ firm_id: firmId, name: `${String(rep.name)} (commissions)`.slice(0, 100), is_active: 1, is_bill_to: 0, is_ship_to: 0, is_vendor: 1, for_external_users: 0, is_sales_manager: 0, province_code: 'ON', ...trail })
        .execute();
      await db.insertInto('firm_accounts').values({ firm_id: firmId, account_type: 'vendor', ...trail }).execute();
    }
    await db.updateTable('sales_reps').set({ vendor_id: firmId }).where('sales_rep_id', '=', rep.sales_rep_id).execute();
  }
}

export async function seedSalesOrders(seedDb: SeedDb, config: SeedConfig): Promise<void> {
  // The demo orders are made by the screens' own code, on Sales Orders' view of the seed connection.
  const db = soDb(seedDb);
  await seedCommissionSetup(db, config.demoLedger);
  if (!config.demoLedger || !(await isEmpty(db, 'sales_orders'))) return;
  const products = await stockedProducts(db);
  if (products.length < 3) return;
  const today = new Date().toISOString().slice(0, 10);
  for (const [index, [billToId, shipToId, state]] of ORDERS.entries()) {
    const day = new Date(Date.now() - (ORDERS.length - index) * 2 * 86_400_000).toISOString().slice(0, 10);
    const date = await openDate(db, day);
    if (!date || date > today) continue;
    const picked = [0, 1].map((n) => products[(index * 2 + n) % products.length]!);
    const lines = picked.map((productId, n) => ({ ProductId: productId, Quantity: `${2 + ((index + n) % 4)}.0000`, OverridePrice: null, Lots: [] }));
    try {
      await db.transaction().execute(async (trx) => {
        const record: WireRecord = { OrderType: index % 5 === 4 ? 'TA' : 'Regular', Channel: 'Desk', Status: 'Entered', OrderDate: date, BillToId: billToId, ShipToId: shipToId, WarehouseId: WAREHOUSE, DeliveryDate: date, Lines: lines };
        const priced = await priceOrder(trx, record, null, null);
        const now = new Date().toISOString();
        const written = await insertDocument(trx, salesOrder, { ...record, ...priced.header, Lines: priced.lines }, ACTOR, now);
        const key = Number(written['OrderKey']);
        const order = await readOrder(trx, key, { ...record, ...priced.header, OrderNo: written['OrderNo'], Lines: priced.lines });
        if (state === 'Entered') return;
        if (state === 'Cancelled') return setStatus(trx, key, { status: 'Cancelled' });
        await commitStock(trx, order, 1);
        if (state === 'Committed') return setStatus(trx, key, { status: 'Committed' });
        const shipped = await shipOrder(trx, order, date, ACTOR);
        if (state === 'Shipped') return setStatus(trx, key, { status: 'Shipped', ship_date: date, journal_id: shipped.journalId });
        // Invoiced as the desk invoices it: every line shipped whole, at the price the save set.
        const shippedLines = (order['Lines'] as WireRecord[]).map((line) => ({
          ProductId: String(line['ProductId']),
          Description: typeof line['Description'] === 'string' ? line['Description'] : null,
          Quantity: String(line['Quantity']),
          QuantityShipped: String(line['Quantity']),
          UnitPrice: String(line['UnitPrice']),
        }));
        const invoice = await invoiceOrder(trx, { OrderKey: key, OrderNo: String(written['OrderNo']), BillToId: billToId, ShipToId: shipToId, TermsCode: typeof order['TermsCode'] === 'string' ? order['TermsCode'] : null, CustomerPo: null, Lines: shippedLines }, date, ACTOR);
        await setStatus(trx, key, { status: 'Invoiced', ship_date: date, journal_id: shipped.journalId, invoice_id: invoice.invoiceId, invoice_no: invoice.documentNo });
      });
    } catch {
      // A refused order (a closed period, too little stock) is left out: the demo needs no half-made order.
    }
  }
  await seedAfterSales(db);
}

/** One posted driver cash-in and one credited product return (module header). */
async function seedAfterSales(db: SoView): Promise<void> {
  const invoiced = await db.selectFrom('sales_orders').selectAll().where('status', '=', 'Invoiced').orderBy('order_key').limit(2).execute();
  const bank = await db.selectFrom('bank_accounts').select('bank_account_id').where('bank_account_id', '=', 'OPERATING').executeTakeFirst();
  const now = new Date().toISOString();
  const first = invoiced[0];
  if (first && bank) {
    try {
      await db.transaction().execute(async (trx) => {
        const total = decimalFromDb(trx, first.total, 2) ?? '0.00';
        const paid = mul(total, '0.5', 2);
        const line = { OrderKey: first.order_key, OrderNo: first.order_no, BillToId: first.bill_to_id, InvoiceNo: first.invoice_no, OrderTotal: total, AmountPaid: paid, PaymentId: (await trx.selectFrom('forms_of_payment').select('payment_id').where('payment_id', '=', 'CASH').executeTakeFirst()) ? 'CASH' : null };
        const written = await insertDocument(trx, driverCashIn, { CashInDate: first.ship_date, Driver: 'Marc Tremblay', BankAccountId: 'OPERATING', Status: 'Posted', Notes: null, TotalPaid: paid, Lines: [line] }, ACTOR, now);
        const receipts = await postReceipts(trx, written, written['Lines'] as WireRecord[], ACTOR);
        await trx.updateTable('so_cash_in_lines').set({ receipt_no: receipts.get(String(first.bill_to_id)) ?? null }).where('cash_in_id', '=', Number(written['CashInId'])).execute();
      });
    } catch {
      // A closed A/R period: no demo cash-in.
    }
  }
  const dates = await db.selectFrom('ar_invoices as i').innerJoin('sales_orders as o', 'o.invoice_id', 'i.invoice_id').select((eb) => [eb.fn.min('i.invoice_date').as('first'), eb.fn.max('i.invoice_date').as('last')]).executeTakeFirst();
  if (dates?.first) {
    await db.transaction().execute(async (trx) => {
      const run = { runId: null, start: String(dates.first), end: String(dates.last), salesRep: null, assigned: null };
      const { lines, total } = await commissionLines(trx, run);
      if (lines.length > 0) await insertDocument(trx, commissionRun, { StartDate: run.start, EndDate: run.end, Status: 'Calculated', Notes: null, Total: total, Lines: lines }, ACTOR, now);
    });
  }
  const second = invoiced[1];
  if (!second) return;
  try {
    await db.transaction().execute(async (trx) => {
      const orderLine = await trx.selectFrom('so_lines').selectAll().where('order_key', '=', second.order_key).orderBy('line_id').limit(1).executeTakeFirst();
      if (!orderLine) return;
      const lot = await trx.selectFrom('so_line_lots').select('lot_no').where('line_id', '=', orderLine.line_id).limit(1).executeTakeFirst();
      const price = decimalFromDb(trx, orderLine.unit_price, 4) ?? '0.0000';
      const line = {
        ProductId: orderLine.product_id,
        Quantity: '1.0000',
        UnitPrice: price,
        UnitCost: decimalFromDb(trx, orderLine.unit_cost, 4),
        Amount: mul('1', price, 2),
        Lots: lot ? [{ LotNo: lot.lot_no, Quantity: '1.0000' }] : [],
      };
      const header = { ReturnDate: second.ship_date, OrderKey: second.order_key, OrderNo: second.order_no, BillToId: second.bill_to_id, WarehouseId: second.warehouse_id, Reason: 'Damaged in transit', Status: 'Credited', Total: line.Amount, Lines: [line] };
      const written = await insertDocument(trx, productReturn, header, ACTOR, now);
      const received = await receiveReturn(trx, written, ACTOR);
      const credited = await creditReturn(trx, written, undefined, ACTOR);
      await trx
        .updateTable('so_returns')
        .set({ journal_id: received.set.JournalId, credit_note_id: credited.set.CreditNoteId, credit_note_no: credited.set.CreditNoteNo })
        .where('return_id', '=', Number(written['ReturnId']))
        .execute();
    });
  } catch {
    // A closed period: no demo return.
  }
}
