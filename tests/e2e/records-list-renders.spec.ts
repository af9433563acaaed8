/**
 * Issue 40 item 10 (every screen opens in under a second): the generic list renders its rows once per open (and
 * the list itself when it mounts and when its page arrives — no second pass to pass on a measured height),
 * and a cursor move renders the two rows it touches, not every row in view.
 *
 * How renders are seen in the production build: React DOM reports each commit to the DevTools hook
 * (`__REACT_DEVTOOLS_GLOBAL_HOOK__`) when one is there before it loads. The hook installed here walks each
 * committed tree and notes, per row of a list (the element with `data-row-id`), each new props object: React
 * gives an element new props each time the component that draws it renders, and keeps the old ones when it
 * does not. So "renders of a row" is counted without any code in the product for it; the list's own renders are
 * counted the same way on its outer element (`.records-list`, key `list`).
 */
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { goTo, screenOf, settled } from './shell-helpers.ts';

const FIRMS = '/novus-ar/firm-maintenance';

/** In the page, before any script: the hook, and `__rowRenders` (per row id, how many times it rendered). */
function installRenderCounter(): void {
  const renders = new Map<string, number>();
  const lastProps = new Map<string, unknown>();
  type Fiber = { type: unknown; memoizedProps: Record<string, unknown> | null; child: Fiber | null; sibling: Fiber | null };
  const walk = (root: Fiber | null) => {
    const stack: (Fiber | null)[] = [root];
    while (stack.length > 0) {
      const fiber = stack.pop();
      if (!fiber) continue;
      const props = fiber.memoizedProps;
      const id = typeof fiber.type !== 'string' || !props ? undefined : props['className'] === 'records-list' ? 'list' : props['data-row-id'];
      if (typeof id === 'string' && lastProps.get(id) !== props) {
        lastProps.set(id, props);
        renders.set(id, (renders.get(id) ?? 0) + 1);
      }
      stack.push(fiber.sibling, fiber.child);
    }
  };
  const page = window as unknown as Record<string, unknown>;
  page['__REACT_DEVTOOLS_GLOBAL_HOOK__'] = {
    supportsFiber: true,
    inject: () => 1,
    onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => walk(root.current),
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
  };
  page['__rowRenders'] = {
    reset: () => renders.clear(),
    counts: () => Object.fromEntries(renders),
  };
}

type Counter = { reset(): void; counts(): Record<string, number> };
const counts = (page: Page) => page.evaluate(() => (window as unknown as { __rowRenders: Counter }).__rowRenders.counts());
const reset = (page: Page) => page.evaluate(() => (window as unknown as { __rowRenders: Counter }).__rowRenders.reset());

const dataRows = (screen: Locator) => screen.locator('[role="grid"] [role="row"][data-row-id]');

/** The open has settled: rows shown, the focus in the list's search, nothing loading, and a few frames more. */
async function openedList(page: Page, screen: Locator): Promise<void> {
  await expect(dataRows(screen).first()).toBeVisible();
  await expect(screen.getByRole('searchbox')).toBeFocused();
  await settled(page);
  // Anything the open would still do (a measure, a resize) happens within a few frames.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
}

/** Each row in the DOM rendered exactly once since the counter was reset; the list twice. */
async function expectEachRowRenderedOnce(page: Page, screen: Locator, when: string): Promise<void> {
  const shown = await dataRows(screen).evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset['rowId'] ?? ''));
  // The window of a 250-row page: more rows than fit at once, far fewer than the page.
  expect(shown.length, `${when}: rows in the DOM`).toBeGreaterThan(10);
  expect(shown.length, `${when}: rows in the DOM`).toBeLessThan(100);
  const { list, ...rendered } = await counts(page);
  // The list itself renders when it mounts and when its page arrives; the first open once more when a translation
  // file it asked for arrives. Whether an asynchronous notice (a size measure of the scroll box) lands in the page's
  // render or just after it depends on the machine's speed — a busy CI machine saw 3, seen again once in a dozen runs
  // with every answer held 1 s, never under CPU throttling — so the bound allows one; what the rule is about, no row
  // drawn twice, is exact below.
  if (when === 'second open') {
    expect(list, `${when}: renders of the list`).toBeGreaterThanOrEqual(2);
    expect(list, `${when}: renders of the list`).toBeLessThanOrEqual(3);
  }
  expect(Object.keys(rendered).sort(), `${when}: the rows rendered are the rows shown`).toEqual([...shown].sort());
  const again = Object.entries(rendered).filter(([, times]) => times !== 1);
  expect(again, `${when}: rows rendered more than once`).toEqual([]);
}

test('a list renders its rows once per open, and a cursor move only the rows it touches', async ({ page }) => {
  await page.addInitScript(installRenderCounter);
  await signIn(page, 'admin', 'admin', '#/');

  // First open (the micro-app loads), then a second one of the same screen after closing its tab.
  for (const when of ['first open', 'second open']) {
    await reset(page);
    await goTo(page, `#${FIRMS}`);
    const screen = screenOf(page, FIRMS);
    await openedList(page, screen);
    await expectEachRowRenderedOnce(page, screen, when);

    if (when === 'first open') {
      // The grid takes the focus: its first row becomes the cursor (one row renders); ArrowDown moves the cursor
      // and the selection to the second row: those two rows render, none of the others.
      await reset(page);
      const grid = screen.getByRole('grid');
      await grid.focus();
      await expect(dataRows(screen).first()).toHaveClass(/is-active/);
      await page.keyboard.press('ArrowDown');
      await expect(dataRows(screen).nth(1)).toHaveClass(/is-active/);
      await expect(dataRows(screen).nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      const [first, second] = await dataRows(screen).evaluateAll((rows) => rows.slice(0, 2).map((row) => (row as HTMLElement).dataset['rowId'] ?? ''));
      const { list, ...rows } = await counts(page);
      expect(rows).toEqual({ [first!]: 2, [second!]: 1 });
      // The list renders for each of the two moves (its cursor and selection live there).
      expect(list).toBe(2);
    }

    // Closed again (Alt+Shift+W in the screen), so the next open mounts a new list.
    await screen.evaluate((element) => (element as HTMLElement).focus());
    await page.keyboard.press('Alt+Shift+W');
    await expect(screen).toHaveCount(0);
  }
});

test('scrolling renders each row that comes into view once, and neither the list nor the rows that stay', async ({ page }) => {
  // Issue 44: the virtualizer re-rendered the whole list (table, selection, toolbar, pager) in every scroll frame.
  await page.addInitScript(installRenderCounter);
  await signIn(page, 'admin', 'admin', '#/');
  await goTo(page, `#${FIRMS}`);
  const screen = screenOf(page, FIRMS);
  await openedList(page, screen);
  const ids = () => dataRows(screen).evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset['rowId'] ?? ''));
  const before = new Set(await ids());
  await reset(page);

  // 20 rows down, a row a frame, then two frames for the last scroll's rows.
  await screen.getByRole('grid').evaluate(
    (grid) =>
      new Promise<void>((resolve) => {
        let steps = 0;
        const step = () => {
          grid.scrollTop += 28;
          if (++steps < 20) requestAnimationFrame(step);
          else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        };
        requestAnimationFrame(step);
      }),
  );
  const shown = await ids();
  const { list, ...rendered } = await counts(page);
  expect(list, 'renders of the list while scrolling').toBeUndefined();
  expect(shown.filter((id) => before.has(id)).length, 'rows still in view from before').toBeGreaterThan(0);
  expect(Object.keys(rendered).filter((id) => before.has(id)), 'rows that stayed and rendered again').toEqual([]);
  expect(shown.filter((id) => !before.has(id) && rendered[id] !== 1), 'rows come into view not rendered exactly once').toEqual([]);
  expect(Object.entries(rendered).filter(([, times]) => times !== 1), 'rows rendered more than once').toEqual([]);
});
