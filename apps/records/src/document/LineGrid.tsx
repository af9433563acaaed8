/**
 * The keyboard-first line grid of a document (issue 12): one row per line, one cell per line field.
 * - Tab / Shift+Tab and Enter move to the next (previous) cell; from the last cell of the last line,
 *   Tab or Enter adds a new line and moves into it (only when the document is editable).
 * - A lookup cell suggests records as the user types, and opens with F4 or Alt+Down (LineLookup).
 * - Delete on the line's number (a focusable row header), Ctrl+Delete in any cell, or the row's delete
 *   button removes the line after a confirmation (§8 "Select a GL detail row." when none is chosen).
 * - Rows have stable ids (`_rid`) and are memoized: typing in one line of a 500-line document re-renders
 *   that line only (the handlers are stable and each row gets its own props).
 * - Ctrl+Enter opens the line's expanded window (DocumentLines, when the definition has `expanded`).
 * - Read-only (state forbids edits): inputs are read-only, no add or delete.
 * Computed line fields (e.g. the signed amount) show as text, computed by the shared evaluator.
 */
import { memo, useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { ChildrenField } from '../../../../shared/src/entities/define.ts';
import { isDecimal } from '../../../../shared/src/decimal.ts';
import { formatCalendarDate, formatDateTime, formatDecimal } from '@erp/shared';
import type { Tr } from '../form/text.ts';
import type { LineDraft } from './document-state.ts';
import { EditCell, type GridField } from './EditCell.tsx';
import { LineLookup } from './LineLookup.tsx';
import { lookupVia } from '../form/record-api.ts';

type Normalized = GridField;

export interface LineGridProps {
  /** The document's entity: a line lookup is asked for as `<name>.<field>` of it (issue 21 items 5, 11). */
  from: string;
  /** The document's header values: what a line lookup's `whereFrom` reads (issue 21 item 8: the customer). */
  record?: Readonly<Record<string, unknown>>;
  name: string;
  field: ChildrenField;
  rows: readonly LineDraft[];
  /** The computed line values of a row (stable function: the shared evaluator), e.g. { Amount: '100.00' }. */
  computeLine(row: LineDraft): Record<string, unknown>;
  readOnly: boolean;
  /** Messages by path: `Lines[2].AccountId`. */
  errors: ReadonlyMap<string, string>;
  language: string;
  tr: Tr;
  onChange(rid: string, field: string, value: unknown): void;
  onAdd(): void;
  onDelete(rid: string, index: number): void;
  /** The line the focus entered (the selected line of the line actions), by its stable id. */
  onSelect?(rid: string): void;
  /** Ctrl+Enter in a line: its expanded window (definition `expanded`). */
  onExpand?(rid: string): void;
}

interface RowProps {
  index: number;
  row: LineDraft;
  computeLine(row: LineDraft): Record<string, unknown>;
  columns: readonly [string, Normalized][];
  computedColumns: ReadonlySet<string>;
  readOnly: boolean;
  errors: readonly (string | undefined)[];
  language: string;
  labels: readonly string[];
  /** "Line {{line}}" translated once per grid, the number left as LINE_NUMBER (one translation per row otherwise). */
  lineTemplate: string;
  /** "Delete line", translated once per grid. */
  deleteLabel: string;
  idPrefix: string;
  /** The document's entity and the lines' field name: what a line lookup serves. */
  from: string;
  record: Readonly<Record<string, unknown>> | undefined;
  linesName: string;
  onChange(rid: string, field: string, value: unknown): void;
  onDelete(rid: string, index: number): void;
}

const Row = memo(function Row(props: RowProps) {
  const { row, index } = props;
  const lineLabel = props.lineTemplate.replace(LINE_NUMBER, String(index + 1));
  const computed = props.computedColumns.size > 0 ? props.computeLine(row) : undefined;
  return (
    <tr data-row={index} data-rid={row._rid}>
      <th
        scope="row"
        tabIndex={-1}
        data-row-header=""
        aria-label={lineLabel}
        onKeyDown={(event) => {
          if (event.key === 'Delete' && !props.readOnly) {
            event.preventDefault();
            props.onDelete(row._rid, index);
          }
        }}
      >
        {index + 1}
      </th>
      {props.columns.map(([name, child], column) => {
        const error = props.errors[column];
        const label = `${props.labels[column]} — ${lineLabel}`;
        const id = `${props.idPrefix}-${row._rid}-${name}`;
        if (props.computedColumns.has(name) || child.readOnly) {
          const value = computed?.[name] ?? row[name];
          const text = child.type === 'decimal' && isDecimal(value) ? formatDecimal(value, child.scale ?? 2, props.language) : child.type === 'date' ? formatCalendarDate(value, props.language) : child.type === 'datetime' ? formatDateTime(value, props.language) : String(value ?? '');
          return (
            <td key={name} className={child.type === 'decimal' ? 'erp-number' : undefined} aria-label={label}>
              {text}
            </td>
          );
        }
        const onChange = (value: unknown) => props.onChange(row._rid, name, value);
        return (
          <EditCell
            key={name}
            id={id}
            field={child}
            value={row[name]}
            label={label}
            error={error}
            grid={props}
            onChange={onChange}
            markCell
            input={
              child.type === 'lookup' ? (
                <LineLookup
                  id={id}
                  entity={child.entity}
                  via={lookupVia(props.from, `${props.linesName}.${name}`, child, props.record)}
                  value={typeof row[name] === 'string' ? (row[name] as string) : ''}
                  label={label}
                  readOnly={props.readOnly}
                  invalid={Boolean(error)}
                  onChange={onChange}
                  onKeyDown={() => undefined}
                />
              ) : undefined
            }
          />
        );
      })}
      <td>
        {!props.readOnly && (
          <button type="button" className="erp-row-delete" tabIndex={-1} aria-label={`${props.deleteLabel} ${index + 1}`} onClick={() => props.onDelete(row._rid, index)}>
            ×
          </button>
        )}
      </td>
    </tr>
  );
});

const NO_ERRORS: readonly (string | undefined)[] = [];
/** Stands for the line number in the translated line label (a character no translation contains). */
const LINE_NUMBER = '\u0000';

export function LineGrid(props: LineGridProps) {
  const { field, rows, tr } = props;
  const grid = useRef<HTMLTableElement>(null);
  const focusAfterAdd = useRef(false);
  const idPrefix = `line-${props.name}`;
  // Stable per definition and language, so memoized rows re-render only when their own line changes.
  // The fields of the expanded line window only (`expanded.only`) are not columns, nor internal keys (issue 40 item 3).
  const columns = useMemo(
    () => Object.entries(field.fields).filter(([name, child]) => name !== field.key && !child.internal && !field.expanded?.only?.includes(name)) as [string, Normalized][],
    [field],
  );
  const computedColumns = useMemo(() => new Set(columns.filter(([, child]) => child.readOnly).map(([name]) => name)), [columns]);
  const labels = useMemo(() => columns.map(([name, child]) => tr(child.labelKey, name)), [columns, tr]);
  const lineTemplate = useMemo(() => tr('records:document.row', 'Line {{line}}', { line: LINE_NUMBER }), [tr]);
  const deleteLabel = useMemo(() => tr('records:document.deleteLine', 'Delete line'), [tr]);

  // After a line was added from the keyboard, its first cell takes the focus.
  useEffect(() => {
    if (!focusAfterAdd.current || !grid.current) return;
    focusAfterAdd.current = false;
    const last = grid.current.querySelector<HTMLTableRowElement>('tbody tr:last-child');
    last?.querySelector<HTMLElement>('input:not([readonly]), select, textarea')?.focus();
  }, [rows.length]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableElement>) => {
      const target = event.target as HTMLElement;
      if (!grid.current || !(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)) return;
      if (event.key === 'Enter' && event.ctrlKey && props.onExpand) {
        const rid = target.closest('tr')?.getAttribute('data-rid');
        if (rid) {
          event.preventDefault();
          props.onExpand(rid);
        }
        return;
      }
      if (event.key === 'Delete' && event.ctrlKey && !props.readOnly) {
        const tr = target.closest('tr');
        const rid = tr?.getAttribute('data-rid');
        if (rid) {
          event.preventDefault();
          props.onDelete(rid, Number(tr!.getAttribute('data-row')));
        }
        return;
      }
      const forward = (event.key === 'Tab' && !event.shiftKey) || (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey);
      const backward = (event.key === 'Tab' && event.shiftKey) || (event.key === 'Enter' && event.shiftKey);
      if (!forward && !backward) return;
      if (event.defaultPrevented) return;
      const cells = [...grid.current.querySelectorAll<HTMLElement>('tbody input:not([type=hidden]), tbody select, tbody textarea')];
      const at = cells.indexOf(target);
      if (at < 0) return;
      const next = forward ? at + 1 : at - 1;
      if (next >= 0 && next < cells.length) {
        event.preventDefault();
        cells[next]!.focus();
        return;
      }
      if (forward && !props.readOnly) {
        event.preventDefault();
        focusAfterAdd.current = true;
        props.onAdd();
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers it calls, not the whole props object
    [props.readOnly, props.onAdd, props.onDelete, props.onExpand],
  );

  return (
    <table
      className="erp-line-grid"
      ref={grid}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        // The selected line is the last one the focus entered (a cell or its number), so a line action
        // button clicked afterwards still knows it.
        const rid = (event.target as HTMLElement).closest('tr')?.getAttribute('data-rid');
        if (rid) props.onSelect?.(rid);
      }}
      // No aria-readonly: a table may not carry it (axe aria-allowed-attr); each read-only cell says so itself.
      aria-label={tr(field.labelKey ?? '', props.name)} data-readonly={props.readOnly || undefined}>
      <thead>
        <tr>
          <th scope="col">#</th>
          {columns.map(([name, child], index) => (
            <th key={name} scope="col" className={child.type === 'decimal' ? 'erp-number' : undefined}>
              {labels[index]}
            </th>
          ))}
          <th scope="col">
            <span className="erp-visually-hidden">{deleteLabel}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const rowErrors = props.errors.size === 0 ? NO_ERRORS : columns.map(([name]) => props.errors.get(`${props.name}[${index}].${name}`));
          return (
            <Row
              key={row._rid}
              index={index}
              row={row}
              computeLine={props.computeLine}
              columns={columns}
              computedColumns={computedColumns}
              readOnly={props.readOnly}
              errors={rowErrors.some(Boolean) ? rowErrors : NO_ERRORS}
              language={props.language}
              labels={labels}
              lineTemplate={lineTemplate}
              deleteLabel={deleteLabel}
              idPrefix={idPrefix}
              from={props.from}
              record={props.record}
              linesName={props.name}
              onChange={props.onChange}
              onDelete={props.onDelete}
            />
          );
        })}
      </tbody>
    </table>
  );
}
