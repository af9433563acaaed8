import { describe, expect, it } from 'vitest';
import { SCREEN_SHORTCUTS, SHORTCUTS, matchShortcut, shortcutList, type KeyInput } from './shortcuts.ts';

const press = (input: Partial<KeyInput>): KeyInput => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...input,
});

describe('keyboard shortcuts', () => {
  it('opens the palette with Ctrl+K, Cmd+K and F2', () => {
    expect(matchShortcut(press({ key: 'k', code: 'KeyK', ctrlKey: true }))).toBe('palette');
    expect(matchShortcut(press({ key: 'k', code: 'KeyK', metaKey: true }))).toBe('palette');
    expect(matchShortcut(press({ key: 'F2' }))).toBe('paletteF2');
    expect(matchShortcut(press({ key: 'k', code: 'KeyK' }))).toBeNull();
    expect(matchShortcut(press({ key: 'K', code: 'KeyK', ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(matchShortcut(press({ key: 'k', code: 'KeyK', ctrlKey: true, metaKey: true }))).toBeNull();
  });

  it('switches and closes tabs with Alt+Shift, matching letters by physical key', () => {
    expect(matchShortcut(press({ key: 'ArrowRight', altKey: true, shiftKey: true }))).toBe('nextTab');
    expect(matchShortcut(press({ key: 'ArrowLeft', altKey: true, shiftKey: true }))).toBe('previousTab');
    expect(matchShortcut(press({ key: 'PageDown', altKey: true, shiftKey: true }))).toBe('nextApplication');
    expect(matchShortcut(press({ key: 'PageUp', altKey: true, shiftKey: true }))).toBe('previousApplication');
    // Option+Shift+W on a Mac types „ — the physical key still matches.
    expect(matchShortcut(press({ key: '„', code: 'KeyW', altKey: true, shiftKey: true }))).toBe('closeTab');
    expect(matchShortcut(press({ key: 'ArrowRight', altKey: true }))).toBeNull();
    expect(matchShortcut(press({ key: 'ArrowRight', shiftKey: true }))).toBeNull();
  });

  it('never takes keys browsers reserve for their own tabs', () => {
    const reserved = [
      press({ key: 'Tab', code: 'Tab', ctrlKey: true }),
      press({ key: 'w', code: 'KeyW', ctrlKey: true }),
      press({ key: 't', code: 'KeyT', ctrlKey: true }),
      press({ key: 'PageDown', ctrlKey: true }),
      press({ key: 'PageUp', ctrlKey: true }),
      press({ key: 'ArrowLeft', altKey: true }),
      press({ key: 'F5' }),
    ];
    for (const event of reserved) expect(matchShortcut(event)).toBeNull();
  });

  it('lists every shortcut for About', () => {
    const list = shortcutList();
    // The shell's own, then the keys of the generic screens (issue 16).
    expect(list).toHaveLength(SHORTCUTS.length + SCREEN_SHORTCUTS.length);
    expect(list.map((entry) => entry.keys)).toEqual(expect.arrayContaining(['Delete', 'Shift+F2', 'F4', 'Ctrl+A', 'Ctrl+Home / Ctrl+End', 'Alt+PageUp / Alt+PageDown']));
    expect(list.map((entry) => entry.keys)).toEqual(
      expect.arrayContaining(['Ctrl+K', 'F2', 'Alt+Shift+→', 'Alt+Shift+←', 'Alt+Shift+W', 'Escape']),
    );
    // Issue 16: the grid's, the lookups' and the form's keys too.
    expect(list.map((entry) => entry.keys)).toEqual(expect.arrayContaining(['Ctrl+Home / Ctrl+End', 'F4', 'Alt+PageUp / Alt+PageDown']));
    expect(list.every((entry) => entry.description.length > 0)).toBe(true);
  });
});
