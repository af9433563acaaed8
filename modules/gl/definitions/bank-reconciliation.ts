/**
 * Bank reconciliation (issue 13 item 1, spec §4 Bank reconciliation, SCREENS.md FS-01): the wire contract
 * shared by the screen (modules/gl/screens/bank-reconciliation) and the server
 * (modules/gl/server/bank-reconciliation/routes.ts), and the one balance formula both use.
 *
 *   GET  /api/gl/bank-reconciliation/worksheet?BankAccountId=&StatementDate=   → CallResult<Worksheet>
 *   POST /api/gl/bank-reconciliation/complete    { BankAccountId, StatementDate, StatementBalance, Cleared }
 *        → 201 CallResult<{ ReconciliationId }>; 400 when the difference is not zero (§4)
 *   POST /api/gl/bank-reconciliation/adjustments { BankAccountId, Date, Kind, Amount, AccountId, Description? }
 *        → 201 CallResult<{ DocumentNo, EntryIds }> (posted with source BK through the posting service)
 *   POST /api/gl/bank-reconciliation/:id/undo    { Confirmations? } → ResultStatus 3 question, then 200;
 *        only the latest completed reconciliation of the bank account (§4)
 *
 * Amounts are exact decimal strings (debit + to the bank's G/L account). The reconciliation report is the
 * report `gl-bank-reconciliation` (reports framework; PDF at POST /api/reports/gl-bank-reconciliation/pdf).
 */
import { add, sub, type Decimal } from '@erp/shared/decimal';

export const BANK_RECONCILIATION_API = 'gl/bank-reconciliation';
/** Most items one completion may clear (the screen's 10,000-item case with room). */
export const MAX_CLEARED = 50000;
export const ADJUSTMENT_KINDS = ['charge', 'interest', 'returned'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
/** The confirmation id of Undo (§4: undo asks first). */
export const UNDO_CONFIRMATION = 'bank-reconciliation.undo';

export interface ReconciliationItem {
  EntryId: number;
  EntryDate: string;
  DocumentNo: string;
  Source: string;
  Description: string | null;
  Amount: Decimal;
}

export interface ReconciliationSummary {
  ReconciliationId: number;
  StatementDate: string;
  StatementBalance: Decimal;
  ClearedTotal: Decimal;
  Status: 'Completed' | 'Undone';
  CreatedBy: string;
  CreatedOn: string;
}

export interface Worksheet {
  BankAccountId: string;
  GlAccountId: string;
  StatementDate: string;
  /** The statement balance of the latest completed reconciliation (0.00 for the first). */
  OpeningBalance: Decimal;
  /** Every Actual entry of the G/L account up to the statement date. */
  BookBalance: Decimal;
  Items: ReconciliationItem[];
  /** Completed and undone reconciliations, newest first (the first Completed is the one Undo may take back). */
  History: ReconciliationSummary[];
}

/** Sign of an adjustment to the bank's G/L account: interest adds, charges and returned items take away. */
export function adjustmentSign(kind: AdjustmentKind): 1 | -1 {
  return kind === 'interest' ? 1 : -1;
}

/**
 * §4: difference = statement ending balance − (opening balance + cleared items). Complete is allowed only at
 * exactly zero.
 */
export function reconciliationDifference(statementBalance: Decimal, openingBalance: Decimal, clearedTotal: Decimal): Decimal {
  return sub(statementBalance, add(openingBalance, clearedTotal));
}
