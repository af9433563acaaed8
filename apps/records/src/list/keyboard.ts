/**
 * Keyboard rules of the generic list (pure, unit-tested).
 *
 * - Arrows move the active row, Home/End go to the first/last row of the page, PageUp/PageDown move by
 *   a screenful (`pageStep`); Shift with any of them extends the selection from the anchor.
 * - §2 "A hint says F2 navigates the page": F2 moves the focus to the next region of the screen (entity
 *   tabs, toolbar, search and filters, grid, pager), Shift+F2 to the previous one, wrapping around.
 */

/** The movement keys the grid handles. */
export const MOVE_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'] as const;
export type MoveKey = (typeof MOVE_KEYS)[number];

export function isMoveKey(key: string): key is MoveKey {
  return (MOVE_KEYS as readonly string[]).includes(key);
}

/**
 * The active row index after a movement key, clamped to the page. With no active row yet (-1) any key
 * activates the first row (End: the last).
 */
export function moveActive(key: MoveKey, index: number, count: number, pageStep: number): number {
  if (count <= 0) return -1;
  const last = count - 1;
  const step = Math.max(1, pageStep);
  if (index < 0) return key === 'End' ? last : 0;
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(last, index + step);
    case 'PageUp':
      return Math.max(0, index - step);
  }
}

/** The row indexes from the anchor to `index`, both included, in page order. */
export function rangeIndexes(anchor: number, index: number): number[] {
  const from = Math.min(anchor, index);
  const to = Math.max(anchor, index);
  const indexes: number[] = [];
  for (let i = Math.max(0, from); i <= to; i++) indexes.push(i);
  return indexes;
}

/**
 * §2 F2: the region to focus next. `regions` are the screen's regions in page order, `available` says
 * which can take the focus now (a region may be absent: no entity tabs, an empty list's grid). Answers the
 * index of the next available region after `current` (-1: none focused yet → the first), or -1 when
 * none is available.
 */
export function nextRegion(available: readonly boolean[], current: number, backwards: boolean): number {
  const count = available.length;
  if (count === 0) return -1;
  const step = backwards ? -1 : 1;
  let index = current < 0 ? (backwards ? count : -1) : current;
  for (let tried = 0; tried < count; tried++) {
    index = (index + step + count) % count;
    if (available[index]) return index;
  }
  return -1;
}

/**
 * The region the focus is in, given for each region (in page order) whether it contains the focus: the innermost —
 * the last that contains it, as a region nested in another (a line's lots inside the lines) comes after it — or -1.
 */
export function currentRegion(contains: readonly boolean[]): number {
  for (let index = contains.length - 1; index >= 0; index--) if (contains[index]) return index;
  return -1;
}

/** What a key press looks like to `matchesHotkey`. */
export type HotkeyInput = Pick<globalThis.KeyboardEvent, 'key' | 'code' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

/**
 * True when a key press is a definition's hotkey (`Alt+N`, `Ctrl+S`, `F4`, `Alt+Shift+X`). Letters and
 * digits match the physical key (`event.code`), so Alt+N works whatever character the layout (or a Mac's
 * Option key) produces.
 */
export function matchesHotkey(hotkey: string, event: HotkeyInput): boolean {
  const parts = hotkey.split('+').map((part) => part.trim());
  const key = parts.pop() ?? '';
  const mods = new Set(parts.map((part) => part.toLowerCase()));
  if (event.altKey !== mods.has('alt') || event.shiftKey !== mods.has('shift')) return false;
  if ((event.ctrlKey || event.metaKey) !== (mods.has('ctrl') || mods.has('cmd'))) return false;
  if (/^[A-Za-z]$/.test(key)) return event.code === `Key${key.toUpperCase()}`;
  if (/^[0-9]$/.test(key)) return event.code === `Digit${key}`;
  return event.key.toLowerCase() === key.toLowerCase();
}

/** `Alt+N` as aria-keyshortcuts writes it (`Alt+N`; Ctrl → Control). */
export function ariaShortcut(hotkey: string | undefined): string | undefined {
  return hotkey?.replace(/\bCtrl\b/g, 'Control');
}
