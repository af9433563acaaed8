import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { Menu } from '@erp/shared';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import { emit } from '../events.ts';
import { indexMenuBarTree, menuBarTree, type MenuBarEntry, type MenuBarNode } from './menu-tree.ts';
import { resetStyles } from '../styles/reset.styles.ts';
import styles from './menu-bar.styles.ts';

const chevronDown = html`<svg class="chevron" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
  <path d="M3.5 6l4.5 4.5L12.5 6" stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round" />
</svg>`;
const chevronRight = html`<svg class="chevron" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
  <path d="M6 3.5l4.5 4.5L6 12.5" stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round" />
</svg>`;

/**
 * Keyboard (WAI-ARIA APG menubar): the menubar is one Tab stop (roving tabindex). On the bar
 * ArrowLeft / ArrowRight move (wrapping), Home / End jump, ArrowDown / Enter / Space open a group's submenu
 * (first item; ArrowUp: last item), Enter / Space choose a leaf. In a submenu ArrowDown / ArrowUp move
 * (wrapping), Home / End jump, ArrowRight opens a nested group or moves to the next bar item, ArrowLeft
 * closes a nested submenu or moves to the previous bar item, Enter / Space choose, Escape closes the submenu
 * and returns focus to its group, Tab closes every submenu and moves on. A printable character moves to the
 * next item starting with it. A press outside closes every submenu.
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
  static override styles = [resetStyles, styles];

  static override properties = {
    menus: { attribute: false },
    applicationPath: { attribute: 'application-path' },
    activeMenuId: { attribute: 'active-menu-id' },
    openIds: { state: true },
    rovingId: { state: true },
  };

  /** The application's menus exactly as the server sends them (§3 Menu, §7 GET api/shell/menus). */
  declare menus: Menu[];
  /** The application's router path (§3 Application.RouterPath), e.g. `/novus-gl`; prefixes every path. */
  declare applicationPath: string;
  /** MenuId of the screen shown now; that item gets `aria-current="page"`. */
  declare activeMenuId: string | null;
  /** MenuIds of the open groups, outermost first: `openIds[d]` is the group at depth d whose submenu shows. */
  private declare openIds: string[];
  /** The bar item holding the Tab stop; null: the one holding the active item, else the first. */
  private declare rovingId: string | null;

  protected readonly i18n = new I18nController(this);

  private tree: MenuBarNode[] = [];
  private index = new Map<string, MenuBarEntry>();
  /** The active item and the groups holding it. */
  private activeBranch = new Set<string>();
  private listeningOutside = false;

  constructor() {
    super();
    this.menus = [];
    this.applicationPath = '';
    this.activeMenuId = null;
    this.openIds = [];
    this.rovingId = null;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.openIds = [];
    this.listenOutside(false);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('menus') || changed.has('applicationPath')) {
      this.tree = menuBarTree(this.menus, this.applicationPath);
      this.index = indexMenuBarTree(this.tree);
      // Submenus stay open only while their groups still exist (the owner may re-send the same menus).
      const stillOpen = this.openIds.findIndex((id) => !this.index.has(id));
      if (stillOpen >= 0) this.openIds = this.openIds.slice(0, stillOpen);
    }
    if (changed.has('menus') || changed.has('applicationPath') || changed.has('activeMenuId')) {
      this.activeBranch = new Set(this.branchOf(this.activeMenuId));
      if (changed.has('activeMenuId')) this.rovingId = null;
    }
    if (this.rovingId !== null && this.index.get(this.rovingId)?.depth !== 0) this.rovingId = null;
  }

  protected override updated(): void {
    this.listenOutside(this.openIds.length > 0);
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
          @keydown=${this.handleKeyDown}
          @focusout=${this.handleFocusOut}
        >
          ${this.tree.map((node) => this.renderItem(node, 0, roving))}
        </div>
      </div>
    `;
  }

  private renderItem(node: MenuBarNode, depth: number, roving: string | null): TemplateResult {
    const id = node.menu.MenuId;
    const group = node.path === null;
    const open = group && this.openIds[depth] === id;
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
    const button = html`<button
      type="button"
      role="menuitem"
      class=${depth === 0 ? 'item top' : 'item'}
      part=${parts.join(' ')}
      data-id=${id}
      tabindex=${depth === 0 && id === roving ? '0' : '-1'}
      aria-haspopup=${group ? 'menu' : nothing}
      aria-expanded=${group ? (open ? 'true' : 'false') : nothing}
      aria-current=${current ?? nothing}
      aria-description=${unavailable ? t('menuBar.notInRelease') : nothing}
      @click=${() => this.handleItemClick(node)}
      @pointerenter=${() => this.handleItemPointerEnter(node)}
    >
      <span class="label">${node.menu.MenuName}</span>${unavailable
        ? html`<span class="release-mark" part="release-mark" aria-hidden="true">${t('menuBar.notInRelease')}</span>`
        : nothing}${group ? (depth === 0 ? chevronDown : chevronRight) : nothing}
    </button>`;
    if (!group) return depth === 0 ? button : html`<div class="entry" role="none">${button}</div>`;
    return html`<div class=${depth === 0 ? 'entry top' : 'entry'} role="none">
      ${button}
      ${open
        ? html`<div
            class=${this.submenuClass(node, depth)}
            part="submenu"
            role="menu"
            aria-label=${node.menu.MenuName}
          >
            ${node.children.map((child) => this.renderItem(child, depth + 1, roving))}
          </div>`
        : nothing}
    </div>`;
  }

  private submenuClass(node: MenuBarNode, depth: number): string {
    const classes = ['submenu'];
    if (depth > 0) classes.push('nested');
    if (node.children.every((child) => child.path !== null)) classes.push('scroll');
    return classes.join(' ');
  }

  // ---- behaviour ---------------------------------------------------------------------------------------

  private readonly handleItemClick = (node: MenuBarNode): void => {
    const id = node.menu.MenuId;
    const entry = this.index.get(id);
    if (!entry) return;
    if (node.path !== null) {
      this.choose(node);
    } else if (this.openIds[entry.depth] === id) {
      this.closeFrom(entry.depth);
      this.focusItem(id);
    } else {
      void this.openGroup(id, 'first');
    }
  };

  /** While a submenu is open, the pointer moves through the menus as focus would. */
  private readonly handleItemPointerEnter = (node: MenuBarNode): void => {
    if (this.openIds.length === 0) return;
    const id = node.menu.MenuId;
    const entry = this.index.get(id);
    if (!entry || this.openIds[entry.depth] === id) return;
    if (node.path === null) {
      void this.openGroup(id, 'self');
    } else {
      this.closeFrom(entry.depth);
      if (entry.depth === 0) this.rovingId = id;
      this.focusItem(id);
    }
  };

  private readonly handleKeyDown = (event: KeyboardEvent): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role="menuitem"]');
    const entry = item ? this.index.get(item.dataset['id'] ?? '') : undefined;
    if (!entry) return;
    const handled = entry.depth === 0 ? this.barKey(event, entry) : this.submenuKey(event, entry);
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
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
        this.moveOnBar(position + (event.key === 'ArrowRight' ? 1 : -1), this.openIds.length > 0);
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
        void this.openGroup(id, event.key === 'ArrowDown' ? 'first' : 'last');
        return true;
      case 'Escape':
        if (this.openIds.length === 0) return false;
        this.closeFrom(0);
        return true;
      default:
        return this.typeAhead(event, entry);
    }
  }

  /** A key on an item of a submenu; true when it was used. */
  private submenuKey(event: KeyboardEvent, entry: MenuBarEntry): boolean {
    const { node, siblings, depth, parentId } = entry;
    const position = siblings.indexOf(node);
    const topPosition = this.tree.findIndex((top) => top.menu.MenuId === this.topOf(node.menu.MenuId));
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        this.moveInMenu(entry, (position + step + siblings.length) % siblings.length);
        return true;
      }
      case 'Home':
        this.moveInMenu(entry, 0);
        return true;
      case 'End':
        this.moveInMenu(entry, siblings.length - 1);
        return true;
      case 'ArrowRight':
        if (node.path === null) void this.openGroup(node.menu.MenuId, 'first');
        else this.moveOnBar(topPosition + 1, true);
        return true;
      case 'ArrowLeft':
        if (depth >= 2 && parentId) {
          this.closeFrom(depth - 1);
          this.focusItem(parentId);
        } else {
          this.moveOnBar(topPosition - 1, true);
        }
        return true;
      case 'Escape':
        this.closeFrom(depth - 1);
        if (parentId) this.focusItem(parentId);
        return true;
      case 'Tab': {
        // Focus first goes back to the bar, so the browser's own Tab move starts from the menubar.
        const top = this.topOf(node.menu.MenuId);
        if (top) {
          this.rovingId = top;
          this.focusItem(top);
        }
        this.closeFrom(0);
        return false;
      }
      default:
        return this.typeAhead(event, entry);
    }
  }

  private readonly handleFocusOut = (event: FocusEvent): void => {
    const to = event.relatedTarget as Node | null;
    const menubar = this.renderRoot.querySelector('[role="menubar"]');
    if (to && menubar && !menubar.contains(to)) this.closeFrom(0);
  };

  private readonly handleDocumentPointerDown = (event: PointerEvent): void => {
    const menubar = this.renderRoot.querySelector('[role="menubar"]');
    if (menubar && !event.composedPath().includes(menubar)) this.closeFrom(0);
  };

  /** Moves to the bar item at `position` (wrapping); opens it when `open` and it is a group. */
  private moveOnBar(position: number, open: boolean): void {
    const count = this.tree.length;
    const target = this.tree[((position % count) + count) % count];
    if (!target) return;
    const id = target.menu.MenuId;
    this.rovingId = id;
    if (open && target.path === null) {
      void this.openGroup(id, 'first');
    } else {
      this.closeFrom(0);
      this.focusItem(id);
    }
  }

  /** Moves to another item of the same submenu, closing a nested submenu that was open from it. */
  private moveInMenu(entry: MenuBarEntry, position: number): void {
    const target = entry.siblings[position];
    if (!target) return;
    this.closeFrom(entry.depth);
    this.focusItem(target.menu.MenuId);
  }

  /** Opens a group's submenu (closing any other at its depth) and moves focus as asked. */
  private async openGroup(id: string, focus: 'first' | 'last' | 'self'): Promise<void> {
    const entry = this.index.get(id);
    if (!entry || entry.node.path !== null) return;
    this.openIds = [...this.openIds.slice(0, entry.depth), id];
    if (entry.depth === 0) this.rovingId = id;
    await this.updateComplete;
    const children = entry.node.children;
    const target = focus === 'first' ? children[0] : focus === 'last' ? children[children.length - 1] : entry.node;
    if (target) this.focusItem(target.menu.MenuId);
  }

  /** Closes the submenus of the groups at `depth` and deeper (0: every submenu). */
  private closeFrom(depth: number): void {
    if (this.openIds.length > depth) this.openIds = this.openIds.slice(0, depth);
  }

  private choose(node: MenuBarNode): void {
    const top = this.topOf(node.menu.MenuId);
    this.closeFrom(0);
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
          this.closeFrom(0);
          this.focusItem(candidate.menu.MenuId);
        } else {
          this.moveInMenu(entry, (from + step) % siblings.length);
        }
        return true;
      }
    }
    return false;
  }

  // ---- helpers -----------------------------------------------------------------------------------------

  /** The bar item holding the Tab stop. */
  private rovingTopId(): string | null {
    if (this.rovingId !== null) return this.rovingId;
    const activeTop = this.activeMenuId ? this.topOf(this.activeMenuId) : null;
    return activeTop ?? this.tree[0]?.menu.MenuId ?? null;
  }

  /** The MenuId of the bar item holding the item (itself for a bar item); null when not shown. */
  private topOf(id: string): string | null {
    const branch = this.branchOf(id);
    return branch[branch.length - 1] ?? null;
  }

  /** The item and the groups holding it, innermost first; empty when the item is not shown. */
  private branchOf(id: string | null): string[] {
    const branch: string[] = [];
    let entry = id ? this.index.get(id) : undefined;
    while (entry) {
      branch.push(entry.node.menu.MenuId);
      entry = entry.parentId ? this.index.get(entry.parentId) : undefined;
    }
    return branch;
  }

  /** Focuses an item once rendered (it may belong to a submenu that opens in this update). */
  private focusItem(id: string): void {
    const find = () => this.renderRoot.querySelector<HTMLElement>(`[role="menuitem"][data-id="${CSS.escape(id)}"]`);
    const now = find();
    if (now) now.focus();
    if (!now || this.isUpdatePending) void this.updateComplete.then(() => find()?.focus());
  }

  private listenOutside(on: boolean): void {
    if (on === this.listeningOutside) return;
    this.listeningOutside = on;
    if (on) document.addEventListener('pointerdown', this.handleDocumentPointerDown, true);
    else document.removeEventListener('pointerdown', this.handleDocumentPointerDown, true);
  }
}

if (!customElements.get('erp-menu-bar')) customElements.define('erp-menu-bar', ErpMenuBar);

declare global {
  interface HTMLElementTagNameMap {
    'erp-menu-bar': ErpMenuBar;
  }
}
