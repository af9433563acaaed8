/**
 * The report page on the wire (POST /api/reports/:report/run, server/src/reports/routes.ts): the rows and the
 * group summaries the server writes and the report screen reads. Decimals travel as exact text.
 */
import type { Decimal } from '../decimal.ts';

export type ReportRow = Record<string, string | number | null>;

/** One group on a page: its heading values, subtotals over the whole group, opening and closing. */
export interface ReportGroupSummary {
  Key: string;
  Heading: ReportRow;
  /** The group's first row is on this page (show its heading, and opening). */
  Starts: boolean;
  /** The group's last row is on this page (show its subtotals, and closing). */
  Ends: boolean;
  Subtotals: Record<string, Decimal | number>;
  Opening?: Decimal;
  Closing?: Decimal;
}
