/**
 * Issue 40 item 2: a screen is found by what users call it. Each module declares its screens' search words
 * beside them (`searchWords` of `modules/<m>/server/catalog.ts`, in all four languages); the menus API answers
 * them as `Keywords` in the caller's language, and the launchpad's menu filter (`shared/src/menu-filter.ts`)
 * and the command palette (`shell-elements/src/command-palette/palette-filter.ts`) search them — the very
 * functions the pages run are run here on the server's answer.
 */
import type { Menu } from '@erp/shared/types';
import { menuTree, type MenuNode } from '@erp/shared/menus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterMenuTree } from '../../shared/src/menu-filter.ts';
import { filterPaletteEntries, type PaletteEntry } from '../../shell-elements/src/command-palette/palette-filter.ts';
import { mergeSearchWords } from '../src/modules/catalog.ts';
import { serverModules } from '../src/modules/index.ts';
import { menus as catalogMenus } from '../src/seed/catalog.ts';
import { NAME_LANGUAGES, type NameLanguage } from '../src/shell/names.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';

const parts = serverModules().flatMap((module) => (module.catalog ? [{ name: module.definitions.name, catalog: module.catalog }] : []));

describe('search words declared by the modules', () => {
  it('names only screens of the catalog, each in all four languages, French and Chinese not left in English', () => {
    const paths = new Set(catalogMenus.filter((menu) => menu.RouterPath !== '').map((menu) => menu.RouterPath.toLowerCase()));
    const wrong: string[] = [];
    for (const part of parts) {
      for (const [path, words] of Object.entries(part.catalog.searchWords ?? {})) {
        if (!paths.has(path.toLowerCase())) wrong.push(`${part.name} ${path}: no menu has this path`);
        for (const language of NAME_LANGUAGES) if (!words[language]?.trim()) wrong.push(`${part.name} ${path}: ${language} is empty`);
        if (words['fr-CA'] === words['en-CA']) wrong.push(`${part.name} ${path}: fr-CA is the English`);
        for (const chinese of ['zh-CN', 'zh-TW'] as const) {
          if (!/[\u4e00-\u9fff]/.test(words[chinese])) wrong.push(`${part.name} ${path}: ${chinese} is not Chinese`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('declares a screen\'s words once, in one module', () => {
    expect(() => mergeSearchWords(parts.map((part) => part.catalog))).not.toThrow();
    const words = { 'en-CA': 'a', 'fr-CA': 'b', 'zh-CN': '丙', 'zh-TW': '丁' };
    expect(() => mergeSearchWords([{ searchWords: { '/x': words } }, { searchWords: { '/X': words } }])).toThrow(/two modules/);
  });
});

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

async function menusOf(application: string, language: NameLanguage): Promise<Menu[]> {
  const answer = await server.app.inject({
    method: 'GET',
    url: `/api/shell/menus?application=${application}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as Menu[];
}

function itemIds(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [...(node.menu.RouterPath ? [node.menu.MenuId] : []), ...itemIds(node.children)]);
}

/** The palette's entries of one application's menus, as root-config/src/chrome/palette.ts builds them. */
function paletteOf(menus: readonly Menu[], application: string): PaletteEntry[] {
  const groups = new Map(menus.map((menu) => [menu.MenuId, menu]));
  return menus
    .filter((menu) => menu.RouterPath !== '')
    .map((menu) => ({
      id: menu.MenuId,
      label: menu.MenuName,
      description: groups.get(menu.ParentId)?.MenuName ?? '',
      path: `/${application.toLowerCase()}${menu.RouterPath}`,
      application,
      keywords: menu.Keywords ?? '',
    }));
}

/** What each language's clerk types, and the screens it must find (the searches, then theirs). */
const SEARCHES: Record<NameLanguage, { vendorInvoice: string[]; customerInvoice: string[] }> = {
  'en-CA': { vendorInvoice: ['invoice', 'vendor invoice', 'bill', 'supplier invoice', 'voucher'], customerInvoice: ['invoice', 'customer invoice', 'credit note'] },
  'fr-CA': { vendorInvoice: ['facture', 'facture fournisseur', 'Facture d’achat'], customerInvoice: ['facture', 'facture client', 'note de credit'] },
  'zh-CN': { vendorInvoice: ['发票', '供应商发票', '账单'], customerInvoice: ['发票', '客户发票', '贷项通知单'] },
  'zh-TW': { vendorInvoice: ['發票', '供應商發票', '帳單'], customerInvoice: ['發票', '客戶發票', '貸項通知單'] },
};

/** Purchase Journal (the vendor-invoice screen) in Payables and in Purchasing; AR Sales Order Entry (the AR invoice). */
const VENDOR_INVOICE = [
  { application: 'NOVUS-AP', menuId: 'AP0113' },
  { application: 'NOVUS-PO', menuId: 'PO0107' },
];
const CUSTOMER_INVOICE = [{ application: 'NOVUS-AR', menuId: 'AR0128' }];

describe.each(NAME_LANGUAGES)('in %s the menu filter and the palette find the invoice screens by what users call them', (language) => {
  const cases = [
    ...SEARCHES[language].vendorInvoice.map((query) => ({ query, screens: VENDOR_INVOICE })),
    ...SEARCHES[language].customerInvoice.map((query) => ({ query, screens: CUSTOMER_INVOICE })),
  ];

  it.each(cases)('"$query"', async ({ query, screens }) => {
    for (const { application, menuId } of screens) {
      const menus = await menusOf(application, language);
      const item = menus.find((menu) => menu.MenuId === menuId)!;
      // The spec's menu name stays (§2): the words are searched, not shown.
      expect(item.MenuName).not.toMatch(/invoice|facture|发票|發票/i);
      expect(itemIds(filterMenuTree(menuTree(menus), query)), `menu filter of ${application}`).toContain(menuId);
      expect(filterPaletteEntries(paletteOf(menus, application), query).map((entry) => entry.id), `palette, ${application}`).toContain(menuId);
    }
  });
});

describe('the words are the caller\'s language', () => {
  it('answers Keywords in the Accept-Language, and none on an item whose screen declares none', async () => {
    const english = await menusOf('NOVUS-AP', 'en-CA');
    const french = await menusOf('NOVUS-AP', 'fr-CA');
    expect(english.find((menu) => menu.MenuId === 'AP0113')?.Keywords).toContain('vendor invoice');
    expect(french.find((menu) => menu.MenuId === 'AP0113')?.Keywords).toContain('facture fournisseur');
    expect(french.find((menu) => menu.MenuId === 'AP0113')?.Keywords).not.toContain('vendor');
    // Groups have no screen; "Vendor List" declares nothing.
    expect(english.find((menu) => menu.MenuId === 'AP0004')).not.toHaveProperty('Keywords');
    expect(english.find((menu) => menu.MenuId === 'AP0112')).not.toHaveProperty('Keywords');
  });
});
