/**
 * The document form's state, without React (issue 12 documents): which actions a state offers, the lines'
 * drafts with stable client ids, and the body of a save.
 *
 * - `allowedActions(def, record, roles)`: exactly the transitions whose `from` holds the record's state (a new,
 *   unsaved record: the initial state's, except those that void it — it offers Discard instead).
 * - `confirmationOf(transition)`: the question an action asks first (issue 40 item 8: irreversible ones only).
 * - `isEditable(def, record)`: the state allows edits (a new record always does).
 * - `linesField(def)`: the definition's line collection (`children` with `lines: true`), or null.
 * - `newLineDraft(field)`, `linesDraft(field, rows)`: rows with a client id (`_rid`) that never changes, so
 *   React keys and focus survive inserts and deletes; the server's LineId is kept beside it.
 * - `linesWire(field, drafts)`: the rows as the server takes them (LineId for kept rows, null for new ones),
 *   each with its own child rows (`lineChildren`: drafts like the lines' own fields, edited by LineChildGrid;
 *   rows with nothing typed are not sent).
 * - `childCollection(sub)`: a line's child rows as a children field (to reuse the form's draft/wire helpers);
 *   `newChildDraft(sub)`: an empty child row; `childTotal(sub, rows)`: the exact sum of the `sumEquals`
 *   column of the rows typed so far (null without a sum rule).
 */
import type { AnyEntity, ChildrenField, LineChildrenDefinition, TransitionSpec } from '../../../../shared/src/entities/define.ts';
import { add, isDecimal } from '../../../../shared/src/decimal.ts';
import { draftValue, newRow, wireValue, type Draft } from '../form/form-state.ts';

export type LineDraft = Draft & { _rid: string };

let counter = 0;
function rid(): string {
  counter += 1;
  return `r${counter}`;
}

export function linesField(def: AnyEntity): { name: string; field: ChildrenField } | null {
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.type === 'children' && field.lines) return { name, field: field as ChildrenField };
  }
  return null;
}

export function stateOf(def: AnyEntity, record: Record<string, unknown> | null): string | null {
  if (!def.states) return null;
  return record ? String(record[def.states.field] ?? def.states.initial) : def.states.initial;
}

export function isEditable(def: AnyEntity, record: Record<string, unknown> | null): boolean {
  if (!def.states || !record) return true;
  return def.states.editable.includes(stateOf(def, record)!);
}

export function isDeletable(def: AnyEntity, record: Record<string, unknown> | null): boolean {
  if (!record) return false;
  if (!def.states) return true;
  return def.states.deletable.includes(stateOf(def, record)!);
}

export function allowedActions(def: AnyEntity, record: Record<string, unknown> | null, roles: readonly string[] | null): TransitionSpec[] {
  // A new document offers the initial state's actions (running one saves it first) — issue 40 item 8: except
  // those that void it (definition `voids`): it offers Discard instead (a new purchase order offered "Cancel order").
  if (!def.states) return [];
  const state = stateOf(def, record)!;
  return def.states.transitions.filter((transition) => {
    if (!transition.from.includes(state) || (!record && transition.voids)) return false;
    const allowed = transition.roles ?? def.roles.write;
    return allowed === '*' || roles === null || roles.some((role) => allowed.includes(role));
  });
}

/**
 * Issue 40 item 8: the key of the one confirmation an action asks before it is sent — its own text (what will
 * happen) or the generic one — for an irreversible action; null for a reversible one, which asks nothing.
 */
export function confirmationOf(transition: TransitionSpec): string | null {
  if (!transition.irreversible) return null;
  return transition.confirmKey ?? 'records:document.confirmIrreversible';
}

/** A line's child rows seen as a children field (same draft and wire rules as any child collection). */
export function childCollection(sub: LineChildrenDefinition): ChildrenField {
  return { type: 'children', table: sub.table, parentColumn: sub.parentColumn, key: sub.key, fields: sub.fields, ...(sub.labelKey ? { labelKey: sub.labelKey } : {}) };
}

export function newChildDraft(sub: LineChildrenDefinition): Draft {
  return newRow(childCollection(sub));
}

function blankChild(sub: LineChildrenDefinition, row: Draft): boolean {
  return Object.keys(sub.fields).every((name) => name === sub.key || row[name] === '' || row[name] === null || row[name] === undefined || row[name] === false);
}

function childrenWire(sub: LineChildrenDefinition, rows: unknown): Record<string, unknown>[] {
  const list = Array.isArray(rows) ? (rows as Draft[]) : [];
  return wireValue(childCollection(sub), list.filter((row) => !blankChild(sub, row))) as Record<string, unknown>[];
}

/** The exact sum of the rule's column over the typed rows (text that is not yet a number counts as 0). */
export function childTotal(sub: LineChildrenDefinition, rows: readonly Draft[]): string | null {
  const rule = sub.sumEquals;
  if (!rule) return null;
  let total = '0';
  for (const row of rows) {
    const value = typeof row[rule.childField] === 'string' ? (row[rule.childField] as string).trim() : '';
    if (isDecimal(value)) total = add(total, value);
  }
  return total;
}

export function newLineDraft(field: ChildrenField): LineDraft {
  const out: LineDraft = { _rid: rid() };
  for (const [name, child] of Object.entries(field.fields)) out[name] = name === field.key ? null : draftValue(child, child.defaultValue ?? null);
  for (const sub of Object.keys(field.lineChildren ?? {})) out[sub] = [];
  return out;
}

export function linesDraft(field: ChildrenField, rows: unknown): LineDraft[] {
  const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  return list.map((row) => {
    const out: LineDraft = { _rid: rid() };
    for (const [name, child] of Object.entries(field.fields)) out[name] = name === field.key ? (row[name] ?? null) : draftValue(child, row[name]);
    // A line's own child rows (definition `lineChildren`), as drafts the child grid edits.
    for (const [sub, definition] of Object.entries(field.lineChildren ?? {})) out[sub] = draftValue(childCollection(definition), row[sub]);
    return out;
  });
}

/** Rows as the server takes them; computed and read-only line fields are left out (the server computes them). */
export function linesWire(field: ChildrenField, drafts: readonly LineDraft[], skip: ReadonlySet<string> = new Set()): Record<string, unknown>[] {
  return drafts.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(field.fields)) {
      if (skip.has(name) || (name !== field.key && child.readOnly)) continue;
      out[name] = name === field.key ? (row[name] ?? null) : wireValue(child, row[name]);
    }
    for (const [sub, definition] of Object.entries(field.lineChildren ?? {})) out[sub] = childrenWire(definition, row[sub]);
    return out;
  });
}

/** True when a line has nothing typed in it (a trailing blank line is not sent). */
export function isBlankLine(field: ChildrenField, row: LineDraft): boolean {
  const children = Object.keys(field.lineChildren ?? {}).some((sub) => Array.isArray(row[sub]) && (row[sub] as unknown[]).length > 0);
  return (
    !children &&
    Object.entries(field.fields).every(
      ([name, child]) =>
        name === field.key ||
        child.readOnly ||
        row[name] === '' ||
        row[name] === null ||
        row[name] === false ||
        // A value the line got from its field's default is not typed by the user (a BoM line's factor 1).
        (child.defaultValue !== undefined && row[name] === draftValue(child, child.defaultValue)),
    )
  );
}
