/**
 * Demo product masters and catalogue (issue 15 item 9), seeded at every start into the tables that are still
 * empty (like the GL chart; never overwrites what users changed), whatever `demoLedger` says — products are
 * masters. In one transaction per table group, with the §3 trail of the `seed` actor:
 * - product classes (with the GL integration key of their inventory account: steel classes
 *   INVENTORY-STEEL → 1200, electrical classes INVENTORY-ELECTRICAL → 1210), groups, types, product grades,
 *   material grades and specifications;
 * - the catalogue of ./seed-data.ts (72 products, kits and assemblies with their BoMs);
 * - price tables (product-price, modules/ic/definitions/products/product-price.ts):
 *   LIST — Each, every product, one open range (the portal's catalogue price);
 *   CONTRACTOR — Each, 5 % (metals) or 8 % (electrical) below LIST, expiring 2026-12-31;
 *   WHOLESALE — Discount, 10 % (metals) or 15 % (electrical) off LIST;
 *   VOLUME — Each, quantity breaks on wire (305 m: −6 %, 1000 m: −12 %) and coils (5000 kg: −4 %);
 *   MILL — Cwt, sheet and plate priced per hundredweight of theoretical weight.
 */
import { cmp, div, isZero, mul, round } from '@erp/shared/decimal';
import { sql } from 'kysely';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import type { SeedDb } from '@erp/server/db/migration-db';
import { DEMO_PRODUCTS, type DemoProduct } from './seed-data.ts';

const ACTOR = 'seed';
const ELECTRICAL_CLASSES = new Set(['WIRE', 'FITTINGS', 'ELECTRICAL']);
/** 100 lb in kg. */
const CWT_KG = '45.359237';

export const DEMO_CLASSES: readonly [string, string, string][] = [
  ['SHEET', 'Sheet and plate', 'INVENTORY-STEEL'],
  ['COIL', 'Coils', 'INVENTORY-STEEL'],
  ['BAR', 'Bar: flat, round, square, hex', 'INVENTORY-STEEL'],
  ['STRUCT', 'Structural shapes: angle, channel, beam', 'INVENTORY-STEEL'],
  ['PIPE', 'Pipe and tube', 'INVENTORY-STEEL'],
  ['FAB', 'Fabricated assemblies', 'INVENTORY-STEEL'],
  ['WIRE', 'Wire and cable', 'INVENTORY-ELECTRICAL'],
  ['FITTINGS', 'Conduit fittings', 'INVENTORY-ELECTRICAL'],
  ['ELECTRICAL', 'Electrical supplies', 'INVENTORY-ELECTRICAL'],
  ['SERVICE', 'Processing services', 'INVENTORY-STEEL'],
];
const GROUPS: readonly [string, string][] = [
  ['STEEL', 'Carbon steel'],
  ['STAINLESS', 'Stainless steel'],
  ['ALUM', 'Aluminum'],
  ['COPPER', 'Copper wire and cable'],
  ['ELEC', 'Electrical'],
];
const TYPES: readonly [string, string][] = [
  ['STOCK', 'Stocked item'],
  ['NONSTOCK', 'Non-stocked item'],
  ['KIT', 'Kit'],
  ['SERVICE', 'Service'],
];
const PRODUCT_GRADES: readonly [string, string][] = [
  ['PRIME', 'Prime'],
  ['SECONDARY', 'Secondary'],
  ['EXCESS', 'Excess prime'],
];
const GRADES: readonly [string, string, string, string | null, string | null][] = [
  ['A36', 'ASTM A36 structural carbon steel', 'Carbon', '250.0', '400.0'],
  ['44W', 'CSA G40.21 44W structural steel', 'Carbon', '300.0', '450.0'],
  ['50W', 'CSA G40.21 50W structural steel', 'Carbon', '350.0', '450.0'],
  ['1008', 'AISI 1008 low-carbon commercial steel', 'Carbon', '170.0', '305.0'],
  ['1018', 'AISI 1018 cold drawn steel', 'Carbon', '370.0', '440.0'],
  ['1045', 'AISI 1045 medium-carbon steel', 'Carbon', '310.0', '565.0'],
  ['12L14', 'AISI 12L14 free-machining steel', 'Carbon', '415.0', '540.0'],
  ['A53-B', 'ASTM A53 grade B pipe steel', 'Carbon', '240.0', '415.0'],
  ['A500-B', 'ASTM A500 grade B tube steel', 'Carbon', '315.0', '400.0'],
  ['CS-B', 'Commercial steel type B (galvanized)', 'Galvanized', '205.0', null],
  ['304', 'AISI 304 austenitic stainless', 'Stainless', '205.0', '515.0'],
  ['316', 'AISI 316 molybdenum stainless', 'Stainless', '205.0', '515.0'],
  ['3003-H14', 'Aluminum 3003-H14', 'Aluminum', '145.0', '150.0'],
  ['5052-H32', 'Aluminum 5052-H32', 'Aluminum', '160.0', '215.0'],
  ['6061-T6', 'Aluminum 6061-T6', 'Aluminum', '240.0', '290.0'],
];
const SPECIFICATIONS: readonly [string, string, string][] = [
  ['ASTM-A36', 'Carbon structural steel', 'ASTM A36/A36M'],
  ['ASTM-A1008', 'Sheet, cold rolled, carbon', 'ASTM A1008/A1008M'],
  ['ASTM-A1011', 'Sheet and strip, hot rolled, carbon', 'ASTM A1011/A1011M'],
  ['ASTM-A653', 'Sheet, zinc-coated (galvanized) by the hot-dip process', 'ASTM A653/A653M'],
  ['ASTM-A240', 'Chromium and chromium-nickel stainless plate, sheet and strip', 'ASTM A240/A240M'],
  ['ASTM-B209', 'Aluminum and aluminum-alloy sheet and plate', 'ASTM B209'],
  ['ASTM-B221', 'Aluminum-alloy extruded bars, rods, wire, profiles and tubes', 'ASTM B221'],
  ['ASTM-A108', 'Steel bar, carbon and alloy, cold-finished', 'ASTM A108'],
  ['ASTM-A53', 'Pipe, steel, black and hot-dipped, zinc-coated, welded and seamless', 'ASTM A53/A53M'],
  ['ASTM-A500', 'Cold-formed welded and seamless carbon steel structural tubing', 'ASTM A500/A500M'],
  ['ASTM-A554', 'Welded stainless steel mechanical tubing', 'ASTM A554'],
  ['CSA-G40.21', 'Structural quality steel', 'CSA G40.20/G40.21'],
];

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst()) === undefined;
}

interface PriceRow {
  product: string;
  table: string;
  type: 'Each' | 'Cwt' | 'Discount';
  from: string;
  to: string | null;
  price: string;
  expiry: string | null;
}

/** Every demo price row (see the header). */
export function demoPrices(products: readonly DemoProduct[] = DEMO_PRODUCTS): PriceRow[] {
  const rows: PriceRow[] = [];
  for (const product of products) {
    const electrical = ELECTRICAL_CLASSES.has(product.cls);
    const row = (table: string, type: PriceRow['type'], price: string, from = '0', to: string | null = null, expiry: string | null = null) =>
      rows.push({ product: product.id, table, type, from, to, price, expiry });
    row('LIST', 'Each', product.price);
    if (product.svc) continue;
    row('CONTRACTOR', 'Each', round(mul(product.price, electrical ? '0.92' : '0.95', 6), 4), '0', null, '2026-12-31');
    row('WHOLESALE', 'Discount', electrical ? '15' : '10');
    if (product.cls === 'WIRE') {
      row('VOLUME', 'Each', product.price, '0', '304.9999');
      row('VOLUME', 'Each', round(mul(product.price, '0.94', 6), 4), '305', '999.9999');
      row('VOLUME', 'Each', round(mul(product.price, '0.88', 6), 4), '1000');
    }
    if (product.cls === 'COIL') {
      row('VOLUME', 'Each', product.price, '0', '4999.9999');
      row('VOLUME', 'Each', round(mul(product.price, '0.96', 6), 4), '5000');
    }
    if (product.cls === 'SHEET' && product.wt && !isZero(product.wt) && cmp(product.wt, '0') > 0) {
      // Price per kg × kg per hundredweight.
      row('MILL', 'Cwt', round(mul(div(product.price, product.wt, 8), CWT_KG, 8), 4));
    }
  }
  return rows;
}

/** Fills the IC masters and the catalogue that are still empty. */
export async function seedCatalogue(db: SeedDb, now: string = new Date().toISOString()): Promise<void> {
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  const dec = (value: string | undefined | null, scale: number) => (value === undefined || value === null ? null : decimalToDb(db, value, scale));
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, 'product_classes')) {
      await trx
        .insertInto('product_classes')
        .values(DEMO_CLASSES.map(([id, description, account]) => ({ class_id: id, description, inventory_account: account, is_active: 1, ...trail })))
        .execute();
    }
    for (const [table, key, rows] of [
      ['product_groups', 'group_id', GROUPS],
      ['product_types', 'type_id', TYPES],
    ] as const) {
      if (await isEmpty(trx, table)) await trx.insertInto(table).values(rows.map(([id, name]) => ({ [key]: id, name, is_active: 1, ...trail }))).execute();
    }
    if (await isEmpty(trx, 'product_grades')) {
      await trx.insertInto('product_grades').values(PRODUCT_GRADES.map(([id, description]) => ({ product_grade_id: id, description, is_active: 1, ...trail }))).execute();
    }
    if (await isEmpty(trx, 'grades')) {
      await trx
        .insertInto('grades')
        .values(
          GRADES.map(([id, description, material, yieldMin, tensileMin]) => ({
            grade_id: id,
            description,
            material_type: material,
            yield_min: dec(yieldMin, 1),
            tensile_min: dec(tensileMin, 1),
            is_active: 1,
            ...trail,
          })),
        )
        .execute();
    }
    if (await isEmpty(trx, 'product_specifications')) {
      await trx
        .insertInto('product_specifications')
        .values(SPECIFICATIONS.map(([id, description, standard]) => ({ specification_id: id, description, standard, is_active: 1, ...trail })))
        .execute();
    }
  });

  await db.transaction().execute(async (trx) => {
    if (!(await isEmpty(trx, 'products'))) return;
    const products = DEMO_PRODUCTS.map((p) => ({
      product_id: p.id,
      description: p.desc,
      class_id: p.cls,
      category: p.grp,
      type_id: p.typ,
      product_grade_id: p.svc ? null : 'PRIME',
      barcode: p.barcode ?? null,
      kit_type: p.kit ?? 'None',
      manufacturer: p.mfr ?? null,
      is_service: p.svc ? 1 : 0,
      track_inventory: p.svc || p.kit === 'Kit' ? 0 : 1,
      track_lot: p.lot ? 1 : 0,
      manufactured: p.mfd ? 1 : 0,
      special_order: 0,
      freight_class: p.svc ? null : ELECTRICAL_CLASSES.has(p.cls) ? '85' : '55',
      unit_of_measure: p.uom,
      is_active: 1,
      stackable: p.cls === 'SHEET' ? 1 : 0,
      location1: p.loc ?? null,
      location2: null,
      location3: null,
      location4: null,
      min_level: p.svc ? null : dec(p.uom === 'M' ? '300' : p.uom === 'KG' ? '5000' : '10', 4),
      max_level: p.svc ? null : dec(p.uom === 'M' ? '3000' : p.uom === 'KG' ? '40000' : '120', 4),
      block_sales: 0,
      apply_discount: 1,
      tax_number1: p.svc ? null : 'GST-HST',
      tax_number2: null,
      commission_percent: dec(ELECTRICAL_CLASSES.has(p.cls) ? '3' : '2', 6),
      currency_fluctuation: p.mat === 'Copper' || p.mat === 'Aluminum' ? 1 : 0,
      vendor_sku: p.svc ? null : `V-${p.id}`,
      profile_shape: p.shape ?? null,
      profile_height: dec(p.ph, 4),
      profile_width: dec(p.pw, 4),
      profile_thickness: dec(p.pt, 4),
      material_type: p.mat ?? null,
      subtype: p.sub ?? null,
      grade_id: p.grade ?? null,
      specification_id: p.spec ?? null,
      gauge: dec(p.gauge, 4),
      gauge_min: dec(p.gmin, 4),
      gauge_max: dec(p.gmax, 4),
      width: dec(p.width, 4),
      width_min: dec(p.wmin, 4),
      width_max: dec(p.wmax, 4),
      length: dec(p.length, 4),
      length_min: dec(p.lmin, 4),
      length_max: dec(p.lmax, 4),
      weight_per_unit: dec(p.wt, 4),
      sales_notes: p.kit === 'Kit' ? 'Sold as a kit: the components ship together.' : null,
      warehouse_notes: p.cls === 'COIL' ? 'Store on coil saddles, eye horizontal.' : null,
      ...trail,
    }));
    for (let start = 0; start < products.length; start += 50) await trx.insertInto('products').values(products.slice(start, start + 50)).execute();
    const components = DEMO_PRODUCTS.flatMap((p) =>
      (p.comps ?? []).map(([component, quantity]) => ({
        product_id: p.id,
        component_id: component,
        factor: dec('1', 4),
        quantity: dec(quantity, 4),
      })),
    );
    if (components.length > 0) await trx.insertInto('product_components').values(components).execute();
    const prices = demoPrices().map((row) => ({
      product_id: row.product,
      price_table: row.table,
      price_type: row.type,
      from_quantity: dec(row.from, 4),
      to_quantity: dec(row.to, 4),
      price: dec(row.price, 4),
      currency: 'CAD',
      effective_date: null,
      expiry_date: row.expiry,
      ...trail,
    }));
    for (let start = 0; start < prices.length; start += 100) await trx.insertInto('product_prices').values(prices.slice(start, start + 100)).execute();
  });
}
