/**
 * Types of the ledger service (modules/gl/server/ledger): what every module that posts to the General Ledger
 * passes to `post()` (posting.ts). See CONTRACT-12 "Ledger tables".
 */
import type { Decimal } from '@erp/shared/decimal';
import type { AccountingJournalRow, GlIntegrationRow } from '../tables.generated.ts';

/**
 * The sub-ledger whose period flag a posting checks (fiscal_periods.closed_<subLedger>): `gl` or a flag a module
 * declared (definitions/ledger-sources.ts, issue 41).
 */
export type SubLedger = string;

/**
 * Journal sources (gl_journals.source), also the GL integration sub-ledgers that claim control accounts: the
 * G/L's and those the modules declare (definitions/ledger-sources.ts). A source may claim accounts without
 * keeping journals (Purchasing's accruals: its receipts post through the stock ledger's source).
 */
export type Source = string;

/**
 * A source or sub-ledger code as gl_journals.source and gl_integration.sub_ledger store it: the union of the codes
 * the modules declare (their extensions add them to the G/L's choices, so the generated type lists them). `Source`
 * stays a string, as a module declares its code at load; the ledger narrows it where it names the column.
 */
export type JournalSource = NonNullable<AccountingJournalRow['source']>;
export type IntegrationSubLedger = NonNullable<GlIntegrationRow['sub_ledger']>;

export type DataType = 'Actual' | 'Budget';

export interface PostingLine {
  accountId: string;
  /** Signed exact amount: debit +, credit −. */
  amount: Decimal;
  description?: string | null;
  /**
   * The account was entered by a user on a document line (not taken from the sub-ledger's GL integration): it
   * may not be a control account, not even one of the posting's own sub-ledger (issue 22 — e.g. an invoice's
   * revenue line on the receivables control account).
   */
  enteredAccount?: boolean;
}

export interface PostingRequest {
  source: Source;
  subLedger: SubLedger;
  dataType: DataType;
  /** Posting date `YYYY-MM-DD`: decides the period. */
  date: string;
  /** The posted document's number (gl_entries.document_no). */
  documentNo: string;
  description?: string | null;
  origin: { type: string; id: string };
  lines: readonly PostingLine[];
  /** Questions the caller answered Yes to (§5 confirmations). */
  confirmations?: ReadonlySet<string> | readonly string[];
  /** A reversal: the document number it reverses. */
  reversalOf?: string | null;
  /** Who posts (gl_entries.created_by). */
  userId: string;
  /**
   * Year-end closing only (source YE; modules/gl/server/year-end/): the date must be the last day of
   * its fiscal year's final period, which may be — and normally is — closed for the G/L (SCREENS.md 4.1:
   * the closing voucher goes into the closed year). Any other request keeps the closed-period check.
   */
  yearEndClosing?: boolean;
}

export interface PostingResult {
  journalId: number;
  entryIds: number[];
  fiscalYear: number;
  periodNo: number;
}

export interface PeriodRow {
  periodId: number;
  fiscalYear: number;
  periodNo: number;
  startDate: string;
  endDate: string;
  closed: Record<SubLedger, boolean>;
}
