/**
 * The list's state hooks (EntityList.tsx): the page of the current query (`useListPage`), the selection and
 * keyboard cursor over the page's rows (`useRowSelection`, `selectionMoves`), the user's columns and their
 * widths, saved per user (`useColumnChoice`), the export in progress (`useListExport`), the grid's height
 * in the window (`useGridHeight`), its header's height (`useHeaderHeight`) and stable handlers for the memoized
 * header and rows (`useLatestCallback`).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { recordEvents, saveFile, translate } from '@erp/shared';
import { useTranslation } from '@erp/ui';
import type { AnyEntity } from '@erp/shared/entities/define';
import { loadPage, saveColumns, streamExport, type EntityAccess, type ExportProgress, type PagedList } from '../data/api.ts';
import { exportBody, listParams, visibleColumns, type ListQuery } from '../data/query.ts';
import { ROW_HEIGHT } from './grid.ts';
import { rangeIndexes } from './keyboard.ts';

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

/**
 * The page of `query` with `columns`, loaded again when either changes, on a new `reloadToken` (a record was
 * saved) and on `reload()`. `onLoaded(page)` runs with each answer (the selection drops rows that left).
 * Live (issue 42): a record of the entity created, changed or deleted elsewhere reloads the visible page in the
 * background (query, selection and scroll kept); a list in a hidden tab reloads when it is shown again.
 */
export function useListPage(
  entity: { name: string },
  query: ListQuery,
  columns: readonly string[],
  reloadToken: number,
  onLoaded: (page: PagedList) => void,
  active = true,
): { answer: PagedList | null; loadFailed: boolean; reload(): void } {
  const [answer, setAnswer] = useState<PagedList | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;
  const live = useRef(false);
  const stale = useRef(false);
  const shown = useRef(active);
  shown.current = active;
  useEffect(() => {
    const subscription = recordEvents(entity.name).subscribe(() => {
      if (!shown.current) return void (stale.current = true);
      live.current = true;
      setReloads((n) => n + 1);
    });
    return () => subscription.unsubscribe();
  }, [entity.name]);
  useEffect(() => {
    if (!active || !stale.current) return;
    stale.current = false;
    live.current = true;
    setReloads((n) => n + 1);
  }, [active]);
  useEffect(() => {
    const abort = new AbortController();
    const background = live.current;
    live.current = false;
    setLoadFailed(false);
    loadPage(entity.name, listParams(query, columns), abort.signal, background).then(
      (page) => {
        setAnswer(page);
        loaded.current(page);
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        // The client has alerted the §8 message; the list says it has nothing to show.
        setLoadFailed(true);
        setAnswer(null);
      },
    );
    return () => abort.abort();
  }, [entity.name, query, columns, reloadToken, reloads]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { answer, loadFailed, reload };
}

/**
 * The selected rows (by id) and the keyboard cursor (`activeIndex`) over the page's rows, with the anchor
 * of Shift ranges. `keepLoaded(ids, count)`: after a reload, rows that left are unselected and the cursor
 * stays on the page; `clear()`: a new query selects nothing. The moves are `selectionMoves`.
 */
export function useRowSelection() {
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [activeIndex, setActiveIndex] = useState(-1);
  const anchor = useRef(-1);
  const keepLoaded = useCallback((ids: ReadonlySet<string>, count: number) => {
    // Selection and active row survive a reload of the same page; rows that left are dropped. Nothing dropped:
    // the same state, so a page's arrival is one render of the list, not two.
    setSelection((current) => {
      const kept = Object.entries(current).filter(([id]) => ids.has(id));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
    setActiveIndex((index) => (index >= count ? count - 1 : index));
  }, []);
  const clear = useCallback(() => {
    setSelection({});
    setActiveIndex(-1);
    anchor.current = -1;
  }, []);
  const selectedIds = useMemo(
    () =>
      Object.entries(selection)
        .filter(([, on]) => on)
        .map(([id]) => id),
    [selection],
  );
  return { selection, setSelection, selectedIds, activeIndex, setActiveIndex, anchor, keepLoaded, clear };
}

/** Selection moves over the rows shown (`rowIds`, in order): one row, a range, or one row toggled. */
export function selectionMoves(state: ReturnType<typeof useRowSelection>, rowIds: readonly string[]) {
  const { setSelection, anchor } = state;
  return {
    selectOnly(index: number) {
      const id = rowIds[index];
      setSelection(id !== undefined ? { [id]: true } : {});
      anchor.current = index;
    },
    selectRange(from: number, to: number) {
      const next: RowSelectionState = {};
      for (const i of rangeIndexes(from, to)) {
        const id = rowIds[i];
        if (id !== undefined) next[id] = true;
      }
      setSelection(next);
    },
    toggleRow(index: number) {
      const id = rowIds[index];
      if (id === undefined) return;
      setSelection((current) => {
        const next = { ...current };
        if (next[id]) delete next[id];
        else next[id] = true;
        return next;
      });
      anchor.current = index;
    },
  };
}

/**
 * The columns the user shows (the chooser) and their widths (dragged), starting from the saved preferences
 * (GET /api/entities/:entity) and saved per user on each change (`choose`, `saveWidths` once a resize ends);
 * `onStatus` takes the saved message. A failed save was alerted by the client; the choice still applies.
 */
export function useColumnChoice(entity: AnyEntity, access: EntityAccess, onStatus: (text: string) => void) {
  const { t } = useTranslation('records');
  const hidden = access.Hidden;
  const [columns, setColumns] = useState<string[]>(() => visibleColumns(entity, access.Preferences?.Columns, hidden));
  const [widths, setWidths] = useState<Record<string, number>>(() => ({ ...(access.Preferences?.Widths ?? {}) }));
  const widthsRef = useRef(widths);
  widthsRef.current = widths;
  // Only the widths of columns this user may see are kept (the server refuses others).
  const shownWidths = () => Object.fromEntries(Object.entries(widthsRef.current).filter(([field]) => !hidden.includes(field)));
  const ignore = () => undefined;
  // Stable: the memoized header row takes them.
  const resize = useCallback((field: string, width: number) => setWidths((current) => ({ ...current, [field]: width })), []);
  const saveWidths = useLatestCallback(() => {
    saveColumns(entity.name, columns, shownWidths()).then(() => onStatus(t('list.widthsSaved')), ignore);
  });
  return {
    columns,
    widths,
    resize,
    saveWidths,
    choose: (fields: string[]) => {
      setColumns(fields);
      saveColumns(entity.name, fields, shownWidths()).then(() => onStatus(translate('entities:list.columnsSaved', 'Your columns were saved.')), ignore);
    },
  };
}

/**
 * Export to Excel of every row of the query, streamed (`exporting`: the progress while it runs), saved as
 * `<entity>.xlsx`; `cancel()` aborts it. `onStatus` takes the outcome's text (finished, cancelled); other
 * failures were alerted by the client (§8 file download).
 */
export function useListExport(entity: { name: string }, query: ListQuery, columns: readonly string[], onStatus: (text: string) => void) {
  const { t } = useTranslation('records');
  const [exporting, setExporting] = useState<ExportProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  const run = async () => {
    const abort = new AbortController();
    abortRef.current = abort;
    setExporting({ bytes: 0, rows: null });
    try {
      const file = await streamExport(entity.name, exportBody(query, columns), {
        signal: abort.signal,
        onProgress: (progress) => setExporting(progress),
      });
      saveFile(file, `${entity.name}.xlsx`);
      onStatus(translate('entities:list.exported', 'Export finished.'));
    } catch (error) {
      if (isAbort(error)) onStatus(t('export.cancelled'));
    } finally {
      abortRef.current = null;
      setExporting(null);
    }
  };
  return { exporting, run, cancel: () => abortRef.current?.abort() };
}

/** Below this the grid keeps its height and the page scrolls instead. */
const MIN_GRID_HEIGHT = 160;

/**
 * The grid's height: the room left in the window above the pager, so the pager never needs the page to
 * scroll; measured again when the window or anything above the grid changes size, and on `changes`
 * (messages shown above it). Issue 40 item 10: written straight into the frame's `--records-grid-height`, not
 * through state — a height kept in state rendered the whole list a second time on each open. A change seen by
 * the ResizeObserver is written at the next frame (as the re-render did), not from inside its callback, where
 * the frame's new size would reach the virtualizer's own observer only a frame late.
 */
export function useGridHeight(gridRef: RefObject<HTMLElement | null>, pagerRef: RefObject<HTMLElement | null>, active: boolean, changes: readonly unknown[]): void {
  useLayoutEffect(() => {
    const frame = gridRef.current;
    if (!active || !frame) return undefined;
    let written = '';
    const measure = () => {
      const top = frame.getBoundingClientRect().top;
      const pager = pagerRef.current?.getBoundingClientRect().height ?? 0;
      // Room for the gap above the pager and the screen's bottom padding.
      const height = `${Math.max(MIN_GRID_HEIGHT, Math.floor(window.innerHeight - top - pager - 32))}px`;
      if (height !== written) frame.style.setProperty('--records-grid-height', (written = height));
    };
    measure();
    let pending = 0;
    const later = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(measure);
    };
    window.addEventListener('resize', later);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(later) : null;
    const above = frame.parentElement;
    if (observer && above) for (const child of above.children) if (child !== frame) observer.observe(child);
    return () => {
      cancelAnimationFrame(pending);
      window.removeEventListener('resize', later);
      observer?.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, ...changes]);
}

/**
 * The header row's height (the rows start below it), kept by a ResizeObserver: the virtualizer reads it at each
 * render, where reading `offsetHeight` could make the browser lay the page out in the middle of the render.
 */
export function useHeaderHeight(headerRef: RefObject<HTMLElement | null>): RefObject<number> {
  const height = useRef(ROW_HEIGHT);
  useLayoutEffect(() => {
    const header = headerRef.current;
    if (!header) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize[0]?.blockSize;
      if (size !== undefined) height.current = Math.round(size);
    });
    observer.observe(header);
    return () => observer.disconnect();
  }, [headerRef]);
  return height;
}

/**
 * A function of one identity for the component's whole life that runs the latest `callback`: the memoized
 * header and rows take their handlers this way, so a render of the list does not render them again.
 */
export function useLatestCallback<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
