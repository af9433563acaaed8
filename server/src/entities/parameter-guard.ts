/**
 * §6 for reports and processes: the records a report's or process's lookup parameters name are checked with
 * their entity's `parameterRefusal` hook (e.g. the firms of a user restricted to assigned customers), before
 * the report's own database checks — so a report answers a record the caller may not see exactly as the entity
 * routes do, and learns nothing of records that do not exist. Generic: the hook comes from the registry.
 */
import type { ReportParameter, ReportParameterValues } from '@erp/shared/reports/define';
import type { Kysely } from 'kysely';
import type { AuthenticatedUser } from '../auth/user.ts';
import { coreDb } from '../db/schema.ts';
import type { Refusal } from './hooks.ts';
import { registeredEntity } from './registry.ts';

/** The first refusal of the entities named by `parameters`' lookups (non-blank values only), or null. */
export async function lookupParametersRefusal<D>(
  db: Kysely<D>,
  user: AuthenticatedUser,
  parameters: readonly ReportParameter[],
  values: ReportParameterValues,
): Promise<Refusal | null> {
  const named = new Map<string, unknown[]>();
  for (const parameter of parameters) {
    if (parameter.type !== 'lookup' || !parameter.entity) continue;
    const value = values[parameter.name];
    if (value === undefined || value === '') continue;
    named.set(parameter.entity, [...(named.get(parameter.entity) ?? []), value]);
  }
  for (const [entity, keys] of named) {
    const refusal = (await registeredEntity(entity)?.hooks.parameterRefusal?.(coreDb(db), user, keys)) ?? null;
    if (refusal) return refusal;
  }
  return null;
}
