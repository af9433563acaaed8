/**
 * The one validation of entity records, run by the generic form (as the user types and on save) and by
 * the server (before every write): `validateRecord(def, input, mode)`.
 *
 * What it checks, in order:
 * 1. the input is an object; every key is a field of the definition (unknown fields are errors — so are
 *    fields the caller may not see, `options.hidden`, which look unknown to them); the record-trail
 *    fields (CreatedBy … Version) and `options.ignore` are skipped;
 * 2. each given field: its type, then required / length / range / pattern / e-mail / options / items;
 *    text is trimmed (single-line formats) and blank text becomes null;
 * 3. read-only fields (the definition's, `options.readOnly`, the key on update, an auto key on create):
 *    giving one is an error unless it is null or equal to the stored value;
 * 4. create: required fields must be given; missing fields take their `defaultValue` (else null);
 * 5. only when 1–4 found nothing: the definition's synchronous rules, on the whole record (on update the
 *    stored record with the changes applied).
 * Database rules (lookups exist, uniqueness, §5 firm rules that need other records) run on the server.
 *
 * Messages are the catalogue's English defaults (messages.ts) unless `options.t` translates them; the
 * `{{label}}` parameter is the field's translated label. One value's checks are in `field-value.ts`
 * (re-exported here, so importers keep naming `@erp/shared/entities/validate`).
 */
import {
  TRAIL_FIELDS,
  type AnyEntity,
  type ChildrenField,
  type FieldDefinition,
  type LineChildrenDefinition,
} from './define.ts';
import { add, cmp } from '../decimal.ts';
import {
  BAD_CHARACTERS,
  DEFAULT_MAX_CHILD_ROWS,
  DEFAULT_MAX_LOOKUP,
  INTEGER_MAX,
  checkScalar,
  humanize,
  isPlainObject,
  isSingleLine,
  sameValue,
  type Issue,
} from './field-value.ts';
import { defaultMessage, interpolate } from './messages.ts';

/** i18next-like: the text of `key`, else `defaultValue`, interpolated with `params`. */
export type Translate = (key: string, defaultValue: string, params?: Record<string, unknown>) => string;

export interface ValidationIssue {
  /** Field name; `Contacts[2].Email` inside a child collection; '' for the record as a whole. */
  field: string;
  /** i18n key of the message (namespace `entities`). */
  key: string;
  params: Record<string, unknown>;
  /** The message, translated by `options.t` (English by default). */
  message: string;
}

export interface ValidateOptions {
  t?: Translate;
  /** Update: the stored record (wire form), to find what changed and to run rules on the whole record. */
  current?: Readonly<Record<string, unknown>> | null;
  /** More read-only fields (form widgets security). */
  readOnly?: Iterable<string>;
  /** Fields the caller may not see: giving one is an unknown field. */
  hidden?: Iterable<string>;
  /** Keys that are not fields and are allowed (e.g. ConfirmDeleteAccounts). */
  ignore?: Iterable<string>;
}

export interface ValidationResult {
  ok: boolean;
  /** Create: every writable field (defaults filled). Update: the given writable fields. Normalized. */
  value: Record<string, unknown>;
  /** Fields whose value differs from the stored one (create: every field in `value`). */
  changed: string[];
  errors: ValidationIssue[];
}

export {
  DEFAULT_MAX_CHILD_ROWS,
  DEFAULT_MAX_LONG_TEXT,
  DEFAULT_MAX_LOOKUP,
  DEFAULT_MAX_TEXT,
  INTEGER_MAX,
  INTEGER_MIN,
  humanize,
  isValidDate,
  sameValue,
} from './field-value.ts';

const plainTranslate: Translate = (_key, defaultValue, params) => interpolate(defaultValue, params);

interface Context {
  t: Translate;
  errors: ValidationIssue[];
}

function report(context: Context, path: string, field: FieldDefinition | null, issue: Issue, labelFallback: string): void {
  const label = field ? context.t(field.labelKey ?? '', humanize(labelFallback)) : humanize(labelFallback);
  const params = { label, field: path, ...(issue.params ?? {}) };
  context.errors.push({
    field: path,
    key: issue.key,
    params: issue.params ?? {},
    message: context.t(issue.key, defaultMessage(issue.key), params),
  });
}

/** Validates one given value of any field type; answers the normalized value, or undefined after an error. */
function checkValue(context: Context, path: string, name: string, field: FieldDefinition, raw: unknown): unknown {
  const blank = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '' && isSingleLine(field));
  if (field.type === 'set') {
    if (raw === null || raw === undefined) raw = [];
    if (!Array.isArray(raw)) return report(context, path, field, { key: 'entities:validation.list' }, name);
    const values: string[] = [];
    for (const item of raw) {
      if (typeof item !== 'string' || item.length > DEFAULT_MAX_LOOKUP || BAD_CHARACTERS.test(item)) {
        return report(context, path, field, { key: 'entities:validation.text' }, name);
      }
      if (values.includes(item)) {
        return report(context, path, field, { key: 'entities:validation.duplicateItem', params: { value: item } }, name);
      }
      if (field.options && !field.options.some((option) => option.value === item)) {
        return report(context, path, field, { key: 'entities:validation.option', params: { value: item.slice(0, 40) } }, name);
      }
      values.push(item);
    }
    const min = field.minItems ?? (field.required ? 1 : 0);
    if (values.length < min) {
      return report(context, path, field, { key: field.minItemsKey ?? 'entities:validation.minItems', params: { min } }, name);
    }
    const max = field.maxItems ?? DEFAULT_MAX_CHILD_ROWS;
    if (values.length > max) return report(context, path, field, { key: 'entities:validation.maxItems', params: { max } }, name);
    const order = field.options?.map((option) => option.value);
    return order ? values.sort((a, b) => order.indexOf(a) - order.indexOf(b)) : values.sort();
  }
  if (field.type === 'children') {
    if (raw === null || raw === undefined) raw = [];
    if (!Array.isArray(raw)) return report(context, path, field, { key: 'entities:validation.list' }, name);
    const max = field.maxItems ?? DEFAULT_MAX_CHILD_ROWS;
    if (raw.length > max) return report(context, path, field, { key: 'entities:validation.maxItems', params: { max } }, name);
    const before = context.errors.length;
    const rows = raw.map((row: unknown, index) => {
      const rowPath = `${path}[${index}]`;
      if (!isPlainObject(row)) return report(context, rowPath, field, { key: 'entities:validation.row' }, name);
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(row)) {
        if (!Object.hasOwn(field.fields, key) && !(field.lineChildren && Object.hasOwn(field.lineChildren, key))) {
          report(context, `${rowPath}.${key.slice(0, 64)}`, null, { key: 'entities:validation.unknownField' }, key.slice(0, 64));
        }
      }
      for (const [childName, child] of Object.entries(field.fields)) {
        const given = row[childName];
        if (childName === field.key) {
          if (given === undefined || given === null) out[childName] = null;
          else if (typeof given === 'number' && Number.isInteger(given) && given > 0 && given <= INTEGER_MAX) out[childName] = given;
          else report(context, `${rowPath}.${childName}`, child, { key: 'entities:validation.integer' }, childName);
          continue;
        }
        const value = checkValue(context, `${rowPath}.${childName}`, childName, child, given === undefined ? child.defaultValue ?? null : given);
        out[childName] = value === undefined ? null : value;
      }
      for (const [subName, sub] of Object.entries(field.lineChildren ?? {})) {
        out[subName] = checkLineChildren(context, `${rowPath}.${subName}`, subName, sub, row[subName], out) ?? [];
      }
      return out;
    });
    return context.errors.length > before ? undefined : rows;
  }
  if (blank) {
    if (field.required) {
      return report(context, path, field, { key: field.requiredKey ?? 'entities:validation.required' }, name);
    }
    return null;
  }
  const checked = checkScalar(field, raw);
  if ('key' in checked) return report(context, path, field, checked, name);
  if (checked.value === null && field.required) {
    return report(context, path, field, { key: field.requiredKey ?? 'entities:validation.required' }, name);
  }
  return checked.value;
}

/**
 * A line's own child rows (definition `lineChildren`): checked like a child collection (every field,
 * key shape, unknown fields, maxItems), then the definition's `sumEquals` rule: when the line has child
 * rows, their `childField` adds up exactly (decimal strings, never JS numbers) to the line's `lineField`.
 * The same function runs in the browser and on the server, so both refuse with the same message.
 */
function checkLineChildren(
  context: Context,
  path: string,
  name: string,
  sub: LineChildrenDefinition,
  raw: unknown,
  line: Record<string, unknown>,
): Record<string, unknown>[] | undefined {
  const asCollection = { ...sub, type: 'children', labelKey: (sub as { labelKey?: string }).labelKey } as ChildrenField;
  const before = context.errors.length;
  const rows = checkValue(context, path, name, asCollection, raw) as Record<string, unknown>[] | undefined;
  if (context.errors.length > before || !rows) return undefined;
  const rule = sub.sumEquals;
  if (rule && rows.length > 0) {
    const expected = line[rule.lineField];
    const total = rows.reduce<string>((acc, row) => add(acc, String(row[rule.childField] ?? '0')), '0');
    if (expected === null || expected === undefined || cmp(total, String(expected)) !== 0) {
      report(context, path, null, { key: rule.messageKey ?? 'entities:validation.lineChildrenSum', params: { sum: total, expected: expected ?? '' } }, name);
      return undefined;
    }
  }
  return rows;
}

/**
 * Validates a record given to create (all fields) or to update (the fields to change; the others keep
 * their stored values). See the module header for the order of the checks.
 */
export function validateRecord(
  def: AnyEntity,
  input: unknown,
  mode: 'create' | 'update',
  options: ValidateOptions = {},
): ValidationResult {
  const context: Context = { t: options.t ?? plainTranslate, errors: [] };
  const value: Record<string, unknown> = {};
  const changed: string[] = [];
  if (!isPlainObject(input)) {
    report(context, '', null, { key: 'entities:validation.notRecord' }, '');
    return { ok: false, value, changed, errors: context.errors };
  }
  const hidden = new Set(options.hidden ?? []);
  const readOnly = new Set(options.readOnly ?? []);
  const ignore = new Set<string>([...TRAIL_FIELDS, ...(options.ignore ?? [])]);
  const current = options.current ?? null;

  for (const key of Object.keys(input)) {
    if (ignore.has(key)) continue;
    if (!Object.hasOwn(def.fields, key) || hidden.has(key)) {
      const shown = key.slice(0, 64);
      report(context, shown, null, { key: 'entities:validation.unknownField' }, shown);
    }
  }

  for (const [name, field] of Object.entries(def.fields)) {
    if (hidden.has(name)) continue;
    const given = Object.hasOwn(input, name);
    const isKey = name === def.key;
    const locked =
      field.readOnly === true ||
      readOnly.has(name) ||
      (isKey && mode === 'update') ||
      (isKey && mode === 'create' && def.keyKind === 'auto');
    if (locked) {
      if (!given) continue;
      const raw = input[name];
      if (raw === null || raw === undefined) continue;
      const normalized = checkValue({ t: context.t, errors: [] }, name, name, field, raw);
      const stored = current ? current[name] : undefined;
      if (mode === 'update' && normalized !== undefined && sameValue(normalized, stored)) continue;
      report(context, name, field, { key: 'entities:validation.readOnly' }, name);
      continue;
    }
    if (!given) {
      if (mode === 'create') {
        const fallback = field.defaultValue ?? (field.type === 'set' || field.type === 'children' ? [] : null);
        const normalized = checkValue(context, name, name, field, fallback);
        if (normalized !== undefined) {
          value[name] = normalized;
          changed.push(name);
        }
      }
      continue;
    }
    const normalized = checkValue(context, name, name, field, input[name]);
    if (normalized === undefined) continue;
    value[name] = normalized;
    const isChange =
      mode === 'create' ? true : field.writeOnly ? normalized !== null : !sameValue(normalized, current?.[name]);
    if (isChange) changed.push(name);
  }

  if (context.errors.length === 0) {
    const record = mode === 'update' && current ? { ...current, ...value } : value;
    const changedSet = new Set(changed);
    for (const rule of def.rules) {
      const found = rule(record, { mode, changed: changedSet });
      if (!found) continue;
      for (const issue of Array.isArray(found) ? found : [found as NonNullable<typeof found>]) {
        const field = (def.fields as Record<string, FieldDefinition>)[issue.field] ?? null;
        const key = issue.key;
        const label = field ? context.t(field.labelKey ?? '', humanize(issue.field)) : humanize(issue.field);
        context.errors.push({
          field: issue.field,
          key,
          params: issue.params ?? {},
          message: context.t(key, issue.message ?? defaultMessage(key), { label, ...(issue.params ?? {}) }),
        });
      }
    }
  }

  return { ok: context.errors.length === 0, value, changed, errors: context.errors };
}

/** The message a form shows for a field (the first error for it), or null. */
export function fieldError(errors: readonly ValidationIssue[], field: string): string | null {
  return errors.find((error) => error.field === field)?.message ?? null;
}
