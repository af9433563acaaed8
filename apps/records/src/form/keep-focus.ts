/**
 * Issue 40 item 6: the focus stays in the form through a save or an action, so the next key (Alt+P after
 * Ctrl+S) still reaches the form's key handler. A save re-renders the fields and lines and disables the
 * buttons while it runs; the element that had the focus may be gone or disabled and the focus falls to the
 * page. `focusMark` notes where it was before; `restoreFocus` puts it back after the answer's render — on the
 * same element, else the element now holding its id, else the form's first editable field, else `fallback`
 * (the heading of a read-only document) — and only when the focus has left the form meanwhile (a dialog the
 * action opened hands it back by itself; a click elsewhere is the user's choice).
 */
import { flushSync } from 'react-dom';
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

/** The focused element and the shadow hosts around it, outermost first. */
function activeChain(): Element[] {
  const chain: Element[] = [];
  for (let active = document.activeElement; active; active = active.shadowRoot?.activeElement ?? null) chain.push(active);
  return chain;
}

/**
 * Whether the focus is somewhere the user can go on from: not on a control no longer shown (the Yes of a
 * confirmation whose dialog has closed) nor inside an `<erp-dialog>` that is closing (its hide animation still
 * runs; it gives the focus back afterwards only to an element still there and enabled).
 */
function standing(chain: readonly Element[]): boolean {
  const deepest = chain.at(-1);
  if (!deepest?.isConnected) return false;
  if (chain.some((element) => element.localName === 'erp-dialog' && !element.hasAttribute('open'))) return false;
  return typeof deepest.checkVisibility === 'function' ? deepest.checkVisibility() : deepest.getClientRects().length > 0;
}

/** Puts the focus back into `root` when it has fallen out of it (see the module header). */
export function restoreFocus(root: HTMLElement | null, mark: FocusMark, fallback: HTMLElement | null = null): void {
  if (!root) return;
  const active = document.activeElement;
  // In the form, or on something else the user chose: left alone. Only a focus fallen to the page, to the
  // screen's container around the form, or onto a control no longer shown (the Yes of a confirmation that has
  // closed) moves.
  if (active && active !== document.body && !active.contains(root) && standing(activeChain())) return;
  const byId = mark.id ? document.getElementById(mark.id) : null;
  const target = [mark.element, byId, firstEditable(root.querySelector('.erp-form-body') ?? root), fallback].find((candidate) => usable(candidate, root));
  target?.focus({ preventScroll: true });
}

/**
 * Applies a value that arrives late (a default answered by the server: a fiscal period, the terms that follow a
 * picked customer) at once (`flushSync`), and when it changed the text of the box the user is in, selects that
 * text: what they type next replaces the default instead of being added to it ("20262025"), and Tab keeps it.
 */
export function applyLateDefault(apply: () => void): void {
  const focused = document.activeElement;
  const before = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement ? focused.value : null;
  flushSync(apply);
  if (before !== null && document.activeElement === focused && (focused as HTMLInputElement).value !== before) (focused as HTMLInputElement).select();
}
