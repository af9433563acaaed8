/**
 * Issue 44 (0 dropped frames scrolling 10,000 rows): the grid's virtualizer, whose scrolling re-renders the rows and
 * nothing else.
 *
 * TanStack's React adapter (`useVirtualizer`) re-renders the component that owns the virtualizer — here the whole
 * list: its table, selection, column widths, toolbar and pager — synchronously in the scroll event whenever the first
 * or last row in view changes (every frame when scrolling 120 px a frame over 28 px rows), and again when scrolling
 * starts and stops. Here the same TanStack `Virtualizer` keeps the rows in view, and only GridBody, subscribed with
 * `useRowWindow`, renders again — when the rows to draw change, not when only the scrolling state does.
 *
 * Rows come into reach a few at a time (OVERSCAN beyond the view), each in the slot of a row that left it (RowSlots
 * below). Drawing them in larger blocks, so that most frames only scroll, was tried and measured worse — a 16-row
 * block made one frame in four carry the style, layout and paint of 16 new rows, and those frames overran more often
 * than frames of 4 rows each.
 */
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect, type VirtualizerOptions } from '@tanstack/react-virtual';

/** Rows drawn beyond each edge of the view (a keyboard move or a wheel step finds its row there). */
export const OVERSCAN = 12;

/** What the list sets of the virtualizer (the rest is fixed here). */
export type RowWindowOptions = Pick<
  VirtualizerOptions<HTMLDivElement, Element>,
  'count' | 'getScrollElement' | 'estimateSize' | 'scrollMargin' | 'scrollPaddingStart' | 'scrollPaddingEnd'
>;

/** The virtualizer of a grid and the window of rows it draws, which GridBody subscribes to. */
export class RowWindow {
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
  private readonly listeners = new Set<() => void>();
  /** What GridBody draws from: the first and last row drawn, where the first starts, the rows' total height. */
  private key = '';

  constructor(options: RowWindowOptions) {
    this.virtualizer = new Virtualizer(this.resolved(options));
  }

  /** Called at each render of the list (as TanStack's adapter does): the list's current options. */
  setOptions(options: RowWindowOptions): void {
    this.virtualizer.setOptions(this.resolved(options));
  }

  /** useSyncExternalStore's subscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** useSyncExternalStore's snapshot: a new value only when the rows to draw change. */
  readonly snapshot = (): string => this.key;

  private resolved(options: RowWindowOptions): VirtualizerOptions<HTMLDivElement, Element> {
    return { observeElementRect, observeElementOffset, scrollToFn: elementScroll, ...options, overscan: OVERSCAN, onChange: this.changed };
  }

  /**
   * The virtualizer saw a scroll, a size or a new count. GridBody hears of it only when what it draws changed;
   * useSyncExternalStore renders it synchronously at the end of the scroll event, so the new rows are in the frame
   * that scrolls them into view.
   */
  private readonly changed = (): void => {
    const items = this.virtualizer.getVirtualItems();
    const key = `${items[0]?.index ?? -1}:${items.at(-1)?.index ?? -1}:${items[0]?.start ?? 0}:${this.virtualizer.getTotalSize()}`;
    if (key === this.key) return;
    this.key = key;
    for (const listener of this.listeners) listener();
  };
}

/** The list's RowWindow: one for the list's life, its options set at each render, attached to the scroll element. */
export function useRowWindowOf(options: RowWindowOptions): RowWindow {
  const [rowWindow] = useState(() => new RowWindow(options));
  rowWindow.setOptions(options);
  useLayoutEffect(() => rowWindow.virtualizer._didMount(), [rowWindow]);
  // After each render: attaches to the scroll element once it is there (or to a new one).
  useLayoutEffect(() => rowWindow.virtualizer._willUpdate());
  return rowWindow;
}

/** In GridBody: renders it again when the rows to draw change. */
export function useRowWindow(rowWindow: RowWindow): void {
  useSyncExternalStore(rowWindow.subscribe, rowWindow.snapshot);
}

/**
 * Issue 44 (0 dropped frames): the rows' elements are kept and reused while scrolling. Each drawn row has a slot —
 * its index modulo the pool's size — and a row scrolled into reach takes the slot of one scrolled out of it: React
 * keeps that slot's elements and changes their texts and place. Rows keyed by their record were new elements each
 * time (and freed ones leaving): about 40 MB of the browser's own heap to collect for each 1,000 rows scrolled
 * (BENCHMARKS.md, "Generic list"), a full collection each page, and a dropped frame with it.
 *
 * Contract: `assign(indexes, count)` answers, for each slot in order, the row index it shows, -1 for none — the rows
 * to draw (`indexes`, consecutive, each in its slot) and, in the other slots, the row they showed last while it
 * still exists (`count`) and is less than a pool away from the window — so scrolling never empties a slot, it
 * reuses it. The slots keep their order in the DOM whatever the rows' order on screen (each row is placed by its
 * offset; the grid's rows carry aria-rowindex, and GridBody's aria-owns their screen order). The pool grows (never
 * shrinks) to hold the window, in steps of 8 rows so that a slot's parity (the stripe) never changes.
 */
export class RowSlots {
  private shown: number[] = [];

  assign(indexes: readonly number[], count: number): readonly number[] {
    // Rows in reach are consecutive: any pool as long as the window gives each its own slot. Grown with room to
    // spare, as the window's length moves by a row or two while scrolling.
    if (indexes.length > this.shown.length) this.shown = new Array<number>(Math.ceil((indexes.length + 8) / 8) * 8).fill(-1);
    const size = this.shown.length;
    // A row left in its slot stays while scrolling could still bring its slot's next row (less than a pool away);
    // after a jump (End, a new page's top) the slots far from the window are emptied, so the DOM never holds more
    // than a pool of rows, all near the view.
    const first = indexes[0] ?? 0;
    const last = indexes.at(-1) ?? -1;
    const near = (index: number) => index < count && index > last - size && index < first + size;
    const next = this.shown.map((index) => (near(index) ? index : -1));
    for (const index of indexes) next[index % size] = index;
    this.shown = next;
    return next;
  }
}
