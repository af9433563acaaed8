/**
 * The shell elements as root-config uses them (`@erp/shell-elements`): properties in, `erp-*` events out.
 * These interfaces are the contract the elements implement.
 */
import type { Application, Language, Menu, TenantInfo } from '@erp/shared';
import type { PaletteEntry, PaletteRecord } from '@erp/shell-elements/command-palette/palette-filter.ts';

/** An open application tab as the top bar shows it (HOME excluded: the bar renders HOME first itself). */
export interface TopBarTab {
  application: string;
  label: string;
  /** Issue 16: one of the application's screens holds unsaved changes. */
  dirty?: boolean;
}

export interface TopBarElement extends HTMLElement {
  customer: boolean;
  applications: Application[];
  tabs: TopBarTab[];
  activeApplication: string;
  tenant: TenantInfo | null;
  environmentLabel: string | null;
  environmentName: string | null;
  signedIn: boolean;
  userName: string;
  languages: Language[];
  language: string;
  portal: boolean;
}

export interface LoadingOverlayElement extends HTMLElement {
  active: boolean;
}

/** `<erp-menu-bar>`: the active application's menus as a tree (it builds the tree, hides inactive items, sorts). */
export interface MenuBarElement extends HTMLElement {
  menus: Menu[];
  applicationPath: string;
  activeMenuId: string | null;
}

/** One menu tab as `<erp-tab-bar>` shows it. */
export interface TabBarTab {
  id: string;
  label: string;
  isNew: boolean;
  /** Issue 16: the tab's screen holds unsaved changes. */
  dirty?: boolean;
}

export interface TabBarElement extends HTMLElement {
  tabs: TabBarTab[];
  activeId: string | null;
}

/** One entry of `<erp-command-palette>`: the element's own type (a type-only import loads nothing at boot). */
export type { PaletteEntry, PaletteRecord };

export interface CommandPaletteElement extends HTMLElement {
  open: boolean;
  entries: PaletteEntry[];
  /** Issue 42 item 1: the records the global search found for the text typed. */
  records: PaletteRecord[];
}

export interface DialogAction {
  id: string;
  label: string;
  variant?: 'primary' | 'danger' | 'default';
}

/** `<erp-dialog>`: a modal with a heading, a message, slotted content and action buttons. */
export interface DialogElement extends HTMLElement {
  open: boolean;
  heading: string;
  message: string;
  actions: DialogAction[];
}

export interface AboutElement extends HTMLElement {
  tenant: TenantInfo | null;
  versions: { name: string; version: string }[];
  shortcuts: { keys: string; description: string }[];
  /** A portal customer: the release only, no database details. */
  customer: boolean;
}

/** `<erp-portal-badge>`: a count shown only above 0. */
export interface PortalBadgeElement extends HTMLElement {
  count: number;
  label: string;
}

/** One link of `<erp-portal-bar>`. */
export interface PortalBarLink {
  path: string;
  label: string;
  count?: number;
  countLabel?: string;
}

/** `<erp-portal-bar>`: logo, portal navigation with badges, selected account. */
export interface PortalBarElement extends HTMLElement {
  companyName: string;
  logo: string | null;
  logoType: string;
  links: PortalBarLink[];
  activePath: string;
  account: string;
  navLabel: string;
  pdfLogoLabel: string;
}

export interface BannerElement extends HTMLElement {
  open: boolean;
  kind: 'error' | 'warning' | 'info';
  message: string;
}

/** Events of the elements built beside the top bar (bubbling, composed). */
export interface ShellElementEvents {
  'erp-menu-select': { menu: Menu; path: string };
  'erp-menu-tab-select': { id: string };
  'erp-menu-tab-close': { id: string };
  'erp-navigate': { path: string };
  'erp-palette-close': undefined;
  'erp-palette-query': { query: string };
  'erp-open-record': { path: string; recordId: string };
  'erp-dialog-action': { id: string };
}

/** Listens to one shell element event with its typed detail; answers the remover. */
export function onElement<K extends keyof ShellElementEvents>(
  target: EventTarget,
  type: K,
  handler: (detail: ShellElementEvents[K], event: Event) => void,
): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<ShellElementEvents[K]>).detail, event);
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}

/** Event details of the top bar (bubbling, composed). */
export interface TopBarEvents {
  'erp-navigate': { path: string };
  'erp-tab-select': { application: string };
  'erp-tab-close': { application: string };
  'erp-language-change': { locale: string };
  'erp-login': undefined;
  'erp-logout': undefined;
  'erp-change-password': undefined;
  'erp-about': undefined;
  'erp-switch-account': undefined;
}

export function createElement<T extends HTMLElement>(tag: string): T {
  return document.createElement(tag) as T;
}

/** Listens to one top bar event with its typed detail. */
export function onTopBar<K extends keyof TopBarEvents>(
  target: EventTarget,
  type: K,
  handler: (detail: TopBarEvents[K]) => void,
): void {
  target.addEventListener(type, (event) => handler((event as CustomEvent<TopBarEvents[K]>).detail));
}
