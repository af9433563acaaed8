// Generated from the entity definitions by `npm run gen:table-types` (server/src/entities/table-types.ts): do not edit.
// A definition changed without regenerating fails server/test/table-types.test.ts.

import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Flag, RecordTrail, StoredDecimal } from '@erp/server/db/schema';
import type { ShellTables } from '@erp/modules/shell/server/tables.generated';
import type { GlTables } from '@erp/modules/gl/server/tables.generated';
import type { ArTables } from '@erp/modules/ar/server/tables.generated';
import type { IcTables } from '@erp/modules/ic/server/tables.generated';
import type { PoTables } from '@erp/modules/po/server/tables.generated';
import type { ApTables } from '@erp/modules/ap/server/tables.generated';
import type { OeTables } from '@erp/modules/oe/server/tables.generated';
import type { SoTables } from '@erp/modules/so/server/tables.generated';

export type TeJobSitesTable = RecordTrail & {
  site_id: string;
  name: string | null;
  builder_id: string | null;
  address: string | null;
  city: string | null;
  province_code: string | null;
  holdback_percent: StoredDecimal | null;
  is_active: Flag;
};

export type TeSiteBuildingsTable = RecordTrail & {
  building_id: string;
  site_id: string | null;
  name: string | null;
  floors: number | null;
  is_active: Flag;
};

export type TeBuildingSchedulesTable = RecordTrail & {
  schedule_id: Generated<number>;
  building_id: string | null;
  floor: number | null;
  phase: string | null;
  start_date: string | null;
  end_date: string | null;
  notes: string | null;
};

export type TeOptionsTable = RecordTrail & {
  option_id: string;
  description: string | null;
  price: StoredDecimal | null;
  is_active: Flag;
};

export type TeModelsTable = RecordTrail & {
  model_id: string;
  description: string | null;
  builder_id: string | null;
  base_price: StoredDecimal | null;
  square_feet: number | null;
  labour_budget_hours: StoredDecimal | null;
  is_active: Flag;
};

export type TeModelOptionsTable = {
  line_id: Generated<number>;
  model_id: string;
  option_id: string | null;
  price: StoredDecimal | null;
  is_standard: Flag;
};

export type TeModelPricesTable = RecordTrail & {
  price_id: Generated<number>;
  model_id: string | null;
  site_id: string | null;
  contract_price: StoredDecimal | null;
  effective_date: string | null;
};

export type TeSiteOptionsTable = RecordTrail & {
  site_option_id: Generated<number>;
  site_id: string | null;
  option_id: string | null;
  price: StoredDecimal | null;
};

export type TeLotsTable = RecordTrail & {
  lot_id: string;
  site_id: string | null;
  building_id: string | null;
  floor: number | null;
  model_id: string | null;
  stage: 'Planned' | 'UnderConstruction' | 'Ready' | 'Inspected' | 'Closed' | null;
  address: string | null;
  owner1_name: string | null;
  owner1_phone: string | null;
  owner1_email: string | null;
  owner2_name: string | null;
  owner2_phone: string | null;
  owner2_email: string | null;
  closing_date: string | null;
  model_price: StoredDecimal | null;
  options_total: StoredDecimal | null;
  contract_price: StoredDecimal | null;
  billed_amount: StoredDecimal | null;
  is_active: Flag;
};

export type TeLotOptionsTable = RecordTrail & {
  lot_option_id: Generated<number>;
  lot_id: string | null;
  option_id: string | null;
  quantity: number | null;
  price: StoredDecimal | null;
  amount: StoredDecimal | null;
  billing_no: string | null;
};

export type TeInspectorsTable = RecordTrail & {
  inspector_id: string;
  name: string | null;
  municipality: string | null;
  phone: string | null;
  email: string | null;
  is_active: Flag;
};

export type TeInspectionRequestsTable = RecordTrail & {
  request_id: Generated<number>;
  request_no: string | null;
  status: 'Requested' | 'Scheduled' | 'Passed' | 'Failed' | null;
  highrise: Flag;
  builder_id: string | null;
  site_id: string | null;
  lot_id: string | null;
  building_id: string | null;
  floor: number | null;
  inspection_type: 'Footing' | 'Framing' | 'Insulation' | 'Plumbing' | 'Electrical' | 'Final' | null;
  requested_date: string | null;
  scheduled_date: string | null;
  inspector_id: string | null;
  inspected_date: string | null;
  result_notes: string | null;
};

export type TeContractBillingsTable = RecordTrail & {
  billing_id: Generated<number>;
  billing_no: string | null;
  status: 'Draft' | 'Invoiced' | null;
  billing_date: string | null;
  lot_id: string | null;
  site_id: string | null;
  bill_to_id: string | null;
  description: string | null;
  amount: StoredDecimal | null;
  holdback_percent: StoredDecimal | null;
  holdback: StoredDecimal | null;
  net_amount: StoredDecimal | null;
  tax_amount: StoredDecimal | null;
  total_due: StoredDecimal | null;
  invoice_no: string | null;
  holdback_billing_no: string | null;
};

export type TeOptionBillingsTable = RecordTrail & {
  billing_id: Generated<number>;
  billing_no: string | null;
  status: 'Draft' | 'Invoiced' | null;
  billing_date: string | null;
  lot_id: string | null;
  site_id: string | null;
  bill_to_id: string | null;
  amount: StoredDecimal | null;
  tax_amount: StoredDecimal | null;
  total_due: StoredDecimal | null;
  invoice_no: string | null;
};

export type TeOptionBillingLinesTable = {
  line_id: Generated<number>;
  billing_id: number;
  option_id: string | null;
  quantity: number | null;
  price: StoredDecimal | null;
  amount: StoredDecimal | null;
};

export type TeProgressBillingsTable = RecordTrail & {
  billing_id: Generated<number>;
  billing_no: string | null;
  status: 'Draft' | 'Certified' | 'Invoiced' | null;
  billing_date: string | null;
  period_to: string | null;
  site_id: string | null;
  building_id: string | null;
  bill_to_id: string | null;
  contract_amount: StoredDecimal | null;
  holdback_percent: StoredDecimal | null;
  earned_to_date: StoredDecimal | null;
  holdback_to_date: StoredDecimal | null;
  net_earned: StoredDecimal | null;
  previous_billed: StoredDecimal | null;
  previous_holdback: StoredDecimal | null;
  current_due: StoredDecimal | null;
  holdback_this_billing: StoredDecimal | null;
  tax_amount: StoredDecimal | null;
  total_due: StoredDecimal | null;
  balance_to_finish: StoredDecimal | null;
  invoice_no: string | null;
  holdback_billing_no: string | null;
  proper_invoice_date: string | null;
  payment_due_date: string | null;
  non_payment_notice_by: string | null;
};

export type TeProgressBillingLinesTable = {
  line_id: Generated<number>;
  billing_id: number;
  description: string | null;
  scheduled_value: StoredDecimal | null;
  percent_complete: StoredDecimal | null;
  earned_to_date: StoredDecimal | null;
};

export type TeHoldbackBillingsTable = RecordTrail & {
  billing_id: Generated<number>;
  billing_no: string | null;
  status: 'Retained' | 'Released' | 'Invoiced' | null;
  kind: 'Commercial' | 'Residential' | null;
  billing_date: string | null;
  site_id: string | null;
  building_id: string | null;
  lot_id: string | null;
  bill_to_id: string | null;
  published_on: string | null;
  lien_preserved: Flag;
  release_date: string | null;
  amount: StoredDecimal | null;
  tax_amount: StoredDecimal | null;
  total_due: StoredDecimal | null;
  invoice_no: string | null;
  notes: string | null;
};

export type TeTables = {
  te_job_sites: TeJobSitesTable;
  te_site_buildings: TeSiteBuildingsTable;
  te_building_schedules: TeBuildingSchedulesTable;
  te_options: TeOptionsTable;
  te_models: TeModelsTable;
  te_model_options: TeModelOptionsTable;
  te_model_prices: TeModelPricesTable;
  te_site_options: TeSiteOptionsTable;
  te_lots: TeLotsTable;
  te_lot_options: TeLotOptionsTable;
  te_inspectors: TeInspectorsTable;
  te_inspection_requests: TeInspectionRequestsTable;
  te_contract_billings: TeContractBillingsTable;
  te_option_billings: TeOptionBillingsTable;
  te_option_billing_lines: TeOptionBillingLinesTable;
  te_progress_billings: TeProgressBillingsTable;
  te_progress_billing_lines: TeProgressBillingLinesTable;
  te_holdback_billings: TeHoldbackBillingsTable;
};

/** What module te's queries may name: the core's tables, its own and those of the modules it requires. */
export type TeDatabase = DB & TeTables & ShellTables & GlTables & ArTables & IcTables & PoTables & ApTables & OeTables & SoTables;

/**
 * Module te's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function teDb<D>(db: Transaction<D>): Transaction<TeDatabase>;
export function teDb<D>(db: Kysely<D>): Kysely<TeDatabase>;
export function teDb<D>(db: Kysely<D>): Kysely<TeDatabase> {
  return db as unknown as Kysely<TeDatabase>;
}

export type JobSiteRow = Selectable<TeJobSitesTable>;

export type SiteBuildingRow = Selectable<TeSiteBuildingsTable>;

export type BuildingScheduleRow = Selectable<TeBuildingSchedulesTable>;

export type TeOptionRow = Selectable<TeOptionsTable>;

export type TeModelRow = Selectable<TeModelsTable>;

export type ModelContractPriceRow = Selectable<TeModelPricesTable>;

export type SiteOptionRow = Selectable<TeSiteOptionsTable>;

export type TeLotRow = Selectable<TeLotsTable>;

export type LotOptionRow = Selectable<TeLotOptionsTable>;

export type InspectorRow = Selectable<TeInspectorsTable>;

export type InspectionRequestRow = Selectable<TeInspectionRequestsTable>;

export type ContractBillingRow = Selectable<TeContractBillingsTable>;

export type OptionBillingRow = Selectable<TeOptionBillingsTable>;

export type ProgressBillingRow = Selectable<TeProgressBillingsTable>;

export type HoldbackBillingRow = Selectable<TeHoldbackBillingsTable>;
