/**
 * Payroll's tables that its migrations create, not its entity definitions (./migration.ts): the one hand-written
 * place of their types, joined into `PrTables` by the generated ./tables.generated.ts. Add a table here when typed
 * code first names it.
 */
import type { ColumnType, Generated } from 'kysely';
import type { StoredDecimal } from '@erp/server/db/schema';

/** A text column added later with a default of '': optional when inserting. */
type DefaultedText = ColumnType<string, string | undefined, string>;

export type MigrationTables = {
  /** Every CPA-005 direct-deposit file written (m0029_pr). */
  pr_deposit_files: {
    file_id: Generated<number>;
    bank_account_id: string;
    file_creation_no: number;
    pay_date: string;
    created_on: string;
    created_by: string;
    total: StoredDecimal;
    deposits: number;
    content: string;
  };
  /** The closed payroll years (m0029_pr). */
  pr_year_ends: { year: number; closed_on: string; closed_by: string };
  /** The employer's CRA and Revenu Québec accounts (m0045_pr_t4, m0047_pr_rl1). */
  pr_employer: {
    employer_id: string;
    payroll_account: string;
    transmitter_no: string;
    contact_name: string;
    contact_area: string;
    contact_phone: string;
    contact_email: string;
    rq_id_number: DefaultedText;
    rq_neq: DefaultedText;
    rq_transmitter_no: DefaultedText;
    rl_slip_first: DefaultedText;
    rq_certification_no: DefaultedText;
    rq_partner_id: DefaultedText;
    rq_product_id: DefaultedText;
  };
  /** Every T4 file generated and its slips (m0045_pr_t4). */
  pr_t4_files: {
    file_id: Generated<number>;
    year: number;
    report_type: string;
    created_on: string;
    created_by: string;
    slips: number;
    changed: string;
    content: string;
  };
  pr_t4_file_slips: { file_id: number; employee_id: string; slip_type: string; amounts: string };
  /** Every ROE file generated (m0046_pr_roe). */
  pr_roe_files: {
    file_id: Generated<number>;
    employee_id: string;
    last_day: string;
    reason_code: string;
    amended_serial: string;
    created_on: string;
    created_by: string;
    blocks: string;
    changed: string;
    content: string;
  };
  /** Every RL-1 file generated and its slips (m0047_pr_rl1). */
  pr_rl1_files: {
    file_id: Generated<number>;
    year: number;
    transmission_type: string;
    created_on: string;
    created_by: string;
    slips: number;
    changed: string;
    summary: string;
    content: string;
  };
  pr_rl1_file_slips: { file_id: number; employee_id: string; slip_type: string; slip_number: string; amounts: string };
};
