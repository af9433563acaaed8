/**
 * @erp/root-config — boots the shell (§4 first navigation):
 * shell config → applications, routes, tenant, languages and profile in parallel (with a stored live token),
 * i18n and sign-in → chrome (top bar, loading overlay, alerts, banners, question dialog, shortcuts) → bus →
 * single-spa-layout (hash mode) mounting the one workspace application (the tab host) → single-spa start →
 * top bar shown. After the first screen: the background token renewal, then, when the page is idle, the
 * hidden chrome (About, Change Password, command palette) and the first application page's modules.
 * When sign-in is impossible the shell still starts, signed out, with a Log in button and no server routes.
 */
import '@erp/shell-elements';
import { addErrorHandler, getAppStatus, registerApplication, start, type AppError } from 'single-spa';
import { constructApplications, constructLayoutEngine, constructRoutes } from 'single-spa-layout';
import {
  api,
  fetchShellConfig,
  beginLoading,
  bus,
  configureApi,
  createSession,
  fallbackProfile,
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
import { mountAboutDialog, mountQuestionDialog } from './chrome/dialogs.ts';
import type { DialogElement } from './chrome/elements.ts';
import { mountPalette } from './chrome/palette.ts';
import { mountScreenDialog } from './chrome/screen-dialog.ts';
import type { PortalChrome } from './portal/portal-chrome.ts';
import { installShortcuts } from './chrome/shortcuts.ts';

import { readImportMap } from './import-map.ts';
import { layoutConfig } from './layout.ts';
import { changeLanguage, publishLanguage } from './locale.ts';
import { go, landingPath } from './router/guard.ts';
import { Workspace } from './tabs/workspace.ts';
import { WORKSPACE_APP, workspaceApplication } from './workspace-app.ts';
import { loadDevtools } from './devtools.ts';

/** Namespaces every page needs: the elements' (shell), the §8 catalogue (errors) and the micro-apps' (apps). */
const NAMESPACES = ['shell', 'errors', 'apps'];
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

/**
 * The §7 start-up calls made with the stored user's access token while §4's silent renewal runs (only a
 * token that has not expired, and never on the callback page). Quiet: when any call fails the answer is
 * null and the calls are made again, with the renewed token, once the renewal succeeded. Nothing of it is
 * used (or shown) unless the renewal succeeds for the same user — a failed renewal still goes to sign-in.
 */
async function loadShellDataEarly(session: ShellSession): Promise<{ user: User; data: ShellData } | null> {
  if (session.isCallback()) return null;
  // Read at once (no IndexedDB round trip): the calls leave before the chrome is even built.
  const stored = session.peekStoredUser();
  if (!stored || stored.expired !== false || !stored.refresh_token) return null;
  const options = { token: stored.access_token, quiet: true };
  try {
    const [applications, routes, tenant, languages, profile] = await Promise.all([
      api.get<Application[]>('shell/applications', undefined, options),
      api.get<RouteDefinition[]>('shell/routes', undefined, options),
      api.get<TenantInfo>('tenant', undefined, options),
      api.get<LanguagesAnswer>('shell_init/languages', undefined, options),
      api.get<UserProfile>('shell/profile', undefined, options),
    ]);
    if (!Array.isArray(applications) || !Array.isArray(routes) || !profile) return null;
    return { user: stored, data: { applications, routes, tenant: tenant ?? null, languages: languages ?? null, profile } };
  } catch {
    return null;
  }
}

/** The early answer when it was made for the user the renewal signed in, else the calls with the new token. */
async function shellDataFor(
  session: ShellSession,
  user: User,
  early: Promise<{ user: User; data: ShellData } | null> | null,
): Promise<ShellData> {
  const answer = early ? await early : null;
  if (answer && answer.user.profile.sub === user.profile.sub) return answer.data;
  return loadShellData(session, user);
}

/**
 * After boot, when the page is idle: the modules the first application page needs (React and @erp/ui) are
 * fetched and compiled — not evaluated — so opening an application does not wait for them. HOME needs none.
 */
function prefetchScreenModules(imports: Record<string, string>): void {
  const specifiers = ['@erp/ui', 'react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'single-spa-react'];
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

/** A piece of hidden chrome, built on first use or by `buildDeferred()`, whichever comes first. */
function whenNeeded<T>(build: () => T): (() => T) & { made(): boolean } {
  let built: { value: T } | null = null;
  const get = () => (built ??= { value: build() }).value;
  deferred.push(get);
  return Object.assign(get, { made: () => built !== null });
}

/** Builds every piece of hidden chrome not built yet. */
function buildDeferred(): void {
  for (const build of deferred.splice(0)) build();
}

/** Runs `task` when the page is idle (soon at the latest). */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else window.setTimeout(task, 200);
}

/** The §7 start-up calls, in parallel, with the new user's token (the session is not published yet). */
async function loadShellData(session: ShellSession, user: User): Promise<ShellData> {
  const options = { token: user.access_token };
  const [applications, routes, tenant, languages, profile] = await Promise.allSettled([
    api.get<Application[]>('shell/applications', undefined, options),
    // §8: a route load failure starts the shell with no routes (nothing to alert).
    api.get<RouteDefinition[]>('shell/routes', undefined, { ...options, quiet: true }),
    api.get<TenantInfo>('tenant', undefined, options),
    api.get<LanguagesAnswer>('shell_init/languages', undefined, options),
    session.loadProfile(user),
  ]);
  return {
    applications: Array.isArray(valueOf(applications, null)) ? valueOf(applications, []) : [],
    routes: Array.isArray(valueOf(routes, null)) ? valueOf(routes, []) : [],
    tenant: valueOf(tenant, null),
    languages: valueOf(languages, null),
    profile: profile.status === 'fulfilled' ? profile.value : fallbackProfile(user),
  };
}

/** §3: the profile may carry css files for the environment. */
function linkProfileStylesheets(profile: UserProfile): void {
  for (const href of profile.cssFiles ?? []) {
    if (typeof href !== 'string' || !href.trim()) continue;
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
  let session: ShellSession | null = null;
  let workspace: Workspace | null = null;
  const { imports } = readImportMap();
  const doneLoading = beginLoading();

  // The network first: the start-up calls (with a stored live token), the locale files and sign-in leave
  // before the chrome is built, and the chrome is built while they travel.
  const config: ShellConfig | null = await fetchShellConfig().catch(() => null);
  let early: ReturnType<typeof loadShellDataEarly> | null = null;
  let started: ReturnType<ShellSession['start']> | null = null;
  if (config) {
    configureApi({ baseUrl: config.apiBase });
    session = createSession(config);
    early = loadShellDataEarly(session);
  }
  const i18nReady = initI18n({ namespaces: NAMESPACES, ...(config?.localesVersion ? { version: config.localesVersion } : {}) })
    .catch(() => undefined)
    .then(() => publishLanguage());
  if (session) started = session.start();

  // Nobody sees them at boot: About, Change Password and the palette are built on first use, or when the page
  // is idle after the first screen.
  const about = whenNeeded(() => mountAboutDialog());
  mountQuestionDialog();
  const changePasswordDialog = whenNeeded(() =>
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
  );
  const palette = whenNeeded(() => mountPalette((menu, path) => (workspace ? workspace.openMenu(menu, path) : go(path))));

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
    logout: () => void session?.logout(),
    // The screen itself says where to go when an external identity provider manages passwords.
    changePassword: () => void changePasswordDialog().show(),
    about: () => void about().show(),
    // §4: portal users get the account switcher; anyone else goes to the landing page.
    switchAccount: () =>
      portalChrome?.active ? portalChrome.switchAccount() : go(landingPath(bus.session$.value?.profile.landingPage ?? '/')),
  });
  // §1 portal mode (logo, portal navigation, badges, account switcher): only for a portal landing page, so
  // its code loads only when a portal customer signs in (staff never download it).
  let portalRequested = false;
  // Issue 42: one event stream per page while signed in (live lists, forms, badges; presence).
  bus.session$.subscribe((current) => (current ? startRecordEvents() : stopRecordEvents()));
  bus.session$.subscribe((current) => {
    if (portalRequested || !current || !isPortalLanding(current.profile.landingPage)) return;
    portalRequested = true;
    void import('./portal/portal-chrome.ts').then(({ mountPortalChrome }) => {
      portalChrome = mountPortalChrome(chrome.topBar);
    });
  });
  const alertsRegion = document.getElementById('erp-alerts');
  if (alertsRegion) renderAlerts(alertsRegion);
  mountBanners(document.getElementById('erp-banners') ?? document.body);

  /** Ctrl+K, F2: the palette (signed in only; signed out the keys are left to the page). */
  const togglePalette = (): boolean => {
    if (!bus.session$.value) return false;
    if (palette().isOpen) palette().close();
    else palette().open();
    return true;
  };
  const paletteOpen = () => palette.made() && palette().isOpen;
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
    if (session && started) {
      outcome = await started;
      if (outcome.status === 'redirecting') return; // the browser is leaving for the provider
      if (outcome.status === 'signed-in') {
        data = await shellDataFor(session, outcome.user, early);
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
        bus.applications$.next(data.applications);
        bus.routes$.next(data.routes);
        bus.tenant$.next(data.tenant);
        chrome.setLanguages(data.languages?.Languages ?? []);
        session.publish(outcome.user, data.profile);
        linkProfileStylesheets(data.profile);
        firstPath = hashPath();
      } else if (outcome.status === 'signed-out') {
        console.warn('Sign-in is not possible now', outcome.error);
        signInUnavailable();
      }
    }

    settleLocation();
    // §4 first navigation, step 5: a landing page in the profile (on arrival at the home page only, so
    // deep links and reloads keep their place).
    const landingPage = data?.profile.landingPage;
    if (landingPage && firstPath === '/') {
      window.history.replaceState(null, '', `#${landingPath(landingPage)}`);
    }
    workspace = new Workspace({ imports, storage: safeLocalStorage(), config });
    startLayout(workspace);
    // After the first screen: the background sign-in renewal, then (idle) the hidden chrome and the modules
    // of the first application page.
    void workspace.firstScreenShown.then(() => {
      performance.mark(BOOT_MARKS.firstScreen);
      session?.firstPageShown();
      whenIdle(() => {
        buildDeferred();
        prefetchScreenModules(imports);
        // Issue 16: import-map-overrides for developers who set localStorage.devtools (devtools.ts).
        loadDevtools(safeLocalStorage());
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
