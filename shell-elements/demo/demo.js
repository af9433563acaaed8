/**
 * The demo page's wiring. It plays the owner's part the way root-config does in the shell: it sets every
 * element's properties and answers their events (the elements never change their own properties), and it
 * lists every `erp-*` event in the log. It imports the same URL as the page's script tag, so it shares the
 * bundle's one module instance (and its i18n).
 */
import { ERP_EVENT_NAMES, ready } from '../shell-elements.standalone.js';

const byId = (id) => document.getElementById(id);

// ---- data ----------------------------------------------------------------------------------------------

const applications = [
  { Application: 'NOVUS-GL', Description: 'General Ledger', RouterPath: '/novus-gl' },
  { Application: 'NOVUS-AR', Description: 'Accounts Receivable', RouterPath: '/novus-ar' },
  { Application: 'NOVUS-IC', Description: 'Inventory Control', RouterPath: '/novus-ic' },
];

const language = (LanguageKey, LocaleIdentifier, Name) => ({
  LanguageKey,
  Name,
  LanguageCode: LocaleIdentifier.slice(0, 2),
  CountryCode: LocaleIdentifier.slice(3),
  ImageUrl: '',
  LocaleIdentifier,
});
const languages = [
  language(1, 'en-CA', 'English'),
  language(2, 'fr-CA', 'Français'),
  language(3, 'zh-CN', '中文（简体）'),
  language(4, 'zh-TW', '中文（繁體）'),
];

const tenant = { server: 'SQLPROD01', database: 'ERP_MAIN', releaseNumber: '24.3.1' };

let menuKey = 0;
const menu = (MenuId, ParentId, Sequence, MenuName, RouterPath = '', IsActive = true) => ({
  MenuKey: (menuKey += 1),
  Application: 'NOVUS-GL',
  MenuId,
  MenuName,
  ParentId,
  Sequence,
  IsActive,
  RouterPath,
});

/** The raw list as GET api/shell/menus sends it: unordered, with an inactive group. */
const glMenus = [
  menu('GL0003', 'ROOT', 30, 'Reports'),
  menu('GL0107', 'GL0003', 10, 'Trial Balance', '/trial-balance'),
  menu('GL0108', 'GL0003', 20, 'Detailed Ledger', '/detailed-ledger'),
  menu('GL0001', 'ROOT', 10, 'Transactions'),
  menu('GL0101', 'GL0001', 10, 'GL Journal Entry', '/gl-journal-entry'),
  menu('GL0115', 'GL0001', 20, 'Bank Reconciliation', '/bank-reconciliation'),
  menu('GL0006', 'ROOT', 20, 'Setup'),
  menu('GL0111', 'GL0006', 10, 'GL Chart of Accounts', '/gl-chart'),
  menu('GL0104', 'GL0006', 20, 'Accounting Periods', '/accounting-periods'),
  menu('GL0060', 'GL0006', 30, 'Currencies and banks'),
  menu('GL0112', 'GL0060', 10, 'Foreign Exchange Rates', '/foreign-exchange'),
  menu('GL0113', 'GL0060', 20, 'Bank Accounts', '/bank-account'),
  menu('GL0005', 'ROOT', 40, 'Year end (inactive)', '', false),
  menu('GL0105', 'GL0005', 10, 'GL Year End', '/gl-year-end'),
  menu('GL0106', 'ROOT', 50, 'Account Enquiry', '/account-enquiry'),
];

const groupName = (id) => glMenus.find((item) => item.MenuId === id)?.MenuName ?? '';
const paletteEntries = [
  ...glMenus
    .filter((item) => item.IsActive && item.RouterPath && item.ParentId !== 'GL0005')
    .map((item) => ({
      id: item.MenuId,
      label: item.MenuName,
      description: groupName(item.ParentId),
      path: `/novus-gl${item.RouterPath}`,
      application: 'General Ledger',
    })),
  ...applications.map((app) => ({
    id: app.Application,
    label: app.Description,
    description: '',
    path: app.RouterPath,
    application: app.Application,
  })),
  { id: 'AR0201', label: 'Customer Statements', description: 'Reports', path: '/novus-ar/statements', application: 'Accounts Receivable' },
  { id: 'IC0300', label: 'Stock Status', description: 'Inquiries', path: '/novus-ic/Stock-Status', application: 'Inventory Control' },
];

// ---- event log -----------------------------------------------------------------------------------------

const log = byId('event-log');

function addLogLine(name, text, kind = 'event') {
  const line = document.createElement('li');
  line.className = kind;
  line.dataset.event = name;
  const code = document.createElement('code');
  code.textContent = name;
  line.append(code);
  if (text) {
    const detail = document.createElement('span');
    detail.className = 'detail';
    detail.textContent = text;
    line.append(' ', detail);
  }
  log.prepend(line);
}

for (const name of ERP_EVENT_NAMES) {
  document.addEventListener(name, (event) => {
    addLogLine(name, event.detail === null || event.detail === undefined ? '' : JSON.stringify(event.detail));
  });
}
byId('clear-log').addEventListener('click', () => log.replaceChildren());

let violations = 0;
document.addEventListener('securitypolicyviolation', (event) => {
  violations += 1;
  document.documentElement.dataset.cspViolations = String(violations);
  addLogLine('CSP violation', `${event.violatedDirective} ${event.blockedURI}`, 'problem');
});

// ---- elements ------------------------------------------------------------------------------------------

const topBar = byId('top-bar');
const menuBar = byId('menu-bar');
const tabBar = byId('tab-bar');
const banner = byId('banner');
const dialog = byId('dialog');
const palette = byId('palette');
const overlay = byId('overlay');
const screen = byId('screen');
const languageSelect = byId('language');

await Promise.all(
  ['erp-top-bar', 'erp-menu-bar', 'erp-tab-bar', 'erp-banner', 'erp-dialog', 'erp-about', 'erp-command-palette', 'erp-loading-overlay', 'erp-portal-bar', 'erp-portal-badge'].map(
    (tag) => customElements.whenDefined(tag),
  ),
);

// Top bar.
Object.assign(topBar, {
  applications,
  tabs: [
    { application: 'NOVUS-GL', label: 'General Ledger' },
    { application: 'NOVUS-AR', label: 'Accounts Receivable' },
  ],
  activeApplication: 'NOVUS-GL',
  tenant,
  environmentLabel: 'DEMO',
  environmentName: 'Demonstration',
  signedIn: true,
  userName: 'Ada Lovelace',
  languages,
  language: document.documentElement.lang,
});
topBar.addEventListener('erp-tab-select', (event) => (topBar.activeApplication = event.detail.application));
topBar.addEventListener('erp-tab-close', (event) => {
  topBar.tabs = topBar.tabs.filter((tab) => tab.application !== event.detail.application);
  if (topBar.activeApplication === event.detail.application) topBar.activeApplication = 'HOME';
});
topBar.addEventListener('erp-navigate', (event) => {
  const app = applications.find((item) => item.RouterPath === event.detail.path);
  if (!app) {
    topBar.activeApplication = 'HOME';
    return;
  }
  if (!topBar.tabs.some((tab) => tab.application === app.Application)) {
    topBar.tabs = [...topBar.tabs, { application: app.Application, label: app.Description }];
  }
  topBar.activeApplication = app.Application;
});
topBar.addEventListener('erp-language-change', (event) => setLanguage(event.detail.locale));
topBar.addEventListener('erp-about', () => showAbout());
topBar.addEventListener('erp-logout', () => showBanner('info', 'This demo has no session to end.'));
topBar.addEventListener('erp-change-password', () => showBanner('info', 'This demo has no password to change.'));

/** The page language: <html lang> drives the elements' language (the bundle watches it). */
function setLanguage(locale) {
  document.documentElement.lang = locale;
  languageSelect.value = locale;
  topBar.language = locale;
}
languageSelect.addEventListener('change', () => setLanguage(languageSelect.value));

// Menu bar and menu tabs.
menuBar.menus = glMenus;
tabBar.tabs = [];

function openScreen(menuId, label) {
  if (!tabBar.tabs.some((tab) => tab.id === menuId)) {
    tabBar.tabs = [...tabBar.tabs, { id: menuId, label, isNew: true }];
    // §4: marked new until its screen has loaded, then activated.
    setTimeout(() => {
      tabBar.tabs = tabBar.tabs.map((tab) => (tab.id === menuId ? { ...tab, isNew: false } : tab));
    }, 900);
  }
  activateScreen(menuId);
}

function activateScreen(menuId) {
  tabBar.activeId = menuId;
  menuBar.activeMenuId = menuId;
  const tab = tabBar.tabs.find((item) => item.id === menuId);
  screen.textContent = tab ? `Screen shown: ${tab.label}` : 'No screen open.';
}

menuBar.addEventListener('erp-menu-select', (event) => openScreen(event.detail.menu.MenuId, event.detail.menu.MenuName));
tabBar.addEventListener('erp-menu-tab-select', (event) => activateScreen(event.detail.id));
tabBar.addEventListener('erp-menu-tab-close', (event) => {
  const index = tabBar.tabs.findIndex((tab) => tab.id === event.detail.id);
  const remaining = tabBar.tabs.filter((tab) => tab.id !== event.detail.id);
  tabBar.tabs = remaining;
  if (tabBar.activeId === event.detail.id) {
    const neighbour = remaining[Math.min(index, remaining.length - 1)];
    activateScreen(neighbour ? neighbour.id : null);
  }
});

// Banner.
function showBanner(kind, message) {
  Object.assign(banner, { kind, message, open: true });
}
const bannerMessages = {
  info: 'A new release is available after the next sign-in.',
  warning: 'The period closes tonight at 18:00.',
  error: 'Your session has expired. Please log out and log in again.',
};
for (const button of document.querySelectorAll('[data-banner]')) {
  button.addEventListener('click', () => {
    const kind = button.dataset.banner;
    if (kind) showBanner(kind, bannerMessages[kind]);
    else banner.open = false;
  });
}
banner.addEventListener('erp-banner-close', () => (banner.open = false));

// Dialog and About.
function showDialog(properties, content = []) {
  dialog.replaceChildren(...content);
  Object.assign(dialog, { message: '', actions: [], ...properties, open: true });
}
byId('ask-save').addEventListener('click', () =>
  showDialog({
    heading: 'Unsaved changes',
    message: 'GL Chart of Accounts has changes that are not saved.',
    actions: [
      { id: 'save', label: 'Save', variant: 'primary' },
      { id: 'discard', label: 'Discard', variant: 'danger' },
      { id: 'stay', label: 'Stay' },
    ],
  }),
);
byId('show-error').addEventListener('click', () =>
  showDialog({ heading: 'Error', message: 'Bill To is invalid.', actions: [{ id: 'ok', label: 'OK', variant: 'primary' }] }),
);
function showAbout() {
  const about = document.createElement('erp-about');
  Object.assign(about, {
    tenant,
    versions: [
      { name: 'Shell elements', version: '0.1.0' },
      { name: 'Lit', version: '3.3' },
      { name: 'i18next', version: '27.1' },
    ],
    shortcuts: [
      { keys: 'Ctrl+K', description: 'Go to a screen' },
      { keys: 'Delete', description: 'Close the focused menu tab' },
      { keys: 'Escape', description: 'Close a menu or dialog' },
    ],
  });
  showDialog({ heading: 'About', actions: [] }, [about]);
}
byId('show-about').addEventListener('click', showAbout);
dialog.addEventListener('erp-dialog-action', () => (dialog.open = false));

// Command palette.
palette.entries = paletteEntries;
byId('open-palette').addEventListener('click', () => (palette.open = true));
document.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k' && !palette.open) {
    event.preventDefault();
    palette.open = true;
  }
});
palette.addEventListener('erp-palette-close', () => (palette.open = false));
palette.addEventListener('erp-navigate', (event) => {
  const item = glMenus.find((entry) => entry.RouterPath && `/novus-gl${entry.RouterPath}` === event.detail.path);
  if (item) openScreen(item.MenuId, item.MenuName);
});

// Loading overlay.
byId('show-overlay').addEventListener('click', () => {
  overlay.active = true;
  setTimeout(() => (overlay.active = false), 2000);
});

await ready;
document.documentElement.dataset.demoReady = 'true';

// ---- portal ----------------------------------------------------------------------------------------------

const portalBar = byId('portal-bar');
const badge = byId('badge');
let notifications = 2;
const showPortal = () => {
  portalBar.links = [
    { path: '/portal/order', label: 'Home' },
    { path: '/portal/myorders', label: 'My Orders' },
    { path: '/portal/notifications', label: 'Notifications', count: notifications, countLabel: 'Unread notifications' },
    { path: '/portal/cart', label: 'Cart', count: 0, countLabel: 'Items in the cart' },
  ];
  portalBar.account = 'B100 — ship to S101';
  portalBar.navLabel = 'Portal';
  badge.count = notifications;
};
showPortal();
for (const button of document.querySelectorAll('[data-badge]')) {
  button.addEventListener('click', () => {
    notifications = Math.max(0, notifications + Number(button.dataset.badge));
    showPortal();
  });
}
