/**
 * Keyboard model of a tab strip (WAI-ARIA APG "tabs", manual activation) shared by the top bar's
 * application tabs and the menu tab bar:
 * - one Tab stop: the selected tab, or the tab the user moved to with the arrows (roving tabindex);
 * - ArrowLeft / ArrowRight move (wrapping), Home / End jump; Enter / Space activate (the buttons' click);
 * - Delete asks to close the focused tab; once the owner has removed it, focus goes to the tab the owner
 *   selected instead of being lost to the page;
 * - leaving the strip hands the Tab stop back to the selected tab;
 * - a newly selected tab is scrolled into view only when it is not already fully visible. Visibility comes
 *   from an IntersectionObserver, so a tab switch never forces a synchronous layout.
 *
 * The host renders `[role="tab"]` elements carrying `data-index`, inside a `.tablist` element (whose parent
 * is the scrolling strip) that gets
 * `@keydown=${controller.handleKeyDown}` and `@focusout=${controller.handleFocusOut}`, and sets each tab's
 * tabindex from `rovingIndex()`. It calls `selectionChanged()` from `willUpdate` when its tabs or selection
 * change, and `afterUpdate(tabsChanged, selectionChanged)` from `updated`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface RovingTabsOptions<T> {
  tabs: () => readonly T[];
  /** A tab's identity across renders. */
  key: (tab: T) => string;
  /** Index of the selected tab; -1 when none is. */
  selectedIndex: () => number;
  /** Whether Delete may close the tab. */
  closable: (tab: T) => boolean;
  requestClose: (tab: T) => void;
}

type Host = ReactiveControllerHost & HTMLElement;

export class RovingTabsController<T> implements ReactiveController {
  /** Index of the tab the user moved to with the arrows; null: the selected tab holds the Tab stop. */
  private focused: number | null = null;
  /** Key of the tab Delete asked to close. */
  private closing: string | null = null;
  /** Tabs not fully visible in the strip, and tabs whose visibility the observer has reported. */
  private readonly hidden = new Set<Element>();
  private readonly reported = new WeakSet<Element>();
  /** A newly selected tab whose visibility is not known yet: scrolled once the observer reports it. */
  private pendingScroll: Element | null = null;
  private observer: IntersectionObserver | null = null;
  private observedRoot: Element | null = null;

  constructor(
    private readonly host: Host,
    private readonly options: RovingTabsOptions<T>,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.observedRoot = null;
    this.hidden.clear();
  }

  /** The index of the tab that carries tabindex 0. */
  rovingIndex(): number {
    return this.focused ?? Math.max(0, this.options.selectedIndex());
  }

  /** The owner changed the tabs or the selection: the Tab stop follows the selection again. */
  selectionChanged(): void {
    this.focused = null;
  }

  afterUpdate(tabsChanged: boolean, selectionChanged: boolean): void {
    this.observeTabs();
    const selected = this.options.selectedIndex();
    if (tabsChanged && this.closing !== null) {
      const closed = !this.options.tabs().some((tab) => this.options.key(tab) === this.closing);
      if (closed) {
        this.closing = null;
        const outside = document.activeElement;
        const focusLost = !this.host.shadowRoot?.activeElement && (!outside || outside === document.body || outside === this.host);
        if (focusLost) this.tabElements()[Math.max(0, selected)]?.focus();
      }
    }
    if (selectionChanged) {
      const tab = this.tabElements()[selected];
      this.pendingScroll = null;
      if (tab && !this.reported.has(tab)) this.pendingScroll = tab;
      else if (tab && this.hidden.has(tab)) tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }

  readonly handleKeyDown = (event: KeyboardEvent): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (!target) return;
    const index = Number(target.dataset['index']);
    const tabs = this.options.tabs();
    const count = tabs.length;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % count;
        break;
      case 'ArrowLeft':
        next = (index - 1 + count) % count;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      case 'Delete': {
        const tab = tabs[index];
        if (tab && this.options.closable(tab)) {
          event.preventDefault();
          this.closing = this.options.key(tab);
          this.options.requestClose(tab);
        }
        return;
      }
      default:
        return;
    }
    event.preventDefault();
    void this.moveFocus(next);
  };

  readonly handleFocusOut = (event: FocusEvent): void => {
    const to = event.relatedTarget as Node | null;
    if (!to || !this.host.shadowRoot?.querySelector('.tablist')?.contains(to)) {
      if (this.focused !== null) {
        this.focused = null;
        this.host.requestUpdate();
      }
    }
  };

  private async moveFocus(index: number): Promise<void> {
    this.focused = index;
    this.host.requestUpdate();
    await this.host.updateComplete;
    // focus() scrolls the tab into view itself.
    this.tabElements()[index]?.focus();
  }

  /**
   * Watches which tabs are not fully visible in the strip that scrolls them — the tablist's parent
   * (re-attached when the strip is re-rendered).
   */
  private observeTabs(): void {
    const root = this.host.shadowRoot?.querySelector('.tablist')?.parentElement ?? null;
    if (typeof IntersectionObserver === 'undefined' || !root) return;
    if (root !== this.observedRoot) {
      this.observer?.disconnect();
      this.hidden.clear();
      this.observedRoot = root;
      this.observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            this.reported.add(entry.target);
            const hidden = entry.intersectionRatio < 0.99 && entry.target.isConnected;
            if (hidden) this.hidden.add(entry.target);
            else this.hidden.delete(entry.target);
            if (entry.target === this.pendingScroll) {
              this.pendingScroll = null;
              if (hidden) entry.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            }
          }
        },
        { root, threshold: [0.99] },
      );
    }
    for (const tab of this.tabElements()) this.observer!.observe(tab);
    for (const tab of this.hidden) if (!tab.isConnected) this.hidden.delete(tab);
  }

  private tabElements(): HTMLElement[] {
    return [...(this.host.shadowRoot?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  }
}
