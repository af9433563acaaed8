/**
 * §2 "Every application root path shows an initial application page": the application's menus as a
 * launchpad, a "Filter menus" search box, and the user's recently opened screens of this application.
 *
 * Written with lit-html into the light DOM, like HOME (home-page.ts), not React: it is the first page of an
 * application, often the first one after boot, and it needs neither React nor @erp/ui's code to show (issue 44:
 * the first application page after boot).
 *
 * The page is a kept-alive screen of its application tab: the application is the screen's own (`props.application`),
 * never the current route, because the page stays mounted (hidden) while the user works in other tabs. Launchpad
 * groups (menus without a router path) are sections; items link to the application router path plus the menu router
 * path; inactive items are hidden; the order is by Sequence and the tree follows ParentId from ROOT. Choosing an
 * item asks the shell to open it (`bus.menuSelect$`), so the shell's rules apply (a tab, or the named window its
 * route asks for); the link's href still works for a new browser tab. The menus are read again after a language
 * change (the shell publishes the applications again), and after a failure once the API is reachable again.
 */
import { html, nothing, type TemplateResult } from 'lit';
import {
  applicationForPath,
  bus,
  filterMenuTree,
  isMenuGroup,
  loadMenus,
  menuHref,
  menusVisible,
  menuPath,
  menuTree,
  translate,
  type Application,
  type Menu,
  type MenuNode,
} from '@erp/shared';
import { recentSection } from './home-page.ts';
import { liveRender } from './live-render.ts';

const t = (key: string, fallback: string, values?: Record<string, unknown>) => translate(`apps:${key}`, fallback, values);

type MenusState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; menus: Menu[] };

/** Ids unique to one mounted page. */
let pages = 0;

function countItems(nodes: readonly MenuNode[]): number {
  return nodes.reduce((sum, node) => sum + (isMenuGroup(node.menu) ? 0 : 1) + countItems(node.children), 0);
}

/** Opens a menu item through the shell (plain clicks only: modified clicks keep the browser's behaviour). */
function openThroughShell(event: MouseEvent, menu: Menu, path: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (!bus.menuSelect$.observed) return; // no shell: the href navigates
  event.preventDefault();
  bus.menuSelect$.next({ menu, path });
}

function menuLink(menu: Menu, application: Application): TemplateResult {
  const path = menuPath(application.RouterPath, menu);
  // Issue 16 item 4: a screen not in this release carries a visible mark (its accessible description).
  const unavailable = menu.Available === false;
  const mark = t('launchpad.notInRelease', 'Not in this release');
  return html`<a
    class="erp-ui-launchpad__link"
    href=${menuHref(application.RouterPath, menu)}
    data-menu-id=${menu.MenuId}
    aria-description=${unavailable ? mark : nothing}
    ?data-unavailable=${unavailable}
    @click=${(event: MouseEvent) => openThroughShell(event, menu, path)}
    ><span class="erp-ui-launchpad__name">${menu.MenuName}</span>${unavailable
      ? html`<span class="erp-ui-launchpad__release" aria-hidden="true">${mark}</span>`
      : nothing}</a
  >`;
}

function menuList(nodes: readonly MenuNode[], application: Application, level: number): TemplateResult {
  const heading = (name: string) => {
    const text = html`${name}`;
    switch (Math.min(level, 6)) {
      case 3:
        return html`<h3 class="erp-ui-launchpad__subheading">${text}</h3>`;
      case 4:
        return html`<h4 class="erp-ui-launchpad__subheading">${text}</h4>`;
      case 5:
        return html`<h5 class="erp-ui-launchpad__subheading">${text}</h5>`;
      default:
        return html`<h6 class="erp-ui-launchpad__subheading">${text}</h6>`;
    }
  };
  return html`<ul class="erp-ui-launchpad__list">
    ${nodes.map(
      ({ menu, children }) => html`<li class="erp-ui-launchpad__entry">
        ${isMenuGroup(menu) ? heading(menu.MenuName) : menuLink(menu, application)}
        ${children.length > 0 ? menuList(children, application, level + 1) : nothing}
      </li>`,
    )}
  </ul>`;
}

function menuSection(headingId: string, title: string, nodes: readonly MenuNode[], application: Application): TemplateResult {
  return html`<section class="erp-ui-launchpad__section" aria-labelledby=${headingId}>
    <h2 id=${headingId} class="erp-ui-launchpad__heading">${title}</h2>
    ${nodes.length > 0 ? menuList(nodes, application, 3) : nothing}
  </section>`;
}

function launchpad(id: string, application: Application, tree: readonly MenuNode[], filtered: readonly MenuNode[], query: string): TemplateResult {
  if (tree.length === 0) return html`<p class="erp-ui-note">${t('launchpad.empty', 'No menu items are available to you in this application.')}</p>`;
  const groups = filtered.filter((node) => isMenuGroup(node.menu) && node.children.length > 0);
  const loose = filtered.filter((node) => !isMenuGroup(node.menu));
  const found = countItems(filtered);
  const words = query.trim();
  return html`<p class="erp-ui-visually-hidden" role="status">
      ${words ? t('launchpad.matches', '{{count}} menu items match', { count: found }) : ''}
    </p>
    ${found === 0
      ? html`<p class="erp-ui-note">${t('launchpad.noMatch', 'No menu item matches “{{query}}”.', { query: words })}</p>`
      : html`<nav class="erp-ui-launchpad" aria-label=${t('launchpad.menu', '{{application}} menu', { application: application.Description })}>
          ${loose.length > 0 ? menuSection(`${id}-general`, t('launchpad.general', 'General'), loose, application) : nothing}
          ${groups.map((group, index) => menuSection(`${id}-group-${index}`, group.menu.MenuName, group.children, application))}
        </nav>`}`;
}

/**
 * Renders the application page of `screen` into `container` and keeps it current until the answer is called.
 * `screen`: the tab's application and path (the screen contract's props).
 */
export function mountApplicationPage(container: HTMLElement, screen: { application?: string; path?: string }): () => void {
  const id = `erp-application-${++pages}`;
  const screenPath = screen.path || '/';
  let menus: MenusState = { status: 'loading' };
  let menusOf: string | null = null;
  let filter = '';
  let tree: MenuNode[] = [];
  let reading = 0;

  const applicationOf = (applications: readonly Application[]) =>
    applications.find((app) => screen.application && app.Application.toUpperCase() === screen.application.toUpperCase()) ??
    applicationForPath(applications, screenPath);

  /** Reads the menus of `application` (the page keeps showing the last ones meanwhile). */
  const read = (application: string) => {
    const turn = ++reading;
    menusOf = application;
    if (menus.status !== 'loaded') menus = { status: 'loading' };
    loadMenus(application).then(
      (answer) => {
        if (turn !== reading) return;
        menus = { status: 'loaded', menus: answer };
        tree = menuTree(answer);
        page.redraw();
      },
      () => {
        if (turn !== reading) return;
        menus = { status: 'failed' };
        page.redraw();
      },
    );
  };

  const body = (application: Application): TemplateResult => {
    if (menus.status === 'loading') return html`<p class="erp-ui-note" role="status">${t('launchpad.loading', 'Loading the menus…')}</p>`;
    if (menus.status === 'failed') {
      return html`<div class="erp-ui-note" role="alert">
        <p>${t('launchpad.failed', 'The menus could not be loaded.')}</p>
        <button type="button" class="erp-ui-button" @click=${() => (read(application.Application), page.redraw())}>
          ${t('launchpad.retry', 'Try again')}
        </button>
      </div>`;
    }
    return launchpad(id, application, tree, filterMenuTree(tree, filter), filter);
  };

  const template = (): TemplateResult => {
    const applications = bus.applications$.value;
    const application = applicationOf(applications);
    if (!application) {
      return html`<div class="erp-ui-page">
        <h1 class="erp-ui-page__title">${screen.application || screenPath}</h1>
        ${applications.length > 0 ? html`<p class="erp-ui-note">${t('launchpad.unknownApplication', 'This application is not available to you.')}</p>` : nothing}
        <p><a href="#/">${t('launchpad.backHome', 'Back to Home')}</a></p>
      </div>`;
    }
    const showMenus = menusVisible(bus.session$.value?.profile);
    return html`<div class="erp-ui-page" data-application=${application.Application}>
      <h1 class="erp-ui-page__title">${application.Description || application.Application}</h1>
      ${showMenus
        ? html`<div class="erp-ui-filter" role="search">
            <label class="erp-ui-filter__label" for=${`${id}-filter`}>${t('launchpad.filter', 'Filter menus')}</label>
            <input
              id=${`${id}-filter`}
              class="erp-ui-filter__input"
              type="search"
              autocomplete="off"
              spellcheck="false"
              placeholder=${t('launchpad.filterPlaceholder', 'Name, code or path')}
              .value=${filter}
              @input=${(event: Event) => {
                filter = (event.target as HTMLInputElement).value;
                page.redraw();
              }}
            />
          </div>`
        : nothing}
      <div class="erp-ui-application-home">
        <div class="erp-ui-application-home__menus">
          ${showMenus ? body(application) : html`<p class="erp-ui-note">${t('launchpad.menusHidden', 'Menus are not shown for your account.')}</p>`}
        </div>
        ${showMenus ? recentSection(bus.recent$.value, applications, `${id}-recent`, application.Application) : nothing}
      </div>
    </div>`;
  };

  const page = liveRender(container, template, [bus.session$, bus.recent$]);
  // The applications: the first answer names the application to read; a later one (the shell publishes them again
  // after a language change) reads its menus again in the new language.
  const applications = bus.applications$.subscribe((list) => {
    const application = applicationOf(list);
    if (application) read(application.Application);
    page.redraw();
  });
  // The API is reachable again after a network failure: the menus are read again by themselves (no reload needed).
  let wasReachable = bus.apiReachable$.value;
  const reachable = bus.apiReachable$.subscribe((now) => {
    if (now && !wasReachable && menus.status === 'failed' && menusOf) read(menusOf);
    wasReachable = now;
  });
  return () => {
    reading++;
    applications.unsubscribe();
    reachable.unsubscribe();
    page.stop();
  };
}

interface ParcelProps {
  domElement?: HTMLElement;
  application?: string;
  path?: string;
}

const mounted = new WeakMap<HTMLElement, () => void>();

/** The application page as a screen parcel; `module` names the micro-app it belongs to (`data-micro-app`). */
export function applicationPageParcel(module: string) {
  const rootOf = (props: ParcelProps): HTMLElement => {
    if (!props.domElement) throw new Error(`${module}#ApplicationHome needs a domElement`);
    return props.domElement;
  };
  return {
    bootstrap: async () => {},
    mount: async (props: ParcelProps) => {
      const element = rootOf(props);
      element.dataset['microApp'] = module;
      mounted.set(element, mountApplicationPage(element, props));
    },
    unmount: async (props: ParcelProps) => {
      const element = rootOf(props);
      mounted.get(element)?.();
      mounted.delete(element);
    },
  };
}
