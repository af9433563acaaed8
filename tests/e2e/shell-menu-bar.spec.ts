/**
 * Issue 16 items 1 and 3: the menu bar's menus are Shoelace's (`<sl-dropdown>`, `<sl-menu>`, `<sl-menu-item>`,
 * loaded on first use) and keep the APG menubar keyboard end to end — arrows along the bar, ArrowDown opens
 * on the first item, arrows move in the menu, Escape closes and returns focus to the bar, Enter opens the
 * screen — and their names follow the user's language (Simplified Chinese here; French in
 * i18n-release.spec.ts). Staff at 1440×900.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Menu } from '@erp/shared';
import { accessToken, signIn } from './helpers.ts';
import { chooseLanguage, menuBar, topBar } from './shell-helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

async function menusOf(page: Page, application: string, language: string): Promise<Menu[]> {
  const response = await page.request.get(`/api/shell/menus?application=${application}`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}`, 'Accept-Language': language },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Menu[];
}

/** The top groups of an application's menus, in bar order, with their visible children. */
function groupsOf(menus: Menu[]): { group: Menu; children: Menu[] }[] {
  const visible = menus.filter((menu) => menu.IsActive !== false);
  return visible
    .filter((menu) => menu.ParentId === 'ROOT' && !menu.RouterPath)
    .sort((a, b) => a.Sequence - b.Sequence)
    .map((group) => ({
      group,
      children: visible.filter((menu) => menu.ParentId === group.MenuId).sort((a, b) => a.Sequence - b.Sequence || a.MenuName.localeCompare(b.MenuName)),
    }))
    .filter(({ children }) => children.length > 0);
}

test('the menu bar opens Shoelace menus from the keyboard, returns focus on Escape and opens the chosen screen', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  const [first, second] = groupsOf(await menusOf(page, 'NOVUS-GL', 'en-CA'));
  expect(second, 'General Ledger has two menu groups').toBeTruthy();
  const bar = menuBar(page).getByRole('menubar', { name: 'Application menu' });
  await expect(bar).toBeVisible();
  const firstGroup = bar.getByRole('menuitem', { name: first!.group.MenuName, exact: true });
  const secondGroup = bar.getByRole('menuitem', { name: second!.group.MenuName, exact: true });

  await firstGroup.focus();
  await page.keyboard.press('ArrowRight');
  await expect(secondGroup).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(firstGroup).toBeFocused();

  // ArrowDown opens the group's Shoelace menu on its first item; the arrows move in it.
  await page.keyboard.press('ArrowDown');
  const menu = bar.getByRole('menu', { name: first!.group.MenuName, exact: true });
  await expect(menu).toBeVisible();
  expect(await menu.evaluate((element) => element.localName)).toBe('sl-menu');
  await expect(firstGroup).toHaveAttribute('aria-expanded', 'true');
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  if (first!.children.length > 1) {
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(items.first()).toBeFocused();
  }

  // Escape closes it and gives focus back to its group on the bar.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(firstGroup).toBeFocused();
  await expect(firstGroup).toHaveAttribute('aria-expanded', 'false');

  // ArrowRight from inside a menu moves to the next group, opened.
  await page.keyboard.press('Enter');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const next = bar.getByRole('menu', { name: second!.group.MenuName, exact: true });
  await expect(next).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(next.getByRole('menuitem').first()).toBeFocused();

  // Enter opens the screen of the focused item; the menu closes and focus is back on the bar.
  const target = second!.children[0]!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/novus-gl${target.RouterPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i'));
  await expect(next).toBeHidden();
  await expect(secondGroup).toBeFocused();
});

test('in Simplified Chinese the menu bar and its menus show the server’s Chinese names', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl');
  const [group] = groupsOf(await menusOf(page, 'NOVUS-GL', 'zh-CN'));
  const [english] = groupsOf(await menusOf(page, 'NOVUS-GL', 'en-CA'));
  expect(group!.group.MenuName, 'a real translation').not.toBe(english!.group.MenuName);
  await expect(menuBar(page).getByRole('menuitem', { name: english!.group.MenuName, exact: true })).toBeVisible();
  await chooseLanguage(page, '简体中文');
  try {
    const bar = menuBar(page).getByRole('menubar', { name: '应用程序菜单' });
    const item = bar.getByRole('menuitem', { name: group!.group.MenuName, exact: true });
    await expect(item).toBeVisible();
    await item.click();
    const menu = bar.getByRole('menu', { name: group!.group.MenuName, exact: true });
    await expect(menu.getByRole('menuitem')).toHaveCount(group!.children.length);
    for (const [index, child] of group!.children.entries()) {
      await expect(menu.getByRole('menuitem').nth(index)).toContainText(child.MenuName);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  } finally {
    const restored = page.waitForRequest((request) => request.url().endsWith('/api/shell_init/locale'));
    await chooseLanguage(page, 'English (Canada)');
    await restored;
  }
  await expect(topBar(page).getByRole('tab', { name: 'General Ledger' })).toBeVisible();
});
