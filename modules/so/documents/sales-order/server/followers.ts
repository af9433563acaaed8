/**
 * What other modules do as a sales order moves (issue 73 item 3: a module writes only its own tables and those of
 * the modules it requires). A module that links records of its own to sales orders — the portal: the portal
 * order a sales order came from (`PortalOrderKey`) and the account's hold — registers a follower once at load
 * (its server/index.ts); Sales Orders calls every follower in the order's transaction and names none of them.
 *
 * - `moved`: the orders reached a stage — Processing (committed), Shipped, Invoiced (one call per batch of a
 *   queue), Cancelled. `tables`: the tables it writes then, added to the action's `touched`.
 * - `commitRefusal`: a refusal of the order's commit, checked before the credit limit (the first one given wins).
 *
 * A follower gets the order's transaction as a `Transaction<D>` of whatever schema Sales Orders holds it in (issue 73
 * item 1): it names no table through it, but through its own typed view of it (the portal's `portalDb(trx)`).
 */
import type { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import type { WireRecord } from '@erp/server/entities/hooks';

/** The stages a follower hears of (the order's own state names Committed as Processing for the customer). */
export type SalesOrderStage = 'Processing' | 'Shipped' | 'Invoiced' | 'Cancelled';

export interface SalesOrderFollower {
  /** The tables `moved` writes. */
  tables: readonly string[];
  /** The orders (wire form) reached `stage`, in their transaction. */
  moved?<D>(trx: Transaction<D>, records: readonly WireRecord[], stage: SalesOrderStage): Promise<void>;
  /** Why the order may not be committed, else null. */
  commitRefusal?<D>(trx: Transaction<D>, record: WireRecord): Promise<BusinessError | null>;
}

const followers: SalesOrderFollower[] = [];

/** Registers a follower (once per process: a module's server part at load). */
export function followSalesOrders(follower: SalesOrderFollower): void {
  if (!followers.includes(follower)) followers.push(follower);
}

/** Tells every follower that `records` reached `stage`. */
export async function ordersMoved<D>(trx: Transaction<D>, records: readonly WireRecord[], stage: SalesOrderStage): Promise<void> {
  if (records.length === 0) return;
  for (const follower of followers) await follower.moved?.(trx, records, stage);
}

/** The first follower's refusal of committing `record`, else null. */
export async function commitRefusal<D>(trx: Transaction<D>, record: WireRecord): Promise<BusinessError | null> {
  for (const follower of followers) {
    const refusal = await follower.commitRefusal?.(trx, record);
    if (refusal) return refusal;
  }
  return null;
}

/** The tables the followers write as orders move (an action's `touched`, beside its own). */
export function followerTables(): string[] {
  return [...new Set(followers.flatMap((follower) => follower.tables))];
}
