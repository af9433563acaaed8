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
 * Rows are still mounted a few at a time as they come into reach (OVERSCAN beyond the view): mounting them in larger
 * blocks, so that most frames only scroll, was tried and measured worse — a 16-row block made one frame in four carry
 * the style, layout and paint of 16 new rows, and those frames overran more often than frames of 4 rows each.
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
