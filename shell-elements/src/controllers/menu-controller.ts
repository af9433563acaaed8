/**
 * Menu-button behaviour (WAI-ARIA APG "menu button") for a button and a popup `role="menu"` of
 * `role="menuitem"` elements that live in the host's shadow root:
 * - the button opens the menu on click, Enter, Space (first item) and ArrowDown / ArrowUp (first / last);
 * - in the menu ArrowDown / ArrowUp move (wrapping), Home / End jump, a printable character moves to the
 *   next item starting with it, Escape closes and returns focus to the button, Tab closes and lets focus
 *   move on;
 * - a pointer press outside the menu's container, or focus leaving it, closes the menu.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface MenuControllerOptions {
  /** The element holding the button and the popup (a press outside it closes the menu). */
  container: () => HTMLElement | null | undefined;
  /** The button that opens the menu. */
  button: () => HTMLElement | null | undefined;
  /** The menu's items in order. */
  items: () => HTMLElement[];
  /** Called when the menu opens (e.g. to close a sibling menu). */
  onOpen?: () => void;
}

type Host = ReactiveControllerHost & HTMLElement;

export class MenuController implements ReactiveController {
  /** Whether the popup is shown; the host renders from it. */
  open = false;

  private readonly host: Host;
  private readonly options: MenuControllerOptions;

  constructor(host: Host, options: MenuControllerOptions) {
    this.host = host;
    this.options = options;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.open = false;
    document.removeEventListener('pointerdown', this.handleDocumentPointerDown, true);
  }

  /** Opens the menu and focuses its first or last item. */
  async show(focus: 'first' | 'last' = 'first'): Promise<void> {
    if (!this.open) {
      this.open = true;
      this.options.onOpen?.();
      document.addEventListener('pointerdown', this.handleDocumentPointerDown, true);
      this.host.requestUpdate();
      await this.host.updateComplete;
    }
    const items = this.options.items();
    (focus === 'first' ? items[0] : items[items.length - 1])?.focus();
  }

  /** Closes the menu; by default focus goes back to the button. */
  hide(returnFocus = true): void {
    if (!this.open) return;
    this.open = false;
    document.removeEventListener('pointerdown', this.handleDocumentPointerDown, true);
    this.host.requestUpdate();
    if (returnFocus) this.options.button()?.focus();
  }

  /** Button click (also Enter and Space on a native button). */
  readonly handleButtonClick = (): void => {
    if (this.open) this.hide();
    else void this.show('first');
  };

  readonly handleButtonKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      void this.show(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && this.open) {
      event.preventDefault();
      event.stopPropagation();
      this.hide();
    }
  };

  readonly handleMenuKeyDown = (event: KeyboardEvent): void => {
    const items = this.options.items();
    if (!items.length) return;
    const current = items.findIndex((item) => item === this.focusedElement());
    let next: number | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = (current + 1) % items.length;
        break;
      case 'ArrowUp':
        next = current <= 0 ? items.length - 1 : current - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = items.length - 1;
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        this.hide();
        return;
      case 'Tab':
        this.hide(false);
        return;
      default:
        if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
          next = this.indexStartingWith(items, event.key, current);
        }
    }
    if (next === undefined || next < 0) return;
    event.preventDefault();
    items[next]?.focus();
  };

  /** Focus left the container (e.g. a click elsewhere that took focus): close without stealing focus back. */
  readonly handleFocusOut = (event: FocusEvent): void => {
    const container = this.options.container();
    const to = event.relatedTarget as Node | null;
    if (this.open && container && to && !container.contains(to)) this.hide(false);
  };

  private readonly handleDocumentPointerDown = (event: PointerEvent): void => {
    const container = this.options.container();
    if (container && !event.composedPath().includes(container)) this.hide(false);
  };

  private focusedElement(): Element | null {
    return (this.host.shadowRoot ?? document).activeElement;
  }

  private indexStartingWith(items: HTMLElement[], key: string, from: number): number {
    const wanted = key.toLocaleLowerCase();
    for (let step = 1; step <= items.length; step += 1) {
      const index = (from + step) % items.length;
      const text = items[index]?.textContent?.trim().toLocaleLowerCase() ?? '';
      if (text.startsWith(wanted)) return index;
    }
    return -1;
  }
}
