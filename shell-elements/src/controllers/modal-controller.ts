/**
 * Behaviour of a host whose `open` property shows a native `<dialog>` of its shadow root as a modal
 * (`showModal()`: the rest of the page is inert, the dialog is in the top layer):
 * - `sync()` (call it from the host's `updated()`) opens or closes the dialog to match `open`; opening
 *   remembers the focused element (through shadow roots) and focuses `initialFocus()`, closing gives focus
 *   back to that element;
 * - Escape, and any other close request the browser makes (its `cancel` event), call `onCancel()` instead
 *   of closing: the host is a pure view and its owner decides by setting `open`. Should the browser close
 *   the dialog anyway (it may refuse to let a page cancel repeated close requests), `onCancel()` is still
 *   called once;
 * - Tab and Shift+Tab cycle through `tabbables()` (focus never leaves the dialog for the browser's own UI).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface ModalControllerOptions {
  dialog: () => HTMLDialogElement | null | undefined;
  /** The host's `open` property. */
  isOpen: () => boolean;
  /** Escape or another close request: tell the owner (the dialog stays open until `open` is false). */
  onCancel: () => void;
  /** What to focus once the dialog shows; the browser's choice when it returns nothing. */
  initialFocus?: () => HTMLElement | null | undefined;
  /** The focusable elements in Tab order; by default the dialog's own focusable descendants. */
  tabbables?: () => HTMLElement[];
}

type Host = ReactiveControllerHost & HTMLElement;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), iframe, summary, [contenteditable=""], [contenteditable="true"], [tabindex]';

/** The focused element, looking into open shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): HTMLElement | null {
  let active = root.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

/** The Tab stops among `element` and its descendants (light DOM), in document order. */
export function tabbableElements(element: Element): HTMLElement[] {
  const candidates = [element, ...element.querySelectorAll(FOCUSABLE)].filter(
    (node): node is HTMLElement => node instanceof HTMLElement && node.matches(FOCUSABLE),
  );
  return candidates.filter(
    (node) => node.tabIndex >= 0 && !node.closest('[inert]') && node.checkVisibility?.({ visibilityProperty: true }) !== false,
  );
}

export class ModalController implements ReactiveController {
  private readonly host: Host;
  private readonly options: ModalControllerOptions;
  /** Where focus was before the dialog opened. */
  private returnFocusTo: HTMLElement | null = null;
  /** onCancel() was called for the current close request and the owner has not answered yet. */
  private cancelPending = false;

  constructor(host: Host, options: ModalControllerOptions) {
    this.host = host;
    this.options = options;
    host.addController(this);
  }

  hostConnected(): void {
    // A host put back into the page while open shows its dialog again (updated() may not run).
    if (this.options.isOpen()) void this.host.updateComplete.then(() => this.sync());
  }

  hostDisconnected(): void {
    const dialog = this.options.dialog();
    if (dialog?.open) dialog.close();
    this.restoreFocus();
  }

  /** Matches the dialog to the host's `open` property. */
  sync(): void {
    const dialog = this.options.dialog();
    if (!dialog || !dialog.isConnected) return;
    const open = this.options.isOpen();
    if (open && !dialog.open) {
      this.cancelPending = false;
      const active = deepActiveElement();
      this.returnFocusTo = active && !this.host.contains(active) && !this.host.shadowRoot?.contains(active) ? active : null;
      dialog.showModal();
      this.options.initialFocus?.()?.focus();
    } else if (!open && dialog.open) {
      this.cancelPending = false;
      dialog.close();
      this.restoreFocus();
    }
  }

  readonly handleKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && !event.isComposing) {
      // Cancelling the key also stops the browser's own close request for it.
      event.preventDefault();
      event.stopPropagation();
      this.cancel();
    } else if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      this.trapTab(event);
    }
  };

  /** The browser's close request (not Escape, which handleKeyDown takes): cancel it, tell the owner. */
  readonly handleCancel = (event: Event): void => {
    event.preventDefault();
    this.cancel();
  };

  /**
   * The dialog closed although the host is still open (the browser overrode our cancel). The browser fires `close`
   * as a task after the closing: a dialog shown again before that task ran (Ctrl+K pressed right after Escape) is
   * open when a stale `close` arrives, and stays open.
   */
  readonly handleClose = (): void => {
    if (this.options.isOpen() && !this.cancelPending && !this.options.dialog()?.open) this.cancel();
  };

  private cancel(): void {
    this.cancelPending = true;
    this.options.onCancel();
  }

  private trapTab(event: KeyboardEvent): void {
    const dialog = this.options.dialog();
    if (!dialog) return;
    const stops = this.options.tabbables?.() ?? tabbableElements(dialog);
    if (stops.length === 0) {
      event.preventDefault();
      return;
    }
    const active = deepActiveElement();
    const index = active ? stops.indexOf(active) : -1;
    const first = stops[0]!;
    const last = stops[stops.length - 1]!;
    if (event.shiftKey && index <= 0) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (index === -1 || index === stops.length - 1)) {
      event.preventDefault();
      first.focus();
    }
  }

  private restoreFocus(): void {
    const target = this.returnFocusTo;
    this.returnFocusTo = null;
    if (!target?.isConnected) return;
    const active = deepActiveElement();
    // Only when focus is nowhere useful: in the closed dialog, on the body, or on the host.
    const lost =
      !active || active === document.body || active === this.host || !!this.host.shadowRoot?.contains(active);
    if (lost) target.focus();
  }
}
