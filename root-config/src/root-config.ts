/**
 * @erp/root-config — boots the shell (§4 first navigation):
 * shell config → applications, routes, tenant, languages and profile in parallel (with a stored live token),
 * i18n and sign-in → chrome (top bar, loading overlay, alerts, banners, question dialog, shortcuts) → bus →
 * single-spa-layout (hash mode) mounting the one workspace application (the tab host) → single-spa start →
 * top bar shown. After the first screen: the background token renewal, then, when the page is idle, the
 * hidden chrome (About, Change Password, command palette) and the first application page's modules.
 * When sign-in is impossible the shell still starts, signed out, with a Log in button and no server routes.
 */
// Issue 69 item 3: the chrome a page shows at boot; the staff elements are loaded apart (chrome/staff-elements.ts).
import '@erp/shell-elements/chrome';
import { addErrorHandler, getAppStatus, registerApplication, start, type AppError } from 'single-spa';
import { constructApplications, constructLayoutEngine, constructRoutes } from 'single-spa-layout';
import {
  api,
  fetchShellConfig,
  beginLoading,
  bus,
  configureApi,
  confirmSignOutLosingOrders,
  createSession,
  fallbackProfile,
  forgetPortalOffline,
  hashPath,
  initI18n,
  resetLoading,
  startRecordEvents,
  stopRecordEvents,
  translate,
  type Application,
  type LanguagesAnswer,
  type RouteDefinition,
  type ShellConfig,
  type ShellSession,
  type TenantInfo,
  type UserProfile,
} from '@erp/shared';
import type { User } from 'oidc-client-ts';
import { renderAlerts } from './chrome/alerts.ts';
import { mountBanners } from './chrome/banners.ts';
import { mountChrome, type Chrome, isPortalLanding } from './chrome/chrome.ts';
import { mountQuestionDialog } from './chrome/dialogs.ts';
import type { DialogElement } from './chrome/elements.ts';
import type { PortalChrome } from './portal/portal-chrome.ts';
import { installShortcuts } from './chrome/shortcuts.ts';
import { loadStaffElements } from './chrome/staff-elements.ts';

import { readImportMap } from './import-map.ts';
import { layoutConfig } from './layout.ts';
import { changeLanguage, publishLanguage } from './locale.ts';
import { firstNavigation, go, landingPath } from './router/guard.ts';
import { Workspace } from './tabs/workspace.ts';
import { WORKSPACE_APP, workspaceApplication } from './workspace-app.ts';
import { StartupCache, indexedDbStore, type CacheOwner } from './startup-cache.ts';
import { HomeKeeper, retirePageHome } from './boot/keep-home.ts';
import { HOME_MODULE } from './boot/kept-home.ts';
import { takeCallbackAccessToken } from './boot/callback.ts';

/** Namespaces every page needs: the elements' (shell), the §8 catalogue (errors) and the micro-apps' (apps). */
const NAMESPACES = ['shell', 'errors', 'apps'];
/** The portal's namespace (portal/portal-chrome.ts PORTAL_NAMESPACE, @erp/portal's screens). */
const PORTAL_NAMESPACE = 'portal';
const CHANGE_PASSWORD_PATH = '/shell/change-password';
const CHANGE_PASSWORD_COMPONENT = '@erp/shell-admin#ChangePassword';

interface ShellData {
  applications: Application[];
  routes: RouteDefinition[];
  tenant: TenantInfo | null;
  languages: LanguagesAnswer | null;
  profile: UserProfile;
}

function valueOf<T>(result: PromiseSettledResult<T>, fallback: T): T {
  return result.status === 'fulfilled' && result.value !== undefined && result.value !== null ? result.value : fallback;
}

/** Start-up answers made before sign-in finished, and whether they may serve the user it signed in. */
interface EarlyShellData {
  data: ShellData;
  serves(user: User): boolean;
}

/**
 * The §7 start-up calls made before sign-in has finished, quiet (when any call fails the answer is null and the
 * calls are made again once sign-in has finished):
 * - with the stored user's access token while §4's silent renewal runs (only a token that has not expired). Nothing
 *   of it is used (or shown) unless the renewal succeeds for the same user — a failed renewal still goes to sign-in;
 * - on the sign-in callback page, issue 69 item 3, with the access token of the boot loader's early exchange
 *   (boot/callback.ts) as soon as it comes, while oidc-client-ts handles the callback: used only when it signs in
 *   with that very token.
 */
async function loadShellDataEarly(session: ShellSession): Promise<EarlyShellData | null> {
  if (session.isCallback()) {
    const token = await takeCallbackAccessToken();
    if (!token) return null;
    const { data } = await fetchAllAnswers(token);
    return data ? { data, serves: (user) => user.access_token === token } : null;
  }
  // Read at once (no IndexedDB round trip): the calls leave before the chrome is even built.
  const stored = session.peekStoredUser();
  if (!stored || stored.expired !== false || !stored.refresh_token) return null;
  const { data } = await fetchAllAnswers(stored.access_token);
  return data ? { data, serves: (user) => user.profile.sub === stored.profile.sub } : null;
}

/**
 * The five start-up calls with `token`, quiet, all or nothing: null when any failed; `revoked` when the server
 * refused the token (401).
 */
async function fetchAllAnswers(token: string): Promise<{ data: ShellData | null; revoked: boolean }> {
  const options = { token, quiet: true };
  try {
    const [applications, routes, tenant, languages, profile] = await Promise.all([
      api.get<Application[]>('shell/applications', undefined, options),
      api.get<RouteDefinition[]>('shell/routes', undefined, options),
      api.get<TenantInfo>('tenant', undefined, options),
      api.get<LanguagesAnswer>('shell_init/languages', undefined, options),
      api.get<UserProfile>('shell/profile', undefined, options),
    ]);
    if (!Array.isArray(applications) || !Array.isArray(routes) || !profile) return { data: null, revoked: false };
    return { data: { applications, routes, tenant: tenant ?? null, languages: languages ?? null, profile }, revoked: false };
  } catch (error) {
    return { data: null, revoked: (error as { status?: unknown }).status === 401 };
  }
}

/** The early answer when it was made for the user the renewal signed in, else the calls with the new token. */
async function shellDataFor(user: User, early: Promise<EarlyShellData | null> | null): Promise<ShellData> {
  const answer = early ? await early : null;
  if (answer?.serves(user)) {
    // The early calls answer all or nothing.
    complete.add(answer.data);
    return answer.data;
  }
  return loadShellData(user);
}

/**
 * Issue 44: the start-up answers of the last boot, kept per user (startup-cache.ts). Opened at once, so the
 * store is ready by the time sign-in has decided who the user is.
 */
const startupCache = new StartupCache<ShellData>(indexedDbStore);

function cacheOwner(config: ShellConfig, user: User): CacheOwner {
  return { authority: config.oidc.authority, clientId: config.oidc.clientId, subject: user.profile.sub };
}

/**
 * The revalidation of answers shown from the cache: the early calls' answer for this user, else the calls made
 * again with its token; null when any of them failed (the cached answers stay on screen and in the cache).
 * `revoked` is true when the server refused the token (401): the session is over.
 */
async function revalidate(user: User, early: Promise<EarlyShellData | null> | null): Promise<{ data: ShellData | null; revoked: boolean }> {
  const answer = early ? await early : null;
  if (answer?.serves(user)) return { data: answer.data, revoked: false };
  return fetchAllAnswers(user.access_token);
}

/** Whichever settles first: `a`'s value when it is not null, else `b`'s. */
async function firstOf<T>(a: Promise<T | null>, b: Promise<T>): Promise<{ value: T; fromA: boolean }> {
  const tagged = await Promise.race([a.then((value) => ({ value, fromA: true })), b.then((value) => ({ value, fromA: false }))]);
  if (tagged.fromA && tagged.value === null) return { value: await b, fromA: false };
  return tagged as { value: T; fromA: boolean };
}

/**
 * After boot, when the page is idle: the modules the first application page needs (React and @erp/ui) are
 * fetched and compiled — not evaluated — so opening an application does not wait for them. HOME needs none.
 * A portal session asks for them as soon as it is known (its first screen is one).
 */
function prefetchScreenModules(imports: Record<string, string>, alsoModules: readonly string[] = []): void {
  const specifiers = ['@erp/ui', 'react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'single-spa-react', ...alsoModules];
  const present = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href));
  for (const specifier of specifiers) {
    const url = imports[specifier];
    if (!url) continue;
    const href = new URL(url, document.baseURI).href;
    if (present.has(href)) continue;
    present.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

const deferred: (() => unknown)[] = [];

/**
 * A piece of hidden chrome whose code is not part of the boot (issue 44: less to compile before HOME): its
 * module is loaded and the piece built on first use, or by `buildDeferred()` when the page is idle.
 */
function loadWhenNeeded<T>(load: () => Promise<T>): (() => Promise<T>) & { current(): T | null } {
  let loading: Promise<T> | null = null;
  let value: T | null = null;
  const get = () =>
    (loading ??= load().then((built) => {
      value = built;
      return built;
    }));
  deferred.push(get);
  return Object.assign(get, { current: () => value });
}

/**
 * Builds every piece of hidden chrome not built yet, one per idle period: built in one task, About, Change
 * Password and the palette made a long task while a portal screen's answers were still arriving (issue 69 item 3).
 */
function buildDeferred(): void {
  const build = deferred.shift();
  if (!build) return;
  // A piece that failed to build fails again where it is used (its own promise); the next one still builds.
  void Promise.resolve(build())
    .catch(() => undefined)
    .then(() => whenIdle(buildDeferred));
}

/** Runs `task` when the page is idle (soon at the latest). */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else window.setTimeout(task, 200);
}

/** The §7 start-up calls, in parallel, with the new user's token (the session is not published yet). */
async function loadShellData(user: User): Promise<ShellData> {
  const options = { token: user.access_token };
  const [applications, routes, tenant, languages, profile] = await Promise.allSettled([
    api.get<Application[]>('shell/applications', undefined, options),
    // §8: a route load failure starts the shell with no routes (nothing to alert).
    api.get<RouteDefinition[]>('shell/routes', undefined, { ...options, quiet: true }),
    api.get<TenantInfo>('tenant', undefined, options),
    api.get<LanguagesAnswer>('shell_init/languages', undefined, options),
    api.get<UserProfile>('shell/profile', undefined, options),
  ]);
  const data: ShellData = {
    applications: Array.isArray(valueOf(applications, null)) ? valueOf(applications, []) : [],
    routes: Array.isArray(valueOf(routes, null)) ? valueOf(routes, []) : [],
    tenant: valueOf(tenant, null),
    languages: valueOf(languages, null),
    profile: profile.status === 'fulfilled' ? profile.value : fallbackProfile(user),
  };
  const answered = [applications, routes, tenant, languages, profile].every((result) => result.status === 'fulfilled' && result.value != null);
  if (answered && Array.isArray(valueOf(applications, null)) && Array.isArray(valueOf(routes, null))) complete.add(data);
  return data;
}

/** Answers of `loadShellData` where every call answered (only those are kept for the next boot). */
const complete = new WeakSet<ShellData>();

/** The start-up answers on the bus and in the chrome: the session is published with the profile. */
function publishShellData(session: ShellSession, chrome: Chrome, user: User, data: ShellData): void {
  bus.applications$.next(data.applications);
  bus.routes$.next(data.routes);
  bus.tenant$.next(data.tenant);
  chrome.setLanguages(data.languages?.Languages ?? []);
  session.publish(user, data.profile);
  linkProfileStylesheets(data.profile);
}

/** §3: the profile may carry css files for the environment. */
function linkProfileStylesheets(profile: UserProfile): void {
  for (const href of profile.cssFiles ?? []) {
    if (typeof href !== 'string' || !href.trim()) continue;
    // Published again after a revalidation: a sheet already linked is not linked twice.
    if ([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((l) => l.getAttribute('href') === href)) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
}

/** The page's location must be '/' (not the callback path) before the hash-mode layout is built. */
function settleLocation(): void {
  if (window.location.pathname !== '/') {
    window.history.replaceState(null, '', `/${window.location.hash || '#/'}`);
  }
}

/** single-spa-layout in hash mode, mounting the one workspace application on every route. */
function startLayout(workspace: Workspace): void {
  const content = document.getElementById('erp-content') ?? document.body;
  const resolved = constructRoutes(layoutConfig(content));
  const workspaceApp = workspaceApplication(workspace);
  const applications = constructApplications({
    routes: resolved,
    loadApp: async ({ name }) => {
      if (name === WORKSPACE_APP) return workspaceApp as never;
      throw new Error(`No single-spa application named ${name}: screens are parcels of the workspace`);
    },
  });
  const engine = constructLayoutEngine({ routes: resolved, applications });
  addErrorHandler((error: AppError) => {
    bus.alert$.next({
      kind: 'error',
      message: translate('errors:generic.screenFailed', 'The screen {{name}} could not be loaded.', {
        name: error.appOrParcelName,
      }),
    });
    console.error(error.appOrParcelName, getAppStatus(error.appOrParcelName), error);
  });
  applications.forEach(registerApplication);
  engine.activate();
  start({ urlRerouteOnly: true });
}

/** True while a dialog (a question, About, a screen) is open: tab shortcuts wait. */
function dialogOpen(): boolean {
  return [...document.querySelectorAll('erp-dialog')].some((dialog) => (dialog as DialogElement).open);
}

/** User Timing marks of the boot (read by the shell benchmark, shown in the browser's performance tools). */
const BOOT_MARKS = { start: 'erp:boot-start', signedIn: 'erp:boot-signed-in', firstScreen: 'erp:boot-first-screen' } as const;

async function boot(): Promise<void> {
  performance.mark(BOOT_MARKS.start);
  void indexedDbStore();
  // Issue 69 item 3: a page that is not a portal page (the boot loader marks those: boot/loader.ts) runs the staff
  // elements beside the boot; a portal page loads them only when it shows one (a staff member at a portal address).
  const portalPage = document.getElementById('erp-top')?.classList.contains('erp-shell__top--portal') === true;
  if (!portalPage) void loadStaffElements().catch(() => undefined);
  let session: ShellSession | null = null;
  let workspace: Workspace | null = null;
  const { imports } = readImportMap();
  const doneLoading = beginLoading();
  // Issue 44: HOME as the user last saw it, for the page's next first frame (boot/loader.ts).
  const homeKeeper = new HomeKeeper(safeLocalStorage(), imports[HOME_MODULE]);
  homeKeeper.install();
  /** The kept start-up answers and HOME go with the session. */
  const forgetKept = (): Promise<void> => {
    homeKeeper.forget();
    // Issue 69 item 4: the portal's kept answers and offline orders go too.
    return Promise.all([startupCache.clear(), forgetPortalOffline()]).then(() => undefined);
  };

  // The network first: the start-up calls (with a stored live token), the locale files and sign-in leave
  // before the chrome is built, and the chrome is built while they travel.
  const config: ShellConfig | null = await fetchShellConfig().catch(() => null);
  let early: ReturnType<typeof loadShellDataEarly> | null = null;
  let started: ReturnType<ShellSession['start']> | null = null;
  /** The stored user (its subject) whose kept answers were looked up before any start-up call left, and those answers. */
  let keptSubject: string | null = null;
  let keptEarly: Promise<ShellData | null> = Promise.resolve(null);
  if (config) {
    configureApi({ baseUrl: config.apiBase });
    const current = createSession(config);
    session = current;
    // Issue 74: with the user's kept answers (a returning user), the start-up calls only revalidate what is shown:
    // they wait for the first screen, as the session's renewal does, instead of sharing the boot's two cores with it
    // (their fetches and DPoP proofs, and the server's five answers). Without them, the calls leave at once.
    const stored = current.isCallback() ? null : current.peekStoredUser();
    if (stored) {
      keptSubject = stored.profile.sub;
      keptEarly = startupCache.read(cacheOwner(config, stored));
    }
    early = keptEarly.then((kept) => (kept ? null : loadShellDataEarly(current)));
  }
  // Issue 69 item 3: a portal page (boot/loader.ts) asks for the portal's namespace (its bar's and screens') with these,
  // not once the portal chrome has loaded — a round trip on the way to the first screen.
  const namespaces = portalPage ? [...NAMESPACES, PORTAL_NAMESPACE] : NAMESPACES;
  const i18nReady = initI18n({ namespaces, ...(config?.localesVersion ? { version: config.localesVersion } : {}) })
    .catch(() => undefined)
    .then(() => publishLanguage());
  if (session) started = session.start();

  // Nobody sees them at boot: About, Change Password and the palette are built on first use, or when the page
  // is idle after the first screen.
  const about = loadWhenNeeded(() => import('./chrome/about-dialog.ts').then(({ mountAboutDialog }) => mountAboutDialog()));
  mountQuestionDialog();
  const changePasswordDialog = loadWhenNeeded(() =>
    import('./chrome/screen-dialog.ts').then(({ mountScreenDialog }) =>
      mountScreenDialog({
        component: CHANGE_PASSWORD_COMPONENT,
        path: CHANGE_PASSWORD_PATH,
        application: 'SHELL',
        headingKey: 'shell:user.changePassword',
        heading: 'Change Password',
        imports,
        // The workspace application's mountParcel (app-owned parcels are freed on unmount).
        mountParcel: () => workspace?.parcelMounter ?? null,
      }),
    ),
  );
  const palette = loadWhenNeeded(() =>
    import('./chrome/palette.ts').then(({ mountPalette }) =>
      mountPalette((menu, path) => (workspace ? workspace.openMenu(menu, path) : go(path))),
    ),
  );

  let portalChrome: PortalChrome | null = null;
  const chrome: Chrome = mountChrome(document.getElementById('erp-top') ?? document.body, {
    navigate: (path) => go(path.replace(/^#/, '')),
    selectTab: (application) => (workspace ? workspace.selectApplication(application) : go('/')),
    closeTab: (application) => void workspace?.closeApplication(application),
    changeLanguage: (locale) => void changeLanguage(locale),
    login: () => {
      if (session) void session.login().catch(() => signInUnavailable());
      else window.location.reload();
    },
    // Issue 44: the kept start-up answers and HOME go with the session.
    // Issue 69 item 4: orders placed offline and not sent yet are not deleted without asking.
    logout: () =>
      void confirmSignOutLosingOrders().then((out) => {
        if (out) void forgetKept().finally(() => session?.logout());
      }),
    // The screen itself says where to go when an external identity provider manages passwords.
    changePassword: () => void changePasswordDialog().then((dialog) => dialog.show()),
    about: () => void about().then((dialog) => dialog.show()),
    // §4: portal users get the account switcher; anyone else goes to the landing page.
    switchAccount: () =>
      portalChrome?.active ? portalChrome.switchAccount() : go(landingPath(bus.session$.value?.profile.landingPage ?? '/')),
  });
  // §1 portal mode (logo, portal navigation, badges, account switcher): only for a portal landing page, so
  // its code loads only when a portal customer signs in (staff never download it).
  let portalRequested = false;
  // Issue 42: one event stream per page while signed in (live lists, forms, badges; presence).
  bus.session$.subscribe((current) => (current ? startRecordEvents() : stopRecordEvents()));
  // Issue 44: a session that ends (signed out here or in another tab) takes its kept answers and HOME along.
  let wasSignedIn = false;
  bus.session$.subscribe((current) => {
    if (!current && wasSignedIn) void forgetKept();
    wasSignedIn = !!current;
  });
  bus.session$.subscribe((current) => {
    if (!current) return;
    if (!isPortalLanding(current.profile.landingPage)) {
      // The boot loader held the place for a portal address (boot/loader.ts): a staff member's page, no portal chrome.
      if (!portalRequested) document.getElementById('erp-top')?.classList.remove('erp-shell__top--portal');
      return;
    }
    if (portalRequested) return;
    portalRequested = true;
    // Issue 69 item 3 (CLS): the portal bar's place is held from now on (shell.css), before any screen shows.
    document.getElementById('erp-top')?.classList.add('erp-shell__top--portal');
    // Issue 69 item 3 (first visit): a portal customer's first screen is a React screen: its modules travel now,
    // beside the portal chrome's, not after the screen's own module has been read (two round trips on a phone);
    // so do the modules of the landing application's screens (the routes are published before the session).
    const landing = landingPath(current.profile.landingPage ?? '/');
    const modules = bus.routes$.value
      .filter((route) => route.Path === landing || route.Path.startsWith(`${landing}/`))
      .map((route) => route.Component.split('#', 1)[0]!)
      // The application's root page (HOME's module) is never shown to a customer: /portal goes on to /portal/order.
      .filter((module) => module !== HOME_MODULE);
    prefetchScreenModules(imports, [...new Set(modules)]);
    void import('./portal/portal-chrome.ts').then(({ mountPortalChrome }) => {
      portalChrome = mountPortalChrome(chrome.topBar);
    });
    // Issue 69 item 4: the portal works on with a weak signal (src/sw/register.ts).
    void import('./sw/register.ts').then(({ registerServiceWorker }) => registerServiceWorker());
  });
  const alertsRegion = document.getElementById('erp-alerts');
  if (alertsRegion) renderAlerts(alertsRegion);
  mountBanners(document.getElementById('erp-banners') ?? document.body);

  /** Ctrl+K, F2: the palette (signed in only; signed out the keys are left to the page). */
  const togglePalette = (): boolean => {
    if (!bus.session$.value) return false;
    void palette().then((built) => (built.isOpen ? built.close() : built.open()));
    return true;
  };
  const paletteOpen = () => palette.current()?.isOpen === true;
  installShortcuts({
    palette: () => togglePalette(),
    paletteF2: () => togglePalette(),
    nextTab: () => (paletteOpen() || dialogOpen() ? false : workspace?.cycleTab(1)),
    previousTab: () => (paletteOpen() || dialogOpen() ? false : workspace?.cycleTab(-1)),
    nextApplication: () => (paletteOpen() || dialogOpen() ? false : workspace?.cycleApplication(1)),
    previousApplication: () => (paletteOpen() || dialogOpen() ? false : workspace?.cycleApplication(-1)),
    closeTab: () => (paletteOpen() || dialogOpen() ? false : workspace?.closeActiveTab()),
    // §4: Escape resets the loading indicator; the key still reaches dialogs and screens.
    resetLoading: () => {
      if (bus.loading$.value > 0) resetLoading();
      return false;
    },
  });

  try {
    let data: ShellData | null = null;
    let firstPath = hashPath();
    let outcome: Awaited<ReturnType<ShellSession['start']>> | null = null;
    /** The revalidated answers when they differ from the cached ones shown. */
    let revalidated: Promise<{ user: User; data: ShellData } | null> = Promise.resolve(null);
    if (session && started && config) {
      outcome = await started;
      if (outcome.status === 'redirecting') return; // the browser is leaving for the provider
      if (outcome.status === 'signed-in') {
        const user = outcome.user;
        const owner = cacheOwner(config, user);
        /** The server's answers replace `shown` (below, once the shell is up) when they differ. */
        const revalidateShown = (shown: ShellData, answers: ReturnType<typeof revalidate>) =>
          answers.then(({ data: fresh, revoked }) => {
            if (revoked) void forgetKept();
            if (!fresh) return null;
            void startupCache.write(owner, fresh);
            return JSON.stringify(fresh) === JSON.stringify(shown) ? null : { user, data: fresh };
          });
        const readEarly = keptSubject === user.profile.sub;
        const kept = readEarly ? await keptEarly : null;
        if (kept) {
          // Issue 74: the kept answers were read before the calls; the calls follow the first screen.
          data = kept;
          revalidated = revalidateShown(data, session.afterFirstPage().then(() => revalidate(user, null)));
        } else {
          // Issue 44: this user's answers of the last boot show at once when the store answers before the
          // network; the network's answers then replace them (below, once the shell is up). Read already
          // (none), they are not read again.
          const cached = readEarly ? Promise.resolve(null) : startupCache.read(owner);
          const network = shellDataFor(user, early);
          const first = await firstOf(cached, network);
          data = first.value;
          if (first.fromA) revalidated = revalidateShown(data, revalidate(user, early));
          // Kept only when every call answered (a partial answer would hide applications next time).
          else if (complete.has(data)) void startupCache.write(owner, data);
        }
        performance.mark(BOOT_MARKS.signedIn);
      }
    }
    await i18nReady;
    if (!config) {
      bus.alert$.next({
        kind: 'error',
        message: translate('errors:session.configUnavailable', 'The shell configuration could not be loaded. Try again later.'),
      });
    }
    if (session && outcome) {
      if (outcome.status === 'signed-in' && data) {
        publishShellData(session, chrome, outcome.user, data);
        // Kept only for users who land on HOME: a boot elsewhere (the portal) must not flash it first.
        const landsOnHome = !data.profile.landingPage || landingPath(data.profile.landingPage) === '/';
        if (config && landsOnHome) homeKeeper.keepFor(cacheOwner(config, outcome.user));
        else homeKeeper.forget();
        firstPath = hashPath();
        const current = session;
        // A changed answer updates the screen (HOME, the top bar, the menus follow the bus).
        void revalidated.then((changed) => {
          if (changed && bus.session$.value) publishShellData(current, chrome, changed.user, changed.data);
        });
      } else if (outcome.status === 'signed-out') {
        console.warn('Sign-in is not possible now', outcome.error);
        signInUnavailable();
      }
    }

    settleLocation();
    // §4 first navigation, step 5: a landing page in the profile (on arrival at the home page only, so
    // deep links and reloads keep their place); a portal customer at the portal's root, its first screen.
    const landingPage = data?.profile.landingPage;
    const firstScreen = firstNavigation(firstPath, landingPage);
    if (firstScreen !== firstPath || (landingPage && firstPath === '/')) {
      window.history.replaceState(null, '', `#${firstScreen}`);
    }
    workspace = new Workspace({ imports, storage: safeLocalStorage(), config });
    startLayout(workspace);
    // After the first screen: the background sign-in renewal, then (idle) the hidden chrome and the modules
    // of the first application page.
    void workspace.firstScreenShown.then(() => {
      performance.mark(BOOT_MARKS.firstScreen);
      // The page's HOME, skeleton or kept copy (index.html, issue 44), is hidden by shell.css from the frame a
      // screen shows.
      retirePageHome();
      document.getElementById('erp-content')?.removeAttribute('aria-busy');
      session?.firstPageShown();
      whenIdle(() => {
        homeKeeper.keep();
        // Issue 69 item 3: a portal customer's About and palette are built on first use: their element is the
        // staff elements' module, whose download and run competed with the first screen's answers on a phone.
        if (!isPortalLanding(bus.session$.value?.profile.landingPage)) buildDeferred();
        prefetchScreenModules(imports);
        // Issue 16: import-map-overrides for developers who set localStorage.devtools (devtools.ts DEVTOOLS_KEY);
        // its code loads only for them (issue 44: not part of everyone's boot).
        const storage = safeLocalStorage();
        if (storage?.getItem('devtools')) void import('./devtools.ts').then(({ loadDevtools }) => loadDevtools(storage));
      });
    });
  } finally {
    chrome.show();
    doneLoading();
  }
}

/** localStorage, or null where it is refused (then tabs and recent screens are not remembered). */
function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function signInUnavailable(): void {
  bus.alert$.next({
    kind: 'error',
    message: translate('errors:session.signInUnavailable', 'Sign-in is not possible right now. Use Log in to try again.'),
  });
}

void boot().catch((error: unknown) => {
  console.error('The shell could not start', error);
});
