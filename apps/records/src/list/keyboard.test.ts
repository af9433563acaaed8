/** Grid keyboard rules and §2 F2 stepping. */
import { describe, expect, it } from 'vitest';
import { ariaShortcut, currentRegion, isMoveKey, matchesHotkey, moveActive, nextRegion, rangeIndexes } from './keyboard.ts';

describe('moveActive', () => {
  it('moves by one with the arrows, clamped to the page', () => {
    expect(moveActive('ArrowDown', 0, 250, 20)).toBe(1);
    expect(moveActive('ArrowDown', 249, 250, 20)).toBe(249);
    expect(moveActive('ArrowUp', 0, 250, 20)).toBe(0);
    expect(moveActive('ArrowUp', 10, 250, 20)).toBe(9);
  });

  it('goes to the first and last row of the page with Home and End', () => {
    expect(moveActive('Home', 120, 250, 20)).toBe(0);
    expect(moveActive('End', 3, 250, 20)).toBe(249);
  });

  it('moves by a screenful with PageUp and PageDown', () => {
    expect(moveActive('PageDown', 0, 250, 20)).toBe(20);
    expect(moveActive('PageDown', 240, 250, 20)).toBe(249);
    expect(moveActive('PageUp', 30, 250, 20)).toBe(10);
    expect(moveActive('PageUp', 5, 250, 20)).toBe(0);
    expect(moveActive('PageDown', 0, 250, 0)).toBe(1);
  });

  it('activates the first row (End: the last) when none is active, and nothing on an empty page', () => {
    expect(moveActive('ArrowDown', -1, 5, 20)).toBe(0);
    expect(moveActive('End', -1, 5, 20)).toBe(4);
    expect(moveActive('ArrowDown', -1, 0, 20)).toBe(-1);
  });

  it('knows its keys', () => {
    expect(isMoveKey('PageDown')).toBe(true);
    expect(isMoveKey('Enter')).toBe(false);
  });
});

describe('rangeIndexes (Shift+arrows, Shift+click)', () => {
  it('lists the rows between the anchor and the row, both included, either way', () => {
    expect(rangeIndexes(2, 5)).toEqual([2, 3, 4, 5]);
    expect(rangeIndexes(5, 2)).toEqual([2, 3, 4, 5]);
    expect(rangeIndexes(3, 3)).toEqual([3]);
  });
});

describe('currentRegion (issue 71 item 2: a region inside another)', () => {
  it('is the innermost region holding the focus: the last of those containing it, or -1', () => {
    // lines (0) holds a line's lots (1); totals (2) comes after.
    expect(currentRegion([true, true, false])).toBe(1);
    expect(currentRegion([true, false, false])).toBe(0);
    expect(currentRegion([false, false, false])).toBe(-1);
    // From the lots, F2 goes on to the totals, not back into the lots.
    expect(nextRegion([true, true, true], currentRegion([true, true, false]), false)).toBe(2);
  });
});

describe('nextRegion (§2: F2 navigates the page)', () => {
  const all = [true, true, true, true, true];

  it('starts at the first region (Shift+F2: the last) when none has the focus', () => {
    expect(nextRegion(all, -1, false)).toBe(0);
    expect(nextRegion(all, -1, true)).toBe(4);
  });

  it('steps forward and backward, wrapping around', () => {
    expect(nextRegion(all, 1, false)).toBe(2);
    expect(nextRegion(all, 4, false)).toBe(0);
    expect(nextRegion(all, 0, true)).toBe(4);
    expect(nextRegion(all, 3, true)).toBe(2);
  });

  it('skips regions that cannot take the focus', () => {
    const some = [false, true, false, false, true];
    expect(nextRegion(some, 1, false)).toBe(4);
    expect(nextRegion(some, 4, false)).toBe(1);
    expect(nextRegion(some, -1, false)).toBe(1);
    expect(nextRegion(some, 1, true)).toBe(4);
  });

  it('answers -1 when no region is available', () => {
    expect(nextRegion([], -1, false)).toBe(-1);
    expect(nextRegion([false, false], 0, false)).toBe(-1);
  });
});

describe('matchesHotkey (definition hotkeys)', () => {
  const press = (code: string, key: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({
    code,
    key,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
  });

  it('matches letters by the physical key with exactly the named modifiers', () => {
    expect(matchesHotkey('Alt+N', press('KeyN', '˜', { altKey: true }))).toBe(true);
    expect(matchesHotkey('Alt+N', press('KeyN', 'n'))).toBe(false);
    expect(matchesHotkey('Alt+N', press('KeyN', 'N', { altKey: true, shiftKey: true }))).toBe(false);
    expect(matchesHotkey('Alt+E', press('KeyN', 'n', { altKey: true }))).toBe(false);
    expect(matchesHotkey('Ctrl+S', press('KeyS', 's', { ctrlKey: true }))).toBe(true);
    expect(matchesHotkey('Ctrl+S', press('KeyS', 's', { metaKey: true }))).toBe(true);
  });

  it('matches named keys by their key', () => {
    expect(matchesHotkey('F4', press('F4', 'F4'))).toBe(true);
    expect(matchesHotkey('F4', press('F4', 'F4', { altKey: true }))).toBe(false);
  });

  it('writes aria-keyshortcuts', () => {
    expect(ariaShortcut('Ctrl+S')).toBe('Control+S');
    expect(ariaShortcut('Alt+N')).toBe('Alt+N');
    expect(ariaShortcut(undefined)).toBeUndefined();
  });
});
