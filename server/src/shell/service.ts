/**
 * Shell data (§7): applications, menus and routes filtered by the caller's roles, languages, tenant
 * info, the user profile and the user's language. Answers are in the §3 wire shapes of
 * `@erp/shared/types`; the tables' snake_case never leaks.
 */
import {
  HOME_APPLICATION,
  type Application,
  type Language,
  type Menu,
  type RouteDefinition,
  type UserProfile,
} from '@erp/shared/types';
import type { Kysely } from 'kysely';
import { grantedMenus, openableApplications, withAncestors } from '../auth/access.ts';
import type { AuthenticatedUser } from '../auth/user.ts';
import { asFlag, type DB } from '../db/schema.ts';
import type { Availability } from './availability.ts';
import { localizedMeta, localizedName, searchWordsOf, type NameLanguage } from './names.ts';
import { updateOwnUser } from './own-user.ts';

/** §9: the default locale. */
export const DEFAULT_LANGUAGE = 'en-CA';

/** First path segment, lower case: '/Novus-GL/gl-chart' → 'novus-gl'; '/' → ''. */
function firstSegment(path: string): string {
  return (path.split('/').find((part) => part.length > 0) ?? '').toLowerCase();
}

/**
 * §7 GET api/shell/applications: what the caller may open, in Applications-menu order, never HOME. The
 * Description is in `language` (issue 16 item 3, shell/names.ts).
 */
export async function applicationsFor(
  db: Kysely<DB>,
  user: AuthenticatedUser,
  language: NameLanguage = 'en-CA',
): Promise<Application[]> {
  const openable = await openableApplications(db, user.roles);
  if (openable.size === 0) return [];
  const rows = await db
    .selectFrom('applications')
    .select(['application', 'description', 'router_path'])
    .where('application', 'in', [...openable])
    .where('application', '!=', HOME_APPLICATION)
    .orderBy('sequence')
    .orderBy('application')
    .execute();
  return rows.map((r) => ({
    Application: r.application,
    Description: localizedName(r.description, language),
    RouterPath: r.router_path,
  }));
}

/** Resolves an application name case-insensitively (§2: application selection is case-insensitive). */
export async function findApplicationName(db: Kysely<DB>, name: string): Promise<string | undefined> {
  const rows = await db.selectFrom('applications').select('application').execute();
  const wanted = name.toUpperCase();
  return rows.find((r) => r.application.toUpperCase() === wanted)?.application;
}

export type MenusAnswer = { kind: 'ok'; menus: Menu[] } | { kind: 'forbidden' };

function keywordsOf(routerPath: string, language: NameLanguage): { Keywords?: string } {
  const words = searchWordsOf(routerPath, language);
  return words ? { Keywords: words } : {};
}

/**
 * §7 GET api/shell/menus: the active menus of one application the caller may open. HOME has none.
 * MenuName is in `language`; with `availability`, each item with a route carries `Available` (issue 16
 * item 4: false when its screen is not in this release); an item whose screen has search words carries them
 * in `language` as `Keywords` (issue 40 item 2).
 */
export async function menusFor(
  db: Kysely<DB>,
  user: AuthenticatedUser,
  application: string,
  language: NameLanguage = 'en-CA',
  availability?: Availability,
): Promise<MenusAnswer> {
  if (application.toUpperCase() === HOME_APPLICATION) return { kind: 'ok', menus: [] };
  const name = await findApplicationName(db, application);
  const openable = await openableApplications(db, user.roles);
  // An unknown application is answered like a forbidden one: callers learn nothing about what exists.
  if (!name || !openable.has(name)) return { kind: 'forbidden' };
  const all = await db
    .selectFrom('menus')
    .select(['menu_key', 'application', 'menu_id', 'menu_name', 'parent_id', 'sequence', 'is_active', 'router_path'])
    .where('application', '=', name)
    .where('is_active', '=', 1)
    .orderBy('sequence')
    .orderBy('menu_key')
    .execute();
  // §6 menu access: a role may be limited to some menus of the application (auth/access.ts).
  const granted = await grantedMenus(db, user.roles, name);
  const visible = granted === 'all' ? null : withAncestors(all, granted);
  const rows = visible ? all.filter((r) => visible.has(r.menu_id)) : all;
  // Each item's route Component, by menu id (route path = application RouterPath + menu RouterPath, §2).
  const componentOf = new Map<string, string>();
  if (availability) {
    const app = await db.selectFrom('applications').select('router_path').where('application', '=', name).executeTakeFirst();
    const prefix = app?.router_path ?? '';
    const routes = await db.selectFrom('routes').select(['path', 'component']).execute();
    const byPath = new Map(routes.map((route) => [route.path.toLowerCase(), route.component]));
    for (const row of rows) {
      const component = byPath.get(`${prefix}${row.router_path}`.toLowerCase());
      if (row.router_path !== '' && component) componentOf.set(row.menu_id, component);
    }
  }
  return {
    kind: 'ok',
    menus: rows.map((r) => ({
      MenuKey: r.menu_key,
      Application: r.application,
      MenuId: r.menu_id,
      MenuName: localizedName(r.menu_name, language),
      ParentId: r.parent_id,
      Sequence: r.sequence,
      IsActive: asFlag(r.is_active),
      RouterPath: r.router_path,
      ...keywordsOf(r.router_path, language),
      // A menu item without a declared route has no screen either.
      ...(availability && r.router_path !== ''
        ? { Available: availability.isAvailable(componentOf.get(r.menu_id) ?? '') }
        : {}),
    })),
  };
}

/**
 * §7 GET api/shell/routes: `/` plus every route under an application the caller may open, less the
 * routes of menus that menu access (§6) keeps from the caller.
 */
export async function routesFor(
  db: Kysely<DB>,
  user: AuthenticatedUser,
  language: NameLanguage = 'en-CA',
  availability?: Availability,
): Promise<RouteDefinition[]> {
  const openable = await openableApplications(db, user.roles);
  const applications = await db.selectFrom('applications').select(['application', 'router_path']).execute();
  const opened = applications.filter((a) => openable.has(a.application));
  const openSegments = new Set(opened.map((a) => firstSegment(a.router_path)));
  // Paths (lower case) of the menus the caller may not open, in applications limited to some menus.
  const closedPaths = new Set<string>();
  for (const application of opened) {
    const granted = await grantedMenus(db, user.roles, application.application);
    if (granted === 'all') continue;
    const menus = await db
      .selectFrom('menus')
      .select(['menu_id', 'parent_id', 'router_path'])
      .where('application', '=', application.application)
      .execute();
    const visible = withAncestors(menus, granted);
    for (const menu of menus) {
      if (!visible.has(menu.menu_id) && menu.router_path !== '') {
        closedPaths.add(`${application.router_path}${menu.router_path}`.toLowerCase());
      }
    }
  }
  const rows = await db
    .selectFrom('routes')
    .select(['route_key', 'path', 'name', 'component', 'props', 'meta'])
    .orderBy('route_key')
    .execute();
  return rows
    .filter((r) => {
      const segment = firstSegment(r.path);
      return (segment === '' || openSegments.has(segment)) && !closedPaths.has(r.path.toLowerCase());
    })
    .map((r) => ({
      RouteKey: r.route_key,
      Path: r.path,
      Name: r.name,
      Component: r.component,
      Props: r.props,
      Meta: localizedMeta(r.meta, language),
      ...(availability ? { Available: availability.isAvailable(r.component) } : {}),
    }));
}

/** §7 GET api/shell_init/languages: the active languages. */
export async function activeLanguages(db: Kysely<DB>): Promise<Language[]> {
  const rows = await db
    .selectFrom('languages')
    .select(['language_key', 'name', 'language_code', 'country_code', 'image_url', 'locale_identifier'])
    .where('is_active', '=', 1)
    .orderBy('language_key')
    .execute();
  return rows.map((r) => ({
    LanguageKey: r.language_key,
    Name: r.name,
    LanguageCode: r.language_code,
    CountryCode: r.country_code,
    ImageUrl: r.image_url,
    LocaleIdentifier: r.locale_identifier,
  }));
}

function parseCssFiles(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** §3 sign-in user profile. */
export function profileOf(user: AuthenticatedUser): UserProfile {
  const { row } = user;
  return {
    shellSub: { displayName: row.display_name, subjectId: row.user_id },
    domain: row.domain,
    landingPage: row.landing_page,
    showMenus: asFlag(row.show_menus),
    cssFiles: parseCssFiles(row.css_files),
    environmentLabel: row.environment_label,
    environment: row.environment,
    defaultShipToId: row.default_ship_to_id,
    language: user.storedLanguage === undefined ? row.language : user.storedLanguage,
  };
}

export type SetLanguageAnswer = { kind: 'ok'; locale: string } | { kind: 'unknown-locale' } | { kind: 'conflict' };

/**
 * §7 POST api/shell_init/locale: stores the user's language. Checks the record version read with the
 * request's user and writes the §3 audit row in the same transaction (DESIGN.md "Server").
 */
export async function setLanguage(db: Kysely<DB>, user: AuthenticatedUser, locale: string): Promise<SetLanguageAnswer> {
  return db.transaction().execute(async (trx) => {
    const language = await trx
      .selectFrom('languages')
      .select('locale_identifier')
      .where('is_active', '=', 1)
      .execute();
    // LocaleIdentifiers are compared case-insensitively and stored in their canonical spelling.
    const known = language.find((l) => l.locale_identifier.toLowerCase() === locale.toLowerCase());
    if (!known) return { kind: 'unknown-locale' as const };
    const current = await trx
      .selectFrom('users')
      .select(['language', 'version'])
      .where('user_id', '=', user.userId)
      .executeTakeFirst();
    if (!current) return { kind: 'conflict' as const };
    if (current.language === known.locale_identifier) return { kind: 'ok' as const, locale: known.locale_identifier };
    const written = await updateOwnUser(trx, {
      userId: user.userId,
      version: current.version,
      column: 'language',
      value: known.locale_identifier,
      audit: { old: current.language, new: known.locale_identifier },
    });
    if (!written) return { kind: 'conflict' as const };
    return { kind: 'ok' as const, locale: known.locale_identifier };
  });
}
