/**
 * What every AR report shares about customers: the caller's §6 restriction (prepareAr, into ctx.state), the
 * customer parameters and the restriction on a query (customerFilter), and a firm's city line.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { readAll } from '@erp/server/db/read';
import { assignedFirms, isRestricted } from '@erp/modules/shell/server/api';
import type { ReportContext } from '@erp/server/reports/engine';
import { arDb } from '../tables.generated.ts';

interface ArState {
  /** null when the caller sees every customer (§6). */
  assigned: string[] | null;
}

export const stateOf = (ctx: ReportContext) => ctx.state['ar'] as ArState;

/**
 * §6 and the customer parameter on a query whose customer is `column` — a reference under the query's alias, so
 * the condition is written on the reference, whatever the query's tables (typed or the ledger's movements).
 */
export function customerFilter<DB, TB extends keyof DB, O>(ctx: ReportContext, query: SelectQueryBuilder<DB, TB, O>, column: string): SelectQueryBuilder<DB, TB, O> {
  const customer = sql.ref(column);
  let filtered = query;
  const { assigned } = stateOf(ctx);
  if (assigned) filtered = filtered.where(assigned.length === 0 ? sql<boolean>`${customer} = ${''}` : sql<boolean>`${customer} in (${sql.join(assigned)})`);
  for (const [name, op] of [['CustomerId', '='], ['CustomerFrom', '>='], ['CustomerTo', '<=']] as const) {
    const value = ctx.params[name];
    if (typeof value === 'string') filtered = filtered.where(sql<boolean>`${customer} ${sql.raw(op)} ${value}`);
  }
  return filtered;
}

/**
 * The checks every AR report runs first: the caller's §6 restriction (into ctx.state) and the named customer
 * exists (§8 "Bill To is invalid."). A customer the caller is not assigned to never gets here: the report
 * routes refuse it like the entity routes (the firm's `parameterRefusal` hook, modules/shell/server/firm/assigned.ts).
 */
export async function prepareAr(ctx: ReportContext): Promise<ReportParameterError[]> {
  const assigned = isRestricted(ctx.user) ? await assignedFirms(ctx.db, ctx.user) : null;
  ctx.state['ar'] = { assigned } satisfies ArState;
  const customer = ctx.params['CustomerId'];
  if (typeof customer !== 'string') return [];
  const found = await readAll(ctx.database, arDb(ctx.db).selectFrom('firms').select('firm_id').where('firm_id', '=', customer));
  return found.length === 0 ? [{ field: 'CustomerId', key: 'ar:reports.validation.customerInvalid' }] : [];
}

/** "Montréal QC H2X 1Y4": the firm's (alias) city, province and postal code, the parts there are, one space apart. */
export function firmCityLine(alias: string): RawBuilder<string> {
  const part = (column: string) => sql`coalesce(${sql.ref(`${alias}.${column}`)}, '')`;
  return sql<string>`trim(${part('city')} || ' ' || ${part('province_code')} || ' ' || ${part('postal_code')})`;
}
