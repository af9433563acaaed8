/**
 * What a module declares it needs configured (issue 40 item 1), in its own `server/setup.ts`:
 * `export const setupNeeds: readonly SetupNeed[]`. The set-up check (./check.ts) finds every module's file (no
 * list to keep: a module adds its folder) and answers what is missing. A need names
 * - `usedBy`: the registered processes (`so-shipping-queue`) and the documents (entity names, `po-receipt`) that
 *   refuse without it — a server test fails on a registered process no module declares (`processes` below);
 * - `check`: an integration account (with the fallbacks the posting code takes, in its order), at least one row
 *   of a master table, or a module's own finder (e.g. one account per product class);
 * - `fix`: the route path of the screen that fixes it.
 * A module whose processes need nothing configured lists them in `setupFree` so the test knows they were thought of.
 */
import type { Kysely } from 'kysely';
import type { DB } from '@erp/server/db/schema';

export const FIX_INTEGRATION = '/novus-gl/gl-integration';
export const FIX_PERIODS = '/novus-gl/accounting-periods';
export const FIX_BANKS = '/novus-gl/bank-account';
export const FIX_WAREHOUSES = '/shell/warehouse';
export const FIX_SEQUENCES = '/shell/sequence-counter';

/** What a finder is handed: the core's connection, which a module reads its own tables from through `<m>Db(db)`. */
export type FinderDb = Kysely<DB>;

/** A G/L integration row: sub-ledger and transaction type. */
export type IntegrationKey = readonly [subLedger: string, type: string];

/** One missing item, with its text key (namespace `gl`, `setup-check.items.*` unless a module names its own). */
export interface Missing {
  key: string;
  params?: Record<string, unknown>;
  /** Another screen than the need's own (`fix`). */
  fix?: string;
  /** The processes or documents this item stops, when not the need's `usedBy`. */
  usedBy?: readonly string[];
}

export type SetupCheck =
  /** The first key is the one the posting code wants; the others its fallbacks, in the order it tries them. */
  | { kind: 'integration'; keys: readonly IntegrationKey[] }
  /** At least one row of `table` (matching `where`); missing: the item `key`. */
  | { kind: 'rows'; table: string; where?: Readonly<Record<string, string | number>>; key: string }
  /** A module's own finder: every missing item. `today` is YYYY-MM-DD. */
  | { kind: 'find'; find(db: FinderDb, today: string): Promise<readonly Missing[]> };

export interface SetupNeed {
  usedBy: readonly string[];
  check: SetupCheck;
  fix: string;
}

/** An integration account the posting code requires (with its fallbacks). */
export function integrationNeed(usedBy: readonly string[], ...keys: IntegrationKey[]): SetupNeed {
  return { usedBy, check: { kind: 'integration', keys }, fix: FIX_INTEGRATION };
}

/** What a module's `server/setup.ts` exports. */
export interface ModuleSetup {
  setupNeeds: readonly SetupNeed[];
  /** Registered processes of the module that need nothing beyond what the data they work on already holds. */
  setupFree?: readonly string[];
}

/** At least one warehouse (stock documents and their processes). */
export function warehouseNeed(usedBy: readonly string[]): SetupNeed {
  return { usedBy, check: { kind: 'rows', table: 'warehouses', key: 'gl:setup-check.items.warehouse' }, fix: FIX_WAREHOUSES };
}

/** At least one bank account (payments and receipts). */
export function bankNeed(usedBy: readonly string[]): SetupNeed {
  return { usedBy, check: { kind: 'rows', table: 'bank_accounts', key: 'gl:setup-check.items.bank' }, fix: FIX_BANKS };
}

/** A missing G/L integration row, as a module's own finder reports it. */
export function missingIntegration(subLedger: string, type: string): Missing {
  return { key: 'gl:setup-check.items.integration', params: { subLedger, type } };
}
