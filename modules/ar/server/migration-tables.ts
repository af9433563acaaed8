/**
 * Receivables' tables that its migrations create, not its entity definitions (./migration.ts, ./m0013-ar-fx.ts):
 * the one hand-written place of their types, joined into `ArTables` by the generated ./tables.generated.ts. Add a
 * table here when typed code first names it.
 */
import type { ColumnType } from 'kysely';
import type { SubLedgerApplicationColumns, SubLedgerItemColumns } from '@erp/modules/gl/server/api';

export type MigrationTables = {
  /** The open items of the receivables sub-ledger: one per invoice, credit, receipt … (subledger.ts). */
  ar_items: SubLedgerItemColumns & {
    ship_to_id: string | null;
    currency: ColumnType<string, string | undefined, string>;
    description: string | null;
  };
  /** Append-only: one row per application of a credit to an invoice (subledger.ts, receipts/applications.ts). */
  ar_applications: SubLedgerApplicationColumns;
};
