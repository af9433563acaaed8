/**
 * The shell chrome: `<erp-top-bar>` and `<erp-loading-overlay>` bound to the bus (properties in), and the
 * top bar's `erp-*` events turned into shell actions (events out).
 */
import { combineLatest } from 'rxjs';
import { HOME_APPLICATION, bus, isPortalLanding, type Application, type Language, type OpenApplicationTab } from '@erp/shared';
import { createElement, onTopBar, type LoadingOverlayElement, type TopBarElement, type TopBarTab } from './elements.ts';

/** What the chrome asks the shell to do. */
export interface ChromeActions {
  navigate(path: string): void;
  selectTab(application: string): void;
  closeTab(application: string): void;
  changeLanguage(locale: string): void;
  login(): void;
  logout(): void;
  changePassword(): void;
  about(): void;
  switchAccount(): void;
}

/** §6: the portal page as landing page makes a portal customer (@erp/shared, the server reads it too). */
export { isPortalLanding };

function tabsFor(tabs: OpenApplicationTab[], applications: Application[], dirty: ReadonlySet<string>): TopBarTab[] {
  return tabs
    .filter((tab) => tab.application !== HOME_APPLICATION)
    .map((tab) => {
      const application = applications.find((app) => app.Application === tab.application);
      // Issue 16: the application tab is marked while one of its screens holds unsaved changes.
      const unsaved = dirty.has(tab.routerPath) || tab.menuTabs.some((menuTab) => dirty.has(menuTab.path));
      return { application: tab.application, label: application?.Description || tab.application, dirty: unsaved };
    });
}

export interface Chrome {
  topBar: TopBarElement;
  overlay: LoadingOverlayElement;
  setLanguages(languages: Language[]): void;
  /** Puts the top bar in the page (once sign-in has decided what it shows: no "Log in" flash, one render). */
  show(): void;
}

/** Creates the chrome for the page skeleton and keeps it in step with the bus. */
export function mountChrome(top: HTMLElement, actions: ChromeActions): Chrome {
  const topBar = createElement<TopBarElement>('erp-top-bar');
  const overlay = createElement<LoadingOverlayElement>('erp-loading-overlay');
  topBar.signedIn = false;
  topBar.applications = [];
  topBar.tabs = [];
  topBar.activeApplication = HOME_APPLICATION;
  topBar.languages = [];
  topBar.language = bus.language$.value;
  topBar.portal = false;
  overlay.active = false;
  document.body.append(overlay);

  bus.session$.subscribe((session) => {
    const profile = session?.profile;
    topBar.signedIn = !!session;
    topBar.userName = profile?.shellSub.displayName ?? '';
    topBar.environmentLabel = profile?.environmentLabel ?? null;
    topBar.environmentName = profile?.environment ?? null;
    topBar.portal = isPortalLanding(profile?.landingPage);
    // Issue 16: a portal customer sees neither staff tabs, staff menus nor the tenant's database details.
    topBar.customer = topBar.portal;
  });
  bus.applications$.subscribe((applications) => (topBar.applications = applications));
  bus.tenant$.subscribe((tenant) => (topBar.tenant = tenant));
  bus.language$.subscribe((language) => (topBar.language = language));
  bus.activeApplication$.subscribe((application) => (topBar.activeApplication = application));
  combineLatest([bus.tabs$, bus.applications$, bus.dirtyTabs$]).subscribe(([tabs, applications, dirty]) => {
    topBar.tabs = tabsFor(tabs, applications, dirty);
  });

  // §4 loading indicator: on while the counter is above zero (Escape resets it: shortcuts.ts).
  bus.loading$.subscribe((count) => (overlay.active = count > 0));

  onTopBar(topBar, 'erp-navigate', ({ path }) => actions.navigate(path));
  onTopBar(topBar, 'erp-tab-select', ({ application }) => actions.selectTab(application));
  onTopBar(topBar, 'erp-tab-close', ({ application }) => actions.closeTab(application));
  onTopBar(topBar, 'erp-language-change', ({ locale }) => actions.changeLanguage(locale));
  onTopBar(topBar, 'erp-login', () => actions.login());
  onTopBar(topBar, 'erp-logout', () => actions.logout());
  onTopBar(topBar, 'erp-change-password', () => actions.changePassword());
  onTopBar(topBar, 'erp-about', () => actions.about());
  onTopBar(topBar, 'erp-switch-account', () => actions.switchAccount());

  return {
    topBar,
    overlay,
    setLanguages(languages) {
      topBar.languages = languages;
    },
    show() {
      // The page's static bar (index.html, issue 44) gives way to the element in the same task: no frame between.
      top.querySelector('.erp-boot-bar')?.remove();
      if (!topBar.isConnected) top.append(topBar);
    },
  };
}
