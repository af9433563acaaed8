/**
 * The parts of the list grid (EntityList.tsx owns the frame, its keys and its state). The sticky edges: the header row (a sort button per sortable column — click sorts by
 * it, Shift+click adds it — with the sort mark and its rank, and a resize handle) and the Totals row of an
 * answer with Totals (exact decimals in the list's language; "Total" in the first column when it has none).
 * Between them `GridBody`: only the rows in view (TanStack Virtual), each with its selection and cursor
 * state, and the "No records." / load-failed row.
 */
import type { MouseEvent, RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { FlexRender, type RowSelectionState, type Row as TableRow } from '@tanstack/react-table';
import { formatDecimal, translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { useTranslation } from '@erp/ui';
import { isNumeric } from '../data/format.ts';
import type { SortItem } from '../data/query.ts';
import type { GridHeader, Row, features } from './grid.ts';
import { ResizeHandle } from './ResizeHandle.tsx';
import { EntryCell } from './EntryCell.tsx';

/** The columns typed in place (definition `listColumns[].edit`) and what saving one does (EntityList). */
export interface GridEntry {
  fields: ReadonlySet<string>;
  locale: string;
  /** "Counted — <the row's record>". */
  label(field: string, row: Row): string;
  save(row: Row, field: string, value: unknown): Promise<string | null>;
  move(index: number, field: string, direction: 1 | -1): void;
}

export function GridHeaderRow({
  entity,
  headers,
  sort: sortList,
  headerRef,
  widthOf,
  onResize,
  onResizeEnd,
  onSortClick,
}: {
  entity: AnyEntity;
  headers: readonly GridHeader[];
  sort: readonly SortItem[];
  /** The list measures the header: the rows start below it. */
  headerRef: RefObject<HTMLDivElement | null>;
  widthOf(field: string, fallback: number): number;
  onResize(field: string, width: number): void;
  onResizeEnd(): void;
  onSortClick(field: string, event: MouseEvent): void;
}) {
  const { t } = useTranslation('records');
  return (
    <div className="records-grid-header" role="rowgroup" ref={headerRef}>
      <div role="row" className="records-row records-row--header" aria-rowindex={1}>
        {headers.map((header) => {
          const field = header.column.id;
          const sortIndex = sortList.findIndex((item) => item.field === field);
          const sort = sortIndex >= 0 ? sortList[sortIndex]! : null;
          const numeric = isNumeric(entity.fields[field]!);
          return (
            <div
              key={header.id}
              role="columnheader"
              className={`records-cell records-cell--header${numeric ? ' records-cell--number' : ''}`}
              aria-sort={sort ? (sort.descending ? 'descending' : 'ascending') : undefined}
              // Named by its field only (its resize handle has a name of its own).
              aria-label={translate(entity.fields[field]!.labelKey, field)}
              data-field={field}
            >
              <ResizeHandle
                label={t('list.resize', { column: translate(entity.fields[field]!.labelKey, field) })}
                hint={t('list.resizeHint')}
                width={widthOf(field, header.getSize())}
                onResize={(width) => onResize(field, width)}
                onCommit={onResizeEnd}
              />
              {header.column.getCanSort() ? (
                <button type="button" className="records-sort" title={t('list.sortHint')} onClick={(event) => onSortClick(field, event)}>
                  <FlexRender header={header} />
                  {sort && (
                    <span className="records-sort__mark" aria-hidden="true">
                      {sort.descending ? '▼' : '▲'}
                      {sortList.length > 1 ? sortIndex + 1 : ''}
                    </span>
                  )}
                </button>
              ) : (
                <FlexRender header={header} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

export function GridTotalsRow({
  entity,
  headers,
  totals,
  rowIndex,
  locale,
}: {
  entity: AnyEntity;
  headers: readonly GridHeader[];
  totals: Readonly<Record<string, unknown>>;
  /** Its aria-rowindex (after every row of the answer). */
  rowIndex: number;
  locale: string;
}) {
  return (
    <div className="records-grid-footer" role="rowgroup">
      <div role="row" className="records-row records-row--totals" aria-rowindex={rowIndex} data-records-totals="">
        {headers.map((header, columnIndex) => {
          const field = header.column.id;
          const value = totals[field];
          const definition = entity.fields[field]!;
          const numeric = isNumeric(definition);
          const text =
            typeof value === 'number' || (typeof value === 'string' && value !== '')
              ? formatDecimal(value, definition.type === 'decimal' ? (definition.scale ?? 2) : 0, locale)
              : columnIndex === 0
                ? translate('entities:list.totalRow', 'Total')
                : '';
          return (
            <div key={header.id} role="gridcell" className={`records-cell${numeric ? ' records-cell--number' : ''}`}>
              {text}
            </div>
          );
        })}
      </div>
    </div>
  );
}

export function GridBody({
  entity,
  rows,
  virtualizer,
  selection,
  activeIndex,
  gridId,
  rowIndexBase,
  columnCount,
  noRecords,
  loadFailed,
  onRowClick,
  onOpenRow,
  entry,
}: {
  entity: AnyEntity;
  rows: readonly TableRow<typeof features, Row>[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  selection: RowSelectionState;
  activeIndex: number;
  /** The grid's id: rows are `<gridId>-r<index>` (the grid's aria-activedescendant). */
  gridId: string;
  /** The page's first row's index in the whole answer (aria-rowindex). */
  rowIndexBase: number;
  columnCount: number;
  noRecords: boolean;
  loadFailed: boolean;
  onRowClick(index: number, event: MouseEvent): void;
  onOpenRow(index: number): void;
  /** Columns typed in place, when the list has any and the user may write. */
  entry?: GridEntry | undefined;
}) {
  const { t } = useTranslation('records');
  return (
    <div className="records-grid" role="rowgroup">
      <div className="records-grid__body" role="presentation" style={{ height: `${virtualizer.getTotalSize()}px` }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const selected = selection[row.id] === true;
          return (
            <div
              key={row.id}
              id={`${gridId}-r${item.index}`}
              role="row"
              aria-rowindex={rowIndexBase + item.index + 2}
              aria-selected={selected}
              data-row-id={row.id}
              className={`records-row${selected ? ' is-selected' : ''}${item.index === activeIndex ? ' is-active' : ''}${item.index % 2 ? ' is-odd' : ''}`}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
              onClick={(event) => onRowClick(item.index, event)}
              onDoubleClick={() => onOpenRow(item.index)}
            >
              {row.getVisibleCells().map((cell, columnIndex) => (
                <div
                  key={cell.id}
                  role="gridcell"
                  aria-colindex={columnIndex + 1}
                  className={`records-cell${isNumeric(entity.fields[cell.column.id]!) ? ' records-cell--number' : ''}`}
                >
                  {entry?.fields.has(cell.column.id) ? (
                    <EntryCell
                      id={`${gridId}-r${item.index}-${cell.column.id}`}
                      name={cell.column.id}
                      field={entity.fields[cell.column.id]!}
                      value={row.original[cell.column.id]}
                      label={entry.label(cell.column.id, row.original)}
                      locale={entry.locale}
                      onSave={(value) => entry.save(row.original, cell.column.id, value)}
                      onMove={(direction) => entry.move(item.index, cell.column.id, direction)}
                    />
                  ) : (
                    <FlexRender cell={cell} />
                  )}
                </div>
              ))}
            </div>
          );
        })}
      </div>
      {noRecords && (
        <div className="records-empty" role="row">
          <div role="gridcell" aria-colspan={Math.max(1, columnCount)}>
            {translate('entities:result.noRecords', 'No records.')}
          </div>
        </div>
      )}
      {loadFailed && (
        <div className="records-empty" role="row">
          <div role="gridcell" aria-colspan={Math.max(1, columnCount)}>
            {t('list.loadFailed')}
          </div>
        </div>
      )}
    </div>
  );
}
