/**
 * A module's part of the route catalog (issue 41): the applications whose screens it owns, each with its §2
 * menus, the routes it has without a menu, and the fr-CA / zh-CN / zh-TW names of what it names.
 *
 * Where it lives: `modules/<m>/server/catalog.ts` exports `catalog: ModuleCatalog`, and the module's
 * `serverModule.catalog` (./part.ts) names it. It is server-side because only the seed reads it and its rows
 * may name the shell's frames (../shell/frames.ts); the rows are plain data, written application by
 * application in §2's order, with the comments that explain paths §2 does not give.
 *
 * The seed (../seed/catalog.ts) reads every registered module's part in dependency order and derives the §3
 * rows: Sequence 10, 20, 30… in row order within each parent; a screen's route is the application
 * RouterPath + the menu RouterPath, Name = MenuId, Component the generic entity screen where a definition
 * lists the path, else `<module>#<PascalCase of the path>` (options below override).
 * Adding a menu = adding a row (and its names, when new) to the owning module's catalog.ts.
 */
import type { Application, RouteDefinition, RouteWindow } from '@erp/shared/types';
import { FRAMES_MODULE, NOVUS_FRONTEND_PAGE } from '../shell/frames.ts';

/** ParentId of top-level menu items (§3, §9). */
export const ROOT = 'ROOT';

export interface MenuOptions {
  /** Module of the screen, when it is not the application's (frames live in `@erp/frames`). */
  module?: string;
  /** Export name in the module, when it is not the PascalCase form of the RouterPath. */
  component?: string;
  /** Route Props (stored as JSON text). */
  props?: Record<string, unknown>;
  /** false for the deliberately inactive legacy items. */
  active?: boolean;
  /** §2: the menu opens in its own named window, not a tab (route Meta `window`; the tab host opens it). */
  window?: RouteWindow;
}

export interface MenuRow {
  id: string;
  parent: string;
  path: string;
  name: string;
  options: MenuOptions;
}

export interface AppCatalog {
  app: Application;
  /** Position in the Applications menu (§2's order of the applications): 10, 20, 30… over every module. */
  sequence: number;
  /** Module that holds this application's screens, e.g. `@erp/accounting`. */
  module: string;
  /** Component of the application root route. */
  home: string;
  rows: MenuRow[];
}

/** [fr-CA, zh-CN, zh-TW] of each en-CA name (application Descriptions, MenuNames, route titles). */
export type NameTranslations = Readonly<Record<string, readonly [string, string, string]>>;

/**
 * What users call a screen besides its menu name (issue 40 item 2: "bill" finds the Purchase Journal), in each
 * language: comma-separated words, searched by the menu filter and the command palette, never shown.
 */
export interface SearchWords {
  readonly 'en-CA': string;
  readonly 'fr-CA': string;
  readonly 'zh-CN': string;
  readonly 'zh-TW': string;
}

/** Search words by screen RouterPath (`/purchase-journal`); the path names the same screen in every application. */
export type SearchWordTable = Readonly<Record<string, SearchWords>>;

export interface ModuleCatalog {
  applications: readonly AppCatalog[];
  /** Routes without a menu (a screen that only receives props), seeded after every menu's route. */
  routes?: readonly Omit<RouteDefinition, 'RouteKey'>[];
  /**
   * The names its applications, menus and routes use that no module it requires (directly or not) already
   * translates: `Setup` is the shell's, `User Codes` the GL's. A name shared with a module it does not require
   * is written in both and must read the same (mergeNameTranslations); server/test/catalog.test.ts checks that
   * each module's names come from its own folder and the modules it requires.
   */
  names: NameTranslations;
  /**
   * Search words of the screens it owns, by RouterPath (as the rows write it): every menu with that path, in
   * any application, is found by them. One module declares a path's words (mergeSearchWords).
   */
  searchWords?: SearchWordTable;
}

/** A group item: holds children, has no screen (RouterPath ''). Always a top-level item. */
export function group(id: string, name: string): MenuRow {
  return { id, parent: ROOT, path: '', name, options: {} };
}

/** A screen item. */
export function screen(id: string, parent: string, path: string, name: string, options: MenuOptions = {}): MenuRow {
  return { id, parent, path, name, options };
}

/**
 * A screen shown from the newer-version front end: one iframe per such route (shell/frames.ts). `path`
 * is the screen's path in that front end, carried in the page's hash (its routing is hash-based too).
 */
export function novusFrame(path: string): MenuOptions {
  return { module: FRAMES_MODULE, component: 'Frame', props: { src: `${NOVUS_FRONTEND_PAGE}#${path}` } };
}

/**
 * The modules' name translations as one table. A name two modules translate must read the same in both: the
 * shell shows one name one way.
 */
export function mergeNameTranslations(parts: readonly { names: NameTranslations }[]): NameTranslations {
  const merged: Record<string, readonly [string, string, string]> = {};
  for (const part of parts) {
    for (const [name, translations] of Object.entries(part.names)) {
      const known = merged[name];
      if (known && known.join('|') !== translations.join('|')) throw new Error(`catalog name "${name}" is translated two ways by the modules`);
      merged[name] = translations;
    }
  }
  return merged;
}

/**
 * The modules' search words as one table, keyed by lower-case RouterPath (the router ignores case). A path is
 * declared by one module only: the words of a screen are written once, beside the screen.
 */
export function mergeSearchWords(parts: readonly { searchWords?: SearchWordTable }[]): ReadonlyMap<string, SearchWords> {
  const merged = new Map<string, SearchWords>();
  for (const part of parts) {
    for (const [path, words] of Object.entries(part.searchWords ?? {})) {
      const key = path.toLowerCase();
      if (merged.has(key)) throw new Error(`search words of "${path}" are declared by two modules`);
      merged.set(key, words);
    }
  }
  return merged;
}
