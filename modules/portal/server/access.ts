/**
 * Authorization of every portal request against the caller's §3 bill-to securables (§6: "Bill-to and
 * ship-to choices are limited to the firms in the user's securables").
 *
 * A securable `B100,S101,S102` lets its user act for bill-to B100 and ship to S101 and S102. Only firms
 * that exist and are active count. Everything else — a firm of another customer, a firm that does not
 * exist, a ship-to of another bill-to — is answered by the routes exactly like a missing record, so a
 * caller cannot learn which ids exist. Securables are read on every request: an administrator's change
 * applies to the next call.
 */
import type { Kysely } from 'kysely';
import { isPortalLanding } from '@erp/shared/portal-types';
import { securableFirmIds } from '@erp/shared/securables';
import { asFlag } from '@erp/server/db/schema';
import type { SearchAudience } from '@erp/server/modules/part';
import { PORTAL_APPLICATION } from '@erp/modules/shell/server/api';
import { portalDb, type PortalDB } from './schema.ts';

export interface PortalScope {
  /** Securable identifiers as stored (bill-to first). */
  securables: string[];
  /** Allowed bill-to id → its allowed ship-to ids, in securable order. Only existing, active firms. */
  accounts: Map<string, string[]>;
  /** Names of the existing firms named in the securables. */
  firms: Map<string, string>;
}

const ID = /^[A-Za-z0-9_-]{1,40}$/;

/** True when `value` has the shape of a firm id (anything else cannot be one of the caller's firms). */
export function isFirmId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}

export async function portalScope(db: Kysely<PortalDB>, userId: string): Promise<PortalScope> {
  const rows = await db.selectFrom('user_securables').select('identifier').where('user_id', '=', userId).orderBy('identifier').execute();
  const securables = rows.map((row) => row.identifier);
  const ids = new Set(securables.flatMap(securableFirmIds));
  const firms = new Map<string, string>();
  const billTos = new Set<string>();
  const shipTos = new Set<string>();
  if (ids.size > 0) {
    const found = await db
      .selectFrom('firms')
      .select(['firm_id', 'name', 'is_active', 'is_bill_to', 'is_ship_to'])
      .where('firm_id', 'in', [...ids])
      .execute();
    for (const firm of found) {
      if (!asFlag(firm.is_active)) continue;
      firms.set(firm.firm_id, firm.name);
      if (asFlag(firm.is_bill_to)) billTos.add(firm.firm_id);
      if (asFlag(firm.is_ship_to)) shipTos.add(firm.firm_id);
    }
  }
  const accounts = new Map<string, string[]>();
  for (const identifier of securables) {
    const [first, ...rest] = securableFirmIds(identifier);
    if (!first || !billTos.has(first)) continue;
    const list = accounts.get(first) ?? [];
    for (const shipTo of rest) if (shipTos.has(shipTo) && !list.includes(shipTo)) list.push(shipTo);
    accounts.set(first, list);
  }
  return { securables, accounts, firms };
}

/** The bill-to id when the caller may act for it, else null (answer as not found). */
export function allowedBillTo(scope: PortalScope, value: unknown): string | null {
  if (!isFirmId(value)) return null;
  const id = value.toUpperCase();
  return scope.accounts.has(id) ? id : null;
}

/** The ship-to id when it is one of `billToId`'s allowed ship-tos, else null. */
export function allowedShipTo(scope: PortalScope, billToId: string, value: unknown): string | null {
  if (!isFirmId(value)) return null;
  const id = value.toUpperCase();
  return scope.accounts.get(billToId)?.includes(id) ? id : null;
}

/**
 * Portal customers in the global search: users opening the portal whose landing page it is (§6 `isPortalLanding`,
 * as the shell reads it); they find the records of the bill-tos their routes let them act for.
 */
export const portalSearchAudience: SearchAudience = {
  application: PORTAL_APPLICATION,
  member: (user) => user.applications.names.has(PORTAL_APPLICATION) && isPortalLanding(user.row.landing_page),
  accounts: async (db, user) => [...(await portalScope(portalDb(db), user.userId)).accounts.keys()],
};
