/**
 * The event bus: every channel between the root config, the shell elements and the micro-apps, typed and
 * documented here. State is a BehaviorSubject (late subscribers get the current value); events are
 * Subjects. No micro-app talks to another except through these channels.
 */
import { BehaviorSubject, Subject } from 'rxjs';
import type { RecordEvents, RecordPresence } from './record-events.ts';
import { HOME_APPLICATION, type Application, type Menu, type RouteDefinition, type TenantInfo, type UserProfile } from './types.ts';

/*
 * Channel index (state = BehaviorSubject, events = Subject). Who writes, who reads:
 * - session$            root-config (sign-in)                          → everyone
 * - applications$       root-config (start-up)                         → top bar, palette, screens
 * - menus$              root-config (when the active application changes; never for HOME) → menu bar, screens
 * - tenant$             root-config                                    → About, Home
 * - language$           root-config (language change)                  → everyone
 * - loading$            api.ts and the tab host via beginLoading()     → loading overlay
 * - apiReachable$       api.ts (false on a network failure, true on any answer); root-config's probe → banner
 * - portal$             portal                                         → portal
 * - activeApplication$  root-config (tab host)                         → top bar, menu bar
 * - routes$             root-config (start-up)                         → tab host, screens
 * - tabs$               root-config (tab host)                         → screens that list open tabs
 * - recent$             root-config (tab host: every menu tab opened)  → Home, application pages
 * - navigate$           anyone                                         → root-config
 * - menuSelect$         screens (launchpad links)                      → root-config (tab, or the route's named window)
 * - confirm$            askUser() in screen.ts                          → root-config's dialog (erp-dialog)
 * - badgesReload$       portal                                          → portal badges
 * - tabClosed$          root-config (tab host, after a screen was torn down) → anyone
 * - dirtyTabs$          root-config (tab host: a screen registers a close guard exactly while it holds
 *                       unsaved changes, screen.ts)                    → top bar and tab bar markers, anyone
 * - alert$              api.ts, session.ts, root-config                → the alerts region
 * - records$            record-events.ts (the server's event stream, issue 42) → lists, forms, queues, badges,
 *                       the portal's orders: records created / changed / deleted elsewhere, or a reset
 * - presence$           record-events.ts                               → forms: who else shows a record
 * - sessionEnded$       record-events.ts (the stream's `signed-out`: the provider session ended — a sign-out in
 *                       another tab, or on an intranet page embedding the elements, issue 70) → session.ts
 */

/** The signed-in user as the shell sees it (§3 session: the expired flag). */
export interface Session {
  accessToken: string;
  expired: boolean;
  profile: UserProfile;
}

/** §3 Portal session state. */
export interface PortalState {
  accountOnHold: boolean;
  selectedBillToId: string | null;
  selectedShipToId: string | null;
  deliveryDate: string | null;
}

/** One open application tab and its menu tabs (§4). */
export interface OpenApplicationTab {
  application: string;
  routerPath: string;
  menuTabs: OpenMenuTab[];
}

export interface OpenMenuTab {
  menuId: string;
  title: string;
  path: string;
  /** §4: marked new until its screen has loaded. */
  isNew: boolean;
}

/** A screen the user opened recently (newest first), kept per user by the tab host. */
export interface RecentScreen {
  /** Hash path, e.g. `/novus-gl/gl-chart`. */
  path: string;
  /** Application name, e.g. `NOVUS-GL`. */
  application: string;
  menuId: string | null;
  /** The tab's label (the menu's MenuName). */
  label: string;
  /** ISO timestamp of the last time it was opened. */
  openedAt: string;
}

/** One button of a question dialog. */
export interface ConfirmAction {
  id: string;
  label: string;
  variant?: 'primary' | 'danger' | 'default';
}

/** A question for the user (Save / Discard / Stay…); `resolve` receives the chosen action id, or 'cancel'. */
export interface ConfirmRequest {
  heading: string;
  message: string;
  actions: ConfirmAction[];
  resolve(actionId: string): void;
}

export const bus = {
  /** The signed-in user, or null when signed out. Set by the root config only. */
  session$: new BehaviorSubject<Session | null>(null),
  /** Applications the user may open (§7, loaded once). */
  applications$: new BehaviorSubject<Application[]>([]),
  /** Menus of the active application (§4: loaded when the application changes). */
  menus$: new BehaviorSubject<Menu[]>([]),
  tenant$: new BehaviorSubject<TenantInfo | null>(null),
  /** Current UI locale, e.g. fr-CA. */
  language$: new BehaviorSubject<string>('en-CA'),
  /** §4 loading indicator: number of things in flight; never below zero. */
  loading$: new BehaviorSubject<number>(0),
  /**
   * False once an API call failed without any answer (network failure: the API host cannot be reached);
   * true again as soon as any answer arrives (a call, or the shell's reachability probe). HTTP error statuses
   * are answers: they never set it to false.
   */
  apiReachable$: new BehaviorSubject<boolean>(true),
  /** §3 portal session state. */
  portal$: new BehaviorSubject<PortalState>({
    accountOnHold: true,
    selectedBillToId: null,
    selectedShipToId: null,
    deliveryDate: null,
  }),
  /** The application of the current route (§4: resolved from the first path segment); HOME on '/'. */
  activeApplication$: new BehaviorSubject<string>(HOME_APPLICATION),
  /** Route definitions from the server (§7, loaded once at start-up; empty when the fetch failed). */
  routes$: new BehaviorSubject<RouteDefinition[]>([]),
  /** Open application tabs in order, HOME first. */
  tabs$: new BehaviorSubject<OpenApplicationTab[]>([]),
  /** Recently opened screens of the signed-in user, newest first (at most 12). */
  recent$: new BehaviorSubject<RecentScreen[]>([]),
  /** Ask the shell to go to a hash path such as `/novus-gl/gl-chart`. */
  navigate$: new Subject<string>(),
  /**
   * A menu item was chosen outside the shell's own menu bar (an application page's launchpad). The shell
   * opens it like a menu bar choice: as a tab, or in the named window its route's Meta asks for (§2).
   */
  menuSelect$: new Subject<{ menu: Menu; path: string }>(),
  /** A question for the user, shown by the shell in a dialog (see `askUser` in screen.ts). */
  confirm$: new Subject<ConfirmRequest>(),
  /** Portal badges should be fetched again (§4 after an account switch). */
  badgesReload$: new Subject<void>(),
  /**
   * Hash paths of the open tabs whose screen holds unsaved changes (issue 16: such a tab is marked). A screen
   * holds unsaved changes while it has a close guard registered (`setCanClose`, `useCloseGuard`).
   */
  dirtyTabs$: new BehaviorSubject<ReadonlySet<string>>(new Set()),
  /** A menu tab was closed and its screen torn down. */
  tabClosed$: new Subject<{ application: string; menuId: string }>(),
  /** An alert for the user (§8 catalogue), already localized. */
  alert$: new Subject<{ kind: 'error' | 'warning' | 'info'; message: string }>(),
  /**
   * Issue 42: records changed on the server (by anyone, on any instance), only those the user may see; batched and
   * throttled by the server (about one batch a second). `reset`: events may have been missed, reload what is shown.
   * Read through `recordEvents(entity)` of record-events.ts.
   */
  records$: new Subject<RecordEvents>(),
  /** Issue 42 item 3: the other users showing a record this page shows (`presenceOf` in record-events.ts). */
  presence$: new Subject<RecordPresence>(),
  /** Issue 70: the identity provider's session of this page ended elsewhere; the page forgets its user. */
  sessionEnded$: new Subject<void>(),
};

export type Bus = typeof bus;

/** §4: raise the loading counter; the returned function lowers it once (never below zero). */
export function beginLoading(): () => void {
  bus.loading$.next(bus.loading$.value + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    bus.loading$.next(Math.max(0, bus.loading$.value - 1));
  };
}

/** §4: Escape resets the loading indicator to off. */
export function resetLoading(): void {
  bus.loading$.next(0);
}
