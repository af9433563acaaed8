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
import type { TeTables } from '@erp/modules/te/server/tables.generated';
import type { MigrationTables } from './migration-tables.ts';

export type PrUnionsTable = RecordTrail & {
  union_id: string;
  name: string | null;
  local: string | null;
  contact_name: string | null;
  phone: string | null;
  is_active: Flag;
};

export type PrUnionLevelsTable = RecordTrail & {
  level_id: string;
  union_id: string | null;
  name: string | null;
  effective_from: string | null;
  hourly_rate: StoredDecimal | null;
  dues_per_hour: StoredDecimal | null;
  dues_percent: StoredDecimal | null;
  employer_health_per_hour: StoredDecimal | null;
  employer_pension_per_hour: StoredDecimal | null;
  vacation_percent: StoredDecimal | null;
};

export type PrWsibGroupsTable = RecordTrail & {
  group_id: string;
  description: string | null;
  province: 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT' | null;
  rate_per100: StoredDecimal | null;
  max_insurable_earnings: StoredDecimal | null;
  is_active: Flag;
};

export type PrCodesTable = RecordTrail & {
  code_id: string;
  description: string | null;
  kind: 'Earning' | 'Deduction' | null;
  taxable: Flag;
  pensionable: Flag;
  insurable: Flag;
  insurable_hours: Flag;
  non_periodic: Flag;
  t4_box: '' | '20' | '40' | '42' | '44' | '46' | '52' | null;
  account_id: string | null;
  is_active: Flag;
};

export type PrEmployeesTable = RecordTrail & {
  employee_id: string;
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  city: string | null;
  province_code: 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT' | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  birth_date: string | null;
  hire_date: string | null;
  termination_date: string | null;
  status: 'Active' | 'Leave' | 'Terminated' | null;
  occupation: string | null;
  sin: string | null;
  sin_expiry: string | null;
  tax_province: 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT' | null;
  pay_frequency: '52' | '26' | '24' | '12' | null;
  pay_type: 'Hourly' | 'Salary' | null;
  hourly_rate: StoredDecimal | null;
  salary_per_period: StoredDecimal | null;
  standard_hours: StoredDecimal | null;
  gross_labour_rate: StoredDecimal | null;
  federal_claim: StoredDecimal | null;
  provincial_claim: StoredDecimal | null;
  additional_tax: StoredDecimal | null;
  cpp_exempt: Flag;
  ei_exempt: Flag;
  ppip_exempt: Flag;
  vacation_percent: StoredDecimal | null;
  driver_licence: string | null;
  health_card_no: string | null;
  marital_status: 'Single' | 'Married' | 'CommonLaw' | 'Separated' | 'Divorced' | 'Widowed' | null;
  emergency_contact: string | null;
  emergency_phone: string | null;
  payment_method: 'Cheque' | 'Deposit' | null;
  bank_institution: string | null;
  bank_transit: string | null;
  bank_account: string | null;
  apply_wsib: Flag;
  wsib_group_id: string | null;
  wsib_province: 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT' | null;
  union_id: string | null;
  union_level_id: string | null;
  past_service74: StoredDecimal | null;
  past_service75: StoredDecimal | null;
};

export type PrEmployeeCertificatesTable = {
  certificate_id: Generated<number>;
  employee_id: string;
  name: string | null;
  training_date: string | null;
  expiry_date: string | null;
};

export type PrStatutoryRatesTable = RecordTrail & {
  rate_key: Generated<number>;
  jurisdiction: 'CA' | 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT' | null;
  effective_from: string | null;
  item: 'PENSION_YMPE' | 'PENSION_YAMPE' | 'PENSION_EXEMPTION' | 'PENSION_RATE' | 'PENSION_BASE_RATE' | 'PENSION_MAX' | 'PENSION2_RATE' | 'PENSION2_MAX' | 'PENSION_START_AGE' | 'PENSION_END_AGE' | 'EI_RATE' | 'EI_MAX_INSURABLE' | 'EI_MAX' | 'EI_EMPLOYER_FACTOR' | 'QPIP_RATE' | 'QPIP_EMPLOYER_RATE' | 'QPIP_MAX_INSURABLE' | 'TAX_CREDIT_RATE' | 'BASIC_PERSONAL' | 'BASIC_PERSONAL_REDUCED_FROM' | 'BASIC_PERSONAL_REDUCED_TO' | 'BASIC_PERSONAL_MIN' | 'EMPLOYMENT_AMOUNT' | 'ABATEMENT' | 'SURTAX_THRESHOLD1' | 'SURTAX_RATE1' | 'SURTAX_THRESHOLD2' | 'SURTAX_RATE2' | 'TAX_REDUCTION' | 'HEALTH_PREMIUM' | 'LOW_INCOME_REDUCTION' | 'LOW_INCOME_THRESHOLD' | 'LOW_INCOME_RATE' | 'LOW_INCOME_CEILING' | 'CREDIT_SUPPLEMENT_BASE' | 'CREDIT_SUPPLEMENT_RATE' | 'WORKER_DEDUCTION_RATE' | 'WORKER_DEDUCTION_MAX' | 'CONTRIBUTIONS_CREDITED' | 'LABOUR_FUND_RATE' | 'LABOUR_FUND_MAX' | 'UNION_DUES_DEDUCTED' | null;
  value: StoredDecimal | null;
  source: string | null;
};

export type PrTaxBracketsTable = RecordTrail & {
  bracket_key: Generated<number>;
  jurisdiction: 'CA' | 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT' | null;
  effective_from: string | null;
  kind: 'Tax' | 'HealthPremium' | null;
  threshold: StoredDecimal | null;
  rate: StoredDecimal | null;
  constant: StoredDecimal | null;
  cap: StoredDecimal | null;
  source: string | null;
};

export type PrPayPeriodsTable = RecordTrail & {
  period_id: string;
  period_start: string | null;
  period_end: string | null;
  pay_date: string | null;
  notes: string | null;
};

export type PrTransactionsTable = RecordTrail & {
  transaction_id: Generated<number>;
  transaction_no: string | null;
  employee_id: string | null;
  pay_date: string | null;
  kind: 'Regular' | 'Adjustment' | null;
  status: 'Entered' | 'Prepared' | 'Cancelled' | null;
  cheque_id: number | null;
  notes: string | null;
  gross: StoredDecimal | null;
};

export type PrTransactionLinesTable = {
  line_id: Generated<number>;
  transaction_id: number;
  code_id: string | null;
  hours: StoredDecimal | null;
  rate: StoredDecimal | null;
  amount: StoredDecimal | null;
  time_card_no: string | null;
};

export type PrChequesTable = RecordTrail & {
  cheque_id: Generated<number>;
  employee_id: string | null;
  employee_name: string | null;
  pay_date: string | null;
  province: 'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT' | null;
  status: 'Prepared' | 'Paid' | 'Posted' | 'Cancelled' | null;
  payment_method: 'Cheque' | 'Deposit' | null;
  bank_account_id: string | null;
  cheque_no: number | null;
  hours: StoredDecimal | null;
  insurable_hours: StoredDecimal | null;
  gross: StoredDecimal | null;
  taxable: StoredDecimal | null;
  pensionable: StoredDecimal | null;
  insurable: StoredDecimal | null;
  cpp: StoredDecimal | null;
  cpp2: StoredDecimal | null;
  qpp: StoredDecimal | null;
  qpp2: StoredDecimal | null;
  ei: StoredDecimal | null;
  qpip: StoredDecimal | null;
  federal_tax: StoredDecimal | null;
  provincial_tax: StoredDecimal | null;
  union_dues: StoredDecimal | null;
  other_deductions: StoredDecimal | null;
  rpp: StoredDecimal | null;
  net: StoredDecimal | null;
  employer_cpp: StoredDecimal | null;
  employer_ei: StoredDecimal | null;
  employer_qpip: StoredDecimal | null;
  employer_wsib: StoredDecimal | null;
  employer_union: StoredDecimal | null;
  wsib_insurable: StoredDecimal | null;
  non_periodic: StoredDecimal | null;
  edition: string | null;
  journal_id: number | null;
  deposit_file_id: number | null;
  inputs: string | null;
};

export type PrWorkCodesTable = RecordTrail & {
  work_code_id: string;
  description: string | null;
  phase: string | null;
  pay_code_id: string | null;
  is_active: Flag;
};

export type PrLabourBudgetsTable = RecordTrail & {
  budget_id: Generated<number>;
  model_id: string | null;
  work_code_id: string | null;
  hours: StoredDecimal | null;
  rate: StoredDecimal | null;
  amount: StoredDecimal | null;
};

export type PrWorkOrdersTable = RecordTrail & {
  work_order_id: Generated<number>;
  work_order_no: string | null;
  kind: 'Construction' | 'Service' | null;
  lot_id: string | null;
  site_id: string | null;
  order_date: string | null;
  service_type: 'Construction' | 'Service' | 'Warranty' | 'Deficiency' | null;
  crew_leader_id: string | null;
  cost_type: 'Fixed' | 'Variable' | null;
  scope: string | null;
  ledger_created_on: string | null;
  status: 'Open' | 'Completed' | null;
  budget_hours: StoredDecimal | null;
};

export type PrWorkOrderLinesTable = {
  line_id: Generated<number>;
  work_order_id: number;
  work_code_id: string | null;
  option_id: string | null;
  description: string | null;
  budget_hours: StoredDecimal | null;
};

export type PrTimeCardsTable = RecordTrail & {
  time_card_id: Generated<number>;
  time_card_no: string | null;
  employee_id: string | null;
  work_order_no: string | null;
  work_code_id: string | null;
  work_date: string | null;
  hours: StoredDecimal | null;
  rate: StoredDecimal | null;
  amount: StoredDecimal | null;
  status: 'Open' | 'Approved' | null;
  lot_id: string | null;
  notes: string | null;
};

export type FiscalPeriodsPrColumns = {
  closed_pr: Flag;
};

export type PrTables = {
  pr_unions: PrUnionsTable;
  pr_union_levels: PrUnionLevelsTable;
  pr_wsib_groups: PrWsibGroupsTable;
  pr_codes: PrCodesTable;
  pr_employees: PrEmployeesTable;
  pr_employee_certificates: PrEmployeeCertificatesTable;
  pr_statutory_rates: PrStatutoryRatesTable;
  pr_tax_brackets: PrTaxBracketsTable;
  pr_pay_periods: PrPayPeriodsTable;
  pr_transactions: PrTransactionsTable;
  pr_transaction_lines: PrTransactionLinesTable;
  pr_cheques: PrChequesTable;
  pr_work_codes: PrWorkCodesTable;
  pr_labour_budgets: PrLabourBudgetsTable;
  pr_work_orders: PrWorkOrdersTable;
  pr_work_order_lines: PrWorkOrderLinesTable;
  pr_time_cards: PrTimeCardsTable;
  fiscal_periods: FiscalPeriodsPrColumns;
} & MigrationTables;

/** What module pr's queries may name: the core's tables, its own and those of the modules it requires. */
export type PrDatabase = DB & PrTables & ShellTables & GlTables & ArTables & IcTables & PoTables & ApTables & OeTables & SoTables & TeTables;

/**
 * Module pr's typed view of the one database, transaction or seed connection the engine hands it: the same
 * object (every module's tables are in the one database; the type says which this module may name).
 */
export function prDb<D>(db: Transaction<D>): Transaction<PrDatabase>;
export function prDb<D>(db: Kysely<D>): Kysely<PrDatabase>;
export function prDb<D>(db: Kysely<D>): Kysely<PrDatabase> {
  return db as unknown as Kysely<PrDatabase>;
}

export type PrUnionRow = Selectable<PrUnionsTable>;

export type PrUnionLevelRow = Selectable<PrUnionLevelsTable>;

export type PrWsibGroupRow = Selectable<PrWsibGroupsTable>;

export type PrCodeRow = Selectable<PrCodesTable>;

export type PrEmployeeRow = Selectable<PrEmployeesTable>;

export type PrStatutoryRateRow = Selectable<PrStatutoryRatesTable>;

export type PrTaxBracketRow = Selectable<PrTaxBracketsTable>;

export type PrPayPeriodRow = Selectable<PrPayPeriodsTable>;

export type PrTransactionRow = Selectable<PrTransactionsTable>;

export type PrChequeRow = Selectable<PrChequesTable>;

export type WorkCodeRow = Selectable<PrWorkCodesTable>;

export type LabourBudgetRow = Selectable<PrLabourBudgetsTable>;

export type WorkOrderRow = Selectable<PrWorkOrdersTable>;

export type TimeCardRow = Selectable<PrTimeCardsTable>;
