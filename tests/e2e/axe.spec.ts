/**
 * Issue 16 item 8: accessibility checked on whole pages with axe-core (from node_modules, never downloaded):
 * the shell with HOME, a list, a form, the About dialog, the portal's order page and its cart. No serious
 * or critical violation may remain (axe's default rules: WCAG 2.x A and AA, and best practices).
 *
 * axe is added to the page as a script; the shell's CSP allows no inline script, so this spec's pages bypass
 * CSP (csp.spec.ts checks the CSP itself).
 */
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { screenOf, settled } from './shell-helpers.ts';

test.use({ bypassCSP: true, viewport: { width: 1440, height: 900 } });

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe on the whole page; answers the serious and critical violations, one line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    // axe's default rule set (WCAG 2.x A/AA and best practices; experimental rules off).
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.impact} ${violation.id} (${violation.help}): ${JSON.stringify(node.target)}`),
    );
}

test('staff: the shell with HOME, a list, a form and the About dialog have no serious or critical violation', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/');
  await expect(screenOf(page, '/').locator('.erp-ui-tile').first()).toBeVisible();
  expect(await seriousViolations(page), 'shell + HOME').toEqual([]);

  const path = '/novus-ar/firm-maintenance';
  await page.evaluate((hash) => (window.location.hash = hash), `#${path}`);
  const screen = screenOf(page, path);
  await expect(screen.locator('[role="grid"] [role="row"][data-row-id]').first()).toBeVisible();
  expect(await seriousViolations(page), 'list').toEqual([]);

  await screen.getByRole('button', { name: 'New', exact: true }).click();
  await expect(screen.locator('.erp-entity-form').getByRole('heading', { level: 2 })).toBeVisible();
  expect(await seriousViolations(page), 'form').toEqual([]);

  await page.locator('erp-top-bar').getByRole('button', { name: /Dana Whitfield/ }).click();
  await page.locator('erp-top-bar').getByRole('menuitem', { name: 'About' }).click();
  await expect(page.locator('erp-dialog[data-dialog="about"]').getByRole('dialog')).toBeVisible();
  // Shown and its opening animation done.
  await expect(page.locator('erp-dialog[data-dialog="about"] sl-dialog')).toHaveAttribute('data-shown', '');
  expect(await seriousViolations(page), 'About').toEqual([]);
});

test('portal: the order page and the cart have no serious or critical violation', async ({ page }) => {
  await signIn(page, 'portal', 'portal');
  await expect(page).toHaveURL(/#\/portal\/order$/);
  const order = page.locator('[data-portal-screen="order"]:visible');
  await expect(order).toBeVisible();
  await expect(order.locator('tr[data-sku]').first()).toBeVisible();
  expect(await seriousViolations(page), 'order page').toEqual([]);

  await page.locator('erp-portal-bar').locator('a.link[data-path="/portal/cart"]').click();
  await expect(page.locator('[data-portal-screen="cart"]:visible')).toBeVisible();
  expect(await seriousViolations(page), 'cart').toEqual([]);
});
