// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Flag, RecordTrail, StoredDecimal } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { GlTables } from '@erp/modules/gl/server/tables.generated';
import type { ArTables } from '@erp/modules/ar/server/tables.generated';
import type { IcTables } from '@erp/modules/ic/server/tables.generated';
import type { OeTables } from '@erp/modules/oe/server/tables.generated';

export type WdServicesTable = RecordTrail & {
  service_id: string;
  name: string | null;
  unit: 'Each' | 'Tonne' | 'Litre' | 'CubicMetre' | 'Hour' | 'Load' | null;
  price_basis: 'PerUnit' | 'Flat' | null;
  unit_price: StoredDecimal | null;
  product_id: string | null;
  revenue_account: string | null;
  is_active: Flag;
};

export type WdControlTable = RecordTrail & {
  control_id: string;
  revenue_account: string | null;
  terms_code: string | null;
  crews: string | null;
  jobs_per_crew_per_day: number | null;
  sunday: Flag;
  monday: Flag;
  tuesday: Flag;
  wednesday: Flag;
  thursday: Flag;
  friday: Flag;
  saturday: Flag;
  renewal_horizon_days: number | null;
};

export type WasteClassesTable = RecordTrail & {
  class_id: string;
  name: string | null;
  hazard_class: 'None' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | null;
  handling_notes: string | null;
  certificate_required: Flag;
  is_active: Flag;
};

export type WdCertificatesTable = RecordTrail & {
  certificate_id: Generated<number>;
  certificate_type: 'GeneratorRegistration' | 'Eca' | 'Easr' | 'VehiclePermit' | 'Training' | 'Wsib' | 'Service' | null;
  holder_type: 'customer' | 'site' | 'vehicle' | 'employee' | 'subcontractor' | null;
  holder_id: string | null;
  waste_class_id: string | null;
  number: string | null;
  issuer: string | null;
  issued_on: string | null;
  expires_on: string | null;
  renewal_lead_days: number | null;
  status: 'Active' | 'Expired' | 'Revoked' | null;
};

export type WdQuotationTemplatesTable = RecordTrail & {
  template_id: string;
  name: string | null;
  notes: string | null;
  is_active: Flag;
};

export type WdQuotationTemplateLinesTable = {
  line_id: Generated<number>;
  template_id: string;
  service_id: string | null;
  waste_class_id: string | null;
  quantity: StoredDecimal | null;
  description: string | null;
};

export type WdQuotesTable = RecordTrail & {
  quote_id: Generated<number>;
  quote_no: string | null;
  quote_date: string | null;
  status: 'Quoted' | 'Accepted' | 'Lost' | null;
  template_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  site_id: string | null;
  valid_until: string | null;
  notes: string | null;
  order_nos: string | null;
  total: StoredDecimal | null;
};

export type WdQuoteLinesTable = {
  line_id: Generated<number>;
  quote_id: number;
  service_id: string | null;
  waste_class_id: string | null;
  description: string | null;
  quantity: StoredDecimal | null;
  unit_price: StoredDecimal | null;
  amount: StoredDecimal | null;
};

export type WdOrdersTable = RecordTrail & {
  order_id: Generated<number>;
  order_no: string | null;
  order_date: string | null;
  status: 'Entered' | 'Scheduled' | 'Completed' | 'Invoiced' | 'Cancelled' | null;
  customer_id: string | null;
  customer_name: string | null;
  site_id: string | null;
  service_id: string | null;
  waste_class_id: string | null;
  quantity: StoredDecimal | null;
  unit_price: StoredDecimal | null;
  amount: StoredDecimal | null;
  requested_date: string | null;
  scheduled_date: string | null;
  crew_id: string | null;
  vehicle: string | null;
  route_sequence: number | null;
  manifest_no: string | null;
  completed_date: string | null;
  quote_no: string | null;
  invoice_no: string | null;
  published_on: string | null;
  notes: string | null;
};

export type WdTables = {
  wd_services: WdServicesTable;
  wd_control: WdControlTable;
  waste_classes: WasteClassesTable;
  wd_certificates: WdCertificatesTable;
  wd_quotation_templates: WdQuotationTemplatesTable;
  wd_quotation_template_lines: WdQuotationTemplateLinesTable;
  wd_quotes: WdQuotesTable;
  wd_quote_lines: WdQuoteLinesTable;
  wd_orders: WdOrdersTable;
};

/** What module wd's queries may name: the core's tables, its own and those of the modules it requires. */
export type WdDatabase = DB & WdTables & ShellTables & GlTables & ArTables & IcTables & OeTables;

/**
 * Module wd's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function wdDb<D>(db: Transaction<D>): Transaction<WdDatabase>;
export function wdDb<D>(db: Kysely<D>): Kysely<WdDatabase>;
export function wdDb<D>(db: Kysely<D>): Kysely<WdDatabase> {
  return db as unknown as Kysely<WdDatabase>;
}

export type WdServiceRow = Selectable<WdServicesTable>;

export type WdControlRow = Selectable<WdControlTable>;

export type WasteClassRow = Selectable<WasteClassesTable>;

export type WdCertificateRow = Selectable<WdCertificatesTable>;

export type QuotationTemplateRow = Selectable<WdQuotationTemplatesTable>;

export type WdQuoteRow = Selectable<WdQuotesTable>;

export type WdOrderRow = Selectable<WdOrdersTable>;
