// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Flag, RecordTrail, StoredDecimal } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { GlTables } from '@erp/modules/gl/server/tables.generated';
import type { ArTables } from '@erp/modules/ar/server/tables.generated';
import type { IcTables } from '@erp/modules/ic/server/tables.generated';
import type { MigrationTables } from './migration-tables.ts';

export type PriceTablesTable = RecordTrail & {
  price_table_id: string;
  description: string | null;
  customer_id: string | null;
  currency: string | null;
  cost_basis: 'Average' | 'Last' | null;
  effective_date: string | null;
  expiry_date: string | null;
  review_date: string | null;
  is_active: Flag;
  notes: string | null;
};

export type PriceTableRangesTable = {
  range_id: Generated<number>;
  price_table_id: string;
  product_id: string | null;
  price_type: 'Each' | 'Cwt' | 'CostPlus' | 'Discount' | null;
  from_quantity: StoredDecimal | null;
  to_quantity: StoredDecimal | null;
  price: StoredDecimal | null;
  expiry_date: string | null;
};

export type DiscountTablesTable = RecordTrail & {
  discount_table_id: string;
  description: string | null;
  is_active: Flag;
};

export type DiscountTableLinesTable = {
  line_id: Generated<number>;
  discount_table_id: string;
  product_id: string | null;
  class_id: string | null;
  percent: StoredDecimal | null;
};

export type CustomerSkusTable = RecordTrail & {
  sku_id: Generated<number>;
  customer_id: string | null;
  product_id: string | null;
  customer_sku: string | null;
  description: string | null;
  price: StoredDecimal | null;
  expiry_date: string | null;
};

export type TariffsTable = RecordTrail & {
  tariff_id: string;
  description: string | null;
  product_id: string | null;
  class_id: string | null;
  kind: 'Percent' | 'PerUnit' | null;
  rate: StoredDecimal | null;
  effective_date: string | null;
  expiry_date: string | null;
  is_active: Flag;
};

export type HolidaysTable = RecordTrail & {
  holiday_id: Generated<number>;
  holiday_date: string | null;
  description: string | null;
  is_active: Flag;
};

export type DeliveryRoutesTable = RecordTrail & {
  route_id: string;
  description: string | null;
  driver: string | null;
  truck: string | null;
  monday: Flag;
  tuesday: Flag;
  wednesday: Flag;
  thursday: Flag;
  friday: Flag;
  saturday: Flag;
  sunday: Flag;
  is_active: Flag;
};

export type EmailTemplatesTable = RecordTrail & {
  template_id: string;
  description: string | null;
  subject: string | null;
  body: string | null;
  is_active: Flag;
  translates: string | null;
  language: 'en-CA' | 'fr-CA' | 'zh-CN' | 'zh-TW' | null;
};

export type PortalNotificationsTable = RecordTrail & {
  notification_key: Generated<number>;
  bill_to_id: string | null;
  title: string | null;
  body: string | null;
  is_read: Flag;
};

export type SuppliersTable = RecordTrail & {
  supplier_id: string;
  name: string | null;
  address: string | null;
  city: string | null;
  province_code: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  is_active: Flag;
};

export type FormsOfPaymentTable = RecordTrail & {
  payment_id: string;
  description: string | null;
  kind: 'Cash' | 'Cheque' | 'Card' | 'Transfer' | 'Account' | null;
  is_active: Flag;
};

export type FirmsOeColumns = {
  discount_table: string | null;
};

export type OeTables = {
  price_tables: PriceTablesTable;
  price_table_ranges: PriceTableRangesTable;
  discount_tables: DiscountTablesTable;
  discount_table_lines: DiscountTableLinesTable;
  customer_skus: CustomerSkusTable;
  tariffs: TariffsTable;
  holidays: HolidaysTable;
  delivery_routes: DeliveryRoutesTable;
  email_templates: EmailTemplatesTable;
  portal_notifications: PortalNotificationsTable;
  suppliers: SuppliersTable;
  forms_of_payment: FormsOfPaymentTable;
  firms: FirmsOeColumns;
} & MigrationTables;

/** What module oe's queries may name: the core's tables, its own and those of the modules it requires. */
export type OeDatabase = DB & OeTables & ShellTables & GlTables & ArTables & IcTables;

/**
 * Module oe's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function oeDb<D>(db: Transaction<D>): Transaction<OeDatabase>;
export function oeDb<D>(db: Kysely<D>): Kysely<OeDatabase>;
export function oeDb<D>(db: Kysely<D>): Kysely<OeDatabase> {
  return db as unknown as Kysely<OeDatabase>;
}

export type PriceTableRow = Selectable<PriceTablesTable>;

export type DiscountTableRow = Selectable<DiscountTablesTable>;

export type CustomerSkuRow = Selectable<CustomerSkusTable>;

export type TariffRow = Selectable<TariffsTable>;

export type HolidayRow = Selectable<HolidaysTable>;

export type DeliveryRouteRow = Selectable<DeliveryRoutesTable>;

export type EmailTemplateRow = Selectable<EmailTemplatesTable>;

export type PortalNotificationRow = Selectable<PortalNotificationsTable>;

export type SupplierRow = Selectable<SuppliersTable>;

export type FormOfPaymentRow = Selectable<FormsOfPaymentTable>;
