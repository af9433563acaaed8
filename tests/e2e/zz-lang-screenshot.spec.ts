import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { goTo, screenOf, settled } from './shell-helpers.ts';

test('zh-CN screenshots', async ({ page, context }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await context.addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent('c=zh-CN|uic=zh-CN'), url: new URL(page.url()).origin }]);
  await page.reload();
  await settled(page);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/lang-shots/home-zh-CN.png' });
  const fonts = await page.evaluate(() => getComputedStyle(document.body).fontFamily + ' | lang=' + document.documentElement.lang);
  console.log('FONTS', fonts);
  await goTo(page, '#/novus-po/purchase-order-entry');
  await expect(screenOf(page, '/novus-po/purchase-order-entry')).toBeVisible();
  await settled(page);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/lang-shots/po-zh-CN.png' });
});
