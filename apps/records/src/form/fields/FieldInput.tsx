/**
 * Why one file of ~400 lines: it is the one switch from a field definition's type to its input, so a new field
 * type is added in one place; the larger inputs (decimal, date, lookup) already live in their own files.
 *
 * One field of the generic form, by its definition's type: text (multiline / html as a text area — html is
 * edited as text and never rendered — password masked), integer and decimal (text with a numeric keyboard,
 * so the shared validator reports what was typed), boolean checkbox, date / datetime inputs, enum select,
 * set as checkboxes (or, for a set of another entity's records, chips plus a lookup), lookup with a search,
 * children as an editable sub-table.
 *
 * Props: prefix (DOM id prefix), name, field (normalized definition), value (input form), onChange(value),
 * readOnly, errors (messages of this field), issues (every issue, for child cells), onSetUncheck (asked before
 * a saved set option is unchecked; answers whether to go on).
 * Accessibility: every input has its label (label[for] or fieldset legend); an error sets aria-invalid and
 * is referenced by aria-describedby.
 */
import { useState } from 'react';
import { formatDateTime } from '@erp/shared';
import type { ChildrenField, FieldDefinition, SetField } from '@erp/shared/entities/define';
import { optionOffered } from '@erp/shared/entities/define';
import type { ValidationIssue } from '@erp/shared/entities/validate';
import { inputId, newRow, type Draft } from '../form-state.ts';
import { fieldLabel, useText, type Tr } from '../text.ts';
import { DecimalInput } from './DecimalInput.tsx';
import { DateInput } from './DateInput.tsx';
import { LookupInput } from './Lookup.tsx';
import { SuggestInput } from './SuggestInput.tsx';
import { usePickDefaults } from './pick-defaults.ts';
import { lookupVia, type LookupVia } from '../record-api.ts';

type Normalized = FieldDefinition & { labelKey: string };

export interface FieldInputProps {
  prefix: string;
  name: string;
  field: Normalized;
  value: unknown;
  onChange(value: unknown): void;
  readOnly: boolean;
  errors: readonly string[];
  issues: readonly ValidationIssue[];
  onSetUncheck?(option: string): Promise<boolean>;
  /** The entity the form edits: its lookups are asked for as this field's (issue 21 items 5, 11). */
  from?: string;
  /** The record being edited: the options its other fields allow (FieldOption `when`, issue 21 item 5). */
  record?: Readonly<Record<string, unknown>>;
  /** The field's path in `from` when it is not a top-level field (a line's `Lines.ProductId`): what its lookup serves. */
  path?: string;
  /** Sets the fields that follow from this one when it is picked (the definition's `defaults`, issue 40 item 5). */
  onDefaults?(values: Record<string, unknown>): void;
}

/** The field a lookup at `path` of the form's entity serves, when the form names its entity. */
function viaOf(from: string | undefined, path: string): LookupVia | undefined {
  return from ? { from, field: path } : undefined;
}

export function errorId(prefix: string, name: string): string {
  return `${inputId(prefix, name)}-error`;
}

function FieldErrors(props: { id: string; errors: readonly string[] }) {
  if (props.errors.length === 0) return null;
  return (
    <p id={props.id} className="erp-field-error">
      {props.errors.join(' ')}
    </p>
  );
}

function optionLabel(tr: Tr, labelKey: string, value: string): string {
  return tr(labelKey, value);
}

/** A scalar input (also a child table cell). */
export function ScalarInput(props: {
  id: string;
  field: Normalized;
  value: unknown;
  onChange(value: unknown): void;
  readOnly: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  label: string;
  /** Child cells have no visible label of their own. */
  ariaLabel?: string;
  /** The field a lookup serves (issue 21 items 5, 11). */
  via?: LookupVia;
  /** The record: an enum offers the options its other fields allow (and the current value). */
  record?: Readonly<Record<string, unknown>>;
  /** A text field's `suggest` (issue 71 item 2): the values its call reads, and the row's fields a pick fills. */
  suggest?: { values: Readonly<Record<string, unknown>>; onFill(value: string, values: Record<string, unknown>): void };
}) {
  const { tr, language } = useText();
  const { field, id, readOnly } = props;
  const common = {
    id,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.describedBy,
    // Issue 21 item 2: Tab goes from one field to fill to the next; read-only and computed ones are skipped.
    ...(readOnly ? { tabIndex: -1 } : {}),
    ...(props.ariaLabel ? { 'aria-label': props.ariaLabel } : {}),
  } as const;
  const text = typeof props.value === 'string' ? props.value : '';
  switch (field.type) {
    case 'boolean':
      return (
        <input
          {...common}
          type="checkbox"
          checked={props.value === true}
          disabled={readOnly}
          onChange={(event) => props.onChange(event.target.checked)}
        />
      );
    case 'enum':
      return (
        <select {...common} value={text} disabled={readOnly} onChange={(event) => props.onChange(event.target.value)}>
          <option value="">{tr('forms:field.none', '—')}</option>
          {field.options.filter((option) => option.value === text || optionOffered(option, props.record ?? {})).map((option) => (
            <option key={option.value} value={option.value}>
              {optionLabel(tr, option.labelKey, option.value)}
            </option>
          ))}
        </select>
      );
    case 'lookup':
      return (
        <LookupInput
          id={id}
          value={text}
          onChange={props.onChange}
          entity={field.entity}
          label={props.label}
          readOnly={readOnly}
          invalid={props.invalid}
          describedBy={props.describedBy}
          ariaLabel={props.ariaLabel}
          // A whereFrom (or whereFromIfSet) condition reads the record being edited (issue 21 item 5): its values go with each search.
          via={props.via && 'from' in props.via ? lookupVia(props.via.from, props.via.field, field, props.record) : props.via}
        />
      );
    case 'date':
      return <DateInput {...common} value={props.value} locale={language} readOnly={readOnly} onChange={props.onChange} />;
    case 'datetime':
      // Read, it is shown as the lists show it, in the user's language (issue 71 item 2: the browser's own
      // datetime-local reads "11/28/2026, 02:10 PM" beside the list's "Nov 28, 2026"); typed, the browser's input.
      if (readOnly) return <input {...common} type="text" value={text === '' ? '' : formatDateTime(text, language)} readOnly />;
      return <input {...common} type="datetime-local" value={text} readOnly={readOnly} onChange={(event) => props.onChange(event.target.value)} />;
    case 'decimal':
      // Exact decimal strings, shown and typed in the user's language (issue 12).
      return (
        <DecimalInput
          {...common}
          value={props.value}
          scale={field.scale ?? 2}
          locale={language}
          readOnly={readOnly}
          onChange={props.onChange}
        />
      );
    case 'integer':
      return (
        <input
          {...common}
          type="text"
          inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
          className="erp-number"
          value={text}
          readOnly={readOnly}
          onChange={(event) => props.onChange(event.target.value)}
        />
      );
    case 'text':
      if (field.format === 'multiline' || field.format === 'html') {
        // §3 Configuration entry: the portal homepage HTML is edited as text, never rendered here.
        return (
          <textarea
            {...common}
            className={field.format === 'html' ? 'erp-code' : undefined}
            rows={field.format === 'html' ? 10 : 4}
            value={text}
            readOnly={readOnly}
            spellCheck={field.format !== 'html'}
            onChange={(event) => props.onChange(event.target.value)}
          />
        );
      }
      if (field.suggest && props.suggest) {
        return (
          <SuggestInput
            id={id}
            value={text}
            path={field.suggest.path}
            values={props.suggest.values}
            label={props.label}
            ariaLabel={props.ariaLabel}
            readOnly={readOnly}
            invalid={props.invalid}
            describedBy={props.describedBy}
            onChange={(value) => props.onChange(field.uppercase ? value.toUpperCase() : value)}
            onFill={props.suggest.onFill}
          />
        );
      }
      return (
        <input
          {...common}
          type={field.format === 'password' ? 'password' : field.format === 'email' ? 'email' : field.format === 'phone' ? 'tel' : 'text'}
          autoComplete={field.format === 'password' ? 'new-password' : 'off'}
          className={field.uppercase ? 'erp-uppercase' : undefined}
          value={text}
          readOnly={readOnly}
          onChange={(event) => props.onChange(event.target.value)}
        />
      );
    default:
      return null;
  }
}

function SetInput(props: FieldInputProps & { field: SetField & { labelKey: string } }) {
  const { tr } = useText();
  const { field, prefix, name } = props;
  const label = fieldLabel(tr, field.labelKey, name);
  const values = Array.isArray(props.value) ? (props.value as string[]) : [];
  const described = props.errors.length > 0 ? errorId(prefix, name) : undefined;
  if (field.options) {
    const options = field.options;
    const toggle = async (option: string, checked: boolean) => {
      if (!checked && props.onSetUncheck && !(await props.onSetUncheck(option))) return;
      const next = new Set(values);
      if (checked) next.add(option);
      else next.delete(option);
      // Option order, as the server answers sets.
      props.onChange(options.map((o) => o.value).filter((value) => next.has(value)));
    };
    return (
      <fieldset className="erp-field erp-field-set" aria-invalid={props.errors.length > 0 || undefined} aria-describedby={described}>
        <legend>{label}</legend>
        <div className="erp-checks">
          {options.map((option, index) => {
            const id = index === 0 ? inputId(prefix, name) : `${inputId(prefix, name)}-${index}`;
            return (
              <label key={option.value} htmlFor={id} className="erp-check">
                <input
                  id={id}
                  type="checkbox"
                  checked={values.includes(option.value)}
                  disabled={props.readOnly}
                  onChange={(event) => void toggle(option.value, event.target.checked)}
                />
                {optionLabel(tr, option.labelKey, option.value)}
              </label>
            );
          })}
        </div>
        <FieldErrors id={errorId(prefix, name)} errors={props.errors} />
      </fieldset>
    );
  }
  // A set of another entity's records (a user's roles, assigned customers): chips and a lookup to add one.
  const add = (value: string) => {
    const clean = value.trim().toUpperCase();
    if (!clean || values.includes(clean)) return;
    props.onChange([...values, clean]);
  };
  return (
    <fieldset className="erp-field erp-field-set" aria-invalid={props.errors.length > 0 || undefined} aria-describedby={described}>
      <legend>{label}</legend>
      <ul className="erp-chips">
        {values.map((value) => (
          <li key={value} className="erp-chip">
            <span>{value}</span>
            {props.readOnly ? null : (
              <button
                type="button"
                aria-label={tr('forms:set.remove', 'Remove {{value}} from {{label}}', { value, label })}
                onClick={() => props.onChange(values.filter((v) => v !== value))}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {props.readOnly ? null : <SetAdder id={inputId(prefix, name)} entity={field.entity ?? ''} label={label} onAdd={add} via={viaOf(props.from, name)} />}
      <FieldErrors id={errorId(prefix, name)} errors={props.errors} />
    </fieldset>
  );
}

function SetAdder(props: { id: string; entity: string; label: string; onAdd(value: string): void; via: LookupVia | undefined }) {
  const { tr } = useText();
  const [text, setText] = useState('');
  return (
    <div className="erp-set-adder">
      <LookupInput
        id={props.id}
        value={text}
        onChange={setText}
        entity={props.entity}
        label={props.label}
        readOnly={false}
        invalid={false}
        describedBy={undefined}
        via={props.via}
        onPick={(value) => {
          props.onAdd(value);
          setText('');
        }}
      />
      <button
        type="button"
        onClick={() => {
          props.onAdd(text);
          setText('');
        }}
      >
        {tr('forms:set.add', 'Add')}
      </button>
    </div>
  );
}

function ChildrenTable(props: FieldInputProps & { field: ChildrenField & { labelKey: string } }) {
  const { tr } = useText();
  const { field, prefix, name } = props;
  const label = fieldLabel(tr, field.labelKey, name);
  const rows = Array.isArray(props.value) ? (props.value as Draft[]) : [];
  const columns = Object.entries(field.fields).filter(([child]) => child !== field.key) as [string, Normalized][];
  const setCell = (index: number, child: string, value: unknown) => {
    props.onChange(rows.map((row, i) => (i === index ? { ...row, [child]: value } : row)));
  };
  const described = props.errors.length > 0 ? errorId(prefix, name) : undefined;
  return (
    <fieldset className="erp-field erp-field-children" aria-describedby={described}>
      <legend>{label}</legend>
      <table className="erp-subtable">
        <thead>
          <tr>
            {columns.map(([child, def]) => (
              <th key={child} scope="col">
                {fieldLabel(tr, def.labelKey, child)}
              </th>
            ))}
            <th scope="col">
              <span className="erp-visually-hidden">{tr('forms:children.actions', 'Actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const rowErrors = props.issues.filter((issue) => issue.field.startsWith(`${name}[${index}]`));
            return (
              <tr key={index}>
                {columns.map(([child, def]) => {
                  const path = `${name}[${index}].${child}`;
                  const cellErrors = rowErrors.filter((issue) => issue.field === path).map((issue) => issue.message);
                  const cellLabel = `${fieldLabel(tr, def.labelKey, child)} ${index + 1}`;
                  return (
                    <td key={child}>
                      <ScalarInput
                        id={inputId(prefix, path)}
                        field={def}
                        value={row[child]}
                        onChange={(value) => setCell(index, child, value)}
                        readOnly={props.readOnly}
                        invalid={cellErrors.length > 0}
                        describedBy={cellErrors.length > 0 ? errorId(prefix, path) : undefined}
                        label={cellLabel}
                        ariaLabel={cellLabel}
                        via={viaOf(props.from, `${name}.${child}`)}
                      />
                      <FieldErrors id={errorId(prefix, path)} errors={cellErrors} />
                    </td>
                  );
                })}
                <td>
                  {props.readOnly ? null : (
                    <button
                      type="button"
                      aria-label={`${tr('entities:form.removeRow', 'Remove the row')} ${index + 1}`}
                      onClick={() => props.onChange(rows.filter((_, i) => i !== index))}
                    >
                      ×
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {props.readOnly ? null : (
        <button type="button" id={inputId(prefix, name)} onClick={() => props.onChange([...rows, newRow(field)])}>
          {tr('entities:form.addRow', 'Add a row')}
        </button>
      )}
      <FieldErrors id={errorId(prefix, name)} errors={props.errors} />
    </fieldset>
  );
}

/** One field with its label and inline messages. */
export function FieldInput(props: FieldInputProps) {
  const { tr } = useText();
  const { field, name, prefix } = props;
  usePickDefaults(props.path ? undefined : props.from, name, props.value, props.record, props.readOnly, props.onDefaults);
  if (field.type === 'set') return <SetInput {...props} field={field} />;
  if (field.type === 'children') return <ChildrenTable {...props} field={field} />;
  const id = inputId(prefix, name);
  const label = fieldLabel(tr, field.labelKey, name);
  const helpId = field.helpKey ? `${id}-help` : null;
  const invalid = props.errors.length > 0;
  const describedBy = [invalid ? errorId(prefix, name) : null, helpId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`erp-field erp-field-${field.type}${field.type === 'boolean' ? ' erp-field-inline' : ''}`}>
      <label htmlFor={id}>
        {label}
        {field.required ? <span className="erp-required" aria-hidden="true"> *</span> : null}
      </label>
      <ScalarInput
        id={id}
        field={field}
        value={props.value}
        onChange={props.onChange}
        readOnly={props.readOnly}
        invalid={invalid}
        describedBy={describedBy}
        label={label}
        via={viaOf(props.from, props.path ?? name)}
        record={props.record}
      />
      {helpId && field.helpKey ? (
        <p id={helpId} className="erp-field-help">
          {tr(field.helpKey, '')}
        </p>
      ) : null}
      <FieldErrors id={errorId(prefix, name)} errors={props.errors} />
    </div>
  );
}
