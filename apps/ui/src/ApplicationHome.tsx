/**
 * §2 "Every application root path shows an initial application page": the application's menus as a
 * launchpad, a "Filter menus" search box, and the user's recently opened screens of this application.
 *
 * The page is a kept-alive screen of its application tab: the application is the screen's own
 * (`useScreen().application`), never the current route, because the page stays mounted (hidden) while the
 * user works in other tabs. Launchpad groups (menus without a router path) are sections; items link to the
 * application router path plus the menu router path; inactive items are hidden; the order is by Sequence
 * and the tree follows ParentId from ROOT. Choosing an item asks the shell to open it (`bus.menuSelect$`),
 * so the shell's rules apply (a tab, or the named window its route asks for); the link's href still
 * works for a new browser tab.
 */
import { useDeferredValue, useEffect, useId, useMemo, useState, type MouseEvent } from 'react';
import {
  applicationForPath,
  bus,
  formatDateTime,
  isMenuGroup,
  loadMenus,
  menuHref,
  menusVisible,
  menuPath,
  menuTree,
  type Application,
  type Menu,
  type MenuNode,
  type RecentScreen,
} from '@erp/shared';
import { filterMenuTree } from './menu-filter.ts';
import { useBusValue, useTranslation } from './hooks.ts';
import { useOptionalScreen } from './screen.tsx';
import { ensureStylesheet } from './stylesheet.ts';

ensureStylesheet();

type MenusState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; menus: Menu[] };

function useMenus(application: string | null): [MenusState, () => void] {
  const [state, setState] = useState<MenusState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Issue 16 item 3: the shell publishes the applications again after a language change; the menus are
  // then read again in the new language (the page keeps showing the old names meanwhile).
  const names = useBusValue(bus.applications$);
  useEffect(() => {
    if (!application) return undefined;
    let live = true;
    setState((previous) => (previous.status === 'loaded' ? previous : { status: 'loading' }));
    loadMenus(application).then(
      (menus) => live && setState({ status: 'loaded', menus }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [application, attempt, names]);
  // The API is reachable again after a network failure: try again by itself (no reload needed).
  const failed = state.status === 'failed';
  useEffect(() => {
    if (!failed) return undefined;
    let wasReachable = bus.apiReachable$.value;
    const subscription = bus.apiReachable$.subscribe((reachable) => {
      if (reachable && !wasReachable) setAttempt((n) => n + 1);
      wasReachable = reachable;
    });
    return () => subscription.unsubscribe();
  }, [failed]);
  return [state, () => setAttempt((n) => n + 1)];
}

function countItems(nodes: readonly MenuNode[]): number {
  return nodes.reduce((sum, node) => sum + (isMenuGroup(node.menu) ? 0 : 1) + countItems(node.children), 0);
}

/** Opens a menu item through the shell (plain clicks only: modified clicks keep the browser's behaviour). */
function openThroughShell(event: MouseEvent<HTMLAnchorElement>, menu: Menu, path: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  if (!bus.menuSelect$.observed) return; // no shell: the href navigates
  event.preventDefault();
  bus.menuSelect$.next({ menu, path });
}

interface MenuListProps {
  nodes: MenuNode[];
  application: Application;
  level: number;
}

function MenuList({ nodes, application, level }: MenuListProps) {
  return (
    <ul className="erp-ui-launchpad__list">
      {nodes.map(({ menu, children }) => (
        <li key={menu.MenuKey} className="erp-ui-launchpad__entry">
          {isMenuGroup(menu) ? (
            <MenuGroupHeading level={level}>{menu.MenuName}</MenuGroupHeading>
          ) : (
            <MenuLink menu={menu} application={application} />
          )}
          {children.length > 0 && <MenuList nodes={children} application={application} level={level + 1} />}
        </li>
      ))}
    </ul>
  );
}

function MenuGroupHeading({ level, children }: { level: number; children: string }) {
  const Tag = `h${Math.min(level, 6)}` as 'h3';
  return <Tag className="erp-ui-launchpad__subheading">{children}</Tag>;
}

function MenuLink({ menu, application }: { menu: Menu; application: Application }) {
  const { t } = useTranslation();
  const path = menuPath(application.RouterPath, menu);
  const unavailable = menu.Available === false;
  return (
    <a
      className="erp-ui-launchpad__link"
      href={menuHref(application.RouterPath, menu)}
      data-menu-id={menu.MenuId}
      // Issue 16 item 4: a screen not in this release carries a visible mark (its accessible description).
      aria-description={unavailable ? t('launchpad.notInRelease') : undefined}
      data-unavailable={unavailable ? '' : undefined}
      onClick={(event) => openThroughShell(event, menu, path)}
    >
      <span className="erp-ui-launchpad__name">{menu.MenuName}</span>
      {unavailable ? (
        <span className="erp-ui-launchpad__release" aria-hidden="true">
          {t('launchpad.notInRelease')}
        </span>
      ) : null}
    </a>
  );
}

function MenuSection({ title, nodes, application }: { title: string; nodes: MenuNode[]; application: Application }) {
  const headingId = useId();
  return (
    <section className="erp-ui-launchpad__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="erp-ui-launchpad__heading">
        {title}
      </h2>
      {nodes.length > 0 && <MenuList nodes={nodes} application={application} level={3} />}
    </section>
  );
}

function Launchpad({ application, menus, query }: { application: Application; menus: Menu[]; query: string }) {
  const { t } = useTranslation();
  const fullTree = useMemo(() => menuTree(menus), [menus]);
  const tree = useMemo(() => filterMenuTree(fullTree, query), [fullTree, query]);
  if (fullTree.length === 0) return <p className="erp-ui-note">{t('launchpad.empty')}</p>;
  const groups = tree.filter((node) => isMenuGroup(node.menu) && node.children.length > 0);
  const loose = tree.filter((node) => !isMenuGroup(node.menu));
  const found = countItems(tree);
  return (
    <>
      <p className="erp-ui-visually-hidden" role="status">
        {query.trim() ? t('launchpad.matches', { count: found }) : ''}
      </p>
      {found === 0 ? (
        <p className="erp-ui-note">{t('launchpad.noMatch', { query: query.trim() })}</p>
      ) : (
        <nav className="erp-ui-launchpad" aria-label={t('launchpad.menu', { application: application.Description })}>
          {loose.length > 0 && <MenuSection title={t('launchpad.general')} nodes={loose} application={application} />}
          {groups.map((group) => (
            <MenuSection key={group.menu.MenuKey} title={group.menu.MenuName} nodes={group.children} application={application} />
          ))}
        </nav>
      )}
    </>
  );
}

/** The user's recently opened screens (newest first), optionally of one application. */
export function RecentScreens({ application, limit = 8 }: { application?: string; limit?: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const recent = useBusValue(bus.recent$);
  const applications = useBusValue(bus.applications$);
  const list = recent
    .filter((entry: RecentScreen) => !application || entry.application.toUpperCase() === application.toUpperCase())
    .slice(0, limit);
  return (
    <section className="erp-ui-section erp-ui-recent" aria-labelledby={headingId}>
      <h2 id={headingId} className="erp-ui-section__heading">
        {t('recent.title')}
      </h2>
      {list.length === 0 ? (
        <p className="erp-ui-note">{t('recent.empty')}</p>
      ) : (
        <ul className="erp-ui-recent__list">
          {list.map((entry) => {
            const owner = applications.find((app) => app.Application === entry.application);
            const opened = new Date(entry.openedAt);
            return (
              <li key={entry.path} className="erp-ui-recent__item">
                <a className="erp-ui-launchpad__link" href={`#${entry.path}`}>
                  <span className="erp-ui-launchpad__name">{entry.label}</span>
                  <span className="erp-ui-launchpad__path">
                    {!application && owner ? `${owner.Description} · ` : ''}
                    {Number.isNaN(opened.getTime()) ? '' : (
                      <time dateTime={entry.openedAt}>
                        {formatDateTime(opened)}
                      </time>
                    )}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The initial page of the screen's application (of the current route when mounted outside the tab host). */
export function ApplicationHome() {
  const { t } = useTranslation();
  const screen = useOptionalScreen();
  const applications = useBusValue(bus.applications$);
  const session = useBusValue(bus.session$);
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const query = useDeferredValue(filter);
  const screenPath = screen?.path ?? '/';
  const application =
    applications.find((app) => screen?.application && app.Application.toUpperCase() === screen.application.toUpperCase()) ??
    applicationForPath(applications, screenPath);
  const [menus, retry] = useMenus(application?.Application ?? null);

  if (!application) {
    return (
      <div className="erp-ui-page">
        <h1 className="erp-ui-page__title">{screen?.application || screenPath}</h1>
        {applications.length > 0 && <p className="erp-ui-note">{t('launchpad.unknownApplication')}</p>}
        <p>
          <a href="#/">{t('launchpad.backHome')}</a>
        </p>
      </div>
    );
  }

  const showMenus = menusVisible(session?.profile);
  let body;
  if (!showMenus) {
    body = <p className="erp-ui-note">{t('launchpad.menusHidden')}</p>;
  } else if (menus.status === 'loading') {
    body = (
      <p className="erp-ui-note" role="status">
        {t('launchpad.loading')}
      </p>
    );
  } else if (menus.status === 'failed') {
    body = (
      <div className="erp-ui-note" role="alert">
        <p>{t('launchpad.failed')}</p>
        <button type="button" className="erp-ui-button" onClick={retry}>
          {t('launchpad.retry')}
        </button>
      </div>
    );
  } else {
    body = <Launchpad application={application} menus={menus.menus} query={query} />;
  }

  return (
    <div className="erp-ui-page" data-application={application.Application}>
      <h1 className="erp-ui-page__title">{application.Description || application.Application}</h1>
      {showMenus && (
        <div className="erp-ui-filter" role="search">
          <label className="erp-ui-filter__label" htmlFor={filterId}>
            {t('launchpad.filter')}
          </label>
          <input
            id={filterId}
            className="erp-ui-filter__input"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('launchpad.filterPlaceholder')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
      )}
      <div className="erp-ui-application-home">
        <div className="erp-ui-application-home__menus">{body}</div>
        {showMenus && <RecentScreens application={application.Application} />}
      </div>
    </div>
  );
}
