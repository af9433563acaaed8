/**
 * `<erp-top-bar>`. Why one file of ~510 lines: some 80 are the element's documented API (the custom elements
 * manifest reads it from the class comment); the rest renders and drives four parts of one bar — the
 * application tabs (tab-strip/tab-strip.ts draws them), the environment label with its tooltip, the user,
 * language and applications menus — which share the bar's properties and its one open-menu state.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { HOME_APPLICATION, type Application, type Language, type TenantInfo } from '@erp/shared';
import { I18nController, t } from '../controllers/i18n-controller.ts';
import { RovingTabsController } from '../controllers/roving-tabs-controller.ts';
import { emit } from '../events.ts';
import { resetStyles } from '../styles/reset.styles.ts';
import { chromeHostStyles, focusRingStyles, visuallyHiddenStyles } from '../styles/chrome.styles.ts';
import { tabStripStyles } from '../styles/tab-strip.styles.ts';
import { appsIcon, chevronDownIcon, globeIcon, userIcon } from '../icons.ts';
import { MENU_COMPONENTS, prefetchMenus, type Dropdown, type MenuItem } from '../shoelace/menus.ts';
import { renderTabStrip } from '../tab-strip/tab-strip.ts';
import { loadShoelace } from '../shoelace/shoelace.ts';
import { TruncatedTooltips } from '../shoelace/truncated-tooltip.ts';
import styles from './top-bar.styles.ts';

/** One open application tab as the top bar shows it (HOME is added by the element itself). */
export interface TopBarTab {
  /** The application name (§3 Application.Application), e.g. `NOVUS-GL`. */
  application: string;
  /** The text of the tab, usually the application's Description. */
  label: string;
  /** True while one of the application's screens holds unsaved changes (the tab shows a marker). */
  dirty?: boolean;
}

interface TabView extends TopBarTab {
  closable: boolean;
}

/** Environment labels the pointer is over (`:hover` is not reliable right after an element upgrades). */
/** Issue 69 item 1: the width at and under which a customer's bar folds into one account menu (phones). */
const NARROW = '(max-width: 40rem)';

const pointed = new WeakSet<Element>();

/**
 * Loads the environment tooltip's element when the label is first pointed at or focused, and opens it when
 * the label is still pointed at or focused once loaded (the first event came before the element existed).
 */
const loadTooltip = (event: Event): void => {
  const label = event.currentTarget as HTMLElement;
  if (event.type === 'pointerenter') pointed.add(label);
  if (customElements.get('sl-tooltip')) return;
  void loadShoelace('tooltip').then(async () => {
    const tooltip = label.parentElement as (HTMLElement & { show(): Promise<void>; updateComplete: Promise<boolean> }) | null;
    // Opened before its first render, sl-tooltip would not show its popup.
    await tooltip?.updateComplete;
    const focused = (label.getRootNode() as ShadowRoot).activeElement === label;
    if (focused || pointed.has(label)) await tooltip?.show();
  });
};

const leaveLabel = (event: Event): void => {
  pointed.delete(event.currentTarget as Element);
};

/**
 * Properties are set from JavaScript; the scalar ones also as kebab-case attributes (`active-application`…).
 *
 * Keyboard: one Tab stop for the tab strip (roving tabindex); ArrowLeft / ArrowRight / Home / End move
 * between tabs; Enter / Space activate; Delete closes a closable tab. Menus follow the APG menu button.
 *
 * @summary The shell's top bar (§2 shell layout): application tabs with HOME first, the environment label
 * with the tenant tooltip, the Switch Account link (portal), the user menu or Log in button, the language
 * dropdown and the Applications menu. A pure view: properties in, `erp-*` events out; it changes none of
 * its own properties (closing a tab only asks — the owner removes it from `tabs`).
 *
 * @fires erp-navigate - `{ path }`: the HOME tab was activated (`/`) or an application was chosen in the
 *   Applications menu (its RouterPath).
 * @fires erp-tab-select - `{ application }`: an application tab other than HOME was activated.
 * @fires erp-tab-close - `{ application }`: the close button of a tab was pressed (or Delete on the tab).
 * @fires erp-language-change - `{ locale }`: a language other than the current one was chosen in the language
 *   menu.
 * @fires erp-login - the Log in button was pressed.
 * @fires erp-logout - Log out was chosen in the user menu.
 * @fires erp-change-password - Change Password was chosen in the user menu.
 * @fires erp-about - About was chosen in the user menu.
 * @fires erp-switch-account - the Switch Account link was pressed (portal only).
 *
 * @csspart base - the bar.
 * @csspart tab-strip - the scrolling area holding the tabs.
 * @csspart tablist - the `role="tablist"` element.
 * @csspart tab - every application tab; the active one also has `tab-active`.
 * @csspart tab-active - the selected tab.
 * @csspart tab-close - every tab's close button.
 * @csspart tab-dirty - the unsaved-changes marker of an application with a screen holding unsaved changes.
 * @csspart actions - the right-hand group.
 * @csspart environment - the environment label.
 * @csspart switch-account - the Switch Account link.
 * @csspart user-button - the button opening the user menu.
 * @csspart login - the Log in button.
 * @csspart language - the button opening the language menu (named "Language", showing the current language).
 * @csspart applications-button - the button opening the Applications menu.
 * @csspart menu - every popup menu.
 * @csspart menu-heading - the Applications menu's root item.
 * @csspart menu-item - every menu item.
 *
 * @cssproperty --erp-top-bar-bg - bar background.
 * @cssproperty --erp-top-bar-fg - bar text colour.
 * @cssproperty --erp-top-bar-muted-fg - inactive tab text colour.
 * @cssproperty --erp-top-bar-hover-bg - hover background on the bar.
 * @cssproperty --erp-top-bar-height - bar height (default 40px).
 * @cssproperty --erp-top-bar-accent - active tab marker colour.
 * @cssproperty --erp-top-bar-focus-ring - focus outline colour.
 * @cssproperty --erp-top-bar-tab-active-bg - active tab background.
 * @cssproperty --erp-top-bar-tab-active-fg - active tab text colour.
 * @cssproperty --erp-top-bar-tab-max-width - longest tab before its label is cut with an ellipsis.
 * @cssproperty --erp-top-bar-env-bg - environment label background.
 * @cssproperty --erp-top-bar-env-fg - environment label text colour.
 * @cssproperty --erp-top-bar-menu-bg - popup menu background.
 * @cssproperty --erp-top-bar-menu-fg - popup menu text colour.
 * @cssproperty --erp-top-bar-menu-muted-fg - secondary text in menus.
 * @cssproperty --erp-top-bar-menu-hover-bg - hovered / focused menu item background.
 * @cssproperty --erp-top-bar-menu-z-index - popup stacking (default 1030, under the loading overlay's 1041).
 * @cssproperty --erp-top-bar-font - font family.
 * @cssproperty --erp-top-bar-font-size - base font size (default 13px).
 */
export class ErpTopBar extends LitElement {
  static override styles = [resetStyles, chromeHostStyles('top-bar', 1.3), focusRingStyles('top-bar'), visuallyHiddenStyles, tabStripStyles, styles];

  static override properties = {
    applications: { attribute: false },
    tabs: { attribute: false },
    activeApplication: { attribute: 'active-application' },
    tenant: { attribute: false },
    environmentLabel: { attribute: 'environment-label' },
    environmentName: { attribute: 'environment-name' },
    signedIn: { type: Boolean, attribute: 'signed-in' },
    userName: { attribute: 'user-name' },
    languages: { attribute: false },
    language: {},
    portal: { type: Boolean },
    customer: { type: Boolean },
  };

  /** The Applications menu's items (Description, with Application as secondary text). */
  declare applications: Application[];
  /**
   * Open application tabs in order, without HOME: `{ application, label }` (a HOME entry is ignored: the
   * element always renders HOME first, labelled from `tabs.home`).
   */
  declare tabs: TopBarTab[];
  /** The selected tab's application; `HOME` when home. */
  declare activeApplication: string;
  /** Database server, database and release for the environment tooltip. */
  declare tenant: TenantInfo | null;
  /** Shown as a badge when set. */
  declare environmentLabel: string | null;
  /** First line of the badge's tooltip. */
  declare environmentName: string | null;
  /** User menu, language dropdown and Applications menu when true; the Log in button when false. */
  declare signedIn: boolean;
  /** Text of the user menu button. */
  declare userName: string;
  /** The language menu's items; the menu shows only when signed in and there is more than one. */
  declare languages: Language[];
  /** The current locale id (the checked item of the language menu). */
  declare language: string;
  /** Shows the Switch Account link (portal users). */
  declare portal: boolean;
  /**
   * A portal customer's bar (issue 16): no application tabs, no Applications menu and no environment label
   * (staff tabs, staff menus and the tenant's database details are not a customer's business); the portal's
   * own navigation is `<erp-portal-bar>`.
   */
  declare customer: boolean;

  /**
   * Issue 69 item 1: on a narrow screen a customer's bar folds Switch Account and the languages into the
   * account menu (one 44 px button instead of three); true while the viewport is at most NARROW wide.
   */
  private narrow = false;
  private narrowQuery: MediaQueryList | null = null;
  private readonly onNarrowChange = (event: MediaQueryListEvent | MediaQueryList): void => {
    if (this.narrow === event.matches) return;
    this.narrow = event.matches;
    this.requestUpdate();
  };

  protected readonly i18n = new I18nController(this);

  private readonly tooltips = new TruncatedTooltips(this);

  private readonly roving = new RovingTabsController<TabView>(this, {
    tabs: () => this.tabViews,
    key: (tab) => tab.application,
    selectedIndex: () => this.activeIndex,
    closable: (tab) => tab.closable,
    requestClose: (tab) => this.requestClose(tab),
  });

  constructor() {
    super();
    this.applications = [];
    this.tabs = [];
    this.activeApplication = HOME_APPLICATION;
    this.tenant = null;
    this.environmentLabel = null;
    this.environmentName = null;
    this.signedIn = false;
    this.userName = '';
    this.languages = [];
    this.language = '';
    this.portal = false;
    this.customer = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.narrowQuery ??= typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : null;
    if (this.narrowQuery) {
      this.onNarrowChange(this.narrowQuery);
      this.narrowQuery.addEventListener('change', this.onNarrowChange);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.narrowQuery?.removeEventListener('change', this.onNarrowChange);
  }

  /** A customer's bar on a narrow screen: one account menu (issue 69 item 1). */
  private get folded(): boolean {
    return this.customer && this.narrow && this.signedIn;
  }

  /** HOME first, then the open application tabs in order. */
  private get tabViews(): TabView[] {
    return [
      { application: HOME_APPLICATION, label: t('tabs.home'), closable: false },
      ...(this.tabs ?? [])
        .filter((tab) => tab.application !== HOME_APPLICATION)
        .map((tab) => ({ application: tab.application, label: tab.label, dirty: tab.dirty === true, closable: true })),
    ];
  }

  private get activeIndex(): number {
    return Math.max(
      0,
      this.tabViews.findIndex((tab) => tab.application === this.activeApplication),
    );
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('tabs') || changed.has('activeApplication')) {
      this.roving.selectionChanged();
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    const strip = this.find('.strip');
    strip?.style.setProperty('--erp-tab-count', String(this.tabViews.length));
    this.roving.afterUpdate(changed.has('tabs'), changed.has('activeApplication'));
  }

  protected override render(): TemplateResult {
    return html`
      <div class=${this.customer ? 'bar customer' : 'bar'} part="base">
        ${this.customer ? html`<div class="strip" part="tab-strip"></div>` : this.renderTabs()}
        <div class="actions" part="actions">
          ${this.customer ? nothing : this.renderEnvironment()}
          ${this.portal && !this.folded
            ? html`<button type="button" class="action link" part="switch-account" @click=${this.handleSwitchAccount}>
                ${t('account.switch')}
              </button>`
            : nothing}
          ${this.signedIn
            ? this.renderUserMenu()
            : html`<button type="button" class="action login" part="login" @click=${this.handleLogin}>
                ${t('user.login')}
              </button>`}
          ${this.signedIn && !this.folded && (this.languages ?? []).length > 1 ? this.renderLanguages() : nothing}
          ${this.signedIn && !this.customer ? this.renderApplicationsMenu() : nothing}
        </div>
      </div>
    `;
  }

  private renderTabs(): TemplateResult {
    return renderTabStrip({
      tabs: this.tabViews,
      key: (tab) => tab.application,
      keyAttribute: 'application',
      view: (tab) => ({ label: tab.label, dirty: tab.dirty === true, closable: tab.closable, classes: tab.closable ? 'closable' : '' }),
      part: 'tab-strip',
      label: t('tabs.label'),
      active: this.tabViews.findIndex((tab) => tab.application === this.activeApplication),
      roving: this.roving,
      tooltips: this.tooltips,
      select: (tab) => this.activate(tab),
      close: (tab) => this.requestClose(tab),
    });
  }

  private renderEnvironment(): TemplateResult | typeof nothing {
    if (!this.environmentLabel) return nothing;
    const tooltip = this.environmentTooltip();
    // §2 tenant tooltip: a Shoelace tooltip (loaded when the label is first pointed at or focused); the
    // same lines are the label's description for screen readers.
    return html`
      <sl-tooltip class="environment-tooltip" placement="bottom-end" hoist>
        <span
          class="environment"
          part="environment"
          tabindex="0"
          aria-describedby="environment-details"
          @pointerenter=${loadTooltip}
          @pointerleave=${leaveLabel}
          @focus=${loadTooltip}
        >
          ${this.environmentLabel}
        </span>
        <div slot="content" class="environment-lines">${tooltip.split('\n').map((line) => html`<div>${line}</div>`)}</div>
      </sl-tooltip>
      <span id="environment-details" class="visually-hidden">${tooltip}</span>
    `;
  }

  /** §2: the environment tooltip shows database server, database name and release number. */
  private environmentTooltip(): string {
    const unknown = t('environment.unknown');
    const lines = [
      t('environment.server', { value: this.tenant?.server || unknown }),
      t('environment.database', { value: this.tenant?.database || unknown }),
      t('environment.release', { value: this.tenant?.releaseNumber || unknown }),
    ];
    if (this.environmentName) lines.unshift(t('environment.name', { value: this.environmentName }));
    return lines.join('\n');
  }

  /**
   * A menu button (issue 16): `<sl-dropdown>` with the trigger `<button>` and an `<sl-menu>`. The closed trigger
   * renders without Shoelace; the components load on the trigger's first hover or focus, and a press or key
   * that comes before they are defined opens the menu once they are (see `openBeforeDefined`). Once defined,
   * Shoelace owns the keyboard: Enter / Space / ArrowDown open (first item), ArrowUp (last item), arrows move
   * and wrap, Home / End, type-ahead, Escape closes and returns focus to the button, Tab closes, a press
   * outside closes, choosing closes and returns focus.
   */
  private renderMenu(kind: 'user' | 'language' | 'applications', trigger: TemplateResult, panel: TemplateResult): TemplateResult {
    const select = { user: this.handleUserSelect, language: this.handleLanguageSelect, applications: this.handleApplicationSelect };
    const part = { user: 'user-button', language: 'language', applications: 'applications-button' };
    return html`
      <sl-dropdown
        class=${`menu-anchor ${kind}`}
        placement="bottom-end"
        distance="6"
        hoist
        @sl-show=${this.handleMenuShow}
        @sl-after-show=${this.handleMenuShown}
        @sl-select=${select[kind]}
      >
        <button
          slot="trigger"
          type="button"
          class="action"
          part=${part[kind]}
          aria-haspopup="menu"
          aria-expanded="false"
          @pointerenter=${prefetchMenus}
          @focus=${prefetchMenus}
          @click=${this.openBeforeDefined}
          @keydown=${this.openBeforeDefined}
        >
          ${trigger}
        </button>
        ${panel}
      </sl-dropdown>
    `;
  }

  private renderUserMenu(): TemplateResult {
    const folded = this.folded;
    return this.renderMenu(
      'user',
      html`${userIcon}<span class="user-name">${this.userName}</span>${chevronDownIcon}`,
      html`<sl-menu class="menu" part="menu" aria-label=${t('user.menu')}>
        ${folded && this.portal ? html`<sl-menu-item class="item" part="menu-item" value="switch-account">${t('account.switch')}</sl-menu-item>` : nothing}
        ${folded && (this.languages ?? []).length > 1
          ? html`${this.languages.map(
                (language) => html`<sl-menu-item
                  class="item language-item"
                  part="menu-item"
                  type="checkbox"
                  value=${`language:${language.LocaleIdentifier}`}
                  lang=${language.LocaleIdentifier}
                  .checked=${live(language.LocaleIdentifier === this.language)}
                  >${language.Name}</sl-menu-item
                >`,
              )}`
          : nothing}
        <sl-menu-item class="item" part="menu-item" value="change-password">${t('user.changePassword')}</sl-menu-item>
        <sl-menu-item class="item" part="menu-item" value="about">${t('user.about')}</sl-menu-item>
        <sl-menu-item class="item" part="menu-item" value="logout">${t('user.logout')}</sl-menu-item>
      </sl-menu>`,
    );
  }

  /**
   * The language menu (issue 16 item 1): a menu button like the others, its name "Language" followed by the
   * current language's own name (a visually hidden label, so the visible text stays short), and one
   * checkable item per language, the current one checked (§9: each language named in itself, with its `lang`).
   */
  private renderLanguages(): TemplateResult {
    const current = this.languages.find((language) => language.LocaleIdentifier === this.language);
    return this.renderMenu(
      'language',
      html`${globeIcon}<span class="visually-hidden">${t('language.label')}</span>
        <span lang=${current?.LocaleIdentifier ?? nothing}>${current?.Name ?? this.language}</span>${chevronDownIcon}`,
      html`<sl-menu class="menu" part="menu" aria-label=${t('language.label')}>
        ${this.languages.map(
          (language) => html`<sl-menu-item
            class="item language-item"
            part="menu-item"
            type="checkbox"
            value=${language.LocaleIdentifier}
            lang=${language.LocaleIdentifier}
            .checked=${live(language.LocaleIdentifier === this.language)}
          >
            ${language.Name}
          </sl-menu-item>`,
        )}
      </sl-menu>`,
    );
  }

  private renderApplicationsMenu(): TemplateResult {
    const applications = this.applications ?? [];
    // The root item "Applications" is the menu's label, not a choice (§2).
    return this.renderMenu(
      'applications',
      html`${appsIcon}<span>${t('applications.button')}</span>`,
      html`<div id="applications-heading" class="menu-heading" part="menu-heading">${t('applications.root')}</div>
        ${applications.length
          ? html`<sl-menu class="menu" part="menu" aria-labelledby="applications-heading">
              ${applications.map(
                (application) => html`<sl-menu-item
                  class="item"
                  part="menu-item"
                  value=${application.Application}
                  data-application=${application.Application}
                >
                  <span class="primary">${application.Description}</span>
                  <span class="secondary">${application.Application}</span>
                </sl-menu-item>`,
              )}
            </sl-menu>`
          : html`<p class="empty">${t('applications.empty')}</p>`}`,
    );
  }

  // ---- behaviour ---------------------------------------------------------------------------------------

  private activate(tab: TabView): void {
    if (tab.application === HOME_APPLICATION) emit(this, 'erp-navigate', { path: '/' });
    else emit(this, 'erp-tab-select', { application: tab.application });
  }

  private requestClose(tab: TabView): void {
    if (tab.closable) emit(this, 'erp-tab-close', { application: tab.application });
  }

  /**
   * A press or key on a trigger before `<sl-dropdown>` is defined (Shoelace handles both once it is): loads
   * the components, then opens the menu as Shoelace would have — ArrowUp / End focus the last item.
   */
  private readonly openBeforeDefined = (event: Event): void => {
    const key = event instanceof KeyboardEvent ? event.key : null;
    const dropdown = (event.currentTarget as HTMLElement).parentElement as Dropdown;
    // A press, Enter or Space opening the menu: its first item takes focus once shown (handleMenuShown).
    if ((key === null || key === 'Enter' || key === ' ') && dropdown.open !== true) this.focusOnShow.set(dropdown, 'first');
    if (customElements.get('sl-dropdown')) return;
    if (key !== null && !['Enter', ' ', 'ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key)) return;
    event.preventDefault();
    this.focusOnShow.set(dropdown, key === 'ArrowUp' || key === 'End' ? 'last' : 'first');
    void loadShoelace(...MENU_COMPONENTS).then(async () => {
      if (!dropdown.isConnected) return;
      await dropdown.updateComplete;
      await dropdown.show();
    });
  };

  /** Which item a dropdown focuses once shown, when focus is still on its trigger. */
  private readonly focusOnShow = new WeakMap<Dropdown, 'first' | 'last'>();

  /** Opening one menu closes the other. */
  private readonly handleMenuShow = (event: Event): void => {
    const shown = event.currentTarget as Dropdown;
    for (const dropdown of this.findAll('sl-dropdown') as Dropdown[]) {
      if (dropdown !== shown && dropdown.open) void dropdown.hide();
    }
  };

  /**
   * A menu opened with a press or Enter / Space leaves focus on its button in Shoelace; the APG menu button
   * (and this element's tests) want the first item focused, so it moves there once the menu shows.
   */
  private readonly handleMenuShown = (event: Event): void => {
    const dropdown = event.currentTarget as Dropdown;
    const where = this.focusOnShow.get(dropdown);
    this.focusOnShow.delete(dropdown);
    // Opened with the arrows (Shoelace focused an item already), or closed again while it animated.
    if (!where || !dropdown.open) return;
    const trigger = dropdown.querySelector<HTMLElement>('[slot="trigger"]');
    if (this.shadowRoot?.activeElement !== trigger && this.shadowRoot?.activeElement !== null) return;
    const items = [...dropdown.querySelectorAll<HTMLElement>('sl-menu-item')];
    const item = where === 'first' ? items[0] : items[items.length - 1];
    if (!item) return;
    (dropdown.querySelector('sl-menu') as (HTMLElement & { setCurrentItem(item: HTMLElement): void }) | null)?.setCurrentItem(item);
    item.focus();
  };

  private readonly handleUserSelect = (event: CustomEvent<{ item: MenuItem }>): void => {
    const value = event.detail.item.value;
    // The folded customer menu's items (issue 69 item 1): Switch Account and the languages.
    if (value === 'switch-account') {
      emit(this, 'erp-switch-account', null);
      return;
    }
    if (value.startsWith('language:')) {
      const locale = value.slice('language:'.length);
      for (const item of (event.currentTarget as HTMLElement).querySelectorAll<MenuItem>('sl-menu-item.language-item')) {
        item.checked = item.value === `language:${this.language}`;
      }
      if (locale !== this.language) emit(this, 'erp-language-change', { locale });
      return;
    }
    const events = { 'change-password': 'erp-change-password', about: 'erp-about', logout: 'erp-logout' } as const;
    const name = events[event.detail.item.value as keyof typeof events];
    if (name) emit(this, name, null);
  };

  private readonly handleApplicationSelect = (event: CustomEvent<{ item: MenuItem }>): void => {
    const application = (this.applications ?? []).find((entry) => entry.Application === event.detail.item.value);
    if (application) emit(this, 'erp-navigate', { path: application.RouterPath });
  };

  /**
   * Shoelace toggles a checkbox item on a press; the language menu is a choice of one, so the check is put
   * back where the `language` property says (it moves once the owner sets the new language) and only a
   * language other than the current one is announced.
   */
  private readonly handleLanguageSelect = (event: CustomEvent<{ item: MenuItem }>): void => {
    const locale = event.detail.item.value;
    for (const item of (event.currentTarget as HTMLElement).querySelectorAll<MenuItem>('sl-menu-item')) {
      item.checked = item.value === this.language;
    }
    if (locale && locale !== this.language) emit(this, 'erp-language-change', { locale });
  };

  private readonly handleLogin = (): void => {
    emit(this, 'erp-login', null);
  };

  private readonly handleSwitchAccount = (): void => {
    emit(this, 'erp-switch-account', null);
  };

  // ---- helpers -----------------------------------------------------------------------------------------

  private find(selector: string): HTMLElement | null {
    return this.renderRoot?.querySelector<HTMLElement>(selector) ?? null;
  }

  private findAll(selector: string): HTMLElement[] {
    return [...(this.renderRoot?.querySelectorAll<HTMLElement>(selector) ?? [])];
  }
}

if (!customElements.get('erp-top-bar')) customElements.define('erp-top-bar', ErpTopBar);

declare global {
  interface HTMLElementTagNameMap {
    'erp-top-bar': ErpTopBar;
  }
}
