/**
 * Why one file of ~430 lines: the list's state, keys, paging, columns, toolbar and filters are already their
 * own modules (use-list-state, keyboard, grid, GridParts, ListToolbar, Filters, Pager, ColumnChooser); what stays
 * here is the one render that wires them to a TanStack table and its virtualizer, which share refs (the
 * virtualizer's scrolling re-renders GridBody alone, row-window.ts).
 *
 * The generic list screen of an entity definition (issue 5 item 2), on TanStack Table v9 (columns,
 * visibility, sort state, selection state) and TanStack Virtual (only the rows in view and a few beyond are in
 * the DOM, row-window.ts;
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
 * Entry view: a column the definition marks `edit` is typed in place (EntryCell.tsx) by a user who may write.
 *
 * Behaviour: server paging at 250 (§9); any query change resets to page 1 (§5); click a header to sort by
 * it, Shift+click to add it (§5 SortFields + SortDescending); filters and search; column chooser saved
 * per user; selection by click, Ctrl+click, Shift+click, Space and Shift+arrows; arrows, Home/End,
 * PageUp/PageDown move the active row, Enter or a double-click opens it; a Totals row when the answer has
 * Totals; "No records." for ResultStatus 6; New / Edit / Delete (asks first, sends Version, shows the
 * server's refusal) and §8 'Select a row to delete, edit, or look up.'; Export to Excel of every row,
 * streamed with progress and a cancel button.
 *
 * This file holds the list's query, the grid frame and its wiring; the parts are beside it: ListToolbar.tsx
 * (toolbar, export progress), Filters.tsx, ColumnChooser.tsx, GridParts.tsx (header, rows, totals),
 * ResizeHandle.tsx, Pager.tsx, grid-keys.ts (the grid's keys), delete-rows.ts, use-list-state.ts (page,
 * selection, columns, export, grid height) and grid.ts (the table's setup and columns).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useTable, type ColumnVisibilityState, type SortingState } from '@tanstack/react-table';
import { translate } from '@erp/shared';
import type { AnyEntity } from '@erp/shared/entities/define';
import { useTranslation } from '@erp/ui';
import { RESULT, type EntityAccess, type PagedList } from '../data/api.ts';
import { changeQuery, initialQuery, pageCount, toggleSort, type ListQuery } from '../data/query.ts';
import { isDeletable } from '../document/document-state.ts';
import { Filters } from './Filters.tsx';
import { deleteRows } from './delete-rows.ts';
import { ROW_HEIGHT, characterWidths, contentWidths, features, fitsUnclipped, flexibleColumn, gridColumns, listColumns, pageTexts, widestWidth, type ListRow } from './grid.ts';
import { GridBody, GridHeaderRow, GridTotalsRow, type GridEntry } from './GridParts.tsx';
import { call, recordPath } from '../form/record-api.ts';
import { onGridKey } from './grid-keys.ts';
import { matchesHotkey } from './keyboard.ts';
import { ExportStatus, ListToolbar } from './ListToolbar.tsx';
import { Pager } from './Pager.tsx';
import { useRowWindowOf } from './row-window.ts';
import { selectionMoves, useColumnChoice, useGridHeight, useHeaderHeight, useLatestCallback, useListExport, useListPage, useRowSelection } from './use-list-state.ts';

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

export function EntityList({ entity, access, routeProps, active, reloadToken, onOpen }: EntityListProps) {
  const { t, language } = useTranslation('records');
  // Issue 16 item 3: numbers and dates in the shell's language, like every other screen.
  const locale = language;
  const hidden = access.Hidden;
  const canWrite = access.CanWrite;
  const entityTitle = translate(entity.labelKey, entity.name);

  const [query, setQuery] = useState<ListQuery>(() => initialQuery(entity, routeProps, hidden));
  const pagerRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  /** Ctrl+Home / Ctrl+End on another page: the row to go to once that page has loaded. */
  const pendingJump = useRef<'first' | 'last' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [status, setStatus] = useState('');
  const { columns, widths, resize, saveWidths, choose: onColumns } = useColumnChoice(entity, access, setStatus);

  const gridRef = useRef<HTMLDivElement>(null);
  // One scroll area per grid: the frame scrolls both ways (header and totals stick to it).
  const scrollRef = gridRef;
  const savedScroll = useRef(0);
  const gridId = useRef(`records-grid-${entity.name}-${Math.random().toString(36).slice(2, 8)}`).current;

  const update = useCallback((change: Partial<ListQuery>) => setQuery((current) => changeQuery(current, change)), []);

  const selectionState = useRowSelection();
  const { selection, setSelection, selectedIds, activeIndex, setActiveIndex, anchor, keepLoaded, clear } = selectionState;
  const onLoaded = useCallback(
    (page: PagedList) => keepLoaded(new Set(page.List.map((row) => String(row[entity.key]))), page.List.length),
    [entity.key, keepLoaded],
  );
  // Loads the page of the current query (again when the columns change or a record was saved).
  const { answer, loadFailed, reload } = useListPage(entity, query, columns, reloadToken, onLoaded, active);
  const exporter = useListExport(entity, query, columns, setStatus);

  // A new page, sort or filter: nothing is selected, the first row is at the top.
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    clear();
    scrollRef.current?.scrollTo({ top: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new query clears and scrolls
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the active state restores the scroll
  }, [active]);

  // Issue 40 item 6: focus on open. The first time the list is shown, and whenever the screen's container takes
  // the focus (the shell focuses a tab's container when tabs switch), the focus goes to the list's search box
  // (its first filter, else its grid), so Alt+N and typing work at once. A focus the user put elsewhere stays.
  const listRef = useRef<HTMLDivElement>(null);
  useFocusOnOpen(listRef, gridRef);

  const rows = answer?.List ?? NO_ROWS;
  const total = answer?.TotalCount ?? 0;
  const pages = pageCount(total, query.pageSize);

  // Labels and cell formats, made once per language (`t` is new when the language changes or a namespace
  // arrives, so a label asked before its file came is asked again).
  const allColumns = useMemo(
    () => listColumns(entity, hidden, locale),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entity, hidden, locale, t],
  );
  const tableColumns = useMemo(() => gridColumns(allColumns), [allColumns]);
  // The columns shown (the table's visible ones: the definition's order, the user's choice).
  const shown = useMemo(() => allColumns.filter((column) => columns.includes(column.id)), [allColumns, columns]);

  // Written into the frame's style, not kept in state (see useGridHeight).
  useGridHeight(gridRef, pagerRef, active, [notice, exporter.exporting, status]);
  const headerHeight = useHeaderHeight(headerRef);

  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(entity.listColumns.map((column) => [column.field, columns.includes(column.field)])),
    [entity, columns],
  );
  const sorting = useMemo<SortingState>(() => query.sort.map((item) => ({ id: item.field, desc: item.descending })), [query.sort]);

  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId: (row: ListRow) => String(row[entity.key]),
    state: { columnVisibility, sorting, rowSelection: selection },
    manualSorting: true,
    enableMultiSort: true,
    enableRowSelection: true,
    onRowSelectionChange: (updater) => setSelection((current) => (typeof updater === 'function' ? updater(current) : updater)),
  });

  const tableRows = table.getRowModel().rows;
  const { selectOnly, selectRange, toggleRow } = selectionMoves(selectionState, tableRows.map((row) => row.id));
  const totals = answer?.Totals && Object.keys(answer.Totals).length > 0 ? answer.Totals : null;
  // Each cell's text, formatted once per page: the widths below and the rows read the same texts.
  const texts = useMemo(() => pageTexts(rows, shown), [rows, shown]);
  // Issue 21 item 1: a column the user has not sized is as wide as its label, the cells of the page and its total.
  const fonts = useRef<GridFonts | null>(null);
  const measured = useMemo(() => {
    const element = gridRef.current;
    const context = element ? measuringContext() : null;
    if (!context || !element) return { widths: {} as Record<string, number>, widest: {} as Record<string, number> };
    // The grid's fonts come from the stylesheet, the same for the list's whole life: read once, so a new page
    // does not make the browser compute styles in the middle of a render.
    fonts.current ??= gridFonts(element);
    // A page repeats its values: each distinct text is measured once, and the font is only set when it changes
    // (setting it parses it).
    let current = '';
    const measureIn = (font: string) => {
      const known = new Map<string, number>();
      return (text: string) => {
        let width = known.get(text);
        if (width === undefined) {
          if (current !== font) context.font = current = font;
          width = context.measureText(text).width;
          known.set(text, width);
        }
        return width;
      };
    };
    const measure = measureIn(fonts.current.body);
    // Issue 44: only the texts that can be a column's widest are measured whole (grid.ts widestWidth).
    const estimate = characterWidths(measure);
    const widest = Object.fromEntries(shown.map((column) => [column.id, widestWidth(texts[column.id] ?? [], measure, estimate)]));
    const columns = shown.map((column) => {
      const total = totals?.[column.id];
      return {
        id: column.id,
        label: column.label,
        widest: widest[column.id]!,
        ...(total === undefined || total === null ? {} : { total: column.format(total) }),
      };
    });
    return { widths: contentWidths(columns, measureIn(fonts.current.header)), widest };
  }, [texts, totals, shown]);
  const flexible = flexibleColumn(shown.map((column) => ({ id: column.id, numeric: column.numeric, widest: measured.widest[column.id] ?? 0 })));
  // Each column's width: the user's, else its content's, else the definition's.
  const columnWidths = useMemo(
    () => Object.fromEntries(shown.map((column) => [column.id, widths[column.id] ?? measured.widths[column.id] ?? column.size])),
    [shown, widths, measured],
  );
  // Issue 44: the columns whose texts all fit are drawn without a clip per cell (one Set per distinct choice, so the
  // memoized rows render again only when it changes).
  const fittingKey = shown
    .filter((column) => fitsUnclipped(measured.widest[column.id], columnWidths[column.id]!))
    .map((column) => column.id)
    .join('\n');
  const fitting = useMemo(() => new Set(fittingKey.split('\n')), [fittingKey]);
  // The flexible column (a description, else the last) takes the width left over, so rows span the grid.
  const template = shown
    .map((column) => {
      const width = columnWidths[column.id]!;
      return column.id === flexible ? `minmax(${width}px, 1fr)` : `${width}px`;
    })
    .join(' ');
  const minWidth = shown.reduce((sum, column) => sum + columnWidths[column.id]!, 0);
  const gridStyle = {
    '--records-columns': template,
    '--records-min-width': `${minWidth}px`,
  } as CSSProperties;

  // The rows start below the sticky header, which also covers the top of the scroll area. Issue 44: scrolling
  // re-renders GridBody alone (row-window.ts), not this whole list at each frame.
  const rowWindow = useRowWindowOf({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    scrollMargin: headerHeight.current,
    scrollPaddingStart: headerHeight.current,
    scrollPaddingEnd: ROW_HEIGHT,
  });
  const virtualizer = rowWindow.virtualizer;

  const selectedRows = rows.filter((row) => selectedIds.includes(String(row[entity.key])));
  // Issue 21 item 6: Delete is not offered for a row whose state forbids it (a posted entry, a closed ticket).
  const stateField = entity.states?.field;
  const deleteForbidden = stateField !== undefined && selectedRows.some((row) => row[stateField] !== undefined && !isDeletable(entity, row));
  const rowIndexBase = (query.page - 1) * query.pageSize;
  const hasTotalsRow = totals !== null && tableRows.length > 0;

  const focusRow = (index: number) => {
    setActiveIndex(index);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  // Columns typed in place (definition `edit`, an entry view): saved one field at a time with the row's
  // Version (the last one a save answered, until the reloaded page brings it), then the page reloads quietly.
  // One object while the columns and language stay (the memoized rows take it); what it reads of the current
  // render goes through `moveTo`.
  const entryFields = useMemo(() => new Set(canWrite ? entity.listColumns.filter((column) => column.edit).map((column) => column.field) : []), [entity, canWrite]);
  const versions = useRef(new Map<string, unknown>());
  const moveTo = useLatestCallback((index: number, field: string, direction: 1 | -1) => {
    const next = index + direction;
    if (next < 0 || next >= tableRows.length) return;
    focusRow(next);
    // The row may only now be rendered (virtualized): its input takes the focus after the paint.
    requestAnimationFrame(() => document.getElementById(`${gridId}-r${next}-${field}`)?.focus());
  });
  const entry = useMemo<GridEntry | undefined>(
    () =>
      entryFields.size === 0
        ? undefined
        : {
            fields: entryFields,
            locale,
            label: (field, row) => `${translate(entity.fields[field]!.labelKey, field)} — ${String(row[entity.displayField] ?? row[entity.key] ?? '')}`,
            save: async (row, field, value) => {
              const id = String(row[entity.key]);
              const version = versions.current.get(id) ?? row['Version'];
              const outcome = await call<Record<string, unknown>>('PUT', recordPath(entity.name, id), { [field]: value, Version: version });
              if (outcome.status >= 200 && outcome.status < 300 && outcome.body?.ResultStatus !== 2) {
                versions.current.set(id, outcome.body?.Data?.['Version'] ?? version);
                reload();
                return null;
              }
              const errors = (outcome.body?.Data as { Errors?: { field: string; message: string }[] } | undefined)?.Errors ?? [];
              return errors.find((issue) => issue.field === field)?.message ?? outcome.message ?? '';
            },
            move: moveTo,
          },
    // `t`: the labels are translated again when the language or a namespace changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entryFields, entity, locale, reload, moveTo, t],
  );

  const openRow = useLatestCallback((index: number) => {
    const row = tableRows[index];
    if (!row) return;
    savedScroll.current = scrollRef.current?.scrollTop ?? 0;
    onOpen(row.id, tableRows.map((candidate) => candidate.id));
  });

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
    const { deleted, refusal } = await deleteRows(entity, selectedRows, t);
    if (refusal !== null) setNotice({ kind: 'error', text: refusal });
    if (deleted > 0) {
      setStatus(translate('entities:result.deleted', 'Deleted.'));
      reload();
    }
  };

  const onExport = () => {
    setNotice(null);
    void exporter.run();
  };

  const onSortClick = useLatestCallback((field: string, event: MouseEvent) => {
    update({ sort: toggleSort(query.sort, field, event.shiftKey) });
  });

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    onGridKey(event, {
      count: tableRows.length,
      activeIndex,
      page: query.page,
      pages,
      visibleRows: Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 2),
      anchor,
      selectOnly,
      selectRange,
      toggleRow,
      focusRow,
      openRow,
      jumpToPage: (page, row) => {
        pendingJump.current = row;
        update({ page });
      },
    });

  const onRowClick = useLatestCallback((index: number, event: MouseEvent) => {
    setNotice(null);
    if (event.shiftKey && anchor.current >= 0) selectRange(anchor.current, index);
    else if (event.ctrlKey || event.metaKey) toggleRow(index);
    else selectOnly(index);
    setActiveIndex(index);
    gridRef.current?.focus({ preventScroll: true });
  });

  // The definition's list hotkeys (Alt+N New, Alt+E Export) while the focus is in the list.
  const hotkeyOf = (id: string) => entity.actions.find((action) => action.id === id && action.scope === 'list')?.hotkey;
  const listActions: { id: string; run(): void; enabled: boolean }[] = [
    { id: 'new', run: onNew, enabled: canWrite },
    { id: 'export', run: onExport, enabled: exporter.exporting === null },
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
    <div className="records-list" ref={listRef} data-entity={entity.name} hidden={!active} onKeyDown={onListKeyDown}>
      <ListToolbar
        entity={entity}
        entityTitle={entityTitle}
        canWrite={canWrite}
        hidden={hidden}
        columns={columns}
        exporting={exporter.exporting !== null}
        hotkeyOf={hotkeyOf}
        onNew={onNew}
        onEdit={onEdit}
        onDelete={() => void onDelete()}
        deleteForbidden={deleteForbidden}
        onRefresh={reload}
        onExport={onExport}
        onColumns={onColumns}
      />
      {exporter.exporting && <ExportStatus progress={exporter.exporting} locale={locale} onCancel={exporter.cancel} />}

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
        aria-colcount={shown.length}
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
        <GridHeaderRow
          columns={shown}
          sort={query.sort}
          headerRef={headerRef}
          widths={columnWidths}
          onResize={resize}
          onResizeEnd={saveWidths}
          onSortClick={onSortClick}
        />

        <GridBody
          entity={entity}
          rows={tableRows}
          columns={shown}
          texts={texts}
          fitting={fitting}
          rowWindow={rowWindow}
          selection={selection}
          activeIndex={activeIndex}
          gridId={gridId}
          rowIndexBase={rowIndexBase}
          noRecords={noRecords}
          loadFailed={loadFailed}
          onRowClick={onRowClick}
          onOpenRow={openRow}
          entry={entry}
        />

        {hasTotalsRow && <GridTotalsRow entity={entity} columns={shown} totals={totals} rowIndex={total + 2} locale={locale} />}
      </div>

      <Pager query={query} pages={pages} total={total} selected={selectedIds.length} pagerRef={pagerRef} onChange={update} />
    </div>
  );
}

/** The rows of a list with no answer yet: one array, so what is computed from the rows is not computed again. */
const NO_ROWS: ListRow[] = [];

/** The fonts of the grid's cells and of its (bold) header, as canvas font strings. */
interface GridFonts {
  body: string;
  header: string;
}

function gridFonts(grid: HTMLElement): GridFonts {
  const style = getComputedStyle(grid);
  const header = grid.querySelector('[role="columnheader"]');
  const weight = header ? getComputedStyle(header).fontWeight : '600';
  return { body: `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`, header: `${weight} ${style.fontSize} ${style.fontFamily}` };
}

/** One canvas for every list's text measuring (it is never drawn). */
let measuring: CanvasRenderingContext2D | null | undefined;
function measuringContext(): CanvasRenderingContext2D | null {
  if (measuring === undefined) measuring = document.createElement('canvas').getContext('2d');
  return measuring;
}

/** The control a list takes the focus on when opened: its search box or first filter, else its grid. */
function openingControl(list: HTMLElement, grid: HTMLElement | null): HTMLElement | null {
  return list.querySelector<HTMLElement>('.records-filters input:not([disabled]), .records-filters select:not([disabled])') ?? grid;
}

/**
 * See "focus on open" in EntityList: the list's search box takes the focus when the list opens or its screen is focused.
 * The first try waits for the next animation frame (issue 40 item 10): focusing at mount made the browser lay the
 * page out in the middle of the open, and again once the page was there; in the frame it is the one layout the
 * frame makes anyway.
 */
function useFocusOnOpen(listRef: RefObject<HTMLDivElement | null>, gridRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    /** Takes the focus unless it is on something of the user's (not the page, not a container around the list). */
    const take = (): boolean => {
      const active = document.activeElement;
      if (active && active !== document.body && !active.contains(list)) return false;
      const target = openingControl(list, gridRef.current);
      // Shown (not in a hidden tab): a style question, which needs no layout.
      if (!target || !target.checkVisibility()) return false;
      target.focus({ preventScroll: true });
      return document.activeElement === target;
    };
    // Shown for the first time: the tab's container may still be hidden at mount, so wait until it has a size.
    let opened = false;
    const observer = new ResizeObserver(() => {
      if (opened || list.getClientRects().length === 0) return;
      opened = true;
      take();
    });
    const frame = requestAnimationFrame(() => {
      opened = take();
      if (!opened) observer.observe(list);
    });
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && event.target !== list && event.target.contains(list)) take();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [listRef, gridRef]);
}
