/**
 * The generic list screen of an entity definition (issue 5 item 2), on TanStack Table v9 (columns,
 * visibility, sort state, selection state) and TanStack Virtual (only the rows in view are in the DOM;
 * `aria-rowcount` / `aria-rowindex` give assistive technology the real size).
 *
 * Props:
 * - `entity`: the definition; `access`: GET /api/entities/:entity (CanWrite, Hidden, saved Columns).
 * - `routeProps`: the route's Props (a filter preset: `filter.<Field>`, or the definition's `routeViews`).
 * - `active`: false while the record form covers the list; the list keeps its query, page, selection and
 *   scroll, and restores the scroll position when shown again.
 * - `reloadToken`: a new value reloads the current page (after a save), keeping the query.
 * - `onOpen(id, rowIds)`: open a record (null: a new one); rowIds are the page's ids in order.
 *
 * Issue 16 item 5 (grids that keep up with a clerk): the grid frame is the one scroll area (sticky header
 * and totals) and is sized to the window so the pager stays in view; columns are resized by dragging the
 * header's edge or with Left / Right on it, and the widths are saved per user with the columns; the
 * keyboard cursor is the selection (arrows select the row they move to; Shift extends; Space toggles);
 * Ctrl+Home / Ctrl+End go to the first row of the first page / the last row of the last page; the
 * shortcuts are in the tooltips.
 *
 * Behaviour: server paging at 250 (§9); any query change resets to page 1 (§5); click a header to sort by
 * it, Shift+click to add it (§5 SortFields + SortDescending); filters and search; column chooser saved
 * per user; selection by click, Ctrl+click, Shift+click, Space and Shift+arrows; arrows, Home/End,
 * PageUp/PageDown move the active row, Enter or a double-click opens it; a Totals row when the answer has
 * Totals; "No records." for ResultStatus 6; New / Edit / Delete (asks first, sends Version, shows the
 * server's refusal) and §8 'Select a row to delete, edit, or look up.'; Export to Excel of every row,
 * streamed with progress and a cancel button.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import {
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnVisibilityState,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { askUser, formatDecimal, formatInteger, numberFormat, saveFile, translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { useTranslation } from '@erp/ui';
import {
  RESULT,
  deleteRecord,
  loadPage,
  refusalMessage,
  saveColumns,
  streamExport,
  type EntityAccess,
  type ExportProgress,
  type PagedList,
} from '../data/api.ts';
import { cellFormatter, isNumeric } from '../data/format.ts';
import {
  PAGE_SIZES,
  changeQuery,
  exportBody,
  initialQuery,
  listParams,
  pageCount,
  toggleSort,
  visibleColumns,
  type ListQuery,
} from '../data/query.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import { Filters } from './Filters.tsx';
import { ariaShortcut, isMoveKey, matchesHotkey, moveActive, rangeIndexes } from './keyboard.ts';

/** Row height in px (records.css `--records-row-height`): the virtualizer's estimate. */
const ROW_HEIGHT = 28;
const DEFAULT_COLUMN_WIDTH = 150;
/** Column widths a user may give (the server checks the same range). */
const MIN_WIDTH = 40;
const MAX_WIDTH = 2000;
/** Below this the grid keeps its height and the page scrolls instead. */
const MIN_GRID_HEIGHT = 160;

const clampWidth = (width: number) => Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));

type Row = Record<string, unknown>;

const features = tableFeatures({ columnVisibilityFeature, columnSizingFeature, rowSortingFeature, rowSelectionFeature });
const columnHelper = createColumnHelper<typeof features, Row>();

export interface EntityListProps {
  entity: AnyEntity;
  access: EntityAccess;
  routeProps: Record<string, unknown> | null;
  active: boolean;
  reloadToken: number;
  /** `rowIds`: the ids of the rows of the page, in order (the form's previous / next record). */
  onOpen(recordId: string | null, rowIds?: readonly string[]): void;
}

/** A message under the toolbar: §8 messages, refusals, results. */
interface Notice {
  kind: 'error' | 'warning' | 'info';
  /** A message of the screen's namespace (translated when shown, so a language change applies). */
  key?: string;
  /** Or a text as it came (the server's refusal). */
  text?: string;
}

function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

export function EntityList({ entity, access, routeProps, active, reloadToken, onOpen }: EntityListProps) {
  const { t, language } = useTranslation('records');
  // Issue 16 item 3: numbers and dates in the shell's language, like every other screen.
  const locale = language;
  const hidden = access.Hidden;
  const canWrite = access.CanWrite;
  const entityTitle = translate(entity.labelKey, entity.name);

  const [query, setQuery] = useState<ListQuery>(() => initialQuery(entity, routeProps, hidden));
  const [columns, setColumns] = useState<string[]>(() => visibleColumns(entity, access.Preferences?.Columns, hidden));
  const [widths, setWidths] = useState<Record<string, number>>(() => ({ ...(access.Preferences?.Widths ?? {}) }));
  const widthsRef = useRef(widths);
  widthsRef.current = widths;
  const [gridHeight, setGridHeight] = useState<number | null>(null);
  const pagerRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  /** Ctrl+Home / Ctrl+End on another page: the row to go to once that page has loaded. */
  const pendingJump = useRef<'first' | 'last' | null>(null);
  const [answer, setAnswer] = useState<PagedList | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const anchor = useRef(-1);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [status, setStatus] = useState('');
  const [exporting, setExporting] = useState<ExportProgress | null>(null);
  const exportAbort = useRef<AbortController | null>(null);

  const gridRef = useRef<HTMLDivElement>(null);
  // One scroll area per grid: the frame scrolls both ways (header and totals stick to it).
  const scrollRef = gridRef;
  const savedScroll = useRef(0);
  const gridId = useRef(`records-grid-${entity.name}-${Math.random().toString(36).slice(2, 8)}`).current;

  const update = useCallback((change: Partial<ListQuery>) => setQuery((current) => changeQuery(current, change)), []);

  // Loads the page of the current query (again when the columns change or a record was saved).
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    setLoadFailed(false);
    loadPage(entity.name, listParams(query, columns), abort.signal).then(
      (page) => {
        setAnswer(page);
        const ids = new Set(page.List.map((row) => String(row[entity.key])));
        // Selection and active row survive a reload of the same page; rows that left are dropped.
        setSelection((current) => Object.fromEntries(Object.entries(current).filter(([id]) => ids.has(id))));
        setActiveIndex((index) => (index >= page.List.length ? page.List.length - 1 : index));
      },
      (error: unknown) => {
        if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
        // The client has alerted the §8 message; the list says it has nothing to show.
        setLoadFailed(true);
        setAnswer(null);
      },
    );
    return () => abort.abort();
  }, [entity.name, entity.key, query, columns, reloadToken, reloads]);

  // A new page, sort or filter: nothing is selected, the first row is at the top.
  const queryKey = JSON.stringify({ ...query, reloads: 0 });
  useEffect(() => {
    setSelection({});
    setActiveIndex(-1);
    anchor.current = -1;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [queryKey]);

  // The form covered the list: put the scroll position back, and the focus on the grid when the form
  // took it with it (its Back button is gone), so the keyboard goes on where it was.
  const wasActive = useRef(active);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const returning = active && !wasActive.current;
    wasActive.current = active;
    if (!element || !returning) return;
    element.scrollTop = savedScroll.current;
    // While hidden the virtualizer saw the offset drop to 0; the browser may put the old offset back
    // without a scroll event, so tell it the offset again.
    element.dispatchEvent(new Event('scroll'));
    const focused = document.activeElement;
    if (!focused || focused === document.body || !focused.isConnected) gridRef.current?.focus({ preventScroll: true });
  }, [active]);

  const rows = answer?.List ?? [];
  const total = answer?.TotalCount ?? 0;
  const pages = pageCount(total, query.pageSize);

  const tableColumns = useMemo(
    () =>
      entity.listColumns
        .filter((column) => !hidden.includes(column.field))
        .map((column) => {
          const field = entity.fields[column.field]!;
          const format = cellFormatter(field, locale, {
            yes: translate('entities:list.yes', 'Yes'),
            no: translate('entities:list.no', 'No'),
            label: (key) => translate(key, key.split('.').pop() ?? key),
          });
          return columnHelper.accessor((row: Row) => row[column.field], {
            id: column.field,
            header: () => translate(field.labelKey, column.field),
            cell: (context) => format(context.getValue()),
            size: column.width ?? DEFAULT_COLUMN_WIDTH,
            enableSorting: column.sortable,
          });
        }),
    // The language is a dependency: headers and formats are translated.
    [entity, hidden, locale, language],
  );

  // The grid takes the room left in the window above the pager, so the pager never needs the page to scroll.
  useLayoutEffect(() => {
    const frame = gridRef.current;
    if (!active || !frame) return undefined;
    const measure = () => {
      const top = frame.getBoundingClientRect().top;
      const pager = pagerRef.current?.getBoundingClientRect().height ?? 0;
      // Room for the gap above the pager and the screen's bottom padding.
      const room = Math.floor(window.innerHeight - top - pager - 32);
      setGridHeight(Math.max(MIN_GRID_HEIGHT, room));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    const above = frame.parentElement;
    if (observer && above) for (const child of above.children) if (child !== frame) observer.observe(child);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [active, notice, exporting, status]);

  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(entity.listColumns.map((column) => [column.field, columns.includes(column.field)])),
    [entity, columns],
  );
  const sorting = useMemo<SortingState>(() => query.sort.map((item) => ({ id: item.field, desc: item.descending })), [query.sort]);

  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId: (row: Row) => String(row[entity.key]),
    state: { columnVisibility, sorting, rowSelection: selection },
    manualSorting: true,
    enableMultiSort: true,
    enableRowSelection: true,
    onRowSelectionChange: (updater) => setSelection((current) => (typeof updater === 'function' ? updater(current) : updater)),
  });

  const tableRows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const widthOf = (field: string, fallback: number) => widths[field] ?? fallback;
  // The last column takes the width left over, so rows span the grid.
  const template = headers
    .map((header, index) => {
      const width = widthOf(header.column.id, header.getSize());
      return index === headers.length - 1 ? `minmax(${width}px, 1fr)` : `${width}px`;
    })
    .join(' ');
  const gridStyle = {
    '--records-columns': template,
    ...(gridHeight !== null ? { '--records-grid-height': `${gridHeight}px` } : {}),
  } as CSSProperties;

  // The rows start below the sticky header, which also covers the top of the scroll area.
  const headerHeight = headerRef.current?.offsetHeight ?? ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    scrollPaddingEnd: ROW_HEIGHT,
  });

  // Only the widths of columns this user may see are kept (the server refuses others).
  const shownWidths = () => Object.fromEntries(Object.entries(widthsRef.current).filter(([field]) => !hidden.includes(field)));
  const saveWidths = () => {
    saveColumns(entity.name, columns, shownWidths()).then(
      () => setStatus(t('list.widthsSaved')),
      () => {
        // The client alerted the failure; the widths still apply to this screen.
      },
    );
  };

  const selectedIds = Object.entries(selection)
    .filter(([, on]) => on)
    .map(([id]) => id);
  const selectedRows = rows.filter((row) => selectedIds.includes(String(row[entity.key])));
  const totals = answer?.Totals && Object.keys(answer.Totals).length > 0 ? answer.Totals : null;
  const rowIndexBase = (query.page - 1) * query.pageSize;
  const hasTotalsRow = totals !== null && tableRows.length > 0;

  const focusRow = (index: number) => {
    setActiveIndex(index);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const selectOnly = (index: number) => {
    const row = tableRows[index];
    setSelection(row ? { [row.id]: true } : {});
    anchor.current = index;
  };

  const selectRange = (from: number, to: number) => {
    const next: RowSelectionState = {};
    for (const i of rangeIndexes(from, to)) {
      const row = tableRows[i];
      if (row) next[row.id] = true;
    }
    setSelection(next);
  };

  const toggleRow = (index: number) => {
    const row = tableRows[index];
    if (!row) return;
    setSelection((current) => {
      const next = { ...current };
      if (next[row.id]) delete next[row.id];
      else next[row.id] = true;
      return next;
    });
    anchor.current = index;
  };

  const openRow = (index: number) => {
    const row = tableRows[index];
    if (!row) return;
    savedScroll.current = scrollRef.current?.scrollTop ?? 0;
    onOpen(row.id, tableRows.map((candidate) => candidate.id));
  };

  const needRow = (): boolean => {
    if (selectedRows.length > 0) return true;
    setNotice({ kind: 'warning', key: 'messages.selectRow' });
    return false;
  };

  const onNew = () => {
    setNotice(null);
    savedScroll.current = scrollRef.current?.scrollTop ?? 0;
    onOpen(null);
  };

  const onEdit = () => {
    setNotice(null);
    if (!needRow()) return;
    const index = rows.indexOf(selectedRows[0]!);
    openRow(index);
  };

  const onDelete = async () => {
    setNotice(null);
    if (!needRow()) return;
    const targets = selectedRows;
    const answerId = await askUser({
      heading: translate('entities:actions.delete', 'Delete'),
      message:
        targets.length === 1
          ? translate('entities:confirm.delete', 'Delete this record?')
          : t('messages.deleteSeveral', { count: targets.length }),
      actions: [
        { id: 'delete', label: translate('entities:actions.delete', 'Delete'), variant: 'danger' },
        { id: 'cancel', label: t('actions.cancel'), variant: 'default' },
      ],
    });
    if (answerId !== 'delete') return;
    let deleted = 0;
    for (const row of targets) {
      const id = String(row[entity.key]);
      try {
        await deleteRecord(entity.name, id, Number(row['Version']));
        deleted += 1;
      } catch (error) {
        setNotice({ kind: 'error', text: refusalMessage(error, translate('errors:http.badRequest', 'Bad request')) });
        break;
      }
    }
    if (deleted > 0) {
      setStatus(translate('entities:result.deleted', 'Deleted.'));
      setReloads((n) => n + 1);
    }
  };

  const onExport = async () => {
    setNotice(null);
    const abort = new AbortController();
    exportAbort.current = abort;
    setExporting({ bytes: 0, rows: null });
    try {
      const file = await streamExport(entity.name, exportBody(query, columns), {
        signal: abort.signal,
        onProgress: (progress) => setExporting(progress),
      });
      saveFile(file, `${entity.name}.xlsx`);
      setStatus(translate('entities:list.exported', 'Export finished.'));
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') setStatus(t('export.cancelled'));
      // Other failures: the §8 file-download message was alerted.
    } finally {
      exportAbort.current = null;
      setExporting(null);
    }
  };

  const onColumns = (fields: string[]) => {
    setColumns(fields);
    saveColumns(entity.name, fields, shownWidths()).then(
      () => setStatus(translate('entities:list.columnsSaved', 'Your columns were saved.')),
      () => {
        // The client alerted the failure; the choice still applies to this screen.
      },
    );
  };

  const onSortClick = (field: string, event: MouseEvent) => {
    update({ sort: toggleSort(query.sort, field, event.shiftKey) });
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const count = tableRows.length;
    // Ctrl+Home / Ctrl+End: the first row of the first page, the last row of the last page.
    const jump = event.ctrlKey && !event.altKey && !event.shiftKey && (event.key === 'Home' || event.key === 'End');
    if (jump) {
      event.preventDefault();
      const target = event.key === 'Home' ? 1 : pages;
      if (target !== query.page) {
        pendingJump.current = event.key === 'Home' ? 'first' : 'last';
        update({ page: target });
        return;
      }
    }
    if (isMoveKey(event.key) && !event.altKey && !event.metaKey && (!event.ctrlKey || jump)) {
      event.preventDefault();
      const visibleRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 2);
      const next = moveActive(event.key, activeIndex, count, visibleRows);
      if (next < 0) return;
      if (event.shiftKey) {
        if (anchor.current < 0) anchor.current = activeIndex < 0 ? next : activeIndex;
        selectRange(anchor.current, next);
      } else {
        // The keyboard cursor is the selection.
        selectOnly(next);
      }
      focusRow(next);
      return;
    }
    if (event.key === ' ' && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      if (activeIndex < 0 && count > 0) {
        focusRow(0);
        toggleRow(0);
      } else if (activeIndex >= 0) toggleRow(activeIndex);
      return;
    }
    if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      openRow(activeIndex);
      return;
    }
    if (event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey) && !event.altKey) {
      event.preventDefault();
      if (count > 0) selectRange(0, count - 1);
    }
  };

  const onRowClick = (index: number, event: MouseEvent) => {
    setNotice(null);
    if (event.shiftKey && anchor.current >= 0) selectRange(anchor.current, index);
    else if (event.ctrlKey || event.metaKey) toggleRow(index);
    else selectOnly(index);
    setActiveIndex(index);
    gridRef.current?.focus({ preventScroll: true });
  };

  // The definition's list hotkeys (Alt+N New, Alt+E Export) while the focus is in the list.
  const hotkeyOf = (id: string) => entity.actions.find((action) => action.id === id && action.scope === 'list')?.hotkey;
  const listActions: { id: string; run(): void; enabled: boolean }[] = [
    { id: 'new', run: onNew, enabled: canWrite },
    { id: 'export', run: () => void onExport(), enabled: exporting === null },
  ];
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    for (const action of listActions) {
      const hotkey = hotkeyOf(action.id);
      if (!hotkey || !action.enabled || !matchesHotkey(hotkey, event)) continue;
      event.preventDefault();
      event.stopPropagation();
      action.run();
      return;
    }
  };

  // A Ctrl+Home / Ctrl+End that changed the page: its row once the page is there.
  useEffect(() => {
    const jumpTo = pendingJump.current;
    if (!jumpTo || !answer || answer.List.length === 0) return;
    pendingJump.current = null;
    const index = jumpTo === 'first' ? 0 : answer.List.length - 1;
    const row = answer.List[index]!;
    setSelection({ [String(row[entity.key])]: true });
    anchor.current = index;
    setActiveIndex(index);
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const activeRowId = activeIndex >= 0 && tableRows[activeIndex] ? `${gridId}-r${activeIndex}` : undefined;
  const noRecords = answer?.ResultStatus === RESULT.noRecords && rows.length === 0;

  return (
    // Catches the list hotkeys bubbling from the controls inside.
    <div className="records-list" data-entity={entity.name} hidden={!active} onKeyDown={onListKeyDown}>
      <div className="records-toolbar" role="toolbar" aria-label={t('list.toolbar', { entity: entityTitle })} data-f2-region="toolbar">
        {canWrite && (
          <button
            type="button"
            className="records-button records-button--primary"
            onClick={onNew}
            aria-keyshortcuts={ariaShortcut(hotkeyOf('new'))}
            title={withShortcut(translate('entities:actions.new', 'New'), hotkeyOf('new'))}
          >
            {translate('entities:actions.new', 'New')}
          </button>
        )}
        <button type="button" className="records-button" onClick={onEdit}>
          {t('actions.edit')}
        </button>
        {canWrite && (
          <button type="button" className="records-button" onClick={() => void onDelete()}>
            {translate('entities:actions.delete', 'Delete')}
          </button>
        )}
        <button type="button" className="records-button" onClick={() => setReloads((n) => n + 1)}>
          {t('actions.refresh')}
        </button>
        <button
          type="button"
          className="records-button"
          disabled={exporting !== null}
          onClick={() => void onExport()}
          aria-keyshortcuts={ariaShortcut(hotkeyOf('export'))}
          title={withShortcut(translate('entities:actions.export', 'Export to Excel'), hotkeyOf('export'))}
        >
          {translate('entities:actions.export', 'Export to Excel')}
        </button>
        <ColumnChooser entity={entity} hidden={hidden} visible={columns} onChange={onColumns} />
      </div>

      {exporting && (
        <div className="records-export" role="status" data-records-export="">
          <progress aria-label={translate('entities:actions.export', 'Export to Excel')} />
          <span>
            {exporting.rows !== null
              ? t('export.progressRows', { rows: formatInteger(exporting.rows, locale), size: formatBytes(exporting.bytes, locale) })
              : t('export.progress', { size: formatBytes(exporting.bytes, locale) })}
          </span>
          <button type="button" className="records-button" onClick={() => exportAbort.current?.abort()}>
            {t('export.cancel')}
          </button>
        </div>
      )}

      {notice && (
        <p className={`records-notice records-notice--${notice.kind}`} role="alert">
          {notice.key ? t(notice.key) : notice.text}
        </p>
      )}
      <p className="records-status" role="status">
        {status}
      </p>

      <Filters
        entity={entity}
        hidden={hidden}
        search={query.search}
        filters={query.filters}
        onChange={update}
      />

      <div
        ref={gridRef}
        id={gridId}
        className="records-grid-frame"
        style={gridStyle}
        role="grid"
        tabIndex={0}
        aria-label={t('list.grid', { entity: entityTitle })}
        aria-rowcount={total + 1 + (hasTotalsRow ? 1 : 0)}
        aria-colcount={headers.length}
        aria-multiselectable="true"
        aria-activedescendant={activeRowId}
        aria-busy={answer === null && !loadFailed}
        aria-keyshortcuts="ArrowUp ArrowDown Home End PageUp PageDown Control+Home Control+End Space Shift+ArrowDown Shift+ArrowUp Enter Control+A"
        title={t('list.gridHint')}
        data-f2-region="grid"
        data-records-scroll=""
        onScroll={(event) => {
          if (active && event.target === event.currentTarget) savedScroll.current = event.currentTarget.scrollTop;
        }}
        onKeyDown={onGridKeyDown}
        onFocus={(event) => {
          if (event.target === event.currentTarget && activeIndex < 0 && tableRows.length > 0) setActiveIndex(0);
        }}
      >
        <div className="records-grid-header" role="rowgroup" ref={headerRef}>
          <div role="row" className="records-row records-row--header" aria-rowindex={1}>
            {headers.map((header) => {
              const field = header.column.id;
              const sortIndex = query.sort.findIndex((item) => item.field === field);
              const sort = sortIndex >= 0 ? query.sort[sortIndex]! : null;
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
                    onResize={(width) => setWidths((current) => ({ ...current, [field]: width }))}
                    onCommit={saveWidths}
                  />
                  {header.column.getCanSort() ? (
                    <button
                      type="button"
                      className="records-sort"
                      title={t('list.sortHint')}
                      onClick={(event) => onSortClick(field, event)}
                    >
                      <table.FlexRender header={header} />
                      {sort && (
                        <span className="records-sort__mark" aria-hidden="true">
                          {sort.descending ? '▼' : '▲'}
                          {query.sort.length > 1 ? sortIndex + 1 : ''}
                        </span>
                      )}
                    </button>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </div>
              );
            })}
          </div>
        </div>

        <div className="records-grid" role="rowgroup">
          <div className="records-grid__body" role="presentation" style={{ height: `${virtualizer.getTotalSize()}px` }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = tableRows[item.index]!;
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
                  onDoubleClick={() => openRow(item.index)}
                >
                  {row.getVisibleCells().map((cell, columnIndex) => (
                    <div
                      key={cell.id}
                      role="gridcell"
                      aria-colindex={columnIndex + 1}
                      className={`records-cell${isNumeric(entity.fields[cell.column.id]!) ? ' records-cell--number' : ''}`}
                    >
                      <table.FlexRender cell={cell} />
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
          {noRecords && (
            <div className="records-empty" role="row">
              <div role="gridcell" aria-colspan={Math.max(1, headers.length)}>
                {translate('entities:result.noRecords', 'No records.')}
              </div>
            </div>
          )}
          {loadFailed && (
            <div className="records-empty" role="row">
              <div role="gridcell" aria-colspan={Math.max(1, headers.length)}>
                {t('list.loadFailed')}
              </div>
            </div>
          )}
        </div>

        {hasTotalsRow && (
          <div className="records-grid-footer" role="rowgroup">
            <div role="row" className="records-row records-row--totals" aria-rowindex={total + 2} data-records-totals="">
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
        )}
      </div>

      <nav className="records-pager" aria-label={t('pager.label')} data-f2-region="pager" ref={pagerRef}>
        <span className="records-pager__total">{translate('entities:list.total', '{{count}} records', { count: formatInteger(total, locale) })}</span>
        <span className="records-pager__selected">{selectedIds.length > 0 ? t('list.selected', { count: selectedIds.length }) : ''}</span>
        <button type="button" className="records-button" disabled={query.page <= 1} onClick={() => update({ page: 1 })}>
          {t('pager.first')}
        </button>
        <button type="button" className="records-button" disabled={query.page <= 1} onClick={() => update({ page: query.page - 1 })}>
          {t('pager.previous')}
        </button>
        <span className="records-pager__page" aria-live="polite">
          {translate('entities:list.page', 'Page {{page}} of {{pages}}', { page: query.page, pages })}
        </span>
        <button type="button" className="records-button" disabled={query.page >= pages} onClick={() => update({ page: query.page + 1 })}>
          {t('pager.next')}
        </button>
        <button type="button" className="records-button" disabled={query.page >= pages} onClick={() => update({ page: pages })}>
          {t('pager.last')}
        </button>
        <label className="records-pager__size">
          {t('pager.size')}
          <select value={query.pageSize} onChange={(event) => update({ pageSize: Number(event.target.value) })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}

/** A tooltip text with the control's shortcut, e.g. "New (Alt+N)". */
function withShortcut(label: string, hotkey: string | undefined): string {
  return hotkey ? `${label} (${hotkey})` : label;
}

/**
 * The right edge of a column header: drag it, or focus it and press Left / Right (Shift: by 50 px), to
 * change the column's width; the width is saved when the drag or the key press ends.
 */
function ResizeHandle({
  label,
  hint,
  width,
  onResize,
  onCommit,
}: {
  label: string;
  hint: string;
  width: number;
  onResize(width: number): void;
  onCommit(): void;
}) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      aria-valuenow={width}
      tabIndex={0}
      title={hint}
      className="records-resize"
      data-records-resize=""
      onClick={(event) => event.stopPropagation()}
      onPointerDown={(event) => {
        event.preventDefault();
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { x: event.clientX, width };
      }}
      onPointerMove={(event) => {
        if (drag.current) onResize(clampWidth(drag.current.width + event.clientX - drag.current.x));
      }}
      onPointerUp={(event) => {
        if (!drag.current) return;
        drag.current = null;
        event.currentTarget.releasePointerCapture(event.pointerId);
        onCommit();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        event.stopPropagation();
        const step = (event.shiftKey ? 50 : 10) * (event.key === 'ArrowLeft' ? -1 : 1);
        onResize(clampWidth(width + step));
      }}
      onKeyUp={(event) => {
        if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') onCommit();
      }}
    />
  );
}
