/**
 * The editor of a line's own child rows (definition `lineChildren`, e.g. the lot numbers of a ticket line):
 * a small grid under the document's line grid for the SELECTED line, generic over the child fields.
 * - One row per child row, one cell per child field (the key is not shown); Tab moves through the cells
 *   as usual; "Add <rows>" appends a row and focuses its first cell; each row's delete button removes it.
 * - With a `sumEquals` rule the grid shows the running sum of the rule's column against the line's value
 *   (exact decimals), so the user sees at once when the lots do not add up.
 * - Server errors on the rows (`Lines[2].Lots[0].LotNo`, or `Lines[2].Lots`) are shown on the cells / grid.
 * - Read-only documents show the rows without inputs' edit, add or delete.
 * Every input has an accessible name: "<field label> — <row label> <n>".
 */
import { useEffect, useRef } from 'react';
import type { LineChildrenDefinition } from '../../../../shared/src/entities/define.ts';
import { cmp, isDecimal } from '../../../../shared/src/decimal.ts';
import { formatDecimal } from '@erp/shared';
import type { Draft } from '../form/form-state.ts';
import type { Tr } from '../form/text.ts';
import { childTotal, newChildDraft } from './document-state.ts';
import { EditCell, type GridField } from './EditCell.tsx';

type Normalized = GridField;

export interface LineChildGridProps {
  /** The collection's name on the line (`Lots`). */
  name: string;
  definition: LineChildrenDefinition;
  /** Path of the line in error fields, e.g. `Lines[2]`. */
  linePath: string;
  /** Shown in the heading: "Lot numbers — Line 3". */
  lineNumber: number;
  /** The line's value the rows must add up to (sumEquals.lineField), as typed. */
  lineValue: unknown;
  rows: readonly Draft[];
  readOnly: boolean;
  errors: ReadonlyMap<string, string>;
  language: string;
  tr: Tr;
  onChange(rows: Draft[]): void;
  /** The line and the document's header (the line's fields first): what a child field's `suggest` reads besides its row. */
  context?: Readonly<Record<string, unknown>>;
}

export function LineChildGrid(props: LineChildGridProps) {
  const { definition, rows, tr } = props;
  const table = useRef<HTMLTableElement>(null);
  const focusLast = useRef(false);
  const columns = Object.entries(definition.fields).filter(([name]) => name !== definition.key) as [string, Normalized][];
  const heading = tr(definition.labelKey ?? '', props.name);
  const lineLabel = tr('records:document.row', 'Line {{line}}', { line: props.lineNumber });
  const rowWord = tr('records:document.childRow', 'Row');

  useEffect(() => {
    if (!focusLast.current || !table.current) return;
    focusLast.current = false;
    table.current.querySelector<HTMLElement>('tbody tr:last-child input:not([readonly]), tbody tr:last-child select')?.focus();
  }, [rows.length]);

  const change = (index: number, field: string, value: unknown) => props.onChange(rows.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  const add = () => {
    focusLast.current = true;
    props.onChange([...rows, newChildDraft(definition)]);
  };
  const remove = (index: number) => props.onChange(rows.filter((_, at) => at !== index));
  // A suggestion picked (issue 71 item 2: a lot) fills other fields of its row (the lot's quantity and heat).
  const fill = (index: number, field: string, value: unknown, values: Record<string, unknown>) =>
    props.onChange(rows.map((row, at) => (at === index ? { ...row, ...Object.fromEntries(Object.entries(values).filter(([name]) => name in definition.fields).map(([name, v]) => [name, v === null || v === undefined ? '' : String(v)])), [field]: value } : row)));
  const suggestOf = (index: number, name: string, child: Normalized) => {
    const spec = child.type === 'text' ? child.suggest : undefined;
    if (!spec) return undefined;
    const row = rows[index] ?? {};
    // The row's own value when it has one, else its line's, else the header's (a new lot row's blank quantity: the line's).
    const blank = (value: unknown) => value === undefined || value === null || value === '';
    const values = Object.fromEntries(spec.values.map((value) => [value, !blank(row[value]) ? row[value] : (props.context?.[value] ?? null)]));
    return { values, onFill: (value: string, filled: Record<string, unknown>) => fill(index, name, value, filled) };
  };

  const rule = definition.sumEquals;
  const total = childTotal(definition, rows);
  const expected = rule && typeof props.lineValue === 'string' && isDecimal(props.lineValue.trim()) ? props.lineValue.trim() : null;
  const scale = rule ? ((definition.fields[rule.childField] as { scale?: number } | undefined)?.scale ?? 2) : 2;
  const matches = total !== null && expected !== null && cmp(total, expected) === 0;
  const gridError = props.errors.get(`${props.linePath}.${props.name}`);

  return (
    // Its own F2 region (issue 71 item 2): from the line's cells F2 reaches the line's lots without entering another line.
    <section className="erp-line-children" aria-label={`${heading} — ${lineLabel}`} data-line-children={props.name} data-f2-region="line-children">
      <h4>
        {heading} — {lineLabel}
      </h4>
      {gridError && (
        <p className="erp-field-error" role="alert">
          {gridError}
        </p>
      )}
      <table className="erp-line-grid erp-line-children-grid" ref={table} aria-label={`${heading} — ${lineLabel}`} data-readonly={props.readOnly || undefined}>
        <thead>
          <tr>
            <th scope="col">#</th>
            {columns.map(([name, child]) => (
              <th key={name} scope="col" className={child.type === 'decimal' ? 'erp-number' : undefined}>
                {tr(child.labelKey, name)}
              </th>
            ))}
            <th scope="col">
              <span className="erp-visually-hidden">{tr('records:document.deleteChildRow', 'Delete row')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} data-row={index}>
              <th scope="row">{index + 1}</th>
              {columns.map(([name, child]) => {
                const label = `${tr(child.labelKey, name)} — ${rowWord} ${index + 1}`;
                const error = props.errors.get(`${props.linePath}.${props.name}[${index}].${name}`);
                const id = `child-${props.name}-${props.lineNumber}-${index}-${name}`;
                const onChange = (value: unknown) => change(index, name, value);
                return (
                  <EditCell key={name} id={id} field={child} value={row[name]} label={label} error={error} grid={props} onChange={onChange} {...(suggestOf(index, name, child) ? { suggest: suggestOf(index, name, child)! } : {})} />
                );
              })}
              <td>
                {!props.readOnly && (
                  <button type="button" className="erp-row-delete" aria-label={`${tr('records:document.deleteChildRow', 'Delete row')} ${index + 1}`} onClick={() => remove(index)}>
                    ×
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total !== null && (
        <p className={`erp-line-children-total${expected !== null && !matches ? ' erp-field-error' : ''}`} role="status">
          {tr('records:document.childTotal', 'Total {{total}} of {{expected}}', {
            total: formatDecimal(total, scale, props.language),
            expected: expected === null ? '—' : formatDecimal(expected, scale, props.language),
          })}
        </p>
      )}
      {!props.readOnly && (
        <button type="button" className="erp-add-line" onClick={add}>
          {tr('records:document.addChildRow', 'Add {{name}}', { name: heading })}
        </button>
      )}
    </section>
  );
}
