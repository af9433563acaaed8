/**
 * The workspace's own DOM: the menu bar and the tab bar above the screens' area. The bars join the page when
 * one of them is first shown (HOME has no menus): a boot to HOME renders neither.
 */
import { bus } from '@erp/shared';
import { isPortalLanding } from '../chrome/chrome.ts';
import { createElement, type MenuBarElement, type TabBarElement, type TabBarTab } from '../chrome/elements.ts';
import { loadStaffElements } from '../chrome/staff-elements.ts';
import { showsMenuArea, type ApplicationTab, type ScreenTab } from './workspace-model.ts';

export class WorkspaceView {
  readonly root = document.createElement('div');
  readonly menuBar = createElement<MenuBarElement>('erp-menu-bar');
  readonly tabBar = createElement<TabBarElement>('erp-tab-bar');
  /** Where the screens are mounted (screen-host.ts). */
  readonly area = document.createElement('div');

  constructor(element: HTMLElement) {
    this.root.className = 'erp-workspace';
    this.menuBar.className = 'erp-workspace__menu-bar';
    this.tabBar.className = 'erp-workspace__tab-bar';
    this.area.className = 'erp-workspace__screens';
    this.root.append(this.area);
    element.append(this.root);
  }

  /** The bars for the active application and tab; `dirty` holds the ids of tabs with unsaved changes. */
  update(app: ApplicationTab, active: ScreenTab, dirty: ReadonlyMap<string, string>): void {
    const { root, menuBar, tabBar } = this;
    // Issue 16: a portal customer's navigation is the portal bar alone (shown once, in their language): no
    // menu bar listing the same screens again, no staff tab bar.
    const customer = isPortalLanding(bus.session$.value?.profile.landingPage);
    menuBar.hidden = customer || !showsMenuArea(app.application, bus.session$.value?.profile);
    tabBar.hidden = customer || app.menuTabs.length === 0;
    if (!menuBar.isConnected && !(menuBar.hidden && tabBar.hidden)) {
      // Issue 69 item 3: defined by the staff elements' module (loaded at boot on a staff page); the properties set
      // before it is defined are taken over when it is.
      void loadStaffElements().catch((error: unknown) => console.error('The menu bar could not be loaded', error));
      root.prepend(menuBar, tabBar);
    }
    menuBar.applicationPath = app.routerPath;
    menuBar.activeMenuId = active.menuId;
    const barTabs = app.menuTabs.map((tab) => ({ id: tab.id, label: tab.label, isNew: tab.isNew, dirty: dirty.has(tab.id) }));
    // A new array re-renders the whole tab bar: only when its tabs changed.
    if (!sameBarTabs(tabBar.tabs, barTabs)) tabBar.tabs = barTabs;
    tabBar.activeId = active.kind === 'menu' || active.kind === 'route' ? active.id : null;
    root.dataset['application'] = app.application;
  }
}

function sameBarTabs(current: readonly TabBarTab[] | null | undefined, next: readonly TabBarTab[]): boolean {
  if (!current || current.length !== next.length) return false;
  return current.every((tab, i) => tab.id === next[i]!.id && tab.label === next[i]!.label && tab.isNew === next[i]!.isNew && !!tab.dirty === !!next[i]!.dirty);
}
