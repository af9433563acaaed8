/**
 * The parts of the list grid (EntityList.tsx owns the frame, its keys and its state). The sticky edges: the header row (a sort button per sortable column — click sorts by
 * it, Shift+click adds it — with the sort mark and its rank, and a resize handle) and the Totals row of an
 * answer with Totals (exact decimals in the list's language; "Total" in the first column when it has none).
 * Between them `GridBody`: only the rows in reach of the view (TanStack Virtual), each with its selection and
 * cursor state — read-only rows in slots whose elements scrolling reuses (row-window.ts `RowSlots`) — and the
 * "No records." / load-failed row.
 */
import { memo, useContext, useMemo, useState, type MouseEvent, type ReactElement, type RefObject } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { formatDecimal, recordPath as recordAddressPath, translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { useTranslation } from '@erp/ui';
import type { SortItem } from '../data/query.ts';
import type { GridColumn, ListRow } from './grid.ts';
import { ResizeHandle } from './ResizeHandle.tsx';
import { EntryCell } from './EntryCell.tsx';
import { RowSlots, useRowWindow, type RowWindow } from './row-window.ts';
import { PaneScreenContext } from '../entity-screen/pane-address.ts';

/** The columns typed in place (definition `listColumns[].edit`) and what saving one does (EntityList). */
export interface GridEntry {
  fields: ReadonlySet<string>;
  locale: string;
  /** "Counted — <the row's record>". */
  label(field: string, row: ListRow): string;
  save(row: ListRow, field: string, value: unknown): Promise<string | null>;
  move(index: number, field: string, direction: 1 | -1): void;
}

/**
 * The header row. Memoized: the list re-renders on each selection or cursor move, and the header (its labels and
 * its tooltips, three per column) only needs to when its columns, sort, widths or language change (issue 40 item 10).
 * The callbacks must be stable (EntityList passes stable ones).
 */
export const GridHeaderRow = memo(function GridHeaderRow({
  columns,
  sort: sortList,
  headerRef,
  widths,
  onResize,
  onResizeEnd,
  onSortClick,
}: {
  columns: readonly GridColumn[];
  sort: readonly SortItem[];
  /** The list measures the header: the rows start below it. */
  headerRef: RefObject<HTMLDivElement | null>;
  /** Each column's width (px). */
  widths: Readonly<Record<string, number>>;
  onResize(field: string, width: number): void;
  onResizeEnd(): void;
  onSortClick(field: string, event: MouseEvent): void;
}) {
  const { t } = useTranslation('records');
  // The tooltips, once per language (the same for every column), and each column's resize label.
  const texts = useMemo(
    () => ({
      sortHint: t('list.sortHint'),
      resizeHint: t('list.resizeHint'),
      resize: new Map(columns.map((column) => [column.id, t('list.resize', { column: column.label })])),
    }),
    [t, columns],
  );
  return (
    <div className="records-grid-header" role="rowgroup" ref={headerRef}>
      <div role="row" className="records-row records-row--header" aria-rowindex={1}>
        {columns.map((column) => {
          const field = column.id;
          const sortIndex = sortList.findIndex((item) => item.field === field);
          const sort = sortIndex >= 0 ? sortList[sortIndex]! : null;
          return (
            <div
              key={field}
              role="columnheader"
              className={`records-cell records-cell--header${column.numeric ? ' records-cell--number' : ''}`}
              aria-sort={sort ? (sort.descending ? 'descending' : 'ascending') : undefined}
              // Named by its field only (its resize handle has a name of its own).
              aria-label={column.label}
              data-field={field}
            >
              <ResizeHandle
                label={texts.resize.get(field) ?? ''}
                hint={texts.resizeHint}
                width={widths[field] ?? column.size}
                onResize={(width) => onResize(field, width)}
                onCommit={onResizeEnd}
              />
              {column.sortable ? (
                <button type="button" className="records-sort" title={texts.sortHint} onClick={(event) => onSortClick(field, event)}>
                  {column.label}
                  {sort && (
                    <span className="records-sort__mark" aria-hidden="true">
                      {sort.descending ? '▼' : '▲'}
                      {sortList.length > 1 ? sortIndex + 1 : ''}
                    </span>
                  )}
                </button>
              ) : (
                column.label
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
});

export function GridTotalsRow({
  entity,
  columns,
  totals,
  rowIndex,
  locale,
}: {
  entity: AnyEntity;
  columns: readonly GridColumn[];
  totals: Readonly<Record<string, unknown>>;
  /** Its aria-rowindex (after every row of the answer). */
  rowIndex: number;
  locale: string;
}) {
  return (
    <div className="records-grid-footer" role="rowgroup">
      <div role="row" className="records-row records-row--totals" aria-rowindex={rowIndex} data-records-totals="">
        {columns.map((column, columnIndex) => {
          const field = column.id;
          const value = totals[field];
          const definition = entity.fields[field]!;
          const text =
            typeof value === 'number' || (typeof value === 'string' && value !== '')
              ? formatDecimal(value, definition.type === 'decimal' ? (definition.scale ?? 2) : 0, locale)
              : columnIndex === 0
                ? translate('entities:list.totalRow', 'Total')
                : '';
          return (
            <div key={field} role="gridcell" className={`records-cell${column.numeric ? ' records-cell--number' : ''}`}>
              {text}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** What GridBody needs of a table row: its id and its record. */
export interface GridRowData {
  id: string;
  original: ListRow;
}

export function GridBody({
  entity,
  rows,
  columns,
  texts,
  fitting,
  rowWindow,
  selection,
  activeIndex,
  gridId,
  rowIndexBase,
  noRecords,
  loadFailed,
  onRowClick,
  onOpenRow,
  entry,
}: {
  entity: AnyEntity;
  rows: readonly GridRowData[];
  /** The columns shown, in order. */
  columns: readonly GridColumn[];
  /** The page's cell texts (grid.ts `pageTexts`), by column then row index. */
  texts: Readonly<Record<string, readonly string[]>>;
  /** The columns whose texts all fit (grid.ts `fitsUnclipped`): their cells are not clipped. */
  fitting: ReadonlySet<string>;
  /** The rows to draw (those in view and a few beyond): GridBody renders again when they change (issue 44). */
  rowWindow: RowWindow;
  selection: RowSelectionState;
  activeIndex: number;
  /** The grid's id: rows are `<gridId>-r<index>` (the grid's aria-activedescendant). */
  gridId: string;
  /** The page's first row's index in the whole answer (aria-rowindex). */
  rowIndexBase: number;
  noRecords: boolean;
  loadFailed: boolean;
  /** Stable callbacks (GridRow is memoized). */
  onRowClick(index: number, event: MouseEvent): void;
  onOpenRow(index: number): void;
  /** Columns typed in place, when the list has any and the user may write (stable while they are the same). */
  entry?: GridEntry | undefined;
}) {
  const { t } = useTranslation('records');
  const screenPath = useContext(PaneScreenContext);
  useRowWindow(rowWindow);
  const virtualizer = rowWindow.virtualizer;
  const scrollMargin = virtualizer.options.scrollMargin;
  const shared = useMemo<RowShared>(
    () => ({ entity, columns, texts, fitting, gridId, rowIndexBase, onRowClick, onOpenRow, entry, screenPath }),
    [entity, columns, texts, fitting, gridId, rowIndexBase, onRowClick, onOpenRow, entry, screenPath],
  );
  // Read-only rows reuse their elements (row-window.ts RowSlots); rows typed in keep theirs, with their drafts.
  const [slots] = useState(() => new RowSlots());
  const [drawnRows] = useState(() => new DrawnRows());
  const inView = virtualizer.getVirtualItems().map((item) => item.index);
  const drawn = entry ? inView : slots.assign(inView, rows.length);
  const onScreenOrder = drawn.filter((index) => rows[index] !== undefined);
  // Once scrolling has reused slots, the rows' order in the DOM is no longer theirs on screen: assistive technology
  // reads them in screen order through aria-owns.
  const reordered = onScreenOrder.some((index, i) => i > 0 && index < onScreenOrder[i - 1]!);
  const owns = reordered ? [...onScreenOrder].sort((a, b) => a - b).map((index) => `${gridId}-r${index}`).join(' ') : undefined;
  return (
    <div className="records-grid" role="rowgroup" aria-owns={owns}>
      <div className="records-grid__body" role="presentation" style={{ height: `${virtualizer.getTotalSize()}px` }}>
        {drawn.map((index, slot) => {
          const row = rows[index];
          const start = virtualizer.measurementsCache[index]?.start;
          if (!row || start === undefined) return null;
          const props: GridRowProps = {
            shared,
            id: row.id,
            record: row.original,
            index,
            offset: start - scrollMargin,
            selected: selection[row.id] === true,
            active: index === activeIndex,
          };
          // A slot whose row is the same as at the last render keeps its element: React skips it outright.
          return entry ? <GridRow key={row.id} {...props} /> : drawnRows.element(slot, props);
        })}
      </div>
      {noRecords && (
        <div className="records-empty" role="row">
          <div role="gridcell" aria-colspan={Math.max(1, columns.length)}>
            {translate('entities:result.noRecords', 'No records.')}
          </div>
        </div>
      )}
      {loadFailed && (
        <div className="records-empty" role="row">
          <div role="gridcell" aria-colspan={Math.max(1, columns.length)}>
            {t('list.loadFailed')}
          </div>
        </div>
      )}
    </div>
  );
}

/** What every row of a page shares: one object, the same while the page, its columns and callbacks are. */
export interface RowShared {
  entity: AnyEntity;
  columns: readonly GridColumn[];
  texts: Readonly<Record<string, readonly string[]>>;
  fitting: ReadonlySet<string>;
  gridId: string;
  rowIndexBase: number;
  onRowClick(index: number, event: MouseEvent): void;
  onOpenRow(index: number): void;
  entry: GridEntry | undefined;
  /** The screen whose records the rows are (issue 71: each row's first cell links to its record); '' for none. */
  screenPath: string;
}

/**
 * A row's record address as a link (issue 71 item 1): a plain click stays the grid's (select; double-click or
 * Enter opens in place), Ctrl / Cmd / Shift + click and middle-click are the browser's — a new tab or window booting
 * straight to the record. Out of the Tab order: the grid's cursor is the keyboard's way.
 */
function RowLink({ screenPath, id, children }: { screenPath: string; id: string; children: string }) {
  return (
    <a
      className="records-row-link"
      href={`#${recordAddressPath(screenPath, id)}`}
      tabIndex={-1}
      onClick={(event) => {
        if (!(event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)) event.preventDefault();
        else event.stopPropagation();
      }}
    >
      {children}
    </a>
  );
}

export interface GridRowProps {
  shared: RowShared;
  id: string;
  record: ListRow;
  index: number;
  /** Its top below the header (px). */
  offset: number;
  selected: boolean;
  active: boolean;
}

const sameRow = (a: GridRowProps, b: GridRowProps): boolean =>
  a.shared === b.shared && a.id === b.id && a.record === b.record && a.index === b.index && a.offset === b.offset && a.selected === b.selected && a.active === b.active;

/**
 * Issue 44 (0 dropped frames): the element each slot drew last, kept while its row's props are the same. Scrolling
 * renders GridBody at each frame, and a frame brings a few rows into reach: the other slots hand React the very
 * element they gave it before, which it skips without comparing props. In a sampling heap profile of a 1,000-row
 * scroll, the grid allocated a third less (new elements and the memo's key-list comparisons; BENCHMARKS.md).
 * Exported for its test.
 */
export class DrawnRows {
  private readonly last: { props: GridRowProps; element: ReactElement }[] = [];

  element(slot: number, props: GridRowProps): ReactElement {
    const kept = this.last[slot];
    if (kept && sameRow(kept.props, props)) return kept.element;
    const element = <GridRow key={slot} {...props} />;
    this.last[slot] = { props, element };
    return element;
  }
}

/**
 * One row of the page. Memoized on plain values (issue 40 item 10): a row renders once when its page arrives
 * and again only when its own selection, cursor, place or texts change — not at each render of the list (a
 * cursor move re-renders two rows, not every row in view). The comparison reads the props by name (no key lists).
 */
const GridRow = memo(function GridRow({ shared, id, record, index, offset, selected, active }: GridRowProps) {
  const { entity, columns, texts, fitting, gridId, rowIndexBase, onRowClick, onOpenRow, entry, screenPath } = shared;
  return (
    <div
      id={`${gridId}-r${index}`}
      role="row"
      aria-rowindex={rowIndexBase + index + 2}
      aria-selected={selected}
      data-row-id={id}
      className={`records-row${selected ? ' is-selected' : ''}${active ? ' is-active' : ''}${index % 2 ? ' is-odd' : ''}`}
      style={{ transform: `translateY(${offset}px)` }}
      onClick={(event) => onRowClick(index, event)}
      onDoubleClick={() => onOpenRow(index)}
    >
      {columns.map((column, columnIndex) => (
        <div
          key={column.id}
          role="gridcell"
          aria-colindex={columnIndex + 1}
          className={`records-cell${column.numeric ? ' records-cell--number' : ''}${fitting.has(column.id) ? ' records-cell--fits' : ''}`}
        >
          {entry?.fields.has(column.id) ? (
            <EntryCell
              id={`${gridId}-r${index}-${column.id}`}
              name={column.id}
              field={entity.fields[column.id]!}
              value={record[column.id]}
              label={entry.label(column.id, record)}
              locale={entry.locale}
              onSave={(value) => entry.save(record, column.id, value)}
              onMove={(direction) => entry.move(index, column.id, direction)}
            />
          ) : columnIndex === 0 && screenPath !== '' ? (
            <RowLink screenPath={screenPath} id={id}>
              {texts[column.id]?.[index] ?? ''}
            </RowLink>
          ) : (
            (texts[column.id]?.[index] ?? '')
          )}
        </div>
      ))}
    </div>
  );
}, sameRow);
