/**
 * Demo / seed data catalog: applications, menus, route definitions, languages, roles, users and
 * firms (spec §2, §3, §6, §9). The server loads these into its database at first start.
 *
 * The applications and their menus are the modules' (issue 41): each module's `server/catalog.ts`
 * (`serverModule.catalog`, server/src/modules/catalog.ts) holds the applications whose screens it owns, written
 * application by application in the order §2 lists the screens, with the comments on the paths §2 does not give.
 * This file only derives the §3 rows from them, generically, in module order, and keeps the shell's own HOME
 * route and the demo roles, users and firms.
 *
 * Each screen's RouterPath is exactly as §2 writes it (case and typos kept, e.g. `Stock-Status`,
 * `cheque-Printing`, `lot-ready-for-insepections`); the full path is application RouterPath + menu
 * RouterPath. Group items (RouterPath '') only hold children and have no route.
 */
import type { Application, Language, Menu, RouteDefinition } from '../../../shared/src/types.ts';
import { entitiesForRoute } from '@erp/shared/entities/index';
import { PORTAL_LANDING_PAGE } from '@erp/modules/shell/server/api';
import { mergeNameTranslations, type AppCatalog, type MenuRow, type NameTranslations } from '../modules/catalog.ts';
import { registerServerModules, serverModules } from '../modules/index.ts';

// The routes below name the generic entity screen where a registered definition lists the path (the shell
// module's administration and firm-maintenance screens included): the modules are registered first.
await registerServerModules();

/** Landing page of portal customers (§6 portal mode, the shell's; the PORTAL application is modules/portal's). */
export { PORTAL_LANDING_PAGE };

/** `/gl-chart` → `GlChart`, `/time_card` → `TimeCard`, `/Stock-Status` → `StockStatus`. */
function pascalCase(routerPath: string): string {
  return routerPath
    .split(/[-_/]/)
    .filter((part) => part.length > 0)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

const parts = serverModules().flatMap((module) => (module.catalog ? [module.catalog] : []));

/** Every module's applications in the Applications menu's order (their `sequence`, §2's order). */
const catalog: AppCatalog[] = parts.flatMap((part) => part.applications).sort((a, b) => a.sequence - b.sequence);

/** §3 Applications, in the order of the Applications menu. HOME is the shell's own tab, not here. */
export const applications: Application[] = catalog.map((entry) => ({ ...entry.app }));

/** §3 Menus. Sequence is 10, 20, 30… in row order within each parent of each application. */
export const menus: Omit<Menu, 'MenuKey'>[] = catalog.flatMap((entry) => {
  const nextSequence = new Map<string, number>();
  return entry.rows.map((row) => {
    const sequence = (nextSequence.get(row.parent) ?? 0) + 10;
    nextSequence.set(row.parent, sequence);
    return {
      Application: entry.app.Application,
      MenuId: row.id,
      MenuName: row.name,
      ParentId: row.parent,
      Sequence: sequence,
      IsActive: row.options.active ?? true,
      RouterPath: row.path,
    };
  });
});

/** The generic entity screen where an entity definition names the route (screens as data), else the menu's own. */
const ENTITY_SCREEN = '@erp/records#EntityScreen';

function screenComponent(entry: AppCatalog, row: MenuRow): string {
  if (!row.options.component && entitiesForRoute(entry.app.RouterPath + row.path).length > 0) return ENTITY_SCREEN;
  return `${row.options.module ?? entry.module}#${row.options.component ?? pascalCase(row.path)}`;
}

function meta(value: Record<string, unknown>): string {
  return JSON.stringify(value);
}

/**
 * §3 Route definitions: `/` (HOME), every application root, every menu with a RouterPath
 * (Name = MenuId), and the modules' routes without a menu (the portal's `/portal/orderdetails`).
 */
export const routes: Omit<RouteDefinition, 'RouteKey'>[] = [
  { Path: '/', Name: 'HOME', Component: '@erp/home#Home', Props: null, Meta: meta({ title: 'Home' }) },
  ...catalog.flatMap((entry) => {
    const root: Omit<RouteDefinition, 'RouteKey'> = {
      Path: entry.app.RouterPath,
      Name: entry.app.Application,
      Component: entry.home,
      Props: null,
      Meta: meta({ title: entry.app.Description }),
    };
    const screens = entry.rows
      .filter((row) => row.path !== '')
      .map(
        (row): Omit<RouteDefinition, 'RouteKey'> => ({
          Path: entry.app.RouterPath + row.path,
          Name: row.id,
          Component: screenComponent(entry, row),
          Props: row.options.props ? JSON.stringify(row.options.props) : null,
          Meta: meta(row.options.window ? { title: row.name, window: row.options.window } : { title: row.name }),
        }),
      );
    return [root, ...screens];
  }),
  ...parts.flatMap((part) => part.routes ?? []),
];

/** The fr-CA, zh-CN and zh-TW names of every catalog name, from the modules' parts (shell/names.ts). */
export const nameTranslations: NameTranslations = mergeNameTranslations(parts);

/** §3 Languages; §9 default locale en-CA. LocaleIdentifier = LanguageCode-CountryCode. */
export const languages: Omit<Language, 'LanguageKey'>[] = [
  { Name: 'English (Canada)', LanguageCode: 'en', CountryCode: 'CA', ImageUrl: '/locales/flags/ca.svg', LocaleIdentifier: 'en-CA' },
  { Name: 'Français (Canada)', LanguageCode: 'fr', CountryCode: 'CA', ImageUrl: '/locales/flags/ca.svg', LocaleIdentifier: 'fr-CA' },
  { Name: '简体中文', LanguageCode: 'zh', CountryCode: 'CN', ImageUrl: '/locales/flags/cn.svg', LocaleIdentifier: 'zh-CN' },
  { Name: '繁體中文', LanguageCode: 'zh', CountryCode: 'TW', ImageUrl: '/locales/flags/tw.svg', LocaleIdentifier: 'zh-TW' },
];

/** A role and the applications it opens ('*' = every application). */
export interface SeedRole {
  RoleId: string;
  Name: string;
  Applications: string[] | '*';
}

export const roles: SeedRole[] = [
  { RoleId: 'ADMIN', Name: 'Administrator', Applications: '*' },
  { RoleId: 'CLERK', Name: 'Order desk clerk', Applications: ['NOVUS-OE', 'NOVUS-IC'] },
  { RoleId: 'PORTAL', Name: 'Portal customer', Applications: ['PORTAL'] },
  { RoleId: 'STEEL', Name: 'Steel re-seller desk', Applications: ['RESTEEL-OE', 'NOVUS-OE'] },
  // Payroll staff: the only role that sees pay data (SIN, bank, wages), whatever else a user may open.
  { RoleId: 'PAYROLL', Name: 'Payroll staff', Applications: ['NOVUS-PR'] },
];

/** A demo user. Securables are §3 bill-to securables: `billToId,shipToId,…`. */
export interface SeedUser {
  UserId: string;
  Password: string;
  DisplayName: string;
  Email: string;
  Domain: string;
  LandingPage: string | null;
  ShowMenus: boolean;
  Roles: string[];
  DefaultShipToId: string | null;
  Securables: string[];
  Language: string;
}

/** Company domain of the staff users. */
const STAFF_DOMAIN = 'novus.example';

/**
 * The four demo users. `steelDomain` is the one company domain allowed to see the embedded steel
 * frame (§2, §6); the steel user's profile domain is set to it.
 */
export function demoUsers(options: { steelDomain: string }): SeedUser[] {
  return [
    {
      UserId: 'admin',
      Password: 'admin',
      DisplayName: 'Dana Whitfield',
      Email: 'dana.whitfield@novus.example',
      Domain: STAFF_DOMAIN,
      LandingPage: null,
      ShowMenus: true,
      Roles: ['ADMIN', 'PAYROLL'],
      DefaultShipToId: null,
      Securables: [],
      Language: 'en-CA',
    },
    {
      UserId: 'clerk',
      Password: 'clerk',
      DisplayName: 'Marc-André Tremblay',
      Email: 'marc-andre.tremblay@novus.example',
      Domain: STAFF_DOMAIN,
      LandingPage: null,
      ShowMenus: true,
      Roles: ['CLERK'],
      DefaultShipToId: null,
      Securables: [],
      Language: 'en-CA',
    },
    {
      UserId: 'portal',
      Password: 'portal',
      DisplayName: 'Priya Sandhu',
      Email: 'priya.sandhu@northshore-metals.example',
      Domain: 'northshore-metals.example',
      LandingPage: PORTAL_LANDING_PAGE,
      ShowMenus: true,
      Roles: ['PORTAL'],
      DefaultShipToId: 'S101',
      Securables: ['B100,S101,S102', 'B200,S201'],
      Language: 'en-CA',
    },
    {
      UserId: 'steel',
      Password: 'steel',
      DisplayName: "Liam O'Connor",
      Email: `liam.oconnor@${options.steelDomain}`,
      Domain: options.steelDomain,
      LandingPage: null,
      ShowMenus: true,
      Roles: ['STEEL'],
      DefaultShipToId: null,
      Securables: [],
      Language: 'en-CA',
    },
  ];
}

/** §3 Firm with its firm types. B = bill-to, S = ship-to; S10x ship to B100's sites, and so on. */
export interface SeedFirm {
  FirmId: string;
  Name: string;
  IsActive: boolean;
  FirmTypes: ('bill-to' | 'ship-to' | 'vendor')[];
}

export const firms: SeedFirm[] = [
  { FirmId: 'B100', Name: 'Northshore Metals Ltd.', IsActive: true, FirmTypes: ['bill-to'] },
  { FirmId: 'S101', Name: 'Northshore Metals - Hamilton Yard', IsActive: true, FirmTypes: ['ship-to'] },
  { FirmId: 'S102', Name: 'Northshore Metals - Mississauga Warehouse', IsActive: true, FirmTypes: ['ship-to'] },
  { FirmId: 'B200', Name: 'Laurentian Electrical Contractors Inc.', IsActive: true, FirmTypes: ['bill-to'] },
  { FirmId: 'S201', Name: 'Laurentian Electrical - Laval Job Site', IsActive: true, FirmTypes: ['ship-to'] },
  // B300 / S301 are in nobody's securables: the portal must never offer them.
  { FirmId: 'B300', Name: 'Prairie Steel Fabricators Corp.', IsActive: true, FirmTypes: ['bill-to'] },
  { FirmId: 'S301', Name: 'Prairie Steel Fabricators - Saskatoon Shop', IsActive: true, FirmTypes: ['ship-to'] },
];
