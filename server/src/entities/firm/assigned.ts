/**
 * §6 "users restricted to assigned customers", for every entity and report that belongs to a customer
 * (firm maintenance, AR documents and inquiries, …). A restricted user (users.restricted_to_customers) sees
 * only the firms assigned to them (user_customers); asking for another answers 403 "Sorry, this Firm cannot
 * be viewed. You are not assigned to this customer." and lists leave the others out — enforced here, on the
 * server, whatever the screen sends.
 *
 * `assignedCustomerHooks(column, field)` gives the `scope` and `canView` hooks of an entity whose customer is
 * in `column` (table) / `field` (record); compose them into the entity's hooks. `assignedFirms(db, user)` and
 * `canSeeFirm(db, user, firmId)` serve documents and queries; `firmParametersRefusal(db, user, parameters,
 * values)` is the check the report and process routes run on every firm a parameter names, so a report
 * answers an unassigned firm exactly like the entity routes (403 and the same CallResult).
 */
import { firm } from '@erp/modules/shell/definitions/firm';
import type { ReportParameter, ReportParameterValues } from '@erp/shared/reports/define';
import type { Kysely } from 'kysely';
import type { AuthenticatedUser } from '../../auth/plugin.ts';
import { asFlag } from '../../db/schema.ts';
import type { EntityHooks, Refusal } from '../hooks.ts';
import { message } from '../labels.ts';

/**
 * The entity whose records are the customers a restricted user is assigned to (user_customers.firm_id):
 * a report or process parameter that looks up this entity names a customer and is checked.
 */
export const GUARDED_ENTITY: string = firm.name;

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
 * §6 for reports and processes: the refusal (`notAssigned()`, as the entity routes answer it) when a lookup
 * parameter of `GUARDED_ENTITY` (a customer or a range bound) names a firm `user` is not assigned to; null
 * when all may be seen. It runs before the report's own database checks, so a restricted user gets the
 * same answer for a firm that does not exist and learns nothing of the firms outside their list.
 */
export async function firmParametersRefusal(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  user: AuthenticatedUser,
  parameters: readonly ReportParameter[],
  values: ReportParameterValues,
): Promise<Refusal | null> {
  if (!isRestricted(user)) return null;
  const named = parameters
    .filter((parameter) => parameter.type === 'lookup' && parameter.entity === GUARDED_ENTITY)
    .map((parameter) => values[parameter.name])
    .filter((value) => value !== undefined && value !== '');
  if (named.length === 0) return null;
  const assigned = new Set(await assignedFirms(db, user));
  return named.every((firmId) => assigned.has(String(firmId))) ? null : notAssigned();
}
