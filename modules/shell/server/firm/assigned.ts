/**
 * §6 "users restricted to assigned customers" for the modules' own code. The rule itself is the engine's
 * (issue 68 item 2, @erp/server/entities/customers): an entity whose definition flags a lookup `customer: true`
 * gets its `scope`, `canView`, `parameterRefusal` and write check from the registry, so no module writes them.
 * A restricted user (users.restricted_to_customers) sees only the firms assigned to them (user_customers);
 * asking for another answers 403 "Sorry, this Firm cannot be viewed. You are not assigned to this customer.".
 *
 * Here: the primitives for queries a module builds itself (a queue, a module report, a process's items) —
 * `isRestricted`, `assignedFirms(db, user)`, `canSeeFirm(db, user, firmId)`, `notAssigned()` — and
 * `firmParameterRefusal`, the firm's own `parameterRefusal` hook (the firm is the customer itself, with its
 * ship-tos: modules/shell/server/firm/rules.ts).
 */
import type { Kysely } from 'kysely';
import type { AuthenticatedUser } from '@erp/server/auth/plugin';
import type { Refusal } from '@erp/server/entities/hooks';
import { assignedFirms, isRestricted, notAssigned } from '@erp/server/entities/customers';

export { assignedFirms, isRestricted, notAssigned };

/** Whether `user` may see firm `firmId` (always, when not restricted); any module's view of the database. */
export async function canSeeFirm<D>(db: Kysely<D>, user: AuthenticatedUser, firmId: string): Promise<boolean> {
  if (!isRestricted(user)) return true;
  return (await assignedFirms(db, user)).includes(firmId);
}

/**
 * §6 for reports and processes (the firm's `parameterRefusal` hook, run on every firm a report or process
 * parameter names — a customer or a range bound — by @erp/server/entities/parameter-guard): `notAssigned()`,
 * as the entity routes answer it, when one of `firmIds` is not assigned to a restricted `user`; null when all
 * may be seen. It runs before the report's own database checks, so a restricted user gets the same answer for
 * a firm that does not exist and learns nothing of the firms outside their list.
 */
export async function firmParameterRefusal<D>(
  db: Kysely<D>,
  user: AuthenticatedUser,
  firmIds: readonly unknown[],
): Promise<Refusal | null> {
  if (!isRestricted(user) || firmIds.length === 0) return null;
  const assigned = new Set(await assignedFirms(db, user));
  return firmIds.every((firmId) => assigned.has(String(firmId))) ? null : notAssigned();
}
