/**
 * Field widgets (issue 12 "generic code has no branches on entity names"): a definition names a widget on a
 * field (`widget: 'company-logo'`) or on the entity its lookups refer to (`lookupWidget: 'firm-lookup'`); the
 * form asks this registry for the component. The built-in widgets register in builtin-widgets.tsx; a business
 * micro-app can register its own (`registerFieldWidget` is exported by @erp/records) before its screens mount.
 */
import type { ComponentType } from 'react';
import type { LookupVia } from '../record-api.ts';
import type { AnyEntity, FieldDefinition } from '../../../../../shared/src/entities/define.ts';

/** What the form hands a field widget. */
export interface FieldWidgetProps {
  entity: AnyEntity;
  /** The record's key, or null for a new record. */
  recordId: string | null;
  name: string;
  field: FieldDefinition & { labelKey: string };
  /** The form's current values (a widget may show several fields, e.g. the logo and its file type). */
  draft: Readonly<Record<string, unknown>>;
  value: unknown;
  onChange(value: unknown): void;
  readOnly: boolean;
  /** The user may write the record (not read-only by the definition, the role or §6 form widgets security). */
  canWrite: boolean;
  errors: readonly string[];
  /** The input's id (its label points at it) and the id of its error text. */
  inputId: string;
  errorId: string;
  label: string;
  /** A widget that saved the record itself (an upload) hands back the new version. */
  onRecordSaved(record: Record<string, unknown>): void;
}

/** What the generic input hands a lookup widget. */
export interface LookupWidgetProps {
  id: string;
  value: string;
  onChange(value: string): void;
  entity: string;
  label: string;
  readOnly: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  /** The box's accessible name where no `<label>` points at it (a grid cell: "Heat number — Row 1"). */
  ariaLabel?: string | undefined;
  /** Set inputs: pick adds and the text box is cleared. */
  onPick?(value: string): void;
  /** The field this lookup serves, named in the lookup call (issue 21 items 5, 11). */
  via?: LookupVia;
}

const fieldWidgets = new Map<string, ComponentType<FieldWidgetProps>>();
const lookupWidgets = new Map<string, ComponentType<LookupWidgetProps>>();

export function registerFieldWidget(name: string, component: ComponentType<FieldWidgetProps>): void {
  fieldWidgets.set(name, component);
}

export function registerLookupWidget(name: string, component: ComponentType<LookupWidgetProps>): void {
  lookupWidgets.set(name, component);
}

/** The widget a field names, or undefined (then the generic input). */
export function fieldWidget(name: string | undefined): ComponentType<FieldWidgetProps> | undefined {
  return name ? fieldWidgets.get(name) : undefined;
}

export function lookupWidget(name: string | null | undefined): ComponentType<LookupWidgetProps> | undefined {
  return name ? lookupWidgets.get(name) : undefined;
}
