/**
 * §6 "users restricted to assigned customers", for every entity and report that belongs to a customer
 * (firm maintenance, AR documents and inquiries, …). A restricted user (users.restricted_to_customers) sees
 * only the firms assigned to them (user_customers); asking for another answers 403 "Sorry, this Firm cannot
 * be viewed. You are not assigned to this customer." and lists leave the others out — enforced here, on the
 * server, whatever the screen sends.
 *
 * `assignedCustomerHooks(column, field)` gives the `scope` and `canView` hooks of an entity whose customer is
 * in `column` (table) / `field` (record); compose them into the entity's hooks. `assignedFirms(db, user)` and
 * `canSeeFirm(db, user, firmId)` serve documents and queries; `firmParameterRefusal(db, user, firmIds)` is the
 * firm's `parameterRefusal` hook, the check the report and process routes run on every firm a parameter names,
 * so a report answers an unassigned firm exactly like the entity routes (403 and the same CallResult).
 */
import type { Kysely } from 'kysely';
import type { AuthenticatedUser } from '@erp/server/auth/plugin';
import { asFlag } from '@erp/server/db/schema';
import type { EntityHooks, Refusal } from '@erp/server/entities/hooks';
import { message } from '@erp/server/entities/labels';

export function isRestricted(user: AuthenticatedUser): boolean {
  return asFlag(user.row.restricted_to_customers as boolean | number | undefined);
}

/** The firm ids assigned to `user` (meaningful only when the user is restricted). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function assignedFirms(db: Kysely<any>, user: AuthenticatedUser): Promise<string[]> {
  const rows = await db.selectFrom('user_customers').select('firm_id').where('user_id', '=', user.userId).execute();
  return rows.map((row) => String(row.firm_id));
}

/** Whether `user` may see firm `firmId` (always, when not restricted). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function canSeeFirm(db: Kysely<any>, user: AuthenticatedUser, firmId: string): Promise<boolean> {
  if (!isRestricted(user)) return true;
  return (await assignedFirms(db, user)).includes(firmId);
}

/** §6: the refusal for a firm the user is not assigned to. */
export function notAssigned(): Refusal {
  return {
    status: 403,
    body: { ResultStatus: 2, ResultCode: 'not_assigned', Message: message('entities:firm.rules.notAssigned'), EntityId: null, Exception: null },
  };
}

/** `scope` and `canView` for an entity whose customer is `column` in its table and `field` in its record. */
export function assignedCustomerHooks(column: string, field: string): Pick<EntityHooks, 'scope' | 'canView'> {
  return {
    async scope(ctx, query) {
      if (!isRestricted(ctx.user)) return query;
      const assigned = await assignedFirms(ctx.db, ctx.user);
      return assigned.length === 0 ? query.where(column, '=', '') : query.where(column, 'in', assigned);
    },
    async canView(ctx, record) {
      if (!isRestricted(ctx.user)) return null;
      return (await assignedFirms(ctx.db, ctx.user)).includes(String(record[field])) ? null : notAssigned();
    },
  };
}

/**
 * §6 for reports and processes (the firm's `parameterRefusal` hook, run on every firm a report or process
 * parameter names — a customer or a range bound — by @erp/server/entities/parameter-guard): `notAssigned()`,
 * as the entity routes answer it, when one of `firmIds` is not assigned to a restricted `user`; null when all
 * may be seen. It runs before the report's own database checks, so a restricted user gets the same answer for
 * a firm that does not exist and learns nothing of the firms outside their list.
 */
export async function firmParameterRefusal(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  user: AuthenticatedUser,
  firmIds: readonly unknown[],
): Promise<Refusal | null> {
  if (!isRestricted(user) || firmIds.length === 0) return null;
  const assigned = new Set(await assignedFirms(db, user));
  return firmIds.every((firmId) => assigned.has(String(firmId))) ? null : notAssigned();
}
