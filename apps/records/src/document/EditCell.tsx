/**
 * One editable cell of the document's grids (LineGrid's lines, LineChildGrid's child rows): a decimal input
 * (exact, in the user's language) or the form's scalar input, named by `label`, marked invalid with the
 * server's message under it. `input` replaces the input (the line grid's lookup cells).
 */
import type { ReactNode } from 'react';
import type { ScalarField } from '../../../../shared/src/entities/define.ts';
import { DecimalInput } from '../form/fields/DecimalInput.tsx';
import { ScalarInput } from '../form/fields/FieldInput.tsx';

/** A grid column's field as the definition normalizes it (its label key and optional column name). */
export type GridField = ScalarField & { labelKey: string; column?: string };

export interface EditCellProps {
  id: string;
  field: GridField;
  value: unknown;
  label: string;
  error: string | undefined;
  /** The grid's settings: the user's language (decimals) and whether the document is read-only. */
  grid: { language: string; readOnly: boolean };
  onChange(value: unknown): void;
  /** The decimal input carries `data-cell` (the line grid's cell navigation). */
  markCell?: boolean;
  input?: ReactNode;
  /** A text field's `suggest` (issue 71 item 2): what its call reads and what a pick fills. */
  suggest?: { values: Readonly<Record<string, unknown>>; onFill(value: string, values: Record<string, unknown>): void };
}

export function EditCell(props: EditCellProps) {
  const { id, field, value, label, error, onChange } = props;
  const { language, readOnly } = props.grid;
  const cell = props.markCell ? { 'data-cell': '' } : {};
  return (
    <td className={error ? 'erp-cell-invalid' : undefined}>
      {props.input ??
        (field.type === 'decimal' ? (
          <DecimalInput id={id} value={value} scale={field.scale ?? 2} locale={language} readOnly={readOnly} onChange={onChange} aria-label={label} aria-invalid={Boolean(error) || undefined} {...cell} />
        ) : (
          <ScalarInput id={id} field={field} value={value} onChange={onChange} readOnly={readOnly} invalid={Boolean(error)} describedBy={undefined} label={label} ariaLabel={label} {...(props.suggest ? { suggest: props.suggest } : {})} />
        ))}
      {error && <span className="erp-field-error">{error}</span>}
    </td>
  );
}
