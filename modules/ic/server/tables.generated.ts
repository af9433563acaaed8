// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Flag, RecordTrail, StoredDecimal } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { GlTables } from '@erp/modules/gl/server/tables.generated';
import type { MigrationTables } from './migration-tables.ts';

export type ProductClassesTable = RecordTrail & {
  class_id: string;
  description: string | null;
  inventory_account: string | null;
  is_active: Flag;
};

export type ProductGroupsTable = RecordTrail & {
  group_id: string;
  name: string | null;
  is_active: Flag;
};

export type ProductTypesTable = RecordTrail & {
  type_id: string;
  name: string | null;
  is_active: Flag;
};

export type ProductGradesTable = RecordTrail & {
  product_grade_id: string;
  description: string | null;
  is_active: Flag;
};

export type GradesTable = RecordTrail & {
  grade_id: string;
  description: string | null;
  material_type: 'Carbon' | 'Stainless' | 'Aluminum' | 'Galvanized' | 'Copper' | 'Other' | null;
  yield_min: StoredDecimal | null;
  tensile_min: StoredDecimal | null;
  is_active: Flag;
};

export type ProductSpecificationsTable = RecordTrail & {
  specification_id: string;
  description: string | null;
  standard: string | null;
  is_active: Flag;
};

export type ProductsTable = RecordTrail & {
  product_id: string;
  description: string | null;
  class_id: string | null;
  category: string | null;
  type_id: string | null;
  product_grade_id: string | null;
  barcode: string | null;
  kit_type: 'None' | 'Kit' | 'Assembly' | null;
  manufacturer: string | null;
  is_service: Flag;
  track_inventory: Flag;
  track_lot: Flag;
  manufactured: Flag;
  special_order: Flag;
  freight_class: string | null;
  unit_of_measure: string | null;
  is_active: Flag;
  pack_weight: StoredDecimal | null;
  pack_width: StoredDecimal | null;
  pack_height: StoredDecimal | null;
  cube: StoredDecimal | null;
  pallet_quantity: number | null;
  stackable: Flag;
  load_sequence: number | null;
  location1: string | null;
  location2: string | null;
  location3: string | null;
  location4: string | null;
  min_level: StoredDecimal | null;
  max_level: StoredDecimal | null;
  sales_notes: string | null;
  purchasing_notes: string | null;
  shipping_notes: string | null;
  warehouse_notes: string | null;
  block_sales: Flag;
  apply_discount: Flag;
  tax_number1: string | null;
  tax_number2: string | null;
  commission_percent: StoredDecimal | null;
  currency_fluctuation: Flag;
  vendor_sku: string | null;
  profile_shape: 'Angle' | 'Channel' | 'Beam' | 'Tube' | 'Flat' | 'Round' | 'Square' | null;
  profile_height: StoredDecimal | null;
  profile_width: StoredDecimal | null;
  profile_thickness: StoredDecimal | null;
  material_type: 'Carbon' | 'Stainless' | 'Aluminum' | 'Galvanized' | 'Copper' | 'Other' | null;
  subtype: string | null;
  alloy: string | null;
  temper: string | null;
  grade_id: string | null;
  specification_id: string | null;
  gauge: StoredDecimal | null;
  gauge_min: StoredDecimal | null;
  gauge_max: StoredDecimal | null;
  width: StoredDecimal | null;
  width_min: StoredDecimal | null;
  width_max: StoredDecimal | null;
  length: StoredDecimal | null;
  length_min: StoredDecimal | null;
  length_max: StoredDecimal | null;
  weight_per_unit: StoredDecimal | null;
};

export type ProductComponentsTable = {
  line_id: Generated<number>;
  product_id: string;
  component_id: string | null;
  factor: StoredDecimal | null;
  quantity: StoredDecimal | null;
};

export type ProductPricesTable = RecordTrail & {
  price_id: Generated<number>;
  product_id: string | null;
  price_table: string | null;
  price_type: 'Each' | 'Cwt' | 'Discount' | null;
  from_quantity: StoredDecimal | null;
  to_quantity: StoredDecimal | null;
  price: StoredDecimal | null;
  currency: string | null;
  effective_date: string | null;
  expiry_date: string | null;
};

export type HeatNumbersTable = RecordTrail & {
  heat_no: string;
  mill: string | null;
  grade_id: string | null;
  specification_id: string | null;
  certificate_no: string | null;
  certificate_type: '2.1' | '2.2' | '3.1' | '3.2' | null;
  certificate_date: string | null;
  country_of_origin: string | null;
  purchase_order_no: string | null;
  notes: string | null;
  chemistry_total: StoredDecimal | null;
};

export type HeatChemistryTable = {
  chemistry_key: Generated<number>;
  heat_no: string;
  element: 'Si' | 'Fe' | 'Cu' | 'Mn' | 'Mg' | 'Cr' | 'Zn' | 'Ti' | 'V' | 'C' | 'P' | 'S' | 'N' | 'Ni' | 'Mo' | 'Others' | null;
  percent: StoredDecimal | null;
};

export type HeatMechanicalsTable = {
  mechanical_key: Generated<number>;
  heat_no: string;
  property: 'Yield' | 'Tensile' | 'Elongation' | 'RValue' | 'NValue' | 'Hardness' | null;
  value: StoredDecimal | null;
  unit: 'MPa' | 'psi' | 'Percent' | 'None' | 'HRB' | 'HRC' | 'HBW' | 'HV' | null;
};

export type CoilsTable = RecordTrail & {
  coil_no: string;
  product_id: string | null;
  manufacturer_coil_no: string | null;
  heat_no: string | null;
  coil_status: 'Available' | 'OnHold' | 'Allocated' | 'Processed' | 'Shipped' | 'Scrapped' | null;
  mill_of_origin: string | null;
  storage_id: string | null;
  colour: string | null;
  measurement: 'Imperial' | 'Metric' | null;
  warehouse_id: string | null;
  received_date: string | null;
  material_type: 'Carbon' | 'Stainless' | 'Aluminum' | 'Galvanized' | 'Copper' | 'Other' | null;
  subtype: string | null;
  alloy: string | null;
  temper: string | null;
  grade_id: string | null;
  specification_id: string | null;
  gauge: StoredDecimal | null;
  width: StoredDecimal | null;
  length: StoredDecimal | null;
  inside_diameter: StoredDecimal | null;
  outside_diameter: StoredDecimal | null;
  coil_weight: StoredDecimal | null;
  lift_weight: StoredDecimal | null;
  ingot_price: StoredDecimal | null;
  fabrication_price: StoredDecimal | null;
  freight_price: StoredDecimal | null;
  extra_price: StoredDecimal | null;
  cost_per_pound: StoredDecimal | null;
  pounds_per_inch_width: StoredDecimal | null;
};

export type InventoryTicketsTable = RecordTrail & {
  ticket_id: Generated<number>;
  ticket_no: string | null;
  ticket_date: string | null;
  status: 'Pending' | 'Committed' | 'Closed' | 'Cancelled' | null;
  warehouse_id: string | null;
  ticket_type: 'Receipt' | 'Issue' | 'Adjustment' | 'Transfer' | null;
  sub_type: 'Purchase' | 'Return' | 'Found' | 'Opening' | 'Consumption' | 'Scrap' | 'Damage' | 'Sample' | 'Count' | 'Correction' | 'Relocation' | null;
  to_warehouse_id: string | null;
  notes: string | null;
  total_quantity: StoredDecimal | null;
  total_cost: StoredDecimal | null;
};

export type InventoryTicketLinesTable = {
  line_id: Generated<number>;
  ticket_id: number;
  product_id: string | null;
  quantity: StoredDecimal | null;
  unit_cost: StoredDecimal | null;
  extended_cost: StoredDecimal | null;
  reason: string | null;
};

export type InventoryTicketLotsTable = {
  lot_id: Generated<number>;
  line_id: number;
  lot_no: string | null;
  quantity: StoredDecimal | null;
};

export type ProductionWorkOrdersTable = RecordTrail & {
  work_order_id: Generated<number>;
  work_order_no: string | null;
  status: 'Pending' | 'Committed' | 'Closed' | null;
  product_id: string | null;
  warehouse_id: string | null;
  quantity_to_produce: StoredDecimal | null;
  date_required: string | null;
  produced_to_date: StoredDecimal | null;
  remaining: StoredDecimal | null;
  produced_value: StoredDecimal | null;
  batch_quantity: StoredDecimal | null;
  batch_date: string | null;
  closing_reason: string | null;
  closed_date: string | null;
  notes: string | null;
};

export type ProductionWorkOrderComponentsTable = {
  line_id: Generated<number>;
  work_order_id: number;
  component_id: string | null;
  factor: StoredDecimal | null;
  quantity: StoredDecimal | null;
  used_to_date: StoredDecimal | null;
};

export type WarehouseCountsTable = RecordTrail & {
  count_id: Generated<number>;
  count_no: string | null;
  warehouse_id: string | null;
  count_date: string | null;
  status: 'Frozen' | 'Counted' | 'Posted' | 'Discarded' | null;
  products: number | null;
  frozen_value: StoredDecimal | null;
  posted_value: StoredDecimal | null;
  frozen_by: string | null;
  frozen_on: string | null;
  posted_on: string | null;
};

export type CountLinesTable = RecordTrail & {
  line_id: Generated<number>;
  count_id: number | null;
  warehouse_id: string | null;
  product_id: string | null;
  lot_no: string | null;
  description: string | null;
  class_id: string | null;
  frozen_qty: StoredDecimal | null;
  unit_cost: StoredDecimal | null;
  counted_qty: StoredDecimal | null;
  tag_qty: StoredDecimal | null;
  total_counted: StoredDecimal | null;
  variance_qty: StoredDecimal | null;
  variance_value: StoredDecimal | null;
  is_counted: Flag;
  is_found: Flag;
  is_open: Flag;
};

export type CountTagsTable = RecordTrail & {
  tag_id: Generated<number>;
  tag_no: string | null;
  warehouse_id: string | null;
  product_id: string | null;
  lot_no: string | null;
  quantity: StoredDecimal | null;
  status: 'Open' | 'Posted' | null;
  count_id: number | null;
  is_open: Flag;
};

export type IcTables = {
  product_classes: ProductClassesTable;
  product_groups: ProductGroupsTable;
  product_types: ProductTypesTable;
  product_grades: ProductGradesTable;
  grades: GradesTable;
  product_specifications: ProductSpecificationsTable;
  products: ProductsTable;
  product_components: ProductComponentsTable;
  product_prices: ProductPricesTable;
  heat_numbers: HeatNumbersTable;
  heat_chemistry: HeatChemistryTable;
  heat_mechanicals: HeatMechanicalsTable;
  coils: CoilsTable;
  inventory_tickets: InventoryTicketsTable;
  inventory_ticket_lines: InventoryTicketLinesTable;
  inventory_ticket_lots: InventoryTicketLotsTable;
  production_work_orders: ProductionWorkOrdersTable;
  production_work_order_components: ProductionWorkOrderComponentsTable;
  warehouse_counts: WarehouseCountsTable;
  count_lines: CountLinesTable;
  count_tags: CountTagsTable;
} & MigrationTables;

/** What module ic's queries may name: the core's tables, its own and those of the modules it requires. */
export type IcDatabase = DB & IcTables & ShellTables & GlTables;

/**
 * Module ic's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function icDb<D>(db: Transaction<D>): Transaction<IcDatabase>;
export function icDb<D>(db: Kysely<D>): Kysely<IcDatabase>;
export function icDb<D>(db: Kysely<D>): Kysely<IcDatabase> {
  return db as unknown as Kysely<IcDatabase>;
}

export type ProductClassRow = Selectable<ProductClassesTable>;

export type ProductGroupRow = Selectable<ProductGroupsTable>;

export type ProductTypeRow = Selectable<ProductTypesTable>;

export type ProductGradeRow = Selectable<ProductGradesTable>;

export type GradeRow = Selectable<GradesTable>;

export type ProductSpecificationRow = Selectable<ProductSpecificationsTable>;

export type ProductRow = Selectable<ProductsTable>;

export type ProductPriceRow = Selectable<ProductPricesTable>;

export type HeatNumberRow = Selectable<HeatNumbersTable>;

export type CoilRow = Selectable<CoilsTable>;

export type InventoryTicketRow = Selectable<InventoryTicketsTable>;

export type ProductionWorkOrderRow = Selectable<ProductionWorkOrdersTable>;

export type WarehouseCountRow = Selectable<WarehouseCountsTable>;

export type CountLineRow = Selectable<CountLinesTable>;

export type CountTagRow = Selectable<CountTagsTable>;
