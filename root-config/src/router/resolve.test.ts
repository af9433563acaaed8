import { describe, expect, it, vi } from 'vitest';
import type { Application, Menu, RouteDefinition } from '@erp/shared';
import { resolvePath, resolveWithoutMenus, routeTitle, routeWindow, type ResolveContext } from './resolve.ts';

const applications: Application[] = [
  { Application: 'NOVUS-GL', Description: 'General Ledger', RouterPath: '/novus-gl' },
  { Application: 'NOVUS-IC', Description: 'Inventory Control', RouterPath: 'novus-ic' },
  { Application: 'PORTAL', Description: 'Portal', RouterPath: '/portal' },
];

let key = 0;
const route = (Path: string, Component: string, title?: string): RouteDefinition => ({
  RouteKey: ++key,
  Path,
  Name: `R${key}`,
  Component,
  Props: null,
  Meta: title ? JSON.stringify({ title }) : null,
});
const menu = (Application: string, MenuId: string, RouterPath: string, IsActive = true, ParentId = 'ROOT'): Menu => ({
  MenuKey: ++key,
  Application,
  MenuId,
  MenuName: `${MenuId} name`,
  ParentId,
  Sequence: 10,
  IsActive,
  RouterPath,
});

const routes = [
  route('/', '@erp/home#Home'),
  route('/novus-gl', '@erp/accounting#ApplicationHome'),
  route('/novus-gl/gl-chart', '@erp/accounting#GlChart', 'GL Chart of Accounts'),
  route('/novus-gl/old-audit', '@erp/accounting#OldAudit'),
  route('/novus-ic/Stock-Status', '@erp/inventory#StockStatus'),
  { ...route('/portal/orderdetails', '@erp/portal#OrderDetails'), Meta: '{"title":"Order Details","receivesProps":true}' },
  route('/portal/not-granted', '@erp/portal#NotGranted'),
  route('/reports/x', '@erp/reports#X', 'Report X'),
];
const menus: Record<string, Menu[]> = {
  'NOVUS-GL': [
    menu('NOVUS-GL', 'GL0001', ''),
    menu('NOVUS-GL', 'GL0111', '/gl-chart', true, 'GL0001'),
    menu('NOVUS-GL', 'GL0999', '/old-audit', false, 'GL0001'),
    menu('NOVUS-GL', 'GL0200', '/not-routed'),
  ],
  'NOVUS-IC': [menu('NOVUS-IC', 'IC0104', '/Stock-Status')],
  PORTAL: [],
};

function context(overrides: Partial<ResolveContext> = {}): ResolveContext & { menusOf: ReturnType<typeof vi.fn> } {
  const menusOf = vi.fn(async (application: Application) => menus[application.Application] ?? []);
  return { applications, routes, menusOf, ...overrides } as ResolveContext & { menusOf: typeof menusOf };
}

describe('route resolution (§2 routing rules)', () => {
  it('resolves / to HOME without asking for menus', async () => {
    const ctx = context();
    await expect(resolvePath('/', ctx)).resolves.toMatchObject({ kind: 'home', path: '/' });
    expect(ctx.menusOf).not.toHaveBeenCalled();
  });

  it('selects the application from the first segment, case-insensitively, and answers its canonical root', async () => {
    const ctx = context();
    await expect(resolvePath('/NOVUS-GL', ctx)).resolves.toMatchObject({
      kind: 'application',
      path: '/novus-gl',
      application: { Application: 'NOVUS-GL' },
      route: { Component: '@erp/accounting#ApplicationHome' },
    });
    await expect(resolvePath('/Novus-Ic/', ctx)).resolves.toMatchObject({ kind: 'application', path: '/novus-ic', route: null });
    expect(ctx.menusOf).not.toHaveBeenCalled();
  });

  it('redirects an unknown application to /', async () => {
    await expect(resolvePath('/nope', context())).resolves.toEqual({ kind: 'redirect', to: '/', refused: '/nope' });
    await expect(resolvePath('/nope/gl-chart', context())).resolves.toEqual({ kind: 'redirect', to: '/', refused: '/nope/gl-chart' });
    // No applications at all (signed out, or the fetch failed): everything but / goes home.
    await expect(resolvePath('/novus-gl', context({ applications: [], routes: [] }))).resolves.toEqual({
      kind: 'redirect',
      to: '/',
      refused: '/novus-gl',
    });
  });

  it('selects the menu item from the second segment, case-insensitively, with the canonical path', async () => {
    const ctx = context();
    await expect(resolvePath('/novus-gl/GL-CHART', ctx)).resolves.toMatchObject({
      kind: 'menu',
      path: '/novus-gl/gl-chart',
      menu: { MenuId: 'GL0111' },
      route: { Component: '@erp/accounting#GlChart' },
    });
    await expect(resolvePath('/NOVUS-IC/stock-status', ctx)).resolves.toMatchObject({
      kind: 'menu',
      path: '/novus-ic/Stock-Status',
      menu: { MenuId: 'IC0104' },
    });
    expect(ctx.menusOf).toHaveBeenCalledWith(expect.objectContaining({ Application: 'NOVUS-GL' }));
  });

  it('redirects an unknown menu to the application root', async () => {
    await expect(resolvePath('/novus-gl/nope', context())).resolves.toEqual({ kind: 'redirect', to: '/novus-gl', refused: '/novus-gl/nope' });
    await expect(resolvePath('/NOVUS-IC/nope', context())).resolves.toEqual({ kind: 'redirect', to: '/novus-ic', refused: '/NOVUS-IC/nope' });
  });

  it('redirects to the application root when the full path is not a declared route', async () => {
    // GL0200 is a menu item, but no route declares /novus-gl/not-routed.
    await expect(resolvePath('/novus-gl/not-routed', context())).resolves.toEqual({ kind: 'redirect', to: '/novus-gl', refused: '/novus-gl/not-routed' });
    await expect(resolvePath('/novus-gl/gl-chart/extra', context())).resolves.toEqual({ kind: 'redirect', to: '/novus-gl', refused: '/novus-gl/gl-chart/extra' });
  });

  it('treats an inactive menu item as unknown even when its route is declared', async () => {
    await expect(resolvePath('/novus-gl/old-audit', context())).resolves.toEqual({ kind: 'redirect', to: '/novus-gl', refused: '/novus-gl/old-audit' });
  });

  it('opens a page that receives props (no menu item) as a tab of its own; other menu-less routes redirect', async () => {
    await expect(resolvePath('/portal/orderdetails', context())).resolves.toMatchObject({
      kind: 'route',
      path: '/portal/orderdetails',
      application: { Application: 'PORTAL' },
    });
    // Declared, but no menu item the user was given names it (menu access): unknown menu.
    await expect(resolvePath('/portal/not-granted', context())).resolves.toEqual({ kind: 'redirect', to: '/portal', refused: '/portal/not-granted' });
    await expect(resolvePath('/reports/x', context())).resolves.toMatchObject({ kind: 'route', application: null });
  });

  it('lets the declared route decide when the menus cannot be loaded', async () => {
    const ctx = context({ menusOf: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await expect(resolvePath('/novus-gl/gl-chart', ctx)).resolves.toMatchObject({ kind: 'route', path: '/novus-gl/gl-chart' });
    await expect(resolvePath('/novus-gl/nope', ctx)).resolves.toEqual({ kind: 'redirect', to: '/novus-gl', refused: '/novus-gl/nope' });
  });

  it('starts with no server routes: only HOME and the application roots remain', async () => {
    const ctx = context({ routes: [] });
    await expect(resolvePath('/', ctx)).resolves.toMatchObject({ kind: 'home', route: null });
    await expect(resolvePath('/novus-gl', ctx)).resolves.toMatchObject({ kind: 'application', route: null });
    await expect(resolvePath('/novus-gl/gl-chart', ctx)).resolves.toEqual({ kind: 'redirect', to: '/novus-gl', refused: '/novus-gl/gl-chart' });
  });

  it('answers without menus whenever it can', () => {
    expect(resolveWithoutMenus('/novus-gl/gl-chart', context())).toBeNull();
    expect(resolveWithoutMenus('/novus-gl/nope', context())).toEqual({ kind: 'redirect', to: '/novus-gl', refused: '/novus-gl/nope' });
  });

  it('titles a route from its Meta, else its Name', () => {
    expect(routeTitle(route('/a', 'x', 'Alpha'))).toBe('Alpha');
    expect(routeTitle({ ...route('/b', 'x'), Name: 'B-NAME', Meta: '{not json' })).toBe('B-NAME');
  });

  it('reads the named window a route opens in from its Meta (§2), and none from anything else', () => {
    const withMeta = (meta: string | null) => ({ ...route('/partner/page', '@erp/frames#PartnerFrame'), Meta: meta });
    expect(routeWindow(withMeta('{"title":"Partner","window":{"name":"partnerWin"}}'))).toEqual({ name: 'partnerWin' });
    expect(routeWindow(withMeta('{"window":{"name":" partnerWin ","url":"https://partner.example/entry"}}'))).toEqual({
      name: 'partnerWin',
      url: 'https://partner.example/entry',
    });
    for (const meta of [null, '{not json', '{"title":"Partner"}', '{"window":"partnerWin"}', '{"window":{"name":""}}', '{"window":{"name":7}}']) {
      expect(routeWindow(withMeta(meta)), String(meta)).toBeNull();
    }
    expect(routeWindow(null)).toBeNull();
  });
});
