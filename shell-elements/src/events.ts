import type { Menu } from '@erp/shared';

/**
 * The DOM events of the shell elements. Every event bubbles and is composed (it crosses shadow roots), so
 * a listener on `document` or on any ancestor receives it. Names start with `erp-`.
 */

/** `erp-navigate`: go to a hash path such as `/` or `/novus-gl`. */
export interface ErpNavigateDetail {
  path: string;
}

/** `erp-tab-select`, `erp-tab-close`: an application tab (never HOME for close). */
export interface ErpTabDetail {
  application: string;
}

/** `erp-language-change`: the locale id the user picked, e.g. `fr-CA`. */
export interface ErpLanguageChangeDetail {
  locale: string;
}

/** `erp-menu-select`: a menu item (a leaf, never a group) was chosen in `<erp-menu-bar>`. */
export interface ErpMenuSelectDetail {
  /** The chosen item, exactly as given in `menus`. */
  menu: Menu;
  /** The hash path to go to: the application path plus the item's RouterPath (§2), e.g. `/novus-gl/gl-chart`. */
  path: string;
}

/** `erp-menu-tab-select`, `erp-menu-tab-close`: a menu tab of `<erp-tab-bar>`, by its `id`. */
export interface ErpMenuTabDetail {
  id: string;
}

/** `erp-dialog-action`: the id of the pressed action of `<erp-dialog>`; `cancel` for Escape. */
export interface ErpDialogActionDetail {
  id: string;
}

/** `erp-palette-query`: the text typed in `<erp-command-palette>` (the owner answers its `records`). */
export interface ErpPaletteQueryDetail {
  query: string;
}

/** `erp-open-record`: a record was chosen in `<erp-command-palette>`: open `recordId` on the screen at `path`. */
export interface ErpOpenRecordDetail {
  path: string;
  recordId: string;
}

/** Event name → detail type. */
export interface ErpEventDetails {
  'erp-navigate': ErpNavigateDetail;
  'erp-tab-select': ErpTabDetail;
  'erp-tab-close': ErpTabDetail;
  'erp-language-change': ErpLanguageChangeDetail;
  'erp-login': null;
  'erp-logout': null;
  'erp-change-password': null;
  'erp-about': null;
  'erp-switch-account': null;
  'erp-menu-select': ErpMenuSelectDetail;
  'erp-menu-tab-select': ErpMenuTabDetail;
  'erp-menu-tab-close': ErpMenuTabDetail;
  'erp-palette-close': null;
  'erp-palette-query': ErpPaletteQueryDetail;
  'erp-open-record': ErpOpenRecordDetail;
  'erp-dialog-action': ErpDialogActionDetail;
  'erp-banner-close': null;
}

export type ErpEventName = keyof ErpEventDetails;

declare global {
  interface GlobalEventHandlersEventMap {
    'erp-navigate': CustomEvent<ErpNavigateDetail>;
    'erp-tab-select': CustomEvent<ErpTabDetail>;
    'erp-tab-close': CustomEvent<ErpTabDetail>;
    'erp-language-change': CustomEvent<ErpLanguageChangeDetail>;
    'erp-login': CustomEvent<null>;
    'erp-logout': CustomEvent<null>;
    'erp-change-password': CustomEvent<null>;
    'erp-about': CustomEvent<null>;
    'erp-switch-account': CustomEvent<null>;
    'erp-menu-select': CustomEvent<ErpMenuSelectDetail>;
    'erp-menu-tab-select': CustomEvent<ErpMenuTabDetail>;
    'erp-menu-tab-close': CustomEvent<ErpMenuTabDetail>;
    'erp-palette-close': CustomEvent<null>;
    'erp-palette-query': CustomEvent<ErpPaletteQueryDetail>;
    'erp-open-record': CustomEvent<ErpOpenRecordDetail>;
    'erp-dialog-action': CustomEvent<ErpDialogActionDetail>;
    'erp-banner-close': CustomEvent<null>;
  }
}

/**
 * Every event name, for listeners that want them all (the demo's event log, tests). The `satisfies`
 * check below keeps the list complete: adding a name to `ErpEventDetails` without listing it here is a
 * type error.
 */
export const ERP_EVENT_NAMES = [
  'erp-navigate',
  'erp-tab-select',
  'erp-tab-close',
  'erp-language-change',
  'erp-login',
  'erp-logout',
  'erp-change-password',
  'erp-about',
  'erp-switch-account',
  'erp-menu-select',
  'erp-menu-tab-select',
  'erp-menu-tab-close',
  'erp-palette-close',
  'erp-palette-query',
  'erp-open-record',
  'erp-dialog-action',
  'erp-banner-close',
] as const satisfies readonly ErpEventName[];

/** Compile-time proof that ERP_EVENT_NAMES lists every key of ErpEventDetails (a type error otherwise). */
type Exactly<T extends true> = T;
type MissingEventName = Exclude<ErpEventName, (typeof ERP_EVENT_NAMES)[number]>;
export type ErpEventNamesComplete = Exactly<[MissingEventName] extends [never] ? true : false>;

/** Dispatches a bubbling, composed `erp-*` event from `target`. */
export function emit<K extends ErpEventName>(target: EventTarget, name: K, detail: ErpEventDetails[K]): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
