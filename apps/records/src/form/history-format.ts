/**
 * Issue 42 item 4: the words of the History view — one change of GET /api/data/:entity/:id/history (its wire
 * shape is documented at the top of server/src/entities/history.ts) as the sentence the user reads, with the
 * definition's localized field labels and values written as the form and the lists write them (dates and
 * decimals in the user's language, option labels, "Yes"/"No", a looked-up record's name beside its code):
 *
 *   Name: Old Co → New Co            Firm types: added Vendor; removed Ship-to
 *   Line 3: Quantity 5.0000 → 6.0000  Line 2 added: Product BOLT (Hexagonal bolt), Quantity 4.0000
 *
 * `valueText(def, path, value, name, ctx)` is also the as-of view's value text.
 */
import type { AnyEntity, ChildrenField, FieldDefinition } from '@erp/shared/entities/define';
import { cellFormatter, type FormatTexts } from '../data/format.ts';
import { fieldLabel, type Tr } from './text.ts';

/** One change as the server answers it. */
export interface HistoryChange {
  Kind: 'field' | 'set' | 'line' | 'attachment' | 'email' | 'other';
  Field?: string;
  Old?: unknown;
  New?: unknown;
  OldName?: string;
  NewName?: string;
  Masked?: boolean;
  /** Masked for this caller only (a version of the record they may not open); the trail keeps the value. */
  Withheld?: boolean;
  Added?: unknown[];
  Removed?: unknown[];
  Line?: number | null;
  LineKey?: number;
  Action?: string;
  Changes?: HistoryChange[];
  Name?: string | null;
  To?: string | null;
  Table?: string;
  Column?: string;
}

/** One entry: the changes of one save. */
export interface HistoryEntry {
  On: string;
  By: string;
  ByName: string;
  Created: boolean;
  Changes: HistoryChange[];
}

export interface HistoryText {
  tr: Tr;
  language: string;
  texts: FormatTexts;
}

type Normalized = FieldDefinition & { labelKey?: string };

/** The field at `path` (`Name`, `Lines.Quantity`) of the definition, or undefined. */
export function fieldAt(def: AnyEntity, path: string): Normalized | undefined {
  const [top, child] = path.split('.') as [string, string | undefined];
  const field = Object.hasOwn(def.fields, top) ? (def.fields[top] as Normalized) : undefined;
  if (!child) return field;
  if (!field || field.type !== 'children') return undefined;
  const children = field as ChildrenField;
  return Object.hasOwn(children.fields, child) ? (children.fields[child] as Normalized) : undefined;
}

/** The localized label of the field at `path` (its last name humanized when the definition has no label). */
export function labelAt(def: AnyEntity, path: string, tr: Tr): string {
  const field = fieldAt(def, path);
  const name = path.split('.').pop() ?? path;
  return field?.labelKey ? fieldLabel(tr, field.labelKey, name) : name;
}

/** A value of the field at `path` as the form writes it; a looked-up record's name follows its code. */
export function valueText(def: AnyEntity, path: string, value: unknown, name: string | undefined, ctx: HistoryText): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return ctx.tr('entities:history.blank', '(blank)');
  const field = fieldAt(def, path);
  const text = field && field.type !== 'children' ? cellFormatter(field, ctx.language, ctx.texts)(value) : String(value);
  return name && name !== text ? `${text} (${name})` : text;
}

/** A masked change: only that it changed — the trail keeps no value, or (withheld) not one this user may see. */
function maskedText(tr: Tr, change: HistoryChange, label: string): string {
  return change.Withheld
    ? tr('entities:history.withheld', '{{field}} changed (not shown to you)', { field: label })
    : tr('entities:history.masked', '{{field}} changed (the value is not kept)', { field: label });
}

/**
 * "Label: old → new" of one field (masked: only that it changed); a new record's or line's values have no
 * "before" (`created`: "Label: new"), a removed line's no "after" (`removed`: "Label: old").
 */
function fieldChange(def: AnyEntity, path: string, change: HistoryChange, ctx: HistoryText, mode: 'changed' | 'created' | 'removed'): string {
  const label = labelAt(def, path, ctx.tr);
  if (change.Masked) return maskedText(ctx.tr, change, label);
  const before = valueText(def, path, change.Old, change.OldName, ctx);
  const after = valueText(def, path, change.New, change.NewName, ctx);
  if (mode !== 'changed') return ctx.tr('entities:history.set', '{{field}}: {{value}}', { field: label, value: mode === 'created' ? after : before });
  return ctx.tr('entities:history.changed', '{{field}}: {{old}} → {{new}}', { field: label, old: before, new: after });
}

/** The sentence of one change of an entry (`created`: the entry made the record). */
export function changeText(def: AnyEntity, change: HistoryChange, ctx: HistoryText, created = false): string {
  const { tr } = ctx;
  switch (change.Kind) {
    case 'field':
      return fieldChange(def, change.Field ?? '', change, ctx, created ? 'created' : 'changed');
    case 'set': {
      const path = change.Field ?? '';
      const parts: string[] = [];
      const list = (values: unknown[] | undefined) => valueText(def, path, values ?? [], undefined, ctx);
      if ((change.Added ?? []).length > 0) parts.push(tr('entities:history.added', 'added {{values}}', { values: list(change.Added) }));
      if ((change.Removed ?? []).length > 0) parts.push(tr('entities:history.removed', 'removed {{values}}', { values: list(change.Removed) }));
      return tr('entities:history.set', '{{field}}: {{value}}', { field: labelAt(def, path, tr), value: parts.join('; ') });
    }
    case 'line': {
      const collection = change.Field ?? '';
      const line = change.Line ?? '?';
      const mode = change.Action === 'insert' ? 'created' : change.Action === 'delete' ? 'removed' : 'changed';
      const fields = (change.Changes ?? []).map((inner) => fieldChange(def, `${collection}.${inner.Field ?? ''}`, inner, ctx, mode));
      const what =
        change.Action === 'insert'
          ? tr('entities:history.lineAdded', 'Line {{line}} added', { line })
          : change.Action === 'delete'
            ? tr('entities:history.lineRemoved', 'Line {{line}} removed', { line })
            : tr('entities:history.line', 'Line {{line}}', { line });
      return fields.length > 0 ? tr('entities:history.set', '{{field}}: {{value}}', { field: what, value: fields.join('; ') }) : what;
    }
    case 'attachment':
      return change.Action === 'delete'
        ? tr('entities:history.attachmentRemoved', 'Attachment removed: {{name}}', { name: change.Name ?? '' })
        : tr('entities:history.attachmentAdded', 'Attachment added: {{name}}', { name: change.Name ?? '' });
    case 'email':
      return tr('entities:history.emailed', 'E-mailed: {{to}}', { to: change.To ?? '' });
    default: {
      const label = change.Field ? labelAt(def, change.Field, tr) : (change.Column ?? '');
      if (change.Masked) return maskedText(tr, change, label);
      const blank = tr('entities:history.blank', '(blank)');
      return tr('entities:history.changed', '{{field}}: {{old}} → {{new}}', { field: label, old: change.Old == null ? blank : String(change.Old), new: change.New == null ? blank : String(change.New) });
    }
  }
}
