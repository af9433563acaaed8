/**
 * Portal mode of the shell (§1, §2 "Portal navigation appears only when the user's landing page is the
 * portal page", §4 Portal, §7 portal calls, §8 Portal).
 *
 * For a session whose landing page is the portal page it:
 * - shows `<erp-portal-bar>` under the top bar: the company logo (§7 GetDefaultCompany; failure ignored),
 *   the links Home, My Orders, Invoices, Notifications and Cart with the two badges (§7 GetBadgeNumbers: first item
 *   notifications, second cart; each shown only above 0; errors ignored), and the selected account;
 * - starts the portal session (shared/src/portal.ts: securables, firms, bill-to list, remembered account);
 * - reloads the badges on `bus.badgesReload$`, whenever the selected bill-to changes, and on a record event of the
 *   user's portal orders or notifications (issue 42);
 * - opens the account switcher (`openAccountSwitcher`) for the top bar's Switch Account link;
 * - sends /portal on to /portal/order (§2: both are the order page titled Home).
 * For any other session the bar is removed and nothing is fetched.
 */
import { distinctUntilChanged, map } from 'rxjs';
import {
  api,
  bus,
  i18n,
  loadBadgeNumbers,
  startPortalSession,
  translate,
  type PortalState,
} from '@erp/shared';
import { isPortalLanding } from '../chrome/chrome.ts';
import { createElement, type PortalBarElement } from '../chrome/elements.ts';
import { openAccountSwitcher } from './account-switcher.ts';

export const PORTAL_NAMESPACE = 'portal';

interface Company {
  Name?: unknown;
  Logo?: unknown;
  LogoFileType?: unknown;
}

const LINKS = [
  { path: '/portal/order', key: 'nav.home', fallback: 'Home' },
  { path: '/portal/myorders', key: 'nav.myOrders', fallback: 'My Orders' },
  // Issue 69 item 2: the customer's invoices, credit notes and statement.
  { path: '/portal/invoices', key: 'nav.invoices', fallback: 'Invoices' },
  { path: '/portal/notifications', key: 'nav.notifications', fallback: 'Notifications', badge: 'notifications' as const },
  { path: '/portal/cart', key: 'nav.cart', fallback: 'Cart', badge: 'cart' as const },
];

export interface PortalChrome {
  /** True while the signed-in user is a portal customer. */
  readonly active: boolean;
  switchAccount(): void;
}

/** Mounts portal mode after `anchor` (the top bar's container); it stays hidden for staff sessions. */
export function mountPortalChrome(anchor: HTMLElement): PortalChrome {
  let bar: PortalBarElement | null = null;
  let active = false;
  let counts = { notifications: 0, cart: 0 };
  let badgeRequest = 0;

  const label = (key: string, fallback: string) => translate(`${PORTAL_NAMESPACE}:${key}`, fallback);

  const activePath = () => {
    const path = (window.location.hash.replace(/^#/, '') || '/').split('?')[0]!.toLowerCase();
    return path === '/portal' ? '/portal/order' : path;
  };

  const render = () => {
    if (!bar) return;
    bar.navLabel = label('nav.label', 'Portal');
    bar.pdfLogoLabel = label('logo.pdf', 'Company logo (PDF)');
    bar.activePath = activePath();
    bar.links = LINKS.map((link) => ({
      path: link.path,
      label: label(link.key, link.fallback),
      ...(link.badge
        ? {
            count: counts[link.badge],
            countLabel: link.badge === 'cart' ? label('badges.cart', 'Lines in the cart') : label('badges.notifications', 'Unread notifications'),
          }
        : {}),
    }));
    const state: PortalState = bus.portal$.value;
    const parts = [state.selectedBillToId, state.selectedShipToId].filter(Boolean).join(' · ');
    bar.account = parts
      ? `${label('account.label', 'Account')}: ${parts}${state.selectedBillToId && state.accountOnHold ? ` — ${label('account.onHold', 'On hold')}` : ''}`
      : '';
  };

  const reloadBadges = async () => {
    const request = ++badgeRequest;
    const numbers = await loadBadgeNumbers(bus.portal$.value.selectedBillToId);
    // §8: errors are ignored (the badges keep their numbers); a later request wins.
    if (!numbers || request !== badgeRequest || !active) return;
    counts = numbers;
    render();
  };

  const loadCompany = async () => {
    try {
      const company = await api.get<Company>('Company/GetDefaultCompany', {}, { quiet: true, background: true });
      if (!bar) return;
      bar.companyName = typeof company?.Name === 'string' ? company.Name : '';
      bar.logo = typeof company?.Logo === 'string' ? company.Logo : null;
      bar.logoType = typeof company?.LogoFileType === 'string' ? company.LogoFileType : 'image/png';
    } catch {
      // §8: a logo load failure is ignored.
    }
  };

  const start = () => {
    active = true;
    bar = createElement<PortalBarElement>('erp-portal-bar');
    bar.dataset['portal'] = 'bar';
    counts = { notifications: 0, cart: 0 };
    anchor.after(bar);
    render();
    void i18n.loadNamespaces(PORTAL_NAMESPACE).then(render, () => undefined);
    void loadCompany();
    void startPortalSession();
  };

  const stop = () => {
    active = false;
    bar?.remove();
    bar = null;
  };

  bus.session$
    .pipe(
      map((session) => !!session && isPortalLanding(session.profile.landingPage)),
      distinctUntilChanged(),
    )
    .subscribe((portal) => (portal ? start() : stop()));
  bus.portal$.subscribe(() => render());
  bus.portal$
    .pipe(
      map((state) => state.selectedBillToId),
      distinctUntilChanged(),
    )
    .subscribe((billToId) => {
      if (!active) return;
      if (!billToId) {
        counts = { notifications: 0, cart: 0 };
        render();
        return;
      }
      void reloadBadges();
    });
  bus.badgesReload$.subscribe(() => {
    if (active) void reloadBadges();
  });
  // Issue 42: a notification or order of the user's accounts written anywhere (the office) updates the badges.
  bus.records$.subscribe(({ events, reset }) => {
    if (active && (reset || events.some((event) => event.Entity === 'PortalNotification' || event.Entity === 'PortalOrder'))) void reloadBadges();
  });
  bus.language$.subscribe(() => render());
  i18n.on('languageChanged', () => render());
  // §2: /portal is the order page titled Home (the catalog's root route is the generic application page).
  const portalRoot = () => {
    if (!active) return;
    const path = window.location.hash.replace(/^#/, '').replace(/\/+$/, '').toLowerCase();
    if (path === '/portal') window.location.replace('#/portal/order');
  };
  window.addEventListener('hashchange', () => {
    setTimeout(portalRoot, 0);
    render();
  });
  // After the tab host has finished with the route (it writes the canonical path itself).
  bus.activeApplication$.subscribe(() => setTimeout(portalRoot, 0));

  return {
    get active() {
      return active;
    },
    switchAccount() {
      if (active) void openAccountSwitcher();
    },
  };
}
