import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import { RovingTabsController } from '../controllers/roving-tabs-controller.ts';
import { emit } from '../events.ts';
import { resetStyles } from '../styles/reset.styles.ts';
import { chromeHostStyles, focusRingStyles, visuallyHiddenStyles } from '../styles/chrome.styles.ts';
import { tabStripStyles } from '../styles/tab-strip.styles.ts';
import { renderTabStrip } from '../tab-strip/tab-strip.ts';
import { TruncatedTooltips } from '../shoelace/truncated-tooltip.ts';
import styles from './tab-bar.styles.ts';

/** One open menu tab of the active application (§4 menu tabs). */
export interface TabBarTab {
  /** The tab's identity in events, usually the MenuId (a menu tab opens once per MenuId, §4). */
  id: string;
  /** The text of the tab, usually the MenuName. */
  label: string;
  /** True while the screen is still loading (§4: a new tab is marked new until its screen has loaded). */
  isNew: boolean;
  /** True while the screen holds unsaved changes: the tab shows a marker named "Unsaved changes". */
  dirty?: boolean;
}

/**
 * Keyboard: one Tab stop for the strip (roving tabindex, on the selected tab). ArrowLeft / ArrowRight move
 * between tabs (wrapping), Home / End jump, Enter / Space activate, Delete asks to close the focused tab;
 * once the owner has removed it, focus goes to the tab the owner selected. The close buttons sit outside the
 * tablist (a tablist may own only tabs, as in `<erp-top-bar>`) and are not Tab stops: pointer users click
 * them, keyboard users press Delete (announced through `aria-keyshortcuts`).
 *
 * A tab whose label is cut by the ellipsis shows its whole title in a tooltip (Shoelace `<sl-tooltip>`, loaded
 * the first time one is needed) when hovered or focused. A tab whose screen has unsaved changes (`dirty`)
 * shows a marker whose accessible name is "Unsaved changes" (part of the tab's name).
 *
 * @summary The menu tabs of the active application (§2 shell layout, §4 menu tabs): one tab per open
 * screen, each with a close button; a tab whose screen is still loading (`isNew`) shows a busy marker. A
 * pure view: it never changes `tabs` or `activeId` itself — selecting and closing only ask, the owner
 * decides (closing asks the screen first, §4). With no tab it renders nothing and takes no space.
 *
 * @fires erp-menu-tab-select - `{ id }`: a tab was activated (click, Enter or Space).
 * @fires erp-menu-tab-close - `{ id }`: a tab's close button was pressed, or Delete on the tab.
 *
 * @csspart base - the scrolling strip holding the tabs and their close buttons.
 * @csspart tablist - the `role="tablist"` element.
 * @csspart tab - every tab; the selected one also has `tab-active`, a loading one `tab-new`.
 * @csspart tab-active - the selected tab.
 * @csspart tab-new - a tab whose screen is still loading (`aria-busy="true"`).
 * @csspart tab-busy - the busy marker inside a loading tab.
 * @csspart tab-close - every tab's close button.
 * @csspart tab-dirty - the unsaved-changes marker of a tab whose screen holds unsaved changes.
 *
 * @cssproperty --erp-tab-bar-bg - strip background.
 * @cssproperty --erp-tab-bar-fg - tab text colour.
 * @cssproperty --erp-tab-bar-border - line under the strip and around the tabs.
 * @cssproperty --erp-tab-bar-hover-bg - hovered tab background.
 * @cssproperty --erp-tab-bar-active-bg - selected tab background.
 * @cssproperty --erp-tab-bar-active-fg - selected tab text colour.
 * @cssproperty --erp-tab-bar-accent - selected tab marker and busy marker colour.
 * @cssproperty --erp-tab-bar-focus-ring - focus outline colour.
 * @cssproperty --erp-tab-bar-height - strip height (default 32px).
 * @cssproperty --erp-tab-bar-tab-max-width - longest tab before its label is cut with an ellipsis.
 * @cssproperty --erp-tab-bar-font - font family.
 * @cssproperty --erp-tab-bar-font-size - base font size (default 13px).
 */
export class ErpTabBar extends LitElement {
  static override styles = [resetStyles, chromeHostStyles('tab-bar', 1.3), focusRingStyles('tab-bar'), visuallyHiddenStyles, tabStripStyles, styles];

  static override properties = {
    tabs: { attribute: false },
    activeId: { attribute: 'active-id' },
  };

  /** The open menu tabs in order: `{ id, label, isNew }`. */
  declare tabs: TabBarTab[];
  /** The `id` of the selected tab; null: none selected (the application's root page shows). */
  declare activeId: string | null;

  protected readonly i18n = new I18nController(this);

  private readonly tooltips = new TruncatedTooltips(this);

  private readonly roving = new RovingTabsController<TabBarTab>(this, {
    tabs: () => this.tabList,
    key: (tab) => tab.id,
    selectedIndex: () => this.activeIndex,
    closable: () => true,
    requestClose: (tab) => this.requestClose(tab),
  });

  constructor() {
    super();
    this.tabs = [];
    this.activeId = null;
  }

  private get tabList(): TabBarTab[] {
    return Array.isArray(this.tabs) ? this.tabs : [];
  }

  private get activeIndex(): number {
    return this.tabList.findIndex((tab) => tab.id === this.activeId);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('tabs') || changed.has('activeId')) this.roving.selectionChanged();
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.renderRoot.querySelector<HTMLElement>('.strip')?.style.setProperty('--erp-tab-count', String(this.tabList.length));
    this.roving.afterUpdate(changed.has('tabs'), changed.has('activeId'));
  }

  protected override render(): TemplateResult | typeof nothing {
    const tabs = this.tabList;
    if (tabs.length === 0) return nothing;
    return html`
      ${renderTabStrip({
        tabs,
        key: (tab) => tab.id,
        keyAttribute: 'id',
        view: (tab) => ({ label: tab.label, dirty: tab.dirty === true, closable: true, busy: tab.isNew, classes: tab.isNew ? 'new' : '' }),
        part: 'base',
        label: t('tabBar.label'),
        active: this.activeIndex,
        roving: this.roving,
        tooltips: this.tooltips,
        select: (tab) => this.select(tab),
        close: (tab) => this.requestClose(tab),
      })}
      ${tabs.some((tab) => tab.isNew) ? html`<span id="busy-note" class="visually-hidden">${t('tabBar.loading')}</span>` : nothing}
    `;
  }

  // ---- behaviour ---------------------------------------------------------------------------------------

  private select(tab: TabBarTab): void {
    emit(this, 'erp-menu-tab-select', { id: tab.id });
  }

  private requestClose(tab: TabBarTab): void {
    emit(this, 'erp-menu-tab-close', { id: tab.id });
  }
}

if (!customElements.get('erp-tab-bar')) customElements.define('erp-tab-bar', ErpTabBar);

declare global {
  interface HTMLElementTagNameMap {
    'erp-tab-bar': ErpTabBar;
  }
}
