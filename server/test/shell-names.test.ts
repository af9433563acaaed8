/**
 * Issue 16 items 3 and 4: the shell's names in the caller's language, and which screens are in this
 * release (computed from the built modules' exports).
 */
import type { Application, Menu, RouteDefinition } from '@erp/shared/types';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, menus, nameTranslations as NAME_TRANSLATIONS, routes } from '../src/seed/catalog.ts';
import { NAME_LANGUAGES, localizedName } from '../src/shell/names.ts';
import { apiGet, apiPost, signIn, startServer, type TestServer } from './helpers/app.ts';

/** Every name the catalog gives the shell: application Descriptions, MenuNames and route titles. */
function catalogNames(): Set<string> {
  const names = new Set<string>();
  for (const application of applications) names.add(application.Description);
  for (const menu of menus) names.add(menu.MenuName);
  for (const route of routes) {
    const title = (JSON.parse(route.Meta ?? '{}') as { title?: unknown }).title;
    if (typeof title === 'string') names.add(title);
  }
  return names;
}

describe('name translations', () => {
  it('has every catalog name in all four languages', () => {
    const missing: string[] = [];
    for (const name of catalogNames()) {
      const translations = NAME_TRANSLATIONS[name];
      if (!translations || translations.length !== NAME_LANGUAGES.length - 1) {
        missing.push(`${name}: no translations`);
        continue;
      }
      translations.forEach((text, index) => {
        if (text.trim() === '') missing.push(`${name}: ${NAME_LANGUAGES[index + 1]} is empty`);
      });
      // Chinese names are written in Chinese, not left in English (brand names and codes excepted).
      for (const chinese of translations.slice(1)) {
        if (!/[\u4e00-\u9fff]/.test(chinese) && !/^[A-Z]+$/.test(chinese)) missing.push(`${name}: ${chinese} is not Chinese`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps no translation of a name the catalog does not have', () => {
    const names = catalogNames();
    expect(Object.keys(NAME_TRANSLATIONS).filter((name) => !names.has(name))).toEqual([]);
  });
});

let root: string;
let server: TestServer;
let adminToken: string;
let clerkToken: string;

beforeAll(async () => {
  // A fake front-end build: the accounting module exports ApplicationHome and GlChart only.
  root = await mkdtemp(join(tmpdir(), 'erp-names-'));
  await mkdir(join(root, 'apps', 'accounting', 'dist'), { recursive: true });
  await writeFile(
    join(root, 'import-map.json'),
    JSON.stringify({ imports: { '@erp/accounting': '/apps/accounting/accounting.js', '@erp/missing': '/apps/missing/missing.js' } }),
  );
  await writeFile(join(root, 'apps', 'accounting', 'dist', 'accounting.js'), 'const a = 1, b = 2;\nexport { a as ApplicationHome, b as GlChart };\n');
  server = await startServer({ ERP_REPO_ROOT: root });
  adminToken = (await signIn(server.app, 'admin', 'admin')).access_token;
  clerkToken = (await signIn(server.app, 'clerk', 'clerk')).access_token;
});

afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

function get(url: string, token: string, language?: string) {
  return server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) },
  });
}

describe('shell calls in the caller language', () => {
  it('answers application names in the Accept-Language of the call', async () => {
    const french = (await get('/api/shell/applications', adminToken, 'fr-CA')).json() as Application[];
    expect(french.find((a) => a.Application === 'NOVUS-GL')?.Description).toBe('Grand livre');
    const chinese = (await get('/api/shell/applications', adminToken, 'zh-TW,zh;q=0.8')).json() as Application[];
    expect(chinese.find((a) => a.Application === 'NOVUS-GL')?.Description).toBe('總帳');
    const english = (await get('/api/shell/applications', adminToken, 'en-CA')).json() as Application[];
    expect(english.find((a) => a.Application === 'NOVUS-GL')?.Description).toBe('General Ledger');
  });

  it('answers menus and route titles in the language', async () => {
    const menusFr = (await get('/api/shell/menus?application=NOVUS-GL', adminToken, 'fr-CA')).json() as Menu[];
    for (const menu of menusFr) expect(menu.MenuName).toBe(localizedName(menus.find((m) => m.MenuId === menu.MenuId)!.MenuName, 'fr-CA'));
    expect(menusFr.find((m) => m.MenuId === 'GL0111')?.MenuName).toBe('Plan comptable GL');
    const routesCn = (await get('/api/shell/routes', adminToken, 'zh-CN')).json() as RouteDefinition[];
    expect(JSON.parse(routesCn.find((r) => r.Path === '/novus-gl/gl-chart')!.Meta!)).toMatchObject({ title: '总账科目表' });
    expect(JSON.parse(routesCn.find((r) => r.Path === '/portal/orderdetails')!.Meta!)).toEqual({ title: '订单详情', receivesProps: true });
  });

  it('falls back to the language the user stored when the call names none of the product languages', async () => {
    expect((await apiPost(server.app, '/api/shell_init/locale', clerkToken, { locale: 'fr-CA' })).statusCode).toBe(200);
    const list = (await get('/api/shell/applications', clerkToken, 'de-DE')).json() as Application[];
    expect(list.find((a) => a.Application === 'NOVUS-OE')?.Description).toBe('Saisie des commandes');
    const plain = (await apiGet(server.app, '/api/shell/applications', clerkToken)).json() as Application[];
    expect(plain.find((a) => a.Application === 'NOVUS-IC')?.Description).toBe('Gestion des stocks');
  });
});

describe('screens in this release', () => {
  it('marks routes and menu items available exactly when the built module exports their Component', async () => {
    const all = (await get('/api/shell/routes', adminToken)).json() as RouteDefinition[];
    const byPath = new Map(all.map((route) => [route.Path, route]));
    expect(byPath.get('/novus-gl')?.Available).toBe(true); // @erp/accounting#ApplicationHome
    expect(byPath.get('/novus-gl/gl-chart')?.Component).toBe('@erp/accounting#GlChart');
    expect(byPath.get('/novus-gl/gl-chart')?.Available).toBe(true);
    expect(byPath.get('/novus-gl/trial-balance')?.Available).toBe(false); // not exported
    expect(byPath.get('/novus-oe/order-summary')?.Available).toBe(false); // module not in the map
    const glMenus = (await get('/api/shell/menus?application=NOVUS-GL', adminToken)).json() as Menu[];
    expect(glMenus.find((m) => m.MenuId === 'GL0111')?.Available).toBe(true);
    expect(glMenus.find((m) => m.MenuId === 'GL0107')?.Available).toBe(false);
    // Groups hold items and have no screen: no flag.
    expect(glMenus.find((m) => m.MenuId === 'GL0001')).not.toHaveProperty('Available');
  });

  it('advertises a new export after the module is rebuilt, with no list to update', async () => {
    const file = join(root, 'apps', 'accounting', 'dist', 'accounting.js');
    await writeFile(file, 'const a = 1, b = 2, c = 3;\nexport { a as ApplicationHome, b as GlChart, c as TrialBalance };\n// rebuilt\n');
    const glMenus = (await get('/api/shell/menus?application=NOVUS-GL', adminToken)).json() as Menu[];
    expect(glMenus.find((m) => m.MenuId === 'GL0107')?.Available).toBe(true);
  });
});
