/**
 * The right edge of a column header: drag it, or focus it and press Left / Right (Shift: by 50 px), to
 * change the column's width; the width is saved when the drag or the key press ends (`onCommit`).
 * Widths stay within MIN_WIDTH … MAX_WIDTH, the range the server accepts for saved widths.
 */
import { useRef } from 'react';

export const MIN_WIDTH = 40;
export const MAX_WIDTH = 2000;

export const clampWidth = (width: number) => Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));

export function ResizeHandle({
  label,
  hint,
  width,
  onResize,
  onCommit,
}: {
  label: string;
  hint: string;
  /** The width set, if any (a report column sized by its content has none: its measured width is the start). */
  width: number | undefined;
  onResize(width: number): void;
  onCommit(): void;
}) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const current = (handle: HTMLElement) => width ?? Math.round(handle.parentElement?.getBoundingClientRect().width ?? MIN_WIDTH);
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
        drag.current = { x: event.clientX, width: current(event.currentTarget) };
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
        onResize(clampWidth(current(event.currentTarget) + step));
      }}
      onKeyUp={(event) => {
        if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') onCommit();
      }}
    />
  );
}
