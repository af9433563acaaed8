/**
 * Issue 40 item 6: the focus stays in the form through a save or an action, so the next key (Alt+P after
 * Ctrl+S) still reaches the form's key handler. A save re-renders the fields and lines and disables the
 * buttons while it runs; the element that had the focus may be gone or disabled and the focus falls to the
 * page. `focusMark` notes where it was before; `restoreFocus` puts it back after the answer's render — on the
 * same element, else the element now holding its id, else the form's first editable field, else `fallback`
 * (the heading of a read-only document) — and only when the focus has left the form meanwhile (a dialog the
 * action opened hands it back by itself; a click elsewhere is the user's choice).
 */
import { firstEditable } from '../list/regions.ts';

export interface FocusMark {
  element: HTMLElement | null;
  id: string;
}

/** Where the focus is in `root` now (null element when it is elsewhere). */
export function focusMark(root: HTMLElement | null): FocusMark {
  const active = document.activeElement;
  const inside = root !== null && active instanceof HTMLElement && root.contains(active);
  return { element: inside ? active : null, id: inside ? active.id : '' };
}

function usable(element: HTMLElement | null, root: HTMLElement): element is HTMLElement {
  return element !== null && element.isConnected && root.contains(element) && !element.matches(':disabled') && element.getClientRects().length > 0;
}

/** Puts the focus back into `root` when it has fallen out of it (see the module header). */
export function restoreFocus(root: HTMLElement | null, mark: FocusMark, fallback: HTMLElement | null = null): void {
  if (!root) return;
  const active = document.activeElement;
  // In the form, or on something else the user chose: left alone. Only a focus fallen to the page (or to the
  // screen's container around the form) moves.
  if (active && active !== document.body && active.isConnected && !active.contains(root)) return;
  const byId = mark.id ? document.getElementById(mark.id) : null;
  const target = [mark.element, byId, firstEditable(root.querySelector('.erp-form-body') ?? root), fallback].find((candidate) => usable(candidate, root));
  target?.focus({ preventScroll: true });
}
