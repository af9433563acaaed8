/**
 * The shell's keyboard shortcuts: one table, used both to handle the keys and to list them in About.
 * Chosen so that browsers do not reserve them (Ctrl+Tab, Ctrl+W, Ctrl+PageUp/PageDown, Ctrl+T… close or
 * switch browser tabs and cannot be taken by a page). Letters are matched on the physical key
 * (`event.code`), so Alt+Shift+W works whatever the keyboard layout or the character Option produces on a
 * Mac. Ctrl+K also answers to Cmd+K.
 */
import { translate } from '@erp/shared';

export type ShortcutId =
  | 'palette'
  | 'paletteF2'
  | 'nextTab'
  | 'previousTab'
  | 'closeTab'
  | 'nextApplication'
  | 'previousApplication'
  | 'resetLoading';

interface KeyPattern {
  /** `KeyboardEvent.key` to match (for non-letter keys). */
  key?: string;
  /** `KeyboardEvent.code` to match (letters: layout-independent). */
  code?: string;
  /** Ctrl, or Cmd on a Mac. */
  mod?: boolean;
  alt?: boolean;
  shift?: boolean;
}

export interface Shortcut {
  id: ShortcutId;
  /** How About writes the keys. */
  keys: string;
  pattern: KeyPattern;
  /** i18n key (apps namespace) and English text of the description. */
  descriptionKey: string;
  description: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'palette',
    keys: 'Ctrl+K',
    pattern: { code: 'KeyK', mod: true },
    descriptionKey: 'shortcuts.palette',
    description: 'Search the menus of every application and open one as a tab',
  },
  {
    id: 'paletteF2',
    keys: 'F2',
    pattern: { key: 'F2' },
    descriptionKey: 'shortcuts.paletteF2',
    description: 'Navigate: open the menu search',
  },
  {
    id: 'nextTab',
    keys: 'Alt+Shift+→',
    pattern: { key: 'ArrowRight', alt: true, shift: true },
    descriptionKey: 'shortcuts.nextTab',
    description: 'Next tab of the application',
  },
  {
    id: 'previousTab',
    keys: 'Alt+Shift+←',
    pattern: { key: 'ArrowLeft', alt: true, shift: true },
    descriptionKey: 'shortcuts.previousTab',
    description: 'Previous tab of the application',
  },
  {
    id: 'closeTab',
    keys: 'Alt+Shift+W',
    pattern: { code: 'KeyW', alt: true, shift: true },
    descriptionKey: 'shortcuts.closeTab',
    description: 'Close the tab (an application page closes its application tab)',
  },
  {
    id: 'nextApplication',
    keys: 'Alt+Shift+PageDown',
    pattern: { key: 'PageDown', alt: true, shift: true },
    descriptionKey: 'shortcuts.nextApplication',
    description: 'Next application tab',
  },
  {
    id: 'previousApplication',
    keys: 'Alt+Shift+PageUp',
    pattern: { key: 'PageUp', alt: true, shift: true },
    descriptionKey: 'shortcuts.previousApplication',
    description: 'Previous application tab',
  },
  {
    id: 'resetLoading',
    keys: 'Escape',
    pattern: { key: 'Escape' },
    descriptionKey: 'shortcuts.resetLoading',
    description: 'Turn the loading indicator off',
  },
];

/** What a keyboard event looks like to the matcher. */
export type KeyInput = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

function matches(pattern: KeyPattern, event: KeyInput): boolean {
  if (pattern.key !== undefined && event.key !== pattern.key) return false;
  if (pattern.code !== undefined && event.code !== pattern.code) return false;
  const mod = event.ctrlKey || event.metaKey;
  return (
    mod === (pattern.mod ?? false) &&
    // Ctrl and Cmd together is not Ctrl alone.
    !(event.ctrlKey && event.metaKey) &&
    event.altKey === (pattern.alt ?? false) &&
    event.shiftKey === (pattern.shift ?? false)
  );
}

/** The shortcut a key press means, or null. */
export function matchShortcut(event: KeyInput): ShortcutId | null {
  return SHORTCUTS.find((shortcut) => matches(shortcut.pattern, event))?.id ?? null;
}

/**
 * Keys the generic screens handle themselves (the records list and form, `apps/records`; the tab bars), listed
 * in About after the shell's own (issue 16: the shortcuts are shown in About). The shell does not handle these.
 */
export const SCREEN_SHORTCUTS: readonly Pick<Shortcut, 'keys' | 'descriptionKey' | 'description'>[] = [
  { keys: 'Delete', descriptionKey: 'shortcuts.tabDelete', description: 'On a tab: close it' },
  { keys: 'Shift+F2', descriptionKey: 'shortcuts.screenParts', description: 'In a list or a form: next part of the screen (F2) or the previous one (Shift+F2)' },
  { keys: '↑ ↓ Home End PageUp PageDown', descriptionKey: 'shortcuts.gridMove', description: 'In a list: move the row cursor' },
  { keys: 'Shift+↑ Shift+↓', descriptionKey: 'shortcuts.gridExtend', description: 'In a list: extend the selection' },
  { keys: 'Space', descriptionKey: 'shortcuts.gridSelect', description: 'In a list: select or unselect the row' },
  { keys: 'Ctrl+A', descriptionKey: 'shortcuts.gridAll', description: 'In a list: select every row of the page' },
  { keys: 'Enter', descriptionKey: 'shortcuts.gridOpen', description: 'In a list: open the record' },
  { keys: 'F4', descriptionKey: 'shortcuts.lookup', description: 'In a lookup field: look up (Alt+↓ too)' },
  { keys: 'Ctrl+Home / Ctrl+End', descriptionKey: 'shortcuts.gridEnds', description: 'Grid: first row of the first page / last row of the last page' },
  { keys: 'Alt+PageUp / Alt+PageDown', descriptionKey: 'shortcuts.siblingRecord', description: 'Form: previous / next record of the list' },
];

/** The shortcuts as About lists them, in the current language: the shell's, then the generic screens'. */
export function shortcutList(): { keys: string; description: string }[] {
  return [...SHORTCUTS, ...SCREEN_SHORTCUTS].map((shortcut) => ({
    keys: shortcut.keys,
    description: translate(`apps:${shortcut.descriptionKey}`, shortcut.description),
  }));
}

/** `Ctrl+K` style keys of a shell shortcut, for a control's tooltip (e.g. "Close (Alt+Shift+W)"). */
export function shortcutKeys(id: ShortcutId): string {
  return SHORTCUTS.find((shortcut) => shortcut.id === id)?.keys ?? '';
}

/**
 * §2 "F2 navigates the page": inside a screen area marked `data-f2-navigation` (the generic list and form
 * screens move through their own parts with F2 / Shift+F2) F2 is the screen's; elsewhere it opens the
 * command palette.
 */
export function screenOwnsKey(id: ShortcutId, event: Pick<Event, 'composedPath'>): boolean {
  if (id !== 'paletteF2') return false;
  const origin = event.composedPath()[0];
  return typeof Element !== 'undefined' && origin instanceof Element && origin.closest('[data-f2-navigation]') !== null;
}

/**
 * Listens for the shortcuts on the window (capture phase, so a screen that stops key events cannot swallow
 * them) — except keys a screen owns (`screenOwnsKey`). A handler answering false leaves the event alone
 * (the page's own handling continues). Answers the remover.
 */
export function installShortcuts(handlers: Partial<Record<ShortcutId, (event: KeyboardEvent) => boolean | void>>): () => void {
  const listener = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const id = matchShortcut(event);
    if (id && screenOwnsKey(id, event)) return;
    const handler = id ? handlers[id] : undefined;
    if (!handler) return;
    if (handler(event) === false) return;
    event.preventDefault();
    event.stopPropagation();
  };
  window.addEventListener('keydown', listener, true);
  return () => window.removeEventListener('keydown', listener, true);
}
