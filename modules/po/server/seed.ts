/**
 * Purchasing's demo data (issue 23 item 5), filled only where empty, at every start:
 * - setup: the PO rows of the GL integration (RECEIPT-ACCRUAL → 2110 goods received not invoiced, FREIGHT-ACCRUAL →
 *   2320 accrued freight, each added to a chart that lacks it; RECEIPT-VARIANCE → 5400 inventory adjustments) when
 *   the integration already has rows; the over-receipt tolerance (configuration PO_OVER_RECEIPT_PERCENT, 5 %);
 * - vendors with their payable (vendor) accounts: five active mills and distributors and one closed vendor;
 * - with the demo ledger (config.demoLedger) and an empty purchase_orders: 36 purchase orders of the current
 *   year in every state — Open, Partially received, Received, Closed (short) and Cancelled — each received
 *   through real receipts posted by the `post` action's own code (receipt-posting.ts: stock ledger, IC journal
 *   with GRNI and accrued freight, coils with their heats for coil and sheet products), plus an Open receipt
 *   waiting for its lots. Dates fall in open G/L periods of the current year; when none do, no orders are made.
 */
import { mul, round } from '@erp/shared/decimal';
import { DEMO_PRODUCTS } from '@erp/modules/ic/server/api';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { Transaction } from 'kysely';
import type { MigrationTables, SeedDb } from '@erp/server/db/migration-db';
import type { SeedConfig } from '@erp/server/modules/part';
import { poReceipt } from '../definitions/po-receipt.ts';
import { purchaseOrder } from '../definitions/purchase-order.ts';
import { insertDocument } from './documents.ts';
import { OVER_RECEIPT_CONTROL, truthy } from './receipt-data.ts';
import { FREIGHT_ACCRUAL, GRNI, postReceipt, RECEIPT_VARIANCE } from './receipt-posting.ts';
import { costLines } from './receipts.ts';
import { poDb } from './tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

const ACTOR = 'seed';
const INTEGRATION: readonly [string, string, string][] = [
  [GRNI, 'Received, not invoiced', '2110'],
  [FREIGHT_ACCRUAL, 'Freight on receipts, not invoiced', '2320'],
  [RECEIPT_VARIANCE, 'Receipt cost rounding', '5400'],
];

/** The liabilities Purchasing posts, added to a chart without them (GRNI apart from 2300's month-end accruals). */
const OWN_ACCOUNTS: readonly [string, string][] = [
  ['2110', 'Goods received not invoiced'],
  ['2320', 'Accrued freight'],
];

/** Vendor id, name, city, province, terms, active, what it sells (product id prefixes). */
const VENDORS: readonly [string, string, string, string, string, boolean, readonly string[]][] = [
  ['V100', 'Lakeshore Steel Mills Inc.', 'Hamilton', 'ON', 'NET30', true, ['COIL-HR', 'COIL-CR', 'HRS-', 'CRS-', 'PL-', 'BAR-', 'ANGLE-', 'CHAN-', 'BEAM-']],
  ['V200', 'Laurentide Aluminium Ltée', 'Saguenay', 'QC', 'NET30', true, ['COIL-AL', 'AL', 'BAR-AL']],
  ['V300', 'Fraser Wire & Cable Ltd.', 'Surrey', 'BC', 'NET60', true, ['WIRE-']],
  ['V400', 'Rideau Electrical Supply Co.', 'Ottawa', 'ON', 'NET15', true, ['FIT-', 'EL-']],
  ['V500', 'Cascade Stainless & Coated Corp.', 'Burnaby', 'BC', 'NET30', true, ['COIL-SS', 'COIL-GALV', 'SS', 'GALV-', 'TUBE-', 'PIPE-']],
  ['V900', 'Boreal Metals Supply (closed)', 'Sudbury', 'ON', 'COD', false, []],
];

/** Where a vendor's remittances go (issue 71 item 2: the purchasing day e-mails its payment's remittance to V100). */
const VENDOR_EMAIL: Readonly<Record<string, string>> = { V100: 'receivables@lakeshore-steel.example' };

/** The mill heat of each material (modules/ic coil demo). */
const HEAT_OF: Readonly<Record<string, string>> = { Carbon: 'A24-61873', Galvanized: 'S4-228815', Aluminum: 'N9K-40417', Stainless: 'OT-735120' };

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(db.fn.countAll().as('n')).limit(1).executeTakeFirst().then((r) => Number(r?.['n'] ?? 0))) === 0;
}

async function seedSetup(db: SeedDb, now: string): Promise<void> {
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  if (!(await isEmpty(db, 'gl_accounts'))) {
    for (const [id, description] of OWN_ACCOUNTS) {
      const has = await db.selectFrom('gl_accounts').select('account_id').where('account_id', '=', id).executeTakeFirst();
      if (!has) await db.insertInto('gl_accounts').values({ account_id: id, description, account_type: 'liability', currency_code: 'CAD', is_postable: 1, is_control: 0, is_active: 1, ...trail }).execute();
    }
  }
  if (!(await isEmpty(db, 'gl_integration'))) {
    for (const [type, description, account] of INTEGRATION) {
      const present = await db.selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'PO').where('transaction_type', '=', type).executeTakeFirst();
      const exists = await db.selectFrom('gl_accounts').select('account_id').where('account_id', '=', account).executeTakeFirst();
      if (!present && exists) await db.insertInto('gl_integration').values({ sub_ledger: 'PO', transaction_type: type, description, account_id: account, ...trail }).execute();
    }
  }
  const control = await db.selectFrom('configurations').select('control_id').where('control_id', '=', OVER_RECEIPT_CONTROL).executeTakeFirst();
  if (!control) await db.insertInto('configurations').values({ control_id: OVER_RECEIPT_CONTROL, control_value: '5', description: 'Purchasing: over-receipt tolerance, percent of the ordered quantity', ...trail }).execute();
  for (const [id, name, city, province, terms, active] of VENDORS) {
    if (await db.selectFrom('firms').select('firm_id').where('firm_id', '=', id).executeTakeFirst()) continue;
    const terms_ = (await db.selectFrom('ar_account_terms').select('terms_code').where('terms_code', '=', terms).executeTakeFirst()) ? terms : null;
    await db
      .insertInto('firms')
      .values({ firm_id: id, name, is_active: active ? 1 : 0, is_bill_to: 0, is_ship_to: 0, is_vendor: 1, for_external_users: 0, is_sales_manager: 0, account_terms: terms_, city, province_code: province, email: VENDOR_EMAIL[id] ?? null, ...trail })
      .execute();
    await db.insertInto('firm_accounts').values({ firm_id: id, account_type: 'vendor', ...trail }).execute();
  }
}

interface DemoProduct {
  id: string;
  uom: string;
  lot: boolean;
  material: string | null;
  weight: string;
  price: string;
}

/** The first day ≥ `date` in an open G/L period of its year, or null. */
async function openDate(trx: Transaction<MigrationTables>, date: string): Promise<string | null> {
  const period = (await trx
    .selectFrom('fiscal_periods')
    .select(['start_date'])
    .where('end_date', '>=', date)
    .where('start_date', '<=', `${date.slice(0, 4)}-12-31`)
    .where('closed_gl', '=', 0)
    .orderBy('start_date')
    .limit(1)
    .executeTakeFirst()) as { start_date: string } | undefined;
  if (!period) return null;
  return period.start_date > date ? period.start_date : date;
}

function orderedQuantity(product: DemoProduct, n: number): string {
  const base = product.uom === 'KG' ? 16000 : product.uom === 'M' ? 1200 : product.uom === 'FT' ? 600 : 60;
  return `${base + (n % 4) * (base / 4)}.0000`;
}

/** Lots of a received quantity: coils of about 8,000 kg, bundles of 20, else one lot. */
function lotsFor(product: DemoProduct, quantity: string, prefix: string): WireRecord[] {
  if (!product.lot) return [];
  const whole = Number(quantity.split('.')[0]);
  const piece = product.uom === 'KG' ? 8000 : product.uom === 'EA' ? 20 : whole;
  const lots: WireRecord[] = [];
  for (let left = whole, n = 1; left > 0; n++) {
    const take = Math.min(piece, left);
    left -= take;
    const heat = product.material ? (HEAT_OF[product.material] ?? null) : null;
    const coil = product.material !== null;
    lots.push({
      LotNo: `${prefix}-${n}`,
      Quantity: `${take}.0000`,
      HeatNo: heat,
      ...(coil ? { ManufacturerCoilNo: `M${prefix}-${n}`, CoilWeight: product.uom === 'KG' ? `${take}.0000` : round(mul(`${take}`, product.weight, 4), 4) } : {}),
    });
  }
  return lots;
}

async function seedOrders(trx: Transaction<MigrationTables>, now: string): Promise<void> {
  const rows = (await trx
    .selectFrom('products')
    .select(['product_id', 'unit_of_measure', 'track_lot', 'material_type', 'weight_per_unit'])
    .where('track_inventory', '=', 1)
    .where('is_active', '=', 1)
    .orderBy('product_id')
    .execute()
    .catch(() => []));
  if (rows.length === 0) return;
  const heats = new Set((await trx.selectFrom('heat_numbers').select('heat_no').execute()).map((r) => String(r['heat_no'])));
  const prices = new Map(DEMO_PRODUCTS.map((p) => [p.id, p.price]));
  const products: DemoProduct[] = rows
    .map((r) => ({
      id: String(r['product_id']),
      uom: String(r['unit_of_measure'] ?? 'EA'),
      lot: truthy(r['track_lot']),
      material: r['material_type'] ? String(r['material_type']) : null,
      weight: decimalFromDb(trx, r['weight_per_unit'], 4) ?? '0.0000',
      price: prices.get(String(r['product_id'])) ?? '10.00',
    }))
    // A coil or sheet product needs its material's heat.
    .filter((p) => !p.lot || p.material === null || heats.has(HEAT_OF[p.material] ?? ''));
  const year = now.slice(0, 4);
  const months = await Promise.all(Array.from({ length: 10 }, (_, i) => openDate(trx, `${year}-${String(i + 1).padStart(2, '0')}-05`)));
  const dates = months.filter((d): d is string => d !== null);
  if (dates.length === 0) return;
  const vendors = VENDORS.filter(([, , , , , active]) => active);
  for (let n = 0; n < 36; n++) {
    const [vendorId, vendorName, , , terms, , prefixes] = vendors[n % vendors.length]!;
    const own = products.filter((p) => prefixes.some((prefix) => p.id.startsWith(prefix)));
    if (own.length === 0) continue;
    const picked = [0, 1, 2].slice(0, 2 + (n % 2)).map((k) => own[(n * 3 + k * 5) % own.length]!);
    const unique = [...new Map(picked.map((p) => [p.id, p])).values()];
    const orderDate = dates[n % dates.length]!;
    const kind = n % 6; // 0, 1 Open; 2 partially received; 3 received; 4 closed short; 5 cancelled
    // MTL-01 is mid-count in the demo (IC's count seed): nothing moves there, so its orders are the ones not received.
    const warehouse = kind === 0 || kind === 5 ? 'MTL-01' : 'TOR-01';
    const order = await insertDocument(
      trx,
      purchaseOrder,
      {
        OrderDate: orderDate,
        Status: 'Open',
        Receivable: true,
        VendorId: vendorId,
        VendorName: vendorName,
        BillToId: warehouse === 'MTL-01' ? 'MTL' : 'TOR',
        ShipToId: warehouse,
        ShipVia: n % 2 === 0 ? 'Vendor truck' : 'Manitoulin Transport',
        Eta: orderDate,
        Container: n % 5 === 0 ? `MSKU${String(4410000 + n * 17)}` : null,
        TermsCode: terms,
        DiscountPercent: n % 4 === 0 ? '2.00' : '0.00',
        Surcharge: unique.some((p) => p.material) ? '125.00' : '0.00',
        Shipping: '0.00',
        Lines: unique.map((p, k) => ({ ProductId: p.id, QuantityOrdered: orderedQuantity(p, n + k), UnitPrice: round(mul(p.price, '0.70', 6), 4), QuantityReceived: '0.0000', QuantityInvoiced: '0.0000' })),
      },
      ACTOR,
      now,
    );
    const lines = order['Lines'] as WireRecord[];
    const receive = async (share: 'half' | 'all', status: 'Open' | 'Posted', day: string) => {
      const receiptLines = lines.map((line, k) => {
        const product = unique[k]!;
        const ordered = String(line['QuantityOrdered']);
        const quantity = share === 'all' ? ordered : `${Math.max(1, Math.floor(Number(ordered.split('.')[0]) / 2))}.0000`;
        return { ProductId: product.id, QuantityReceived: quantity, UnitCost: line['UnitPrice'], PoLineId: line['LineId'], Lots: status === 'Posted' ? lotsFor(product, quantity, `R${String(n).padStart(2, '0')}${share === 'all' ? 'B' : 'A'}${k}`) : [] };
      });
      const totalCost = costLines(receiptLines);
      const receipt = await insertDocument(
        trx,
        poReceipt,
        {
          TotalCost: totalCost,
          Status: 'Open',
          PoId: order['PoId'],
          PoNo: order['PoNo'],
          VendorId: vendorId,
          WarehouseId: warehouse,
          ReceiptDate: day,
          PackingSlip: `PS-${4000 + n}`,
          Waybill: `WB${70000 + n * 13}`,
          Carrier: String(order['ShipVia']),
          Skids: 2 + (n % 5),
          Boxes: n % 3,
          Inspected: status === 'Posted',
          Freight: n % 3 === 0 ? '0.00' : `${180 + (n % 7) * 45}.00`,
          Lines: receiptLines,
        },
        ACTOR,
        now,
      );
      if (status === 'Posted') {
        const { journalId } = await postReceipt(poDb(trx), receipt, ACTOR);
        await trx.updateTable('po_receipts').set({ status: 'Posted', journal_id: journalId }).where('receipt_id', '=', Number(receipt['ReceiptId'])).execute();
      }
    };
    const later = dates[Math.min(dates.length - 1, (n % dates.length) + 1)]!;
    if (kind === 2) await receive('half', 'Posted', later);
    if (kind === 3) await receive('all', 'Posted', later);
    if (kind === 4) {
      await receive('half', 'Posted', later);
      await trx.updateTable('purchase_orders').set({ status: 'Closed', receivable: 0 }).where('po_id', '=', Number(order['PoId'])).execute();
    }
    if (kind === 5) await trx.updateTable('purchase_orders').set({ status: 'Cancelled', receivable: 0 }).where('po_id', '=', Number(order['PoId'])).execute();
    // One partially received order has its second receipt open, waiting for the lots.
    if (n === 8) await receive('half', 'Open', later);
  }
}

export async function seedPurchasing(db: SeedDb, config: SeedConfig, now: string = new Date().toISOString()): Promise<void> {
  await seedSetup(db, now);
  if (!config.demoLedger || !(await isEmpty(db, 'purchase_orders'))) return;
  await db.transaction().execute((trx) => seedOrders(trx, now));
}

