/**
 * Issue 71 item 2, "focus returns after every dialog": the focus never falls to the page while a screen is in use.
 *
 * Contract: `keepScreenFocus()` (idempotent; `screen()` calls it on the first mount) watches the document. It
 * remembers the last element focused inside a screen (`.erp-screen`) and where it stood (its index under each
 * ancestor up to the screen). When the focus is lost — on the page body, on a control no longer shown, or on the
 * button of a dialog that has closed — and no modal dialog is open, it goes back to that element; when that
 * element is gone (the deleted line it was in) or disabled, to the control at the same place in its neighbour
 * (the same column of the line that took the deleted one's place, else of the line before), else the nearest
 * control of the screen. This covers every dialog at once: the shell's questions (`askUser`, `<erp-dialog>`,
 * Shoelace's `<sl-dialog>`), a screen's own `<dialog>` (pickers, expanded lines) and a line deleted with no
 * dialog at all. A press of the pointer elsewhere is the user's choice: it forgets the element (nothing is moved
 * until the focus enters a screen again), and a screen no longer shown (another tab) is never focused.
 */

/** Where a remembered element stood: its parent and its index there, from the element up to the screen. */
interface Step {
  parent: Element;
  index: number;
}

interface Mark {
  element: HTMLElement;
  screen: HTMLElement;
  steps: Step[];
}

const SCREEN = '.erp-screen';
const DIALOG = 'dialog, erp-dialog, sl-dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"]';
const FOCUSABLE =
  'input:not([type="hidden"]), select, textarea, button, a[href], [tabindex], [contenteditable="true"], sl-input, sl-select, sl-button, sl-checkbox';

let installed = false;
let mark: Mark | null = null;
let pending = false;

function shown(element: Element): boolean {
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : element.getClientRects().length > 0;
}

/** An element the focus can go to now: in the page, enabled, shown, and not inside a closed dialog. */
function usable(element: Element | null | undefined): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !element.matches(':disabled') && element.getAttribute('aria-disabled') !== 'true' && shown(element);
}

/** The path of the event from the deepest node outwards (inside shadow roots too). */
function inDialog(path: readonly EventTarget[]): boolean {
  return path.some((node) => node instanceof Element && node.matches(DIALOG));
}

function remember(element: HTMLElement): void {
  const screen = element.closest<HTMLElement>(SCREEN);
  if (!screen) {
    mark = null;
    return;
  }
  const steps: Step[] = [];
  for (let node: Element = element; node !== screen && node.parentElement; node = node.parentElement) {
    steps.push({ parent: node.parentElement, index: Array.prototype.indexOf.call(node.parentElement.children, node) });
  }
  mark = { element, screen, steps };
}

/** The focused element and the shadow hosts around it, outermost first. */
function activeChain(): Element[] {
  const chain: Element[] = [];
  for (let active = document.activeElement; active; active = active.shadowRoot?.activeElement ?? null) chain.push(active);
  return chain;
}

/**
 * Whether the focus is nowhere the user can go on from (see the module header). `thorough` also asks whether the
 * focused control is still shown (a style calculation: after a dialog's close only, not on every DOM change).
 */
function focusLost(thorough: boolean): boolean {
  const outer = document.activeElement;
  if (!outer || outer === document.body || outer === document.documentElement) return true;
  const chain = activeChain();
  if (chain.some((element) => element.localName === 'erp-dialog' && !element.hasAttribute('open'))) return true;
  const deepest = chain.at(-1)!;
  return !deepest.isConnected || (thorough && !shown(deepest));
}

/** Whether a modal dialog is open now (it holds the focus; it is not lost). */
function modalOpen(): boolean {
  if (document.querySelector('erp-dialog[open]')) return true;
  for (const dialog of document.querySelectorAll('dialog[open]')) if (dialog.matches(':modal')) return true;
  return false;
}

/** The first control in `element` (itself included) the focus can go to. */
function firstUsable(element: Element): HTMLElement | null {
  if (element.matches(FOCUSABLE) && usable(element)) return element as HTMLElement;
  for (const candidate of element.querySelectorAll(FOCUSABLE)) if (usable(candidate)) return candidate as HTMLElement;
  return null;
}

/** In `start`, the control at the place `below` (child indices, outermost first) leads to, else its first control. */
function atPlace(start: Element, below: readonly number[]): HTMLElement | null {
  let node = start;
  for (const index of below) {
    const next = node.children[index];
    if (!next) break;
    node = next;
  }
  return firstUsable(node) ?? (node === start ? null : firstUsable(start));
}

/** Indices from `index` outwards: the one that took its place, the one before, then further either way. */
function* around(index: number, count: number): Generator<number> {
  for (let distance = 0; distance <= count; distance += 1) {
    if (index + distance < count) yield index + distance;
    if (distance > 0 && index - distance >= 0 && index - distance < count) yield index - distance;
  }
}

/** Where the focus goes back to for `remembered` (see the module header). */
function returnTarget(remembered: Mark): HTMLElement | null {
  const { element, screen, steps } = remembered;
  if (!screen.isConnected || !shown(screen)) return null;
  if (usable(element) && screen.contains(element)) return element;
  for (let level = 0; level < steps.length; level += 1) {
    const { parent, index } = steps[level]!;
    if (!parent.isConnected || !screen.contains(parent)) continue;
    const below = steps
      .slice(0, level)
      .map((step) => step.index)
      .reverse();
    const children = parent.children;
    for (const at of around(index, children.length)) {
      const found = atPlace(children[at]!, below);
      if (found) return found;
    }
  }
  return firstUsable(screen);
}

function check(thorough: boolean): void {
  pending = false;
  if (!mark || !focusLost(thorough) || modalOpen()) return;
  const target = returnTarget(mark);
  if (target) target.focus({ preventScroll: false });
}

/** Checks once the current work (a render) is done. */
function soon(): void {
  if (pending || !mark) return;
  pending = true;
  queueMicrotask(() => check(false));
}

/** Checks thoroughly once a dialog has closed (its own focus return, if any, has run). */
function afterClose(): void {
  setTimeout(() => check(true));
}

/** Starts watching the document's focus for the screens (see the module header). */
export function keepScreenFocus(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener(
    'focusin',
    (event) => {
      const path = event.composedPath();
      if (inDialog(path)) return;
      const target = event.target;
      if (target instanceof HTMLElement) remember(target);
      else mark = null;
    },
    true,
  );
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!inDialog(event.composedPath())) mark = null;
    },
    true,
  );
  // Focus leaving for nothing (its element disabled or hidden): checked once the next focus, if any, has landed.
  document.addEventListener(
    'focusout',
    (event) => {
      if (event.relatedTarget === null) afterClose();
    },
    true,
  );
  // A dialog closing: <dialog>'s close (captured: it does not bubble), Shoelace's after-hide (composed).
  document.addEventListener('close', afterClose, true);
  document.addEventListener('sl-after-hide', afterClose);
  // The focused element removed (a deleted line) or hidden with no event: seen on the DOM's next change.
  new MutationObserver(soon).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open', 'hidden', 'disabled'] });
}
