/**
 * `<erp-menu-bar>`. Why one file of ~580 lines: some 60 are the element's documented API (the custom
 * elements manifest reads it from the class comment), the rest is one keyboard and pointer model (WAI-ARIA
 * APG menubar) whose handlers all read and change the element's own state — the open group, the item
 * holding the Tab stop, the pending open request — and act on the Shoelace menus it renders. The tree
 * (menu-tree.ts) and the Shoelace glue (shoelace/menus.ts) are apart.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { Menu } from '@erp/shared';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import { chevronDownIcon } from '../icons.ts';
import { loadShoelace } from '../shoelace/shoelace.ts';
import { MENU_COMPONENTS, menusDefined, nextFrame, prefetchMenus, repairShoelaceAria, type Dropdown, type SlMenu } from '../shoelace/menus.ts';
import { emit } from '../events.ts';
import { indexMenuBarTree, menuBarTree, menuBranch, type MenuBarEntry, type MenuBarNode } from './menu-tree.ts';
import { resetStyles } from '../styles/reset.styles.ts';
import { chromeHostStyles, focusRingStyles } from '../styles/chrome.styles.ts';
import styles from './menu-bar.styles.ts';

/**
 * Keyboard (WAI-ARIA APG menubar): the menubar is one Tab stop (roving tabindex). On the bar
 * ArrowLeft / ArrowRight move (wrapping), Home / End jump, ArrowDown / Enter / Space open a group's submenu
 * (first item; ArrowUp: last item), Enter / Space choose a leaf. In a submenu ArrowDown / ArrowUp move
 * (wrapping), Home / End jump, ArrowRight opens a nested group or moves to the next bar item, ArrowLeft
 * closes a nested submenu or moves to the previous bar item, Enter / Space choose, Escape closes the submenu
 * and returns focus to its group, Tab closes every submenu and moves on. A printable character moves to the
 * next item starting with it. A press outside closes every submenu.
 *
 * Shoelace (issue 16 item 1): each top group is an `<sl-dropdown>` whose trigger is the bar's own
 * `role="menuitem"` button and whose panel is an `<sl-menu>` of `<sl-menu-item>`s; a nested group is an
 * `<sl-menu-item>` with an `<sl-menu slot="submenu">`. Nothing of Shoelace loads at boot: the bar renders
 * plain buttons, the three components load (`loadShoelace`) when the bar is first pointed at or focused, and
 * a press or key before they are defined acts once they are. A submenu's items render only while it is open.
 * Shoelace draws, positions and stacks the menus, moves within a menu (arrows, Home / End, wrapping), chooses
 * (Enter / Space / press: `sl-select`), opens and closes nested submenus (ArrowRight / ArrowLeft) and closes
 * on a press outside; this element keeps the menubar's own keys (the bar, moving between bar items from a
 * submenu, Escape, Tab, type-ahead), which a capturing listener on the menubar handles before Shoelace.
 *
 * @summary The application menu bar (§2 shell layout): the active application's menus as a WAI-ARIA
 * menubar. It builds the tree itself from the raw §3 Menu list: children nest by ParentId under `ROOT`,
 * siblings are ordered by Sequence, inactive items (IsActive false) are hidden with their subtrees, a group
 * (empty RouterPath) opens a submenu, a leaf fires `erp-menu-select`. A pure view: it never navigates and
 * never changes its properties. With no visible item it renders nothing and takes no space.
 *
 * @fires erp-menu-select - `{ menu, path }`: a leaf was chosen; `menu` is the item as given in `menus`,
 *   `path` is `applicationPath` + its RouterPath (§2), e.g. `/novus-gl/gl-chart`.
 *
 * @csspart base - the bar around the menubar.
 * @csspart menubar - the `role="menubar"` element.
 * @csspart item - every menu item; top items also have `top-item`, groups `group`, the item whose MenuId
 *   is `activeMenuId` has `current` and the groups holding it have `current-branch`.
 * @csspart top-item - the menubar's own items.
 * @csspart group - items that open a submenu.
 * @csspart current - the active menu item.
 * @csspart current-branch - the groups that hold the active menu item.
 * @csspart submenu - every popup `role="menu"`.
 *
 * @cssproperty --erp-menu-bar-bg - bar background.
 * @cssproperty --erp-menu-bar-fg - bar text colour.
 * @cssproperty --erp-menu-bar-border - line under the bar.
 * @cssproperty --erp-menu-bar-hover-bg - hovered / open top item background.
 * @cssproperty --erp-menu-bar-accent - marker of the branch holding the active item.
 * @cssproperty --erp-menu-bar-focus-ring - focus outline colour.
 * @cssproperty --erp-menu-bar-height - bar height (default 34px).
 * @cssproperty --erp-menu-bar-menu-bg - submenu background.
 * @cssproperty --erp-menu-bar-menu-fg - submenu text colour.
 * @cssproperty --erp-menu-bar-menu-hover-bg - hovered / focused submenu item background.
 * @cssproperty --erp-menu-bar-menu-z-index - submenu stacking (default 1030, under the loading overlay's 1041).
 * @cssproperty --erp-menu-bar-font - font family.
 * @cssproperty --erp-menu-bar-font-size - base font size (default 13px).
 */
export class ErpMenuBar extends LitElement {
  static override styles = [resetStyles, chromeHostStyles('menu-bar', 1.3), focusRingStyles('menu-bar'), styles];

  static override properties = {
    menus: { attribute: false },
    applicationPath: { attribute: 'application-path' },
    activeMenuId: { attribute: 'active-menu-id' },
    openId: { state: true },
    rovingId: { state: true },
  };

  /** The application's menus exactly as the server sends them (§3 Menu, §7 GET api/shell/menus). */
  declare menus: Menu[];
  /** The application's router path (§3 Application.RouterPath), e.g. `/novus-gl`; prefixes every path. */
  declare applicationPath: string;
  /** MenuId of the screen shown now; that item gets `aria-current="page"`. */
  declare activeMenuId: string | null;
  /** MenuId of the bar group whose submenu is open (its items are rendered); null when none is. */
  private declare openId: string | null;
  /** The bar item holding the Tab stop; null: the one holding the active item, else the first. */
  private declare rovingId: string | null;

  protected readonly i18n = new I18nController(this);

  private tree: MenuBarNode[] = [];
  private index = new Map<string, MenuBarEntry>();
  /** The active item and the groups holding it. */
  private activeBranch = new Set<string>();
  /** Bumped by every open / close request, so a late open (waiting for Shoelace) gives way to a newer one. */
  private request = 0;

  constructor() {
    super();
    this.menus = [];
    this.applicationPath = '';
    this.activeMenuId = null;
    this.openId = null;
    this.rovingId = null;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.request += 1;
    this.openId = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('menus') || changed.has('applicationPath')) {
      this.tree = menuBarTree(this.menus, this.applicationPath);
      this.index = indexMenuBarTree(this.tree);
      // A submenu stays open only while its group still exists (the owner may re-send the same menus); the
      // bar's dropdowns are reused for the new groups, so none may stay open for another group.
      if (this.openId !== null && this.index.get(this.openId)?.depth !== 0) this.closeAll();
    }
    if (changed.has('menus') || changed.has('applicationPath') || changed.has('activeMenuId')) {
      this.activeBranch = new Set(menuBranch(this.index, this.activeMenuId));
      if (changed.has('activeMenuId')) this.rovingId = null;
    }
    if (this.rovingId !== null && this.index.get(this.rovingId)?.depth !== 0) this.rovingId = null;
  }

  protected override updated(): void {
    for (const element of this.renderRoot.querySelectorAll<HTMLElement>('sl-dropdown, sl-menu-item[aria-haspopup]')) {
      repairShoelaceAria(element);
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    if (this.tree.length === 0) return nothing;
    const roving = this.rovingTopId();
    return html`
      <div class="bar" part="base">
        <div
          class="menubar"
          part="menubar"
          role="menubar"
          aria-label=${t('menuBar.label')}
          @keydown=${{ handleEvent: this.handleKeyDown, capture: true }}
          @keyup=${{ handleEvent: this.handleKeyUp, capture: true }}
          @focusout=${this.handleFocusOut}
          @pointerenter=${prefetchMenus}
          @focusin=${prefetchMenus}
        >
          ${this.tree.map((node) => (node.path === null ? this.renderTopGroup(node, roving) : this.renderTopButton(node, roving)))}
        </div>
      </div>
    `;
  }

  /** The `part` and `aria-current` of an item. */
  private itemState(node: MenuBarNode, depth: number): { parts: string; current: string | null; unavailable: boolean } {
    const id = node.menu.MenuId;
    const group = node.path === null;
    const current = id === this.activeMenuId ? 'page' : this.activeBranch.has(id) ? 'true' : null;
    const parts = ['item'];
    if (depth === 0) parts.push('top-item');
    if (group) parts.push('group');
    if (current === 'page') parts.push('current');
    if (current === 'true') parts.push('current-branch');
    // Issue 16 item 4: a screen not in this release carries a visible mark (its accessible description);
    // it still opens, to the honest "not in this release" page.
    const unavailable = !group && node.menu.Available === false;
    if (unavailable) parts.push('unavailable');
    return { parts: parts.join(' '), current, unavailable };
  }

  private releaseMark(slot: string | null): TemplateResult {
    return html`<span class="release-mark" part="release-mark" slot=${slot ?? nothing} aria-hidden="true">${t('menuBar.notInRelease')}</span>`;
  }

  /** A bar item's button: a leaf's chooses it, a group's is its dropdown's trigger. */
  private renderTopButton(node: MenuBarNode, roving: string | null): TemplateResult {
    const id = node.menu.MenuId;
    const group = node.path === null;
    const { parts, current, unavailable } = this.itemState(node, 0);
    return html`<button
      slot=${group ? 'trigger' : nothing}
      type="button"
      role="menuitem"
      class="item top"
      part=${parts}
      data-id=${id}
      tabindex=${id === roving ? '0' : '-1'}
      aria-haspopup=${group ? 'menu' : nothing}
      aria-expanded=${group ? (this.openId === id ? 'true' : 'false') : nothing}
      aria-current=${current ?? nothing}
      aria-description=${unavailable ? t('menuBar.notInRelease') : nothing}
      @click=${group ? this.handleTriggerClick : () => this.choose(node)}
      @pointerenter=${() => this.handleTopPointerEnter(node)}
    >
      <span class="label">${node.menu.MenuName}</span>${group ? chevronDownIcon : unavailable ? this.releaseMark(null) : nothing}
    </button>`;
  }

  /** A bar group: `<sl-dropdown>` with the bar's button as its trigger and the submenu as its panel. */
  private renderTopGroup(node: MenuBarNode, roving: string | null): TemplateResult {
    const id = node.menu.MenuId;
    const open = this.openId === id;
    return html`<sl-dropdown
      class="entry top"
      data-group=${id}
      placement="bottom-start"
      hoist
      @sl-show=${this.handleShow}
      @sl-hide=${this.handleHide}
      @sl-after-hide=${this.handleAfterHide}
      @sl-select=${this.handleSelect}
    >
      ${this.renderTopButton(node, roving)}
      ${open ? this.renderMenu(node) : nothing}
    </sl-dropdown>`;
  }

  private renderMenu(node: MenuBarNode, slot: string | null = null): TemplateResult {
    const nested = node.children.some((child) => child.path === null);
    // Only a submenu without nested groups scrolls: scrolling would clip the nested submenus.
    return html`<sl-menu class=${nested ? 'submenu' : 'submenu scroll'} part="submenu" slot=${slot ?? nothing} aria-label=${node.menu.MenuName}>
      ${node.children.map((child) => this.renderMenuItem(child))}
    </sl-menu>`;
  }

  private renderMenuItem(node: MenuBarNode): TemplateResult {
    const id = node.menu.MenuId;
    const group = node.path === null;
    const { parts, current, unavailable } = this.itemState(node, this.index.get(id)?.depth ?? 1);
    return html`<sl-menu-item
      class="item"
      part=${parts}
      data-id=${id}
      value=${id}
      aria-haspopup=${group ? 'menu' : nothing}
      aria-current=${current ?? nothing}
      aria-description=${unavailable ? t('menuBar.notInRelease') : nothing}
      @click=${group ? this.handleNestedGroupClick : nothing}
    >
      <span class="label">${node.menu.MenuName}</span>${unavailable ? this.releaseMark('suffix') : nothing}${group
        ? this.renderMenu(node, 'submenu')
        : nothing}
    </sl-menu-item>`;
  }

  // ---- behaviour ---------------------------------------------------------------------------------------

  /** The press on a group's button (Shoelace's own trigger handling is bypassed: this opens with focus in). */
  private readonly handleTriggerClick = (event: MouseEvent): void => {
    event.stopPropagation();
    const id = (event.currentTarget as HTMLElement).dataset['id'] ?? '';
    if (this.openId === id) {
      this.closeAll();
      this.focusItem(id);
    } else {
      void this.openTop(id, 'first');
    }
  };

  /**
   * A press on a nested group opens its submenu (Shoelace opens it on hover and with the keyboard only; its
   * menu would take the press for a choice and close everything). Presses inside the nested submenu pass.
   */
  private readonly handleNestedGroupClick = (event: MouseEvent): void => {
    const group = event.currentTarget as HTMLElement;
    const pressed = event.composedPath().find((node) => node instanceof HTMLElement && node.localName === 'sl-menu-item');
    if (pressed !== group) return;
    event.stopPropagation();
    group.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true, cancelable: true }));
  };

  /** While a submenu is open, the pointer moves along the bar as focus would. */
  private handleTopPointerEnter(node: MenuBarNode): void {
    const id = node.menu.MenuId;
    if (this.openId === null || this.openId === id) return;
    this.rovingId = id;
    if (node.path === null) {
      void this.openTop(id, 'self');
    } else {
      this.closeAll();
      this.focusItem(id);
    }
  }

  private readonly handleShow = (event: Event): void => {
    if (event.target !== event.currentTarget) return;
    const id = (event.currentTarget as HTMLElement).dataset['group'] ?? null;
    for (const dropdown of this.dropdowns()) {
      if (dropdown.dataset['group'] !== id && dropdown.open) void dropdown.hide();
    }
  };

  /** Shoelace closes a menu itself on a press outside and once an item is chosen. */
  private readonly handleHide = (event: Event): void => {
    if (event.target !== event.currentTarget) return;
    const dropdown = event.currentTarget as Dropdown;
    // Until its closing animation ends, a dropdown must not be shown again: Shoelace would finish the close
    // after the new open and leave an open dropdown with a hidden panel.
    this.closing.set(dropdown, new Promise((resolve) => dropdown.addEventListener('sl-after-hide', () => resolve(), { once: true })));
    if (this.openId === dropdown.dataset['group']) this.openId = null;
  };

  private readonly handleAfterHide = (event: Event): void => {
    if (event.target !== event.currentTarget) return;
    this.closing.delete(event.currentTarget as Dropdown);
  };

  /** Dropdowns in their closing animation, until it ends. */
  private readonly closing = new WeakMap<Dropdown, Promise<void>>();

  private readonly handleSelect = (event: CustomEvent<{ item: HTMLElement }>): void => {
    const entry = this.index.get(event.detail.item.dataset['id'] ?? '');
    if (entry && entry.node.path !== null) this.choose(entry.node);
  };

  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    // Synthetic keys are this element's own requests to Shoelace (see `closeNested`).
    if (!event.isTrusted || event.ctrlKey || event.metaKey || event.altKey) return;
    const item = event
      .composedPath()
      .find((node): node is HTMLElement => node instanceof HTMLElement && node.dataset['id'] !== undefined && node.getAttribute('role') === 'menuitem');
    const entry = item ? this.index.get(item.dataset['id'] ?? '') : undefined;
    if (!entry) return;
    const handled = entry.depth === 0 ? this.barKey(event, entry) : this.submenuKey(event, entry);
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  /** A Space released on a bar button must not press it again (its keydown was handled already). */
  private readonly handleKeyUp = (event: KeyboardEvent): void => {
    const target = event.composedPath()[0] as HTMLElement | undefined;
    if (event.key === ' ' && target?.localName === 'button' && target.dataset['id']) event.preventDefault();
  };

  /** A key on a menubar item; true when it was used. */
  private barKey(event: KeyboardEvent, entry: MenuBarEntry): boolean {
    const { node, siblings } = entry;
    const id = node.menu.MenuId;
    const position = siblings.indexOf(node);
    const group = node.path === null;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowLeft':
        this.moveOnBar(position + (event.key === 'ArrowRight' ? 1 : -1), this.openId !== null);
        return true;
      case 'Home':
        this.moveOnBar(0, false);
        return true;
      case 'End':
        this.moveOnBar(siblings.length - 1, false);
        return true;
      case 'ArrowDown':
      case 'ArrowUp':
        if (!group) return false;
        void this.openTop(id, event.key === 'ArrowDown' ? 'first' : 'last');
        return true;
      case 'Enter':
      case ' ':
        if (group) void this.openTop(id, 'first');
        else this.choose(node);
        return true;
      case 'Escape':
        if (this.openId === null) return false;
        this.closeAll();
        this.focusItem(id);
        return true;
      default:
        return this.typeAhead(event, entry);
    }
  }

  /** A key on an item of a submenu; true when it was used (else Shoelace's menus act on it). */
  private submenuKey(event: KeyboardEvent, entry: MenuBarEntry): boolean {
    const { node, depth, parentId } = entry;
    const topPosition = this.tree.findIndex((top) => top.menu.MenuId === this.topOf(node.menu.MenuId));
    switch (event.key) {
      case 'ArrowRight':
        // A nested group opens (Shoelace); a leaf moves on to the next bar item, opening it.
        if (node.path === null) return false;
        this.moveOnBar(topPosition + 1, true);
        return true;
      case 'ArrowLeft':
        // A nested submenu closes back to its group (Shoelace); from a bar group's submenu, the previous bar item.
        if (depth >= 2) return false;
        this.moveOnBar(topPosition - 1, true);
        return true;
      case 'Escape':
        if (depth >= 2 && parentId) {
          this.closeNested(event.composedPath()[0] as HTMLElement, parentId);
        } else {
          const top = this.topOf(node.menu.MenuId);
          this.closeAll();
          if (top) this.focusItem(top);
        }
        return true;
      case 'Tab': {
        // Focus first goes back to the bar (and no menu item stays a Tab stop), so the browser's own Tab
        // move starts from the menubar and leaves it.
        const top = this.topOf(node.menu.MenuId);
        for (const menuItem of this.renderRoot.querySelectorAll('sl-menu-item')) menuItem.setAttribute('tabindex', '-1');
        if (top) {
          this.rovingId = top;
          this.focusItem(top);
        }
        this.closeAll();
        event.stopPropagation();
        return false;
      }
      default:
        return this.typeAhead(event, entry);
    }
  }

  /** Closes the nested submenu holding `item` and focuses its group (Shoelace's own ArrowLeft does both). */
  private closeNested(item: HTMLElement, parentId: string): void {
    const source = item.closest('sl-menu-item') ?? item;
    source.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, composed: true, cancelable: true }));
    this.focusItem(parentId);
  }

  private readonly handleFocusOut = (event: FocusEvent): void => {
    const to = event.relatedTarget as Node | null;
    const menubar = this.renderRoot.querySelector('[role="menubar"]');
    if (to && menubar && !menubar.contains(to)) this.closeAll();
  };

  /** Moves to the bar item at `position` (wrapping); opens it when `open` and it is a group. */
  private moveOnBar(position: number, open: boolean): void {
    const count = this.tree.length;
    const target = this.tree[((position % count) + count) % count];
    if (!target) return;
    const id = target.menu.MenuId;
    this.rovingId = id;
    if (open && target.path === null) {
      void this.openTop(id, 'first');
    } else {
      this.closeAll();
      this.focusItem(id);
    }
  }

  /**
   * Opens a bar group's submenu (closing any other) and moves focus as asked. Loads Shoelace's menus first
   * when they are not defined yet (a press or key before the bar was ever hovered or focused).
   */
  private async openTop(id: string, focus: 'first' | 'last' | 'self'): Promise<void> {
    const entry = this.index.get(id);
    if (!entry || entry.depth !== 0 || entry.node.path !== null) return;
    const request = (this.request += 1);
    this.rovingId = id;
    if (focus === 'self') this.focusItem(id);
    // The submenu's items render once Shoelace's menus are defined (a press on an item must find a menu item).
    if (!menusDefined()) await loadShoelace(...MENU_COMPONENTS);
    if (request !== this.request) return;
    this.openId = id;
    await this.updateComplete;
    const dropdown = this.dropdownOf(id);
    if (request !== this.request || !dropdown) return;
    await dropdown.updateComplete;
    for (const other of this.dropdowns()) if (other !== dropdown && other.open) void other.hide();
    const closing = this.closing.get(dropdown);
    if (closing) {
      await closing;
      if (request !== this.request) return;
      await this.updateComplete;
    }
    if (!dropdown.open) void dropdown.show();
    if (focus === 'self') return;
    const children = entry.node.children;
    const target = focus === 'first' ? children[0] : children[children.length - 1];
    if (!target) return;
    // The panel shows once Shoelace has run its open (an update, then a frame at most).
    await dropdown.updateComplete;
    await nextFrame();
    if (request === this.request) this.focusItem(target.menu.MenuId);
  }

  /** Closes every submenu. */
  private closeAll(): void {
    this.request += 1;
    this.openId = null;
    for (const dropdown of this.dropdowns()) if (dropdown.open) void dropdown.hide();
  }

  private choose(node: MenuBarNode): void {
    const top = this.topOf(node.menu.MenuId);
    this.closeAll();
    if (top) {
      this.rovingId = top;
      this.focusItem(top);
    }
    if (node.path !== null) emit(this, 'erp-menu-select', { menu: node.menu, path: node.path });
  }

  /** A printable character moves to the next sibling whose name starts with it. */
  private typeAhead(event: KeyboardEvent, entry: MenuBarEntry): boolean {
    if (event.key.length !== 1 || !/\S/.test(event.key)) return false;
    const wanted = event.key.toLocaleLowerCase();
    const { siblings, node, depth } = entry;
    const from = siblings.indexOf(node);
    for (let step = 1; step <= siblings.length; step += 1) {
      const candidate = siblings[(from + step) % siblings.length];
      if (candidate && candidate.menu.MenuName.trim().toLocaleLowerCase().startsWith(wanted)) {
        if (depth === 0) {
          this.rovingId = candidate.menu.MenuId;
          this.closeAll();
        }
        this.focusItem(candidate.menu.MenuId);
        return true;
      }
    }
    return false;
  }

  // ---- helpers -----------------------------------------------------------------------------------------

  private dropdowns(): Dropdown[] {
    return [...this.renderRoot.querySelectorAll<Dropdown>('sl-dropdown')];
  }

  private dropdownOf(id: string): Dropdown | null {
    return this.renderRoot.querySelector<Dropdown>(`sl-dropdown[data-group="${CSS.escape(id)}"]`);
  }

  /** The bar item holding the Tab stop. */
  private rovingTopId(): string | null {
    if (this.rovingId !== null) return this.rovingId;
    const activeTop = this.activeMenuId ? this.topOf(this.activeMenuId) : null;
    return activeTop ?? this.tree[0]?.menu.MenuId ?? null;
  }

  /** The MenuId of the bar item holding the item (itself for a bar item); null when not shown. */
  private topOf(id: string): string | null {
    const branch = menuBranch(this.index, id);
    return branch[branch.length - 1] ?? null;
  }

  /**
   * Focuses an item once rendered (it may belong to a submenu that opens in this update). A submenu item
   * becomes its menu's current item first (Shoelace's roving tabindex), so Shoelace's arrows continue from it.
   */
  private focusItem(id: string): void {
    const find = () => this.renderRoot.querySelector<HTMLElement>(`[role="menuitem"][data-id="${CSS.escape(id)}"], [data-id="${CSS.escape(id)}"]`);
    const focus = (item: HTMLElement | null) => {
      if (!item) return;
      const menu = item.parentElement;
      if (item.localName === 'sl-menu-item' && menu?.localName === 'sl-menu') (menu as SlMenu).setCurrentItem?.(item);
      item.focus();
    };
    const now = find();
    focus(now);
    if (!now || this.isUpdatePending) void this.updateComplete.then(() => focus(find()));
  }
}

if (!customElements.get('erp-menu-bar')) customElements.define('erp-menu-bar', ErpMenuBar);

declare global {
  interface HTMLElementTagNameMap {
    'erp-menu-bar': ErpMenuBar;
  }
}
