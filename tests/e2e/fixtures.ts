/**
 * The end-to-end tests' `test`: Playwright's own, except that a test's route handlers are done before its page
 * and context close. A handler still inside `route.fetch()` when a test ends — the shell had just asked again,
 * e.g. for its routes after a language switch — would read a response the closing context has disposed
 * ("Response has been disposed"), an error Playwright pins on whichever test runs next. So after a test that
 * passed, teardown waits for the handlers in flight (each ends once the server has answered); after one that
 * failed it drops them instead, since a handler may be held on a promise the failed test never released.
 */
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, CDPSession, Frame, Locator, Page, Request, Response, Route } from '@playwright/test';

const settleRoutes = (passed: boolean) => ({ behavior: passed ? ('wait' as const) : ('ignoreErrors' as const) });

export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    await use(context);
    await context.unrouteAll(settleRoutes(testInfo.status === testInfo.expectedStatus));
  },
  page: async ({ page }, use, testInfo) => {
    await use(page);
    await page.unrouteAll(settleRoutes(testInfo.status === testInfo.expectedStatus));
  },
});
