/**
 * The list grid's keys (issue 16 item 5), on the grid itself: arrows, Home/End and PageUp/PageDown move the
 * cursor and select the row they reach (Shift extends from the anchor); Ctrl+Home / Ctrl+End go to the first
 * row of the first page / the last row of the last page (another page: `jumpToPage`); Space toggles the
 * cursor's row; Enter opens it; Ctrl+A selects the page. Keys from controls inside the grid are left alone.
 */
import type { KeyboardEvent, RefObject } from 'react';
import { isMoveKey, moveActive } from './keyboard.ts';

export interface GridKeyContext {
  /** Rows on the page. */
  count: number;
  activeIndex: number;
  page: number;
  pages: number;
  /** Rows a PageUp / PageDown moves. */
  visibleRows: number;
  /** The row Shift ranges start from (-1: none yet). */
  anchor: RefObject<number>;
  selectOnly(index: number): void;
  selectRange(from: number, to: number): void;
  toggleRow(index: number): void;
  /** Moves the cursor to the row and scrolls it into view. */
  focusRow(index: number): void;
  openRow(index: number): void;
  jumpToPage(page: number, row: 'first' | 'last'): void;
}

export function onGridKey(event: KeyboardEvent<HTMLElement>, context: GridKeyContext): void {
  if (event.target !== event.currentTarget) return;
  const { count, activeIndex, anchor } = context;
  const jump = event.ctrlKey && !event.altKey && !event.shiftKey && (event.key === 'Home' || event.key === 'End');
  if (jump) {
    event.preventDefault();
    const target = event.key === 'Home' ? 1 : context.pages;
    if (target !== context.page) {
      context.jumpToPage(target, event.key === 'Home' ? 'first' : 'last');
      return;
    }
  }
  if (isMoveKey(event.key) && !event.altKey && !event.metaKey && (!event.ctrlKey || jump)) {
    event.preventDefault();
    const next = moveActive(event.key, activeIndex, count, context.visibleRows);
    if (next < 0) return;
    if (event.shiftKey) {
      if (anchor.current < 0) anchor.current = activeIndex < 0 ? next : activeIndex;
      context.selectRange(anchor.current, next);
    } else {
      // The keyboard cursor is the selection.
      context.selectOnly(next);
    }
    context.focusRow(next);
    return;
  }
  if (event.key === ' ' && !event.ctrlKey && !event.altKey) {
    event.preventDefault();
    if (activeIndex < 0 && count > 0) {
      context.focusRow(0);
      context.toggleRow(0);
    } else if (activeIndex >= 0) context.toggleRow(activeIndex);
    return;
  }
  if (event.key === 'Enter' && activeIndex >= 0) {
    event.preventDefault();
    context.openRow(activeIndex);
    return;
  }
  if (event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey) && !event.altKey) {
    event.preventDefault();
    if (count > 0) context.selectRange(0, count - 1);
  }
}
