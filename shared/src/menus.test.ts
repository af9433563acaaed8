import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import {
  clearMenuCache,
  isMenuGroup,
  loadMenus,
  menuForSegment,
  menuHref,
  menuPath,
  menusVisible,
  menuTree,
} from './menus.ts';
import {
  applicationForPath,
  applicationNameForPath,
  findRoute,
  hashPath,
  parseComponent,
} from './navigation.ts';
import type { Application, Menu, RouteDefinition } from './types.ts';

let key = 0;
function menu(MenuId: string, ParentId: string, Sequence: number, RouterPath = '', IsActive = true): Menu {
  return { MenuKey: ++key, Application: 'GL', MenuId, MenuName: MenuId, ParentId, Sequence, IsActive, RouterPath };
}

const applications: Application[] = [
  { Application: 'HOME', Description: 'Home', RouterPath: '/' },
  { Application: 'GL', Description: 'General Ledger', RouterPath: '/novus-gl' },
  { Application: 'IC', Description: 'Inventory Control', RouterPath: 'novus-ic' },
];

describe('menu tree (§3 Menu)', () => {
  it('nests by ParentId from ROOT, orders by Sequence and hides inactive items with their children', () => {
    const tree = menuTree([
      menu('ITEM-B', 'GROUP-1', 2, '/b'),
      menu('GROUP-2', 'ROOT', 2),
      menu('GROUP-1', 'ROOT', 1),
      menu('ITEM-A', 'GROUP-1', 1, '/a'),
      menu('HIDDEN', 'GROUP-2', 1, '/h', false),
      menu('UNDER-HIDDEN', 'HIDDEN', 1, '/u'),
      menu('ORPHAN', 'NOPE', 1, '/o'),
    ]);
    expect(tree.map((n) => n.menu.MenuId)).toEqual(['GROUP-1', 'GROUP-2']);
    expect(tree[0]?.children.map((n) => n.menu.MenuId)).toEqual(['ITEM-A', 'ITEM-B']);
    expect(tree[1]?.children).toEqual([]);
  });

  it('breaks cycles', () => {
    const tree = menuTree([menu('A', 'ROOT', 1), menu('B', 'A', 1), menu('A', 'B', 1)]);
    expect(tree).toHaveLength(1);
  });

  it('builds item links from the application and menu router paths', () => {
    expect(menuHref('/novus-gl', menu('X', 'ROOT', 1, '/gl-chart'))).toBe('#/novus-gl/gl-chart');
    expect(menuHref('novus-gl/', menu('X', 'ROOT', 1, 'gl-chart'))).toBe('#/novus-gl/gl-chart');
    expect(isMenuGroup(menu('G', 'ROOT', 1, ' '))).toBe(true);
  });
});

describe('menu visibility and selection (§2, §5)', () => {
  it('shows menus unless the profile says showMenus false', () => {
    expect(menusVisible({ showMenus: true })).toBe(true);
    expect(menusVisible({})).toBe(true);
    expect(menusVisible(null)).toBe(true);
    expect(menusVisible({ showMenus: false })).toBe(false);
  });

  it('selects the menu item of the second segment, case-insensitively, never an inactive item or a group', () => {
    const menus = [
      menu('GROUP', 'ROOT', 1),
      menu('CHART', 'GROUP', 1, '/gl-chart'),
      menu('STOCK', 'GROUP', 2, '/Stock-Status'),
      menu('OLD', 'GROUP', 3, '/old', false),
    ];
    expect(menuForSegment(menus, 'GL-CHART')?.MenuId).toBe('CHART');
    expect(menuForSegment(menus, 'stock-status')?.MenuId).toBe('STOCK');
    expect(menuForSegment(menus, 'old')).toBeNull();
    expect(menuForSegment(menus, '')).toBeNull();
    expect(menuForSegment(menus, undefined)).toBeNull();
    expect(menuForSegment(menus, 'nope')).toBeNull();
  });

  it('joins the application and menu router paths', () => {
    expect(menuPath('/novus-ic', menu('X', 'ROOT', 1, '/Stock-Status'))).toBe('/novus-ic/Stock-Status');
    expect(menuPath('novus-ic/', menu('X', 'ROOT', 1, 'Stock-Status/'))).toBe('/novus-ic/Stock-Status');
  });
});

describe('menu loading (§7)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearMenuCache();
  });

  it('never requests HOME and loads each application once', async () => {
    configureApi({ baseUrl: 'http://erp.test/api/' });
    const fetchMock = vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadMenus('HOME')).resolves.toEqual([]);
    await loadMenus('GL');
    await loadMenus('gl');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([
      'http://erp.test/api/shell/menus?application=GL',
      expect.objectContaining({ method: 'GET' }),
    ]);
  });
});

describe('routing helpers (§2)', () => {
  it('reads the hash path', () => {
    expect(hashPath('')).toBe('/');
    expect(hashPath('#/')).toBe('/');
    expect(hashPath('#/novus-gl/gl-chart/?x=1')).toBe('/novus-gl/gl-chart');
    expect(hashPath('#novus-gl')).toBe('/novus-gl');
  });

  it('resolves the application from the first segment, case-insensitively', () => {
    expect(applicationForPath(applications, '/NOVUS-GL/gl-chart')?.Application).toBe('GL');
    expect(applicationForPath(applications, '/novus-ic')?.Application).toBe('IC');
    expect(applicationForPath(applications, '/unknown')).toBeNull();
    expect(applicationNameForPath(applications, '/')).toBe('HOME');
    expect(applicationNameForPath(applications, '/unknown')).toBeNull();
  });

  it('parses route components and finds declared routes', () => {
    expect(parseComponent('@erp/accounting#ApplicationHome')).toEqual({
      module: '@erp/accounting',
      exportName: 'ApplicationHome',
    });
    expect(parseComponent('@erp/home')).toEqual({ module: '@erp/home', exportName: 'default' });
    const routes: RouteDefinition[] = [
      { RouteKey: 1, Path: '/novus-gl/gl-chart', Name: 'x', Component: '@erp/accounting#GlChart', Props: null, Meta: null },
    ];
    expect(findRoute(routes, '/Novus-GL/gl-chart/')?.RouteKey).toBe(1);
    expect(findRoute(routes, '/novus-gl/other')).toBeNull();
  });
});
