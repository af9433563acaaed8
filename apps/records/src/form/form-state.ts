/**
 * The generic form's state, without React: the editable draft of a record (input form: what the inputs hold)
 * and its wire form (what validateRecord and the server take).
 *
 * - `toDraft(def, record)`: wire → input. Numbers become text (so a half-typed "12." stays as typed), null
 *   becomes '' (text, numbers, enums, dates), sets stay string arrays, child rows are drafted field by field.
 * - `toWire(def, draft, fields)`: input → wire for the given fields. Blank numbers are null; text that is not
 *   a number is passed through, so the one validator reports it ("must be a number") exactly as the server does.
 * - `editableFields(def, access, mode)`: the fields the user may write (§6 form widgets security applied).
 * - `changedInput(...)`: the body of a save — every editable field on create, only the fields whose input
 *   differs from the loaded record on update (the server re-checks everything; hidden fields are never sent).
 */
import type { AnyEntity, ChildrenField, FieldDefinition, ScalarField } from '../../../../shared/src/entities/define.ts';
import { validateRecord, type Translate, type ValidationIssue } from '../../../../shared/src/entities/validate.ts';
import { toLocalIsoString } from '@erp/shared';

export type Draft = Record<string, unknown>;

/** §6 form widgets security of the caller (GET /api/entities/:entity). */
export interface FormAccess {
  CanWrite: boolean;
  Hidden: readonly string[];
  ReadOnly: readonly string[];
}

const NUMERIC = new Set(['integer', 'decimal']);

function isNumeric(field: FieldDefinition): boolean {
  return NUMERIC.has(field.type) || (field.type === 'lookup' && field.valueType === 'integer');
}

/** `YYYY-MM-DDTHH:mm` in local time, what `<input type="datetime-local">` holds. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return toLocalIsoString(date).slice(0, 16);
}

/** One wire value → its input form. */
export function draftValue(field: FieldDefinition, value: unknown): unknown {
  switch (field.type) {
    case 'boolean':
      return value === true;
    case 'set':
      return Array.isArray(value) ? value.map(String) : [];
    case 'children': {
      const rows = Array.isArray(value) ? value : [];
      return rows.map((row) => draftRow(field, row as Record<string, unknown>));
    }
    case 'datetime':
      return typeof value === 'string' && value ? toLocalInput(value) : '';
    default:
      if (value === null || value === undefined) return '';
      return String(value);
  }
}

function draftRow(field: ChildrenField, row: Record<string, unknown>): Draft {
  const out: Draft = {};
  for (const [name, child] of Object.entries(field.fields)) out[name] = name === field.key ? (row[name] ?? null) : draftValue(child, row[name]);
  return out;
}

/** An empty child row (defaults filled). */
export function newRow(field: ChildrenField): Draft {
  const out: Draft = {};
  for (const [name, child] of Object.entries(field.fields)) out[name] = name === field.key ? null : draftValue(child, child.defaultValue ?? null);
  return out;
}

/** The input form of a whole record; a new record gets each field's default. */
export function toDraft(def: AnyEntity, record: Record<string, unknown> | null): Draft {
  const draft: Draft = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const value = record ? record[name] : (field.defaultValue ?? null);
    draft[name] = field.writeOnly ? '' : draftValue(field, value);
  }
  return draft;
}

/** One input value → the wire. */
export function wireValue(field: FieldDefinition, value: unknown): unknown {
  if (field.type === 'children') {
    const rows = Array.isArray(value) ? (value as Draft[]) : [];
    return rows.map((row) => {
      const out: Draft = {};
      for (const [name, child] of Object.entries(field.fields)) {
        out[name] = name === field.key ? (row[name] ?? null) : wireValue(child as ScalarField, row[name]);
      }
      return out;
    });
  }
  if (field.type === 'set') return Array.isArray(value) ? [...(value as string[])] : [];
  if (field.type === 'boolean') return value === true;
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  if (field.type === 'decimal') {
    // Exact decimals stay strings on the wire (issue 12); the validator reports text that is not one.
    const trimmed = text.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (isNumeric(field)) {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    const number = Number(trimmed);
    return Number.isFinite(number) ? number : trimmed;
  }
  if (field.type === 'datetime') {
    if (text.trim() === '') return null;
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? text : toLocalIsoString(date);
  }
  if (field.type === 'enum' || field.type === 'date' || field.type === 'lookup') return text.trim() === '' ? null : text;
  return text;
}

/** Fields the caller may write in this mode (form widgets security, read-only, keys). */
export function editableFields(def: AnyEntity, access: FormAccess, mode: 'create' | 'update'): string[] {
  if (!access.CanWrite) return [];
  const hidden = new Set(access.Hidden);
  const readOnly = new Set(access.ReadOnly);
  return Object.entries(def.fields)
    .filter(([name, field]) => {
      if (hidden.has(name) || readOnly.has(name) || field.readOnly) return false;
      if (name === def.key) return mode === 'create' && def.keyKind !== 'auto';
      return true;
    })
    .map(([name]) => name);
}

/** Fields the form shows (everything not hidden by §6 form widgets security). */
export function visibleFields(def: AnyEntity, access: FormAccess): Set<string> {
  const hidden = new Set(access.Hidden);
  return new Set(Object.keys(def.fields).filter((name) => !hidden.has(name)));
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Fields whose input differs from the loaded input (the unsaved-changes guard). */
export function dirtyFields(draft: Draft, initial: Draft): string[] {
  return Object.keys(draft).filter((name) => !same(draft[name], initial[name]));
}

/**
 * The input of a save: create — every editable field; update — the editable fields whose input changed
 * (write-only fields only when filled in).
 */
export function saveInput(def: AnyEntity, access: FormAccess, mode: 'create' | 'update', draft: Draft, initial: Draft): Draft {
  const out: Draft = {};
  for (const name of editableFields(def, access, mode)) {
    const field = def.fields[name]!;
    if (field.writeOnly && (draft[name] === '' || draft[name] === null || draft[name] === undefined)) continue;
    if (mode === 'update' && same(draft[name], initial[name])) continue;
    out[name] = wireValue(field, draft[name]);
  }
  return out;
}

/** The one shared validation (shared/src/entities/validate.ts) over what a save would send. */
export function validateDraft(
  def: AnyEntity,
  access: FormAccess,
  mode: 'create' | 'update',
  draft: Draft,
  initial: Draft,
  current: Record<string, unknown> | null,
  t?: Translate,
) {
  const input = saveInput(def, access, mode, draft, initial);
  const result = validateRecord(def, input, mode, {
    current,
    hidden: access.Hidden,
    readOnly: access.ReadOnly,
    ...(t ? { t } : {}),
  });
  return { input, result };
}

/** Issues by field: `Contacts[2].Email` stays as is (the child table reads it), '' is the record as a whole. */
export function issuesByField(issues: readonly ValidationIssue[]): Map<string, ValidationIssue[]> {
  const map = new Map<string, ValidationIssue[]>();
  for (const issue of issues) {
    const list = map.get(issue.field) ?? [];
    list.push(issue);
    map.set(issue.field, list);
  }
  return map;
}

/** The DOM id of a field's input (stable per form instance prefix). */
export function inputId(prefix: string, field: string): string {
  return `${prefix}-${field.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
