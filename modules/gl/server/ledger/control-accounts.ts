/**
 * Control accounts (issue 22 item 6; §5 Accounting, DOMAIN-NOTES "sub-ledger = control account"): an account a
 * sub-ledger owns is posted by that sub-ledger only, whatever the source of a posting — so the sub-ledger's
 * detail (open items, stock ledger, …) always adds up to its control account.
 *
 * Which sub-ledger owns an account is DATA the owning modules register, not a branch in the engine:
 * `registerControlAccounts({ source, integrationTypes, integrationTypeColumns })`, called by a module's server
 * index, says "the accounts that the GL integration rows of my sub-ledger (gl_integration.sub_ledger = source)
 * name under these transaction types — exact, or a prefix ending in `*`, or any type a column of my own tables
 * names (e.g. a product class's inventory account key) — are mine". Read in the posting's transaction, so a
 * change of the integration applies to the next posting.
 * Another source may post an owner's accounts as part of the owner's own documents (a purchase receipt's GRNI is
 * posted with its stock movement, source IC; A/P matching clears it): the module that adds that posting says so,
 * `registerControlAccountPoster({ owner, source })` (issue 73 item 4: the owner never names a module above it).
 * An account flagged IsControl (gl_accounts.is_control) that no registration claims belongs to the sub-ledgers
 * whose integration rows name it (the sub-ledgers without a module yet, e.g. A/P's payables in the demo); a
 * flagged account nobody names takes no posting at all.
 */
import type { Transaction } from 'kysely';
import { dynamicDb } from '@erp/server/db/dynamic-db';
import { perTransaction } from '@erp/server/db/per-transaction';
import type { GlDatabase } from '../tables.generated.ts';
import type { IntegrationSubLedger, Source } from './types.ts';

type GlTransaction = Transaction<GlDatabase>;

export interface ControlAccountClaim {
  /** The journal source (and GL integration sub-ledger) that owns the accounts. */
  source: Source;
  /** GL integration transaction types of the sub-ledger whose accounts it owns; `PREFIX*` matches a prefix. */
  integrationTypes?: readonly string[];
  /** Columns of the module's tables that name more such transaction types (e.g. product_classes.inventory_account). */
  integrationTypeColumns?: readonly { table: string; column: string }[];
}

/** A source that posts an owner's control accounts as part of the owner's documents (issue 23). */
export interface ControlAccountPoster {
  /** The claim's source whose accounts are posted, e.g. `PO`. */
  owner: Source;
  /** The source that posts them too, e.g. `AP` (its matching clears GRNI). */
  source: Source;
}

const claims = new Map<Source, ControlAccountClaim>();
/** Owner → the other sources registered as posting its accounts. */
const posters = new Map<Source, Set<Source>>();

/** Registers (or replaces) a sub-ledger's claim on its control accounts. */
export function registerControlAccounts(claim: ControlAccountClaim): void {
  claims.set(claim.source, claim);
}

/**
 * Registers `source` as a poster of `owner`'s control accounts, called by the module that adds the posting (a
 * module above the owner, or the owner for a source below it). Registering before the owner's claim is fine.
 */
export function registerControlAccountPoster(poster: ControlAccountPoster): void {
  posters.set(poster.owner, (posters.get(poster.owner) ?? new Set()).add(poster.source));
}

/** The registered posters (read-only view, for tests). */
export function controlAccountPosters(): readonly ControlAccountPoster[] {
  return [...posters].flatMap(([owner, sources]) => [...sources].map((source) => ({ owner, source })));
}

/** The registered claims (read-only view, for tests and reports). */
export function controlAccountClaims(): readonly ControlAccountClaim[] {
  return [...claims.values()];
}

/**
 * The owners (journal sources) of each of `accountIds` that is a control account: the claims that cover it,
 * else — for an account flagged IsControl — the sub-ledgers whose integration rows name it (possibly none).
 */
export function controlOwners(trx: GlTransaction, accountIds: readonly string[], flagged: ReadonlySet<string>): Promise<Map<string, Set<string>>> {
  // Once per transaction and set of accounts (a batch posts many documents to the same accounts).
  const key = `gl:controlOwners:${[...accountIds].sort().join(',')}|${[...flagged].sort().join(',')}`;
  return perTransaction(trx, key, () => readControlOwners(trx, accountIds, flagged));
}

async function readControlOwners(trx: GlTransaction, accountIds: readonly string[], flagged: ReadonlySet<string>): Promise<Map<string, Set<string>>> {
  const owners = new Map<string, Set<string>>();
  if (accountIds.length === 0) return owners;
  const own = (account: string, source: string) => owners.set(account, (owners.get(account) ?? new Set()).add(source));
  for (const claim of claims.values()) {
    const types = claim.integrationTypes ?? [];
    const exact = types.filter((t) => !t.endsWith('*')).map((t) => t.toUpperCase());
    const prefixes = types.filter((t) => t.endsWith('*')).map((t) => t.slice(0, -1).toUpperCase());
    const columns = claim.integrationTypeColumns ?? [];
    if (exact.length === 0 && prefixes.length === 0 && columns.length === 0) continue;
    // The claim's columns are its module's, named by the claim at run time: read through the dynamic view.
    const named = dynamicDb(trx);
    const rows = await trx
      .selectFrom('gl_integration')
      .select('account_id')
      .where('sub_ledger', '=', claim.source as IntegrationSubLedger)
      .where('account_id', 'in', [...accountIds])
      .where((eb) => {
        const upper = eb.fn<string>('upper', ['transaction_type']);
        return eb.or([
          ...(exact.length > 0 ? [eb(upper, 'in', exact)] : []),
          ...prefixes.map((prefix) => eb(upper, 'like', `${prefix}%`)),
          ...columns.map(({ table, column }) => eb(upper, 'in', named.selectFrom(table).select((inner) => inner.fn<string>('upper', [column]).as('t')).where(column, 'is not', null))),
        ]);
      })
      .execute();
    for (const row of rows) {
      if (row.account_id === null) continue;
      own(row.account_id, claim.source);
      for (const source of posters.get(claim.source) ?? []) own(row.account_id, source);
    }
  }
  const unclaimed = [...flagged].filter((account) => !owners.has(account));
  for (const account of unclaimed) owners.set(account, new Set());
  if (unclaimed.length > 0) {
    const rows = await trx.selectFrom('gl_integration').select(['sub_ledger', 'account_id']).where('account_id', 'in', unclaimed).execute();
    for (const row of rows) if (row.account_id !== null && row.sub_ledger !== null) own(row.account_id, row.sub_ledger);
  }
  return owners;
}
