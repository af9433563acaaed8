import { describe, expect, it } from 'vitest';
import { moduleManifests } from '@erp/modules/manifests';
import { entitiesForRoute, entityByName } from '@erp/shared/entities/index';
import { mergeNameTranslations } from '../src/modules/catalog.ts';
import { serverModules } from '../src/modules/index.ts';
import {
  PORTAL_LANDING_PAGE,
  applications,
  demoUsers,
  firms,
  languages,
  menus,
  roles,
  routes,
} from '../src/seed/catalog.ts';

const STEEL_DOMAIN = 'resteel-partner.example';
const users = demoUsers({ steelDomain: STEEL_DOMAIN });

/** Menus shown in frames ("Frames" in modules/shell and modules/so server/catalog.ts). */
const FRAME_MENUS = new Set(['RESTEEL0002', 'NV0116', 'NV0117', 'NV0119']);

const appByName = new Map(applications.map((app) => [app.Application, app]));
const menuById = new Map(menus.map((menu) => [menu.MenuId, menu]));

function routerPathOf(application: string): string {
  const app = appByName.get(application);
  if (!app) throw new Error(`no application ${application}`);
  return app.RouterPath;
}

function menuPaths(application: string): string[] {
  return menus.filter((menu) => menu.Application === application).map((menu) => menu.RouterPath);
}

describe('applications', () => {
  const expected: Record<string, string> = {
    SHELL: '/shell',
    'NOVUS-AP': '/novus-ap',
    'NOVUS-AR': '/novus-ar',
    'NOVUS-GL': '/novus-gl',
    'NOVUS-IC': '/novus-ic',
    'NOVUS-OE': '/novus-oe',
    'NOVUS-PO': '/novus-po',
    'NOVUS-PT': '/novus-pt',
    'NOVUS-WD': '/novus-wd',
    'NOVUS-TE': '/novus-te',
    'NOVUS-PR': '/novus-pr',
    'RESTEEL-OE': '/resteel-oe',
    NOVUS: '/novus',
    PORTAL: '/portal',
  };

  it('has every §2 application with its RouterPath, and nothing else', () => {
    const actual = Object.fromEntries(applications.map((app) => [app.Application, app.RouterPath]));
    expect(actual).toEqual(expected);
  });

  it('never lists HOME and gives every application a description', () => {
    expect(appByName.has('HOME')).toBe(false);
    for (const app of applications) {
      expect(app.Description.trim()).not.toBe('');
      expect(app.Application).toBe(app.Application.toUpperCase());
    }
  });

  it('uses the portal landing page as the portal RouterPath', () => {
    expect(PORTAL_LANDING_PAGE).toBe('/portal');
    expect(routerPathOf('PORTAL')).toBe(PORTAL_LANDING_PAGE);
  });
});

describe('menus', () => {
  it('has unique MenuIds across all applications', () => {
    const ids = menus.map((menu) => menu.MenuId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('belongs to known applications', () => {
    for (const menu of menus) expect(appByName.has(menu.Application), menu.MenuId).toBe(true);
  });

  it('has RESTEEL0002 under RESTEEL-OE opening /resteel', () => {
    const resteel = menuById.get('RESTEEL0002');
    expect(resteel).toBeDefined();
    expect(resteel?.Application).toBe('RESTEEL-OE');
    expect(resteel?.RouterPath).toBe('/resteel');
    expect(resteel?.IsActive).toBe(true);
  });

  it('links every ParentId to ROOT or a menu of the same application', () => {
    for (const menu of menus) {
      if (menu.ParentId === 'ROOT') continue;
      const parent = menuById.get(menu.ParentId);
      expect(parent, `${menu.MenuId} → ${menu.ParentId}`).toBeDefined();
      expect(parent?.Application).toBe(menu.Application);
    }
  });

  it('has no cycles: every chain of parents reaches ROOT', () => {
    for (const menu of menus) {
      const seen = new Set<string>([menu.MenuId]);
      let parentId = menu.ParentId;
      while (parentId !== 'ROOT') {
        expect(seen.has(parentId), `cycle through ${menu.MenuId}`).toBe(false);
        seen.add(parentId);
        const parent = menuById.get(parentId);
        if (!parent) throw new Error(`dangling parent ${parentId}`);
        parentId = parent.ParentId;
      }
    }
  });

  it('makes group items (RouterPath empty) hold at least one child, and screens hold none', () => {
    const hasChildren = new Set(menus.map((menu) => menu.ParentId));
    for (const menu of menus) {
      if (menu.RouterPath === '') expect(hasChildren.has(menu.MenuId), menu.MenuId).toBe(true);
      else expect(hasChildren.has(menu.MenuId), menu.MenuId).toBe(false);
    }
  });

  it('groups the big applications into a tree', () => {
    for (const app of ['NOVUS-AP', 'NOVUS-AR', 'NOVUS-GL', 'NOVUS-IC', 'NOVUS-OE', 'NOVUS-TE', 'NOVUS-WD', 'NOVUS-PR', 'NOVUS']) {
      const groups = menus.filter((menu) => menu.Application === app && menu.RouterPath === '');
      expect(groups.length, app).toBeGreaterThan(1);
    }
  });

  it('starts every RouterPath with / (or is an empty group) and has unique paths per application', () => {
    for (const app of applications) {
      const paths = menuPaths(app.Application).filter((path) => path !== '');
      for (const path of paths) expect(path, `${app.Application}${path}`).toMatch(/^\/[A-Za-z0-9_-]+$/);
      expect(new Set(paths).size, app.Application).toBe(paths.length);
    }
  });

  it('numbers Sequence 10, 20, 30… within each parent', () => {
    const byParent = new Map<string, number[]>();
    for (const menu of menus) {
      const key = `${menu.Application}/${menu.ParentId}`;
      byParent.set(key, [...(byParent.get(key) ?? []), menu.Sequence]);
    }
    for (const [key, sequences] of byParent) {
      expect(sequences, key).toEqual(sequences.map((_, index) => (index + 1) * 10));
    }
  });

  it('has exact §2 router paths (case and spelling kept) in each application', () => {
    const samples: Record<string, string[]> = {
      SHELL: ['/country-state-city', '/user-securables', '/form-widgets-security', '/change-password', '/application'],
      'NOVUS-AP': ['/cheque-Printing', '/Unapplied-Debit-report', '/ap-aged-trial-balance', '/ap-expense-template-column-setup'],
      'NOVUS-AR': ['/Customer-List', '/NewCustomer-List', '/AR-Journal-Printing', '/Account-statement', '/wd-order-entry'],
      'NOVUS-GL': ['/gl-chart', '/gl-journal-entry', '/foreign-exchange-revaluation', '/financial-statement'],
      'NOVUS-IC': ['/Stock-Status', '/Product-Cost', '/Demand-Action-Report', '/heat-number', '/coil-inquiry'],
      'NOVUS-OE': ['/tariff-table', '/resteel', '/Customer-SKUs', '/PriceTable-Due-ForReview', '/Products-price-list'],
      'NOVUS-PO': ['/purchase-order-receipt-entry', '/open-orders-report', '/purchase-analysis-report'],
      'NOVUS-PT': ['/ta-order-entry', '/form-of-payment', '/supplier'],
      'NOVUS-WD': ['/service', '/serialize-work-load', '/certificates-due-for-renewal', '/Customer-Price-List'],
      'NOVUS-TE': ['/time_card', '/work_order', '/service_work_order', '/lot-ready-for-insepections', '/lots-models'],
      'RESTEEL-OE': ['/resteel', '/ar-account-inquiry', '/ar-overdue-accounts', '/aged-trial-balance', '/Account-statement'],
      NOVUS: ['/gl-chart', '/sales-order-entry', '/customer-lists', '/sales-commission'],
      PORTAL: ['/order', '/myorders', '/notifications', '/cart', '/invoices'],
    };
    for (const [app, paths] of Object.entries(samples)) {
      const actual = menuPaths(app);
      for (const path of paths) expect(actual, `${app} ${path}`).toContain(path);
    }
  });

  it('keeps orderdetails and invoice routes only, not portal menus', () => {
    expect(menuPaths('PORTAL')).not.toContain('/orderdetails');
    expect(menuPaths('PORTAL')).not.toContain('/invoice');
    expect(menus.filter((menu) => menu.Application === 'PORTAL').map((menu) => menu.MenuName)).toEqual([
      'Home',
      'My Orders',
      'Notifications',
      'Cart',
      'Invoices',
    ]);
  });

  it('has one or two deliberately inactive legacy items and nothing else inactive', () => {
    const inactive = menus.filter((menu) => !menu.IsActive);
    expect(inactive.length).toBeGreaterThanOrEqual(1);
    expect(inactive.length).toBeLessThanOrEqual(2);
    for (const menu of inactive) {
      expect(menu.Application).toBe('NOVUS');
      expect(menu.RouterPath).not.toBe('');
    }
  });

  it('has the Payroll application NOVUS-PR with a route for each of the 22 payroll screens of §2 (issue 29)', () => {
    expect(appByName.get('NOVUS-PR')?.RouterPath).toBe('/novus-pr');
    const paths = menuPaths('NOVUS-PR').filter((path) => path !== '');
    for (const path of [
      '/employee-maintenance',
      '/employee-inquiry',
      '/year-to-date-list',
      '/payroll-transaction',
      '/cheque-preparation',
      '/adjustment',
      '/payment-processing',
      '/journal-posting',
      '/journal-printing',
      '/cheque-printing',
      '/cheque-cancellation',
      '/union',
      '/union-level',
      '/wsib-group',
      '/compensation-report',
      '/t4-report',
      '/payroll-codes',
      '/gl-integration',
      '/journal-schedule',
      '/hourly-rate-update',
      '/year-end',
      '/contribution-maintenance',
      '/roe',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(paths.length).toBeGreaterThanOrEqual(22);
    for (const menu of menus.filter((item) => item.Application === 'NOVUS-PR')) expect(menu.MenuId.startsWith('PY'), menu.MenuId).toBe(true);
  });
});

describe('routes', () => {
  it('has exactly one route per menu with a RouterPath, at app RouterPath + menu RouterPath, named by MenuId', () => {
    for (const menu of menus.filter((item) => item.RouterPath !== '')) {
      const path = routerPathOf(menu.Application) + menu.RouterPath;
      const matching = routes.filter((route) => route.Path === path);
      expect(matching.length, path).toBe(1);
      expect(matching[0]?.Name).toBe(menu.MenuId);
    }
  });

  it('gives group items no route', () => {
    const names = new Set(routes.map((route) => route.Name));
    for (const menu of menus.filter((item) => item.RouterPath === '')) expect(names.has(menu.MenuId)).toBe(false);
  });

  it('has unique Paths, also ignoring case (the application segment is matched case-insensitively)', () => {
    const paths = routes.map((route) => route.Path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(paths.map((path) => path.toLowerCase())).size).toBe(paths.length);
  });

  it('has unique Names', () => {
    const names = routes.map((route) => route.Name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has a well-formed Component on every route', () => {
    for (const route of routes) expect(route.Component, route.Path).toMatch(/^@erp\/[a-z-]+#[A-Z][A-Za-z0-9]*$/);
  });

  it('has a home route and one root route per application', () => {
    expect(routes.find((route) => route.Path === '/')).toMatchObject({ Name: 'HOME', Component: '@erp/home#Home' });
    const homeComponents: Record<string, string> = {
      'NOVUS-GL': '@erp/accounting#ApplicationHome',
      'NOVUS-AR': '@erp/accounting#ApplicationHome',
      'NOVUS-AP': '@erp/accounting#ApplicationHome',
      'NOVUS-IC': '@erp/inventory#ApplicationHome',
    };
    for (const app of applications) {
      const root = routes.find((route) => route.Path === app.RouterPath);
      expect(root, app.Application).toMatchObject({
        Name: app.Application,
        Component: homeComponents[app.Application] ?? '@erp/home#ApplicationHome',
      });
    }
  });

  it('puts each application’s screens in its module', () => {
    const modules: Record<string, string> = {
      SHELL: '@erp/shell-admin',
      'NOVUS-AP': '@erp/accounting',
      'NOVUS-AR': '@erp/accounting',
      'NOVUS-GL': '@erp/accounting',
      'NOVUS-IC': '@erp/inventory',
      'NOVUS-OE': '@erp/order-entry',
      'NOVUS-PT': '@erp/order-entry',
      'NOVUS-PO': '@erp/purchasing',
      'NOVUS-WD': '@erp/waste',
      'NOVUS-TE': '@erp/trades',
      'NOVUS-PR': '@erp/payroll',
      'RESTEEL-OE': '@erp/steel',
      NOVUS: '@erp/legacy',
      PORTAL: '@erp/portal',
    };
    for (const menu of menus.filter((item) => item.RouterPath !== '')) {
      const route = routes.find((item) => item.Name === menu.MenuId);
      // Frames (the steel system, the newer-version front end) and the screens an entity definition names
      // (the generic entity screen: firm maintenance, the shell administration) are in other modules.
      const path = applications.find((app) => app.Application === menu.Application)!.RouterPath + menu.RouterPath;
      const expected = FRAME_MENUS.has(menu.MenuId)
        ? '@erp/frames'
        : menu.MenuId === 'PY0122'
          ? '@erp/accounting#GlIntegration'
        : entitiesForRoute(path).length > 0
          ? '@erp/records#EntityScreen'
          : modules[menu.Application]!;
      // The shell module's own screens (the webhook deliveries' document screen) are in its app, `@erp/records`
      // (modules/shell/module.json).
      const shellOwn = menu.Application === 'SHELL' && route?.Component.startsWith('@erp/records#') === true;
      expect(shellOwn || route?.Component.startsWith(expected.includes('#') ? expected : `${expected}#`), `${menu.MenuId} ${route?.Component}`).toBe(true);
    }
    // Every firm-maintenance route of §2 is the generic screen (item 6), and so is every /shell administration screen but change-password.
    // The routes the business modules add to the shell's firm (issue 73 item 4: each from its own extensions).
    const firmRoutes = entityByName('firm')!.routes;
    expect([...firmRoutes].sort()).toEqual(
      ['/novus-ap/firm-maintenance', '/novus-ar/firm-maintenance', '/novus-oe/firm-maintenance', '/novus-po/firm-maintenance', '/novus-pt/firm-maintenance', '/novus-wd/firm-maintenance', '/novus-te/firm', '/novus/firm-maintenance'].sort(),
    );
    for (const firmPath of firmRoutes) expect(routes.find((route) => route.Path === firmPath)?.Component, firmPath).toBe('@erp/records#EntityScreen');
    expect(routes.find((route) => route.Path === '/shell/change-password')?.Component).toBe('@erp/shell-admin#ChangePassword');
    expect(routes.find((route) => route.Path === '/novus-gl/gl-chart')?.Component).toBe('@erp/accounting#GlChart');
    expect(routes.find((route) => route.Path === '/resteel-oe/resteel')?.Name).toBe('RESTEEL0002');
  });

  it('shows the steel system at /resteel-oe/resteel in the steel frame, without Props', () => {
    const steel = routes.find((route) => route.Path === '/resteel-oe/resteel');
    expect(steel).toMatchObject({ Name: 'RESTEEL0002', Component: '@erp/frames#SteelFrame', Props: null });
    // The Order Entry application's own /resteel screen is not the frame.
    expect(routes.find((route) => route.Path === '/novus-oe/resteel')?.Component).toBe('@erp/order-entry#Resteel');
  });

  it('says in the route of RESTEEL0002 that it opens in the window resteelWin (§2), and in no other route', () => {
    const windows = routes.flatMap((route) => {
      const window = (JSON.parse(route.Meta ?? 'null') as { window?: unknown } | null)?.window;
      return window === undefined ? [] : [[route.Name, window]];
    });
    expect(windows).toEqual([['RESTEEL0002', { name: 'resteelWin' }]]);
  });

  it('registers legacy NOVUS screens of the newer-version front end as frames, one route per path', () => {
    const frames = routes.filter((route) => route.Component === '@erp/frames#Frame');
    expect(frames.map((route) => [route.Path, route.Name])).toEqual([
      ['/novus/sales-order-entry', 'NV0116'],
      ['/novus/load-sheet', 'NV0117'],
      ['/novus/order-summary', 'NV0119'],
    ]);
    for (const route of frames) {
      const props = JSON.parse(route.Props ?? 'null') as { src?: unknown };
      // src is relative to NOVUS_FRONTEND_ORIGIN; the server makes it absolute when it answers.
      expect(props).toEqual({ src: `/novus/index.html#${route.Path.slice('/novus'.length)}` });
      expect(JSON.parse(route.Meta ?? '{}').title).toBe(menus.find((menu) => menu.MenuId === route.Name)?.MenuName);
    }
    // Their menus are ordinary active menus of the legacy application.
    for (const id of ['NV0116', 'NV0117', 'NV0119']) expect(menuById.get(id)).toMatchObject({ Application: 'NOVUS', IsActive: true });
    // The legacy application root stays the application home.
    expect(routes.find((route) => route.Path === '/novus')?.Component).toBe('@erp/home#ApplicationHome');
  });

  it('uses frame components only for the frame menus', () => {
    const framed = routes.filter((route) => route.Component.startsWith('@erp/frames#')).map((route) => route.Name);
    expect(new Set(framed)).toEqual(FRAME_MENUS);
  });

  it('has the portal order details route, receiving props', () => {
    const details = routes.find((route) => route.Path === '/portal/orderdetails');
    expect(details?.Component).toBe('@erp/portal#OrderDetails');
    expect(JSON.parse(details?.Meta ?? '{}')).toMatchObject({ receivesProps: true });
  });

  it('stores Props and Meta as JSON text (or null)', () => {
    for (const route of routes) {
      for (const text of [route.Props, route.Meta]) {
        if (text === null) continue;
        const value: unknown = JSON.parse(text);
        expect(typeof value, route.Path).toBe('object');
      }
    }
    expect(JSON.parse(routes.find((route) => route.Path === '/novus-gl/gl-chart')?.Meta ?? '{}')).toEqual({
      title: 'GL Chart of Accounts',
    });
  });
});

describe('languages', () => {
  it('has en-CA, fr-CA, zh-CN and zh-TW with LocaleIdentifier = LanguageCode-CountryCode', () => {
    expect(languages.map((language) => language.LocaleIdentifier)).toEqual(['en-CA', 'fr-CA', 'zh-CN', 'zh-TW']);
    for (const language of languages) {
      expect(language.LocaleIdentifier).toBe(`${language.LanguageCode}-${language.CountryCode}`);
      expect(language.ImageUrl).toMatch(/^\/locales\/flags\/[a-z]+\.svg$/);
      expect(language.Name).not.toBe('');
    }
  });
});

describe('roles and users', () => {
  it('has the five roles, all naming existing applications', () => {
    expect(Object.fromEntries(roles.map((role) => [role.RoleId, role.Applications]))).toEqual({
      ADMIN: '*',
      CLERK: ['NOVUS-OE', 'NOVUS-IC'],
      PORTAL: ['PORTAL'],
      STEEL: ['RESTEEL-OE', 'NOVUS-OE'],
      PAYROLL: ['NOVUS-PR'],
    });
    for (const role of roles) {
      if (role.Applications === '*') continue;
      for (const app of role.Applications) expect(appByName.has(app), `${role.RoleId} ${app}`).toBe(true);
    }
  });

  it('has the four demo users with their passwords and roles', () => {
    expect(users.map((user) => [user.UserId, user.Password, user.Roles])).toEqual([
      ['admin', 'admin', ['ADMIN', 'PAYROLL']],
      ['clerk', 'clerk', ['CLERK']],
      ['portal', 'portal', ['PORTAL']],
      ['steel', 'steel', ['STEEL']],
    ]);
    const roleIds = new Set(roles.map((role) => role.RoleId));
    for (const user of users) {
      for (const role of user.Roles) expect(roleIds.has(role)).toBe(true);
      expect(user.Language).toBe('en-CA');
      expect(user.Email).toMatch(/^[^@\s]+@[^@\s]+\.example$/);
    }
  });

  it('makes only the portal user a portal customer, and gives the steel user the steel domain', () => {
    const byId = new Map(users.map((user) => [user.UserId, user]));
    expect(byId.get('admin')).toMatchObject({ Domain: 'novus.example', LandingPage: null });
    expect(byId.get('clerk')?.LandingPage).toBeNull();
    expect(byId.get('portal')).toMatchObject({
      LandingPage: PORTAL_LANDING_PAGE,
      DefaultShipToId: 'S101',
      Securables: ['B100,S101,S102', 'B200,S201'],
    });
    expect(byId.get('steel')).toMatchObject({ Domain: STEEL_DOMAIN, LandingPage: null });
    expect(demoUsers({ steelDomain: 'other.example' }).find((user) => user.UserId === 'steel')?.Domain).toBe(
      'other.example',
    );
  });
});

describe('firms', () => {
  const firmById = new Map(firms.map((firm) => [firm.FirmId, firm]));

  it('has the seven active firms with unique ids', () => {
    expect(firms.map((firm) => firm.FirmId)).toEqual(['B100', 'S101', 'S102', 'B200', 'S201', 'B300', 'S301']);
    for (const firm of firms) expect(firm.IsActive).toBe(true);
  });

  it('references existing firms of the right type from every securable', () => {
    for (const user of users) {
      for (const securable of user.Securables) {
        const [billTo, ...shipTos] = securable.split(',');
        expect(firmById.get(billTo ?? '')?.FirmTypes, securable).toContain('bill-to');
        expect(shipTos.length).toBeGreaterThan(0);
        for (const shipTo of shipTos) expect(firmById.get(shipTo)?.FirmTypes, securable).toContain('ship-to');
      }
      if (user.DefaultShipToId !== null) {
        const shipTos = user.Securables.flatMap((securable) => securable.split(',').slice(1));
        expect(shipTos).toContain(user.DefaultShipToId);
      }
    }
  });

  it('keeps B300 and S301 out of everybody’s securables', () => {
    const referenced = new Set(users.flatMap((user) => user.Securables.flatMap((securable) => securable.split(','))));
    expect(referenced.has('B300')).toBe(false);
    expect(referenced.has('S301')).toBe(false);
  });
});

describe('module catalogs (issue 41: a module\'s menus live in its folder)', () => {
  const parts = serverModules().flatMap((module) => (module.catalog ? [{ name: module.definitions.name, catalog: module.catalog }] : []));
  const requires = new Map(moduleManifests().map((manifest) => [manifest.name, manifest.requires]));
  function required(name: string, seen = new Set<string>()): Set<string> {
    for (const other of requires.get(name) ?? []) if (!seen.has(other)) required(other, seen.add(other));
    return seen;
  }

  it('takes every application from exactly one module, in distinct Applications menu positions', () => {
    const owned = parts.flatMap((part) => part.catalog.applications.map((entry) => entry.app.Application));
    expect([...owned].sort()).toEqual(applications.map((app) => app.Application).sort());
    const sequences = parts.flatMap((part) => part.catalog.applications.map((entry) => entry.sequence));
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('translates each module\'s names in the module or in a module it requires (it needs no other folder)', () => {
    const missing: string[] = [];
    for (const part of parts) {
      const reachable = [part, ...parts.filter((other) => required(part.name).has(other.name))];
      const known = (name: string) => reachable.some((other) => name in other.catalog.names);
      const names = part.catalog.applications.flatMap((entry) => [entry.app.Description, ...entry.rows.map((row) => row.name)]);
      const titles = (part.catalog.routes ?? []).map((route) => (JSON.parse(route.Meta ?? '{}') as { title?: string }).title ?? '');
      for (const name of [...names, ...titles]) if (!known(name)) missing.push(`${part.name}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('refuses a name two modules translate differently', () => {
    const one = { names: { Setup: ['Configuration', '设置', '設定'] as const } };
    expect(() => mergeNameTranslations([one, one])).not.toThrow();
    expect(() => mergeNameTranslations([one, { names: { Setup: ['Réglages', '设置', '設定'] as const } }])).toThrow(/Setup/);
  });
});
