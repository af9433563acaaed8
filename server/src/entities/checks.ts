/**
 * The database rules every save runs before its transaction (save.ts), for every entity: an enum option's
 * `when` holds; lookups name existing (and, when the field says so, active) records meeting the lookup's
 * `where` (lookups.ts); set values name existing records; child keys
 * and a line's own child keys name rows this record already has (issue #11, issue 12); natural keys and
 * the definition's unique groups are not taken. Then the entity's own `validate` hook, only when the
 * generic rules found nothing. `databaseIssues(ctx, change)` answers them as validation issues with their
 * messages in the caller's language (400 validation_failed).
 */
import { dynamicDb } from '../db/dynamic-db.ts';
import { DECIMAL_KEYS, parseDecimal, round } from '@erp/shared/decimal';
import { optionOffered, type AnyEntity, type RuleIssue, type ScalarField } from '@erp/shared/entities/define';
import { entityByName } from '@erp/shared/entities/index';
import type { ValidationIssue } from '@erp/shared/entities/validate';
import { issueOf } from './answers.ts';
import { messageIn, type BusinessIssue } from './call-result.ts';
import { refusalKey, whereColumns } from './lookups.ts';
import type { Change, EntityContext } from './hooks.ts';
import { keyColumn, readScalar, writeScalar } from './wire.ts';

async function lookupIssues(ctx: EntityContext, change: Change): Promise<RuleIssue[]> {
  const issues: RuleIssue[] = [];
  for (const name of change.changed) {
    const field = ctx.def.fields[name]!;
    const value = change.value[name];
    if (field.type === 'lookup' && value !== null && value !== undefined) {
      const target = entityByName(field.entity);
      if (!target) continue;
      const column = field.targetField ? target.fields[field.targetField]!.column : keyColumn(target);
      const activeColumn = target.activeField ? target.fields[target.activeField]!.column : null;
      const row = (await dynamicDb(ctx.db)
        .selectFrom(target.table)
        .select([...new Set([column, ...(activeColumn ? [activeColumn] : []), ...whereColumns(target, field)])])
        .where(column, '=', value)
        .executeTakeFirst()) as Record<string, unknown> | undefined;
      const self = target === ctx.def && change.mode === 'create' && value === change.value[ctx.def.key];
      // A record the field's `where` leaves out is not one it accepts (issue 21 item 5: what the lookup offers).
      const refused = self && !row ? null : refusalKey(target, field, row, change.next);
      if (refused) {
        // The value rides along, for messages that name it (§8 "Heat number {0} cannot be found.").
        issues.push({ field: name, key: refused, params: { value } });
      } else if (row && field.activeOnly && activeColumn && !readScalar({ type: 'boolean' }, row[activeColumn])) {
        issues.push({ field: name, key: field.inactiveKey ?? 'entities:validation.lookupInactive' });
      }
    }
    if (field.type === 'set' && field.entity && Array.isArray(value) && value.length > 0) {
      const target = entityByName(field.entity);
      if (!target) continue;
      const column = keyColumn(target);
      const rows = (await dynamicDb(ctx.db).selectFrom(target.table).select(column).where(column, 'in', value).execute()) as Record<string, unknown>[];
      const known = new Set(rows.map((row) => String(row[column])));
      const missing = (value as string[]).find((item) => !known.has(item));
      if (missing !== undefined) issues.push({ field: name, key: 'entities:validation.lookupInvalid', params: { value: missing } });
    }
    if (field.type === 'children' && Array.isArray(value)) {
      // Child keys are checked like every other key (issue #11): a row may name only a child row this
      // record already has (never on a create, never another record's), and each at most once.
      const stored = (change.mode === 'update' ? (change.current?.[name] as Record<string, unknown>[] | undefined) : undefined) ?? [];
      const keys = new Set(stored.map((row) => row[field.key]));
      const named = new Set<unknown>();
      (value as Record<string, unknown>[]).forEach((row, index) => {
        const key = row[field.key];
        if (key === null || key === undefined) return;
        if (!keys.has(key) || named.has(key)) {
          issues.push({ field: `${name}[${index}].${field.key}`, key: 'entities:validation.lookupInvalid' });
        }
        named.add(key);
      });
      // A line's own child rows (issue 12): a child key must be one of THIS line's stored child rows
      // (never on a new line, never another line's or record's), each at most once.
      const currentLines = new Map(stored.map((row) => [row[field.key], row]));
      for (const [subName, sub] of Object.entries(field.lineChildren ?? {})) {
        (value as Record<string, unknown>[]).forEach((row, index) => {
          const line = row[field.key] === null || row[field.key] === undefined ? undefined : currentLines.get(row[field.key]);
          const own = new Set(((line?.[subName] as Record<string, unknown>[] | undefined) ?? []).map((subRow) => subRow[sub.key]));
          const seen = new Set<unknown>();
          ((row[subName] as Record<string, unknown>[] | undefined) ?? []).forEach((subRow, subIndex) => {
            const subKey = subRow[sub.key];
            if (subKey === null || subKey === undefined) return;
            if (!own.has(subKey) || seen.has(subKey)) {
              issues.push({ field: `${name}[${index}].${subName}[${subIndex}].${sub.key}`, key: 'entities:validation.lookupInvalid' });
            }
            seen.add(subKey);
          });
        });
      }
    }
  }
  return issues;
}

async function uniqueIssues(ctx: EntityContext, change: Change): Promise<RuleIssue[]> {
  const { def } = ctx;
  const issues: RuleIssue[] = [];
  const keyCol = keyColumn(def);
  if (change.mode === 'create' && def.keyKind === 'natural') {
    const exists = await dynamicDb(ctx.db).selectFrom(def.table).select(keyCol).where(keyCol, '=', change.value[def.key]).executeTakeFirst();
    if (exists) issues.push({ field: def.key, key: 'entities:validation.duplicate' });
  }
  for (const group of def.uniques) {
    if (!group.some((field) => change.changed.has(field))) continue;
    let q = dynamicDb(ctx.db).selectFrom(def.table).select(keyCol);
    for (const field of group) {
      const value = writeScalar(def.fields[field] as ScalarField, change.next[field], ctx.engine);
      const column = def.fields[field]!.column;
      q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value);
    }
    if (change.id !== null) q = q.where(keyCol, '!=', change.id);
    if (await q.executeTakeFirst()) issues.push({ field: group[group.length - 1]!, key: 'entities:validation.duplicate' });
  }
  return issues;
}

/**
 * Enum options offered only under values of other fields (FieldOption `when`, issue 21 item 5): the record
 * after the save holds an option its other fields do not allow — what the form would not have offered.
 */
export function optionIssues(ctx: Pick<EntityContext, 'def'>, change: Change): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const [name, field] of Object.entries(ctx.def.fields)) {
    if (field.type !== 'enum') continue;
    const value = change.next[name];
    const option = field.options.find((candidate) => candidate.value === value);
    // Only when this field or one its `when` names changes: a stored record is not refused for an old choice.
    const touched = change.changed.has(name) || Object.keys(option?.when ?? {}).some((other) => change.changed.has(other));
    if (option && touched && !optionOffered(option, change.next)) issues.push({ field: name, key: 'entities:validation.option', params: { value } });
  }
  return issues;
}

/** Generic database checks, then the entity's own; answers the issues as validation errors. */
export async function databaseIssues(ctx: EntityContext, change: Change): Promise<ValidationIssue[]> {
  const issues = [...optionIssues(ctx, change), ...(await lookupIssues(ctx, change)), ...(await uniqueIssues(ctx, change))];
  if (issues.length === 0 && ctx.hooks.validate) issues.push(...(await ctx.hooks.validate(ctx, change)));
  return issues.map((issue) => issueOf(ctx.def, issue, ctx.user.row.language));
}

/**
 * Issue 22 item 10: every decimal a save writes fits its column (precision digits, `scale` decimals) — also
 * what the server computed or a hook set after the field checks (a line's quantity × price, a document's
 * totals), which the field checks never saw. Run in the save's transaction after `beforeWrite`: an overflow
 * is a 400 with the field's text (entities:validation.decimalPrecision) at save, never a RangeError or a
 * numeric overflow from the database (a 500), nor an amount too large to post later.
 */
export function storageRangeIssues(def: AnyEntity, change: Change, language: string | null | undefined): BusinessIssue[] {
  const issues: BusinessIssue[] = [];
  const check = (field: ScalarField & { labelKey?: string }, value: unknown, path: string, name: string) => {
    if (field.type !== 'decimal' || typeof value !== 'string') return;
    const scale = field.scale ?? 2;
    const parsed = parseDecimal(/^-?\d+(\.\d+)?$/.test(value) ? round(value, scale) : value, { precision: field.precision ?? 15, scale });
    if (parsed.ok || parsed.key !== DECIMAL_KEYS.tooLarge) return;
    issues.push({ field: path, key: parsed.key, params: { ...(parsed.params ?? {}), label: messageIn(language, field.labelKey ?? name) } });
  };
  for (const name of change.changed) {
    const field = def.fields[name];
    if (!field) continue;
    if (field.type === 'children') {
      const lines = change.value[name];
      if (!Array.isArray(lines)) continue;
      lines.forEach((line, index) => {
        if (line === null || typeof line !== 'object') return;
        for (const [childName, child] of Object.entries(field.fields)) check(child, (line as Record<string, unknown>)[childName], `${name}[${index}].${childName}`, childName);
      });
    } else check(field as ScalarField, change.value[name], name, name);
  }
  return issues;
}
