/**
 * The generic list screen (`@erp/records#EntityScreen`, issue 5 item 2) end to end against the real server
 * and its demo data (2,000 demo firms: the customer view lists the ~1,200 bill-to firms, several pages):
 * shell administration lists opened from the menu bar, §9 paging at 250, §5 page reset and sort lists,
 * column choice remembered per user, keyboard, §8 'Select a row…', delete with confirmation and the
 * server's refusal, the streamed Excel export, row virtualization, and refusal for a user without rights.
 */
import type { PagedList as Paged } from '@erp/shared/types';
import { expect, test, type Locator, type Page, type Request } from './fixtures.ts';
import { accessToken, signIn } from './helpers.ts';
import { chooseLanguage, chooseMenu, paletteSearch, screenOf } from './shell-helpers.ts';

const FIRMS = '/novus-ar/firm-maintenance';

/** §3: the list's answer, with its column totals. */
interface PagedList extends Paged<Record<string, unknown>> {
  ResultStatus: number;
  Totals?: Record<string, string>;
}

/** The next GET /api/data/<entity> whose query passes `check`. */
function listRequest(page: Page, entity: string, check: (params: URLSearchParams) => boolean = () => true): Promise<Request> {
  return page.waitForRequest((request) => {
    if (request.method() !== 'GET') return false;
    const url = new URL(request.url());
    return url.pathname === `/api/data/${entity}` && check(url.searchParams);
  });
}

async function answerOf(request: Request): Promise<PagedList> {
  const response = await request.response();
  expect(response?.status(), request.url()).toBe(200);
  return (await response!.json()) as PagedList;
}

const dataRows = (screen: Locator) => screen.locator('[role="grid"] [role="row"][data-row-id]');

/** The ids of the rows in the DOM, in page order. */
async function shownIds(screen: Locator): Promise<string[]> {
  return dataRows(screen).evaluateAll((rows) =>
    rows
      .map((row) => ({ id: (row as HTMLElement).dataset['rowId'] ?? '', index: Number(row.getAttribute('aria-rowindex')) }))
      .sort((a, b) => a.index - b.index)
      .map((row) => row.id),
  );
}

/** Signs in as admin at the customer view of firm maintenance and answers its first list answer. */
async function openFirms(page: Page): Promise<{ screen: Locator; first: PagedList }> {
  const first = listRequest(page, 'firm');
  await signIn(page, 'admin', 'admin', `#${FIRMS}`);
  const screen = screenOf(page, FIRMS);
  const answer = await answerOf(await first);
  await expect(dataRows(screen).first()).toBeVisible();
  return { screen, first: answer };
}

async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const token = await accessToken(page);
  const response = await page.request.fetch(`/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  return { status: response.status(), json: (await response.json()) as Record<string, unknown> };
}

test('admin opens shell administration screens from the menu bar and sees the server rows', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/shell');

  const roles = listRequest(page, 'role');
  await chooseMenu(page, 'Security', 'Roles');
  const roleScreen = screenOf(page, '/shell/role');
  const roleAnswer = await answerOf(await roles);
  expect(roleAnswer.ResultStatus).toBe(1);
  expect(roleAnswer.List.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/#\/shell\/role$/);
  await expect(roleScreen.getByRole('grid', { name: 'Roles list' })).toBeVisible();
  await expect.poll(() => shownIds(roleScreen)).toEqual(roleAnswer.List.map((row) => String(row['RoleId'])));
  await expect(roleScreen.getByRole('gridcell', { name: 'ADMIN', exact: true })).toBeVisible();
  await expect(roleScreen.getByText(`${roleAnswer.TotalCount} records`)).toBeVisible();

  const codes = listRequest(page, 'code-index');
  await chooseMenu(page, 'Setup', 'Code Index');
  const codeScreen = screenOf(page, '/shell/code-index');
  const codeAnswer = await answerOf(await codes);
  expect(codeAnswer.List.length).toBeGreaterThan(0);
  await expect(codeScreen.getByRole('grid', { name: 'Code index list' })).toBeVisible();
  await expect.poll(() => shownIds(codeScreen)).toEqual(codeAnswer.List.map((row) => String(row['CodeKey'])));

  // Several entities on one route: a tab list, chosen with the arrow keys.
  const countries = listRequest(page, 'country');
  await chooseMenu(page, 'Setup', 'Countries, States and Cities');
  const cscScreen = screenOf(page, '/shell/country-state-city');
  await answerOf(await countries);
  const tabs = cscScreen.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveText(['Countries', 'States and provinces', 'Cities']);
  await expect(tabs.getByRole('tab', { name: 'Countries' })).toHaveAttribute('aria-selected', 'true');
  await expect(cscScreen.getByRole('grid', { name: 'Countries list' })).toBeVisible();
  // Typed but not searched: kept while other tabs are shown (checked at the end).
  await cscScreen.getByRole('tabpanel', { name: 'Countries' }).getByRole('searchbox').fill('Can');
  const states = listRequest(page, 'state');
  await tabs.getByRole('tab', { name: 'Countries' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'States and provinces' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'States and provinces' })).toHaveAttribute('aria-selected', 'true');
  const stateAnswer = await answerOf(await states);
  const stateGrid = cscScreen.getByRole('grid', { name: 'States and provinces list' });
  await expect(stateGrid).toBeVisible();
  await expect(cscScreen.getByRole('grid', { name: 'Countries list' })).toBeHidden();
  await expect(stateGrid.locator('[role="row"][data-row-id]').first()).toHaveAttribute('data-row-id', String(stateAnswer.List[0]!['StateKey']));
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Cities' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'Cities' })).toBeFocused();
  // Only the selected tab is in the Tab order; the arrows wrap around; Home goes to the first tab.
  await expect(tabs.getByRole('tab', { name: 'Cities' })).toHaveAttribute('tabindex', '0');
  await expect(tabs.getByRole('tab', { name: 'Countries' })).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Countries' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Countries' })).toHaveAttribute('aria-selected', 'true');
  await expect(cscScreen.getByRole('grid', { name: 'Countries list' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'Cities' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tabs.getByRole('tab', { name: 'Countries' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Countries' })).toHaveAttribute('aria-selected', 'true');
  // Every list shown once stays mounted behind its hidden panel (it keeps its state).
  await expect(cscScreen.getByRole('tabpanel', { includeHidden: true })).toHaveCount(3);
  await expect(cscScreen.getByRole('tabpanel')).toHaveCount(1);
  await expect(cscScreen.getByRole('tabpanel')).toHaveAccessibleName('Countries');
  await expect(cscScreen.getByRole('grid', { name: 'States and provinces list', includeHidden: true })).toHaveCount(1);
  await expect(cscScreen.getByRole('tabpanel').getByRole('searchbox')).toHaveValue('Can');
});

test('firm list: 250 a page, page 2, two-column sort lists, a filter change goes back to page 1', async ({ page }) => {
  const { screen, first } = await openFirms(page);
  // §9 default page and size; the customer view lists bill-to firms.
  expect(first.Page).toBe(1);
  expect(first.PageSize).toBe(250);
  expect(first.TotalCount).toBeGreaterThan(250);
  expect(first.List).toHaveLength(250);
  const pages = Math.ceil(first.TotalCount / 250);
  await expect(screen.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(screen.getByLabel('Firm types')).toHaveValue('bill-to');

  // Page 2.
  const second = listRequest(page, 'firm', (q) => q.get('Page') === '2');
  await screen.getByRole('button', { name: 'Next page' }).click();
  const request2 = await second;
  const params2 = new URL(request2.url()).searchParams;
  expect(params2.get('PageSize')).toBe('250');
  expect(params2.get('filter.FirmTypes')).toBe('bill-to');
  const answer2 = await answerOf(request2);
  expect(answer2.Page).toBe(2);
  await expect(screen.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(dataRows(screen).first()).toHaveAttribute('data-row-id', String(answer2.List[0]!['FirmId']));
  expect(answer2.List[0]!['FirmId']).not.toBe(first.List[0]!['FirmId']);

  // Sort by City (a click: alone; a query change: page 1), then Shift+click Name twice: City, Name descending.
  const byCity = listRequest(page, 'firm', (q) => q.get('SortFields') === 'City');
  await screen.getByRole('columnheader', { name: 'City' }).getByRole('button').click();
  const cityParams = new URL((await byCity).url()).searchParams;
  expect(cityParams.get('Page')).toBe('1');
  expect(cityParams.has('SortDescending')).toBe(false);
  await expect(screen.getByText(`Page 1 of ${pages}`)).toBeVisible();

  const byCityName = listRequest(page, 'firm', (q) => q.get('SortFields') === 'City,Name');
  await screen.getByRole('columnheader', { name: 'Name' }).getByRole('button').click({ modifiers: ['Shift'] });
  expect(new URL((await byCityName).url()).searchParams.has('SortDescending')).toBe(false);

  const nameDescending = listRequest(page, 'firm', (q) => q.get('SortFields') === 'City,Name' && q.get('SortDescending') === 'Name');
  await screen.getByRole('columnheader', { name: 'Name' }).getByRole('button').click({ modifiers: ['Shift'] });
  const sorted = await answerOf(await nameDescending);
  expect(sorted.SortFields).toEqual(['City', 'Name']);
  expect(sorted.SortDescending).toEqual(['Name']);
  await expect(screen.getByRole('columnheader', { name: /^City/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
  // The rows shown are the answer's, and the answer is in City order, then Name descending.
  await expect(dataRows(screen).first()).toHaveAttribute('data-row-id', String(sorted.List[0]!['FirmId']));
  const ids = await shownIds(screen);
  expect(ids).toEqual(sorted.List.slice(0, ids.length).map((row) => String(row['FirmId'])));
  for (let i = 1; i < sorted.List.length; i++) {
    const [a, b] = [sorted.List[i - 1]!, sorted.List[i]!];
    // A firm without a city (one a test created) sorts first, as the database orders NULL.
    const [cityA, cityB] = [String(a['City'] ?? ''), String(b['City'] ?? '')];
    const city = cityA < cityB ? -1 : cityA > cityB ? 1 : 0;
    expect(city, `row ${i}: cities in order`).toBeLessThanOrEqual(0);
    if (city === 0) expect(String(a['Name']) >= String(b['Name']), `row ${i}: names descending`).toBe(true);
  }
  const firstCityCell = dataRows(screen).first().getByRole('gridcell').nth(2);
  await expect(firstCityCell).toHaveText(String(sorted.List[0]!['City'] ?? ''));

  // Page 3, then a filter: back to page 1 with the filter and the sort kept.
  await screen.getByRole('button', { name: 'Next page' }).click();
  await screen.getByRole('button', { name: 'Next page' }).click();
  await expect(screen.getByText(`Page 3 of ${pages}`)).toBeVisible();
  const filtered = listRequest(page, 'firm', (q) => q.get('filter.ProvinceCode') === 'ON');
  const province = screen.getByRole('textbox', { name: 'Province' });
  await province.fill('ON');
  await province.press('Enter');
  const filteredParams = new URL((await filtered).url()).searchParams;
  expect(filteredParams.get('Page')).toBe('1');
  expect(filteredParams.get('SortFields')).toBe('City,Name');
  const filteredAnswer = await answerOf(await filtered);
  expect(filteredAnswer.List.every((row) => row['ProvinceCode'] === 'ON')).toBe(true);
  await expect(screen.getByText(`Page 1 of ${Math.max(1, Math.ceil(filteredAnswer.TotalCount / 250))}`)).toBeVisible();
  // The totals row sums the credit limits of every matching firm (an exact decimal string, issue 12).
  expect(filteredAnswer.Totals?.['CreditLimit']).toEqual(expect.stringMatching(/^\d+\.\d{2}$/));
  await expect(screen.locator('[data-records-totals]')).toContainText('Total');

  // Nothing matches: ResultStatus 6 and the empty state.
  const none = listRequest(page, 'firm', (q) => q.get('Search') === 'NO-SUCH-FIRM-XYZ');
  const search = screen.getByRole('searchbox', { name: 'Search' });
  await search.fill('NO-SUCH-FIRM-XYZ');
  await search.press('Enter');
  const empty = await answerOf(await none);
  expect(empty.ResultStatus).toBe(6);
  expect(new URL((await none).url()).searchParams.get('Page')).toBe('1');
  await expect(screen.getByRole('gridcell', { name: 'No records.' })).toBeVisible();
  await expect(screen.getByText('0 records')).toBeVisible();
  await expect(dataRows(screen)).toHaveCount(0);
});

test('the column choice is saved per user and survives a reload', async ({ page }) => {
  const { screen } = await openFirms(page);
  try {
    await expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
    await screen.getByRole('button', { name: 'Columns' }).click();
    const chooser = screen.getByRole('group', { name: 'Columns to show' });
    const withEmail = listRequest(page, 'firm', (q) => (q.get('Columns') ?? '').split(',').includes('Email'));
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/entities/firm/preferences'));
    await chooser.getByRole('checkbox', { name: 'Email' }).check();
    await withEmail;
    expect(((await saved).postDataJSON() as { Columns: string[] }).Columns).toContain('Email');
    await expect(screen.getByRole('columnheader', { name: 'Email' })).toBeVisible();

    const withoutPhone = listRequest(page, 'firm', (q) => !(q.get('Columns') ?? '').split(',').includes('Phone'));
    // The second choice's own save (the first one's "saved" message may still be on screen): answered before the reload.
    const savedWithoutPhone = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/entities/firm/preferences') && !((r.request().postDataJSON() as { Columns: string[] }).Columns ?? []).includes('Phone'),
    );
    await chooser.getByRole('checkbox', { name: 'Phone' }).uncheck();
    await withoutPhone;
    expect((await savedWithoutPhone).ok()).toBe(true);
    await expect(screen.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
    await expect(screen.getByText('Your columns were saved.')).toBeVisible();

    // The first page may be asked early with the definition's columns (issue 40 item 10): the list's own request
    // after the reload is the one with the saved columns.
    const reloaded = listRequest(page, 'firm', (q) => (q.get('Columns') ?? '').split(',').includes('Email'));
    await page.reload();
    const params = new URL((await reloaded).url()).searchParams;
    expect(params.get('Columns')?.split(',')).toContain('Email');
    expect(params.get('Columns')?.split(',')).not.toContain('Phone');
    await expect(screenOf(page, FIRMS).getByRole('columnheader', { name: 'Email' })).toBeVisible();
    await expect(screenOf(page, FIRMS).getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
  } finally {
    // Other tests of the run expect the definition's columns.
    expect((await api(page, 'PUT', 'entities/firm/preferences', { Columns: [] })).status).toBe(200);
  }
});

test('keyboard: arrows, Home/End, Space and Shift+arrows select, Enter opens the record in the same tab', async ({ page }) => {
  const { screen, first } = await openFirms(page);
  const grid = screen.getByRole('grid');
  const idAt = (index: number) => String(first.List[index]!['FirmId']);
  const nameAt = (index: number) => String(first.List[index]!['Name']);
  const activeId = () => grid.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.dataset['rowId']);

  await grid.focus();
  await expect.poll(activeId).toBe(idAt(0));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(activeId).toBe(idAt(2));
  await page.keyboard.press('ArrowUp');
  await expect.poll(activeId).toBe(idAt(1));
  // Issue 16 item 5: the keyboard cursor is the selection; Space toggles it.
  await expect(grid.locator('[role="row"][aria-selected="true"]')).toHaveCount(1);
  await expect(grid.locator(`[data-row-id="${idAt(1)}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Space');
  await expect(grid.locator(`[data-row-id="${idAt(1)}"]`)).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Space');
  await expect(grid.locator(`[data-row-id="${idAt(1)}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(grid.locator('[role="row"][aria-selected="true"]')).toHaveCount(3);
  await expect(screen.getByText('3 selected')).toBeVisible();

  // Shift+End extends the selection to the last row of the page (the grid scrolls it into the DOM).
  await page.keyboard.press('Shift+End');
  await expect(screen.getByText('249 selected')).toBeVisible();
  // End: the last row of the page, alone selected; Home: back to the first.
  await page.keyboard.press('End');
  await expect(screen.getByText('1 selected')).toBeVisible();
  await expect.poll(activeId).toBe(idAt(249));
  await expect(grid.locator(`[data-row-id="${idAt(249)}"]`)).toHaveAttribute('aria-rowindex', '251');
  await page.keyboard.press('Home');
  await expect.poll(activeId).toBe(idAt(0));
  await page.keyboard.press('PageDown');
  await expect.poll(activeId).not.toBe(idAt(0));

  // Enter opens the active record's form in the same tab; the list waits hidden, as it was.
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await expect.poll(activeId).toBe(idAt(248));
  // The grid frame is the one scroll area (issue 16 item 5).
  const scroller = grid;
  const scrolled = await scroller.evaluate((element) => element.scrollTop);
  expect(scrolled).toBeGreaterThan(0);
  await page.keyboard.press('Enter');
  const form = screen.locator('.erp-entity-form');
  await expect(form).toBeVisible();
  await expect(form.getByRole('heading', { level: 2 })).toContainText(nameAt(248));
  await expect(grid).toBeHidden();
  // Same tab, at the record's own address (issue 71 item 1).
  await expect(page).toHaveURL(new RegExp(`#${FIRMS}\\?record=${idAt(248)}$`));
  await form.getByRole('button', { name: 'Back to the list' }).click();
  // Back: same page, same selection, same scroll position, same active row.
  await expect(grid).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(screen.getByText('1 selected')).toBeVisible();
  await expect(screen.getByText('Page 1 of')).toBeVisible();
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBe(scrolled);
  await expect(grid.locator(`[data-row-id="${idAt(248)}"]`)).toBeVisible();
  await expect.poll(activeId).toBe(idAt(248));
  await expect(grid).toBeFocused();

  // A double-click opens a row too.
  await page.keyboard.press('Home');
  await grid.locator(`[data-row-id="${idAt(3)}"]`).dblclick();
  await expect(form.getByRole('heading', { level: 2 })).toContainText(nameAt(3));
  await form.getByRole('button', { name: 'Back to the list' }).click();

  // Alt+N (the definition's hotkey for New) opens an empty record form.
  await grid.focus();
  await page.keyboard.press('Alt+N');
  await expect(form).toBeVisible();
  await expect(grid).toBeHidden();
});

test("Edit and Delete with no row selected say 'Select a row to delete, edit, or look up.'", async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/shell/role');
  const screen = screenOf(page, '/shell/role');
  await expect(dataRows(screen).first()).toBeVisible();
  const message = screen.getByRole('alert');
  await screen.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(message).toHaveText('Select a row to delete, edit, or look up.');
  await screen.getByRole('button', { name: 'Refresh' }).click();
  // A click on a row clears the message; Delete with nothing selected says it again.
  await dataRows(screen).first().click();
  await expect(message).toHaveCount(0);
  await dataRows(screen).first().click({ modifiers: ['Control'] });
  await expect(screen.locator('[role="row"][aria-selected="true"]')).toHaveCount(0);
  await screen.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(message).toHaveText('Select a row to delete, edit, or look up.');
  await expect(page.locator('erp-dialog[data-dialog="question"]').getByRole('dialog')).toBeHidden();
});

test('Delete asks first, sends the version, shows the server refusal, then deletes', async ({ page }) => {
  // This page is not live (no record events): the change made elsewhere below must stay unseen by the list, or it
  // would show version 2 before Delete (issue 42) and the refusal could not be shown.
  await page.route('**/api/events/**', (route) => route.abort());
  await signIn(page, 'admin', 'admin', '#/shell/role');
  const roleId = `E2E_DEL_${Date.now().toString(36).toUpperCase()}`;
  const created = await api(page, 'POST', 'data/role', { RoleId: roleId, Name: 'To delete' });
  expect(created.status).toBe(201);
  const screen = screenOf(page, '/shell/role');
  await screen.getByRole('button', { name: 'Refresh' }).click();
  const row = screen.locator(`[role="row"][data-row-id="${roleId}"]`);
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');

  // Someone else changes the record: the list's version is stale, the server refuses.
  expect((await api(page, 'PUT', `data/role/${roleId}`, { Name: 'Changed elsewhere', Version: 1 })).status).toBe(200);
  const question = page.locator('erp-dialog[data-dialog="question"]');
  await screen.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(question.getByText('Delete this record?')).toBeVisible();
  const stale = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes(`/api/data/role/${roleId}`));
  await question.getByRole('button', { name: 'Delete' }).click();
  expect(new URL((await stale).url()).searchParams.get('Version')).toBe('1');
  await expect(screen.getByRole('alert')).toHaveText('The record was changed by someone else. Reload it to see the changes.');
  await expect(row).toBeVisible();

  // Cancel leaves it; after a refresh the delete goes through with the current version.
  await screen.getByRole('button', { name: 'Refresh' }).click();
  await expect(row).toContainText('Changed elsewhere');
  await row.click();
  await screen.getByRole('button', { name: 'Delete', exact: true }).click();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await screen.getByRole('button', { name: 'Delete', exact: true }).click();
  const current = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes(`/api/data/role/${roleId}`));
  await question.getByRole('button', { name: 'Delete' }).click();
  expect(new URL((await current).url()).searchParams.get('Version')).toBe('2');
  await expect(row).toHaveCount(0);
  await expect(screen.getByRole('status').filter({ hasText: 'Deleted.' })).toBeVisible();
  expect((await api(page, 'GET', `data/role/${roleId}`)).status).toBe(404);
});

test('Export to Excel streams every row of the query as a real .xlsx, with progress and a cancel button', async ({ page }) => {
  const { screen, first } = await openFirms(page);
  // Hold the first export's answer so its progress can be seen, then cancel it.
  let release: (() => void) | null = null;
  await page.route('**/api/data/firm/export', async (route) => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    await route.continue().catch(() => {});
  });
  const exportButton = screen.getByRole('button', { name: 'Export to Excel' });
  await exportButton.click();
  const progress = screen.locator('[data-records-export]');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('Exporting');
  await expect(exportButton).toBeDisabled();
  await progress.getByRole('button', { name: 'Cancel the export' }).click();
  await expect(progress).toBeHidden();
  await expect(screen.getByText('Export cancelled.')).toBeVisible();
  (release as (() => void) | null)?.();
  await page.unroute('**/api/data/firm/export');

  // The real export: the list's query, every row (§9), the visible columns.
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/data/firm/export'));
  const downloaded = page.waitForEvent('download');
  await exportButton.click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ Page: 1, PageSize: 2147483647, 'filter.FirmTypes': 'bill-to', SortFields: ['FirmId'], SortDescending: [] });
  expect(body['Columns']).toEqual(['FirmId', 'Name', 'City', 'ProvinceCode', 'Phone', 'BillToId', 'SalesRep', 'CreditLimit', 'IsActive']);
  const response = await (await sent).response();
  expect(response?.headers()['x-total-count']).toBe(String(first.TotalCount));
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^firm-.*\.xlsx$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  expect(bytes.length).toBeGreaterThan(0);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(screen.getByText('Export finished.')).toBeVisible();

  // A query the server refuses: the list says so, and the export shows the server's own description (§8
  // file downloads: 400 shows the server error description).
  const refused = listRequest(page, 'firm', (q) => (q.get('filter.Name') ?? '').length > 200);
  const name = screen.getByRole('textbox', { name: 'Name' });
  await name.fill('x'.repeat(201));
  await name.press('Enter');
  expect((await (await refused).response())?.status()).toBe(400);
  await expect(screen.getByText('The list could not be loaded.')).toBeVisible();
  const failed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/data/firm/export'));
  await exportButton.click();
  const failure = await failed;
  expect(failure.status()).toBe(400);
  const description = String(((await failure.json()) as { Message: string }).Message);
  expect(description.length).toBeGreaterThan(0);
  await expect(page.locator('#erp-alerts .erp-alert').filter({ hasText: description })).toBeVisible();
  await expect(screen.locator('[data-records-export]')).toBeHidden();
});

test('rows are virtualized: a page of 250 puts far fewer rows in the DOM, and says its real size', async ({ page }) => {
  const { screen, first } = await openFirms(page);
  const grid = screen.getByRole('grid');
  // The rows that fill the grid's height come once the grid has measured itself: wait for them.
  await expect.poll(() => dataRows(screen).count()).toBeGreaterThan(5);
  expect(await dataRows(screen).count()).toBeLessThan(100);
  // Header row + every matching row + the totals row.
  await expect(grid).toHaveAttribute('aria-rowcount', String(first.TotalCount + 2));
  await expect(dataRows(screen).first()).toHaveAttribute('aria-rowindex', '2');
  // Scrolling to the end brings the last rows in and takes the first ones out.
  // The grid frame is the one scroll area: no other element of the grid scrolls.
  const scrollers = await grid.evaluate((frame) =>
    [frame, ...frame.querySelectorAll('*')].filter((node) => /auto|scroll/.test(getComputedStyle(node).overflowY)).length,
  );
  expect(scrollers).toBe(1);
  await grid.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(grid.locator(`[data-row-id="${String(first.List[249]!['FirmId'])}"]`)).toHaveAttribute('aria-rowindex', '251');
  await expect(grid.locator(`[data-row-id="${String(first.List[0]!['FirmId'])}"]`)).toHaveCount(0);
  expect(await dataRows(screen).count()).toBeLessThan(100);
});

test('issue 44: scrolling reuses the rows\' elements, and assistive technology still reads the rows in screen order', async ({ page }) => {
  const { screen, first } = await openFirms(page);
  const grid = screen.getByRole('grid');
  await expect.poll(() => dataRows(screen).count()).toBeGreaterThan(5);
  /** Scrolls down `rows` rows, four a frame (a wheel's pace), and waits for the rows drawn to settle. */
  const scrollDown = (rows: number) =>
    grid.evaluate(
      (frame, total) =>
        new Promise<void>((resolve) => {
          const rowHeight = frame.querySelector('[role="row"][data-row-id]')!.getBoundingClientRect().height;
          let left = total;
          const step = () => {
            if (left <= 0) return requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
            frame.scrollTop += 4 * rowHeight;
            left -= 4;
            requestAnimationFrame(step);
          };
          step();
        }),
      rows,
    );
  await scrollDown(80);
  // Every row element now in the grid is marked; 60 rows further on, the grid holds the same elements, showing
  // other rows.
  const before = await dataRows(screen).evaluateAll((rows) =>
    rows.map((row) => {
      (row as HTMLElement & { erpMarked?: boolean }).erpMarked = true;
      return row.getAttribute('data-row-id');
    }),
  );
  await scrollDown(60);
  const after = await dataRows(screen).evaluateAll((rows) =>
    rows.map((row) => ({ marked: (row as HTMLElement & { erpMarked?: boolean }).erpMarked === true, id: row.getAttribute('data-row-id'), index: Number(row.getAttribute('aria-rowindex')) })),
  );
  expect(after.filter((row) => !row.marked), 'rows drawn in new elements').toEqual([]);
  expect(after.filter((row) => !before.includes(row.id)).length, 'rows scrolled into view').toBeGreaterThan(20);
  expect(after.length).toBeLessThan(100);
  // The row under the view's top is the page's row the scroll reached.
  const firmIds = first.List.map((firm) => String(firm['FirmId']));
  const top = await grid.evaluate((frame) => {
    const { top: frameTop } = frame.getBoundingClientRect();
    const header = frame.querySelector('.records-grid-header')!.getBoundingClientRect().height;
    const under = document.elementFromPoint(frame.getBoundingClientRect().left + 10, frameTop + header + 4)?.closest('[role="row"][data-row-id]');
    return { id: under?.getAttribute('data-row-id'), index: Number(under?.getAttribute('aria-rowindex')) };
  });
  expect(top.id).toBe(firmIds[top.index - 2]);
  // The DOM order is the slots'; aria-owns gives assistive technology the rows in screen order.
  const owned = ((await grid.locator('.records-grid[role="rowgroup"]').getAttribute('aria-owns')) ?? '').split(' ');
  const inScreenOrder = [...after].sort((a, b) => a.index - b.index);
  const idsInOrder = await Promise.all(inScreenOrder.map((row) => grid.locator(`[role="row"][data-row-id="${row.id}"]`).getAttribute('id')));
  expect(owned).toEqual(idsInOrder);
});

test('a user without the rights does not see the administration screens and is refused by the API', async ({ page }) => {
  await signIn(page, 'clerk', 'clerk', '#/shell/role');
  // §2: an application the user may not open is not a route: back home, no Roles tab.
  await expect(page).toHaveURL(/#\/$/);
  await expect(screenOf(page, '/shell/role')).toHaveCount(0);
  expect((await api(page, 'GET', 'entities/role')).status).toBe(403);
  expect((await api(page, 'GET', 'data/role')).status).toBe(403);
  // The firm list is the clerk's (Order Entry): it opens and may write. Its answer, not the early guess of its first
  // page (apps/records prefetchPage), which names every default column and is refused when a column is hidden from
  // the clerk (form widgets security, modules/shell/e2e/admin-screens.spec.ts) — the list then asks itself.
  const firms = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/data/firm' && response.request().method() === 'GET' && response.status() === 200);
  await page.evaluate(() => {
    window.location.hash = '#/novus-oe/firm-maintenance';
  });
  await firms;
  const screen = screenOf(page, '/novus-oe/firm-maintenance');
  await expect(dataRows(screen).first()).toBeVisible();
  await expect(screen.getByRole('button', { name: 'New' })).toBeVisible();
});

test('a reader who may not write sees the list without New and Delete', async ({ page }) => {
  await signIn(page, 'steel', 'steel');
  const access = await api(page, 'GET', 'entities/firm');
  expect(access.status).toBe(200);
  expect(access.json['CanWrite']).toBe(false);
  const firms = listRequest(page, 'firm');
  await page.evaluate(() => {
    window.location.hash = '#/novus-oe/firm-maintenance';
  });
  const list = await answerOf(await firms);
  const screen = screenOf(page, '/novus-oe/firm-maintenance');
  await expect(dataRows(screen).first()).toBeVisible();
  const toolbar = screen.getByRole('toolbar', { name: 'Firms actions' });
  await expect(toolbar.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Export to Excel' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'New' })).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  // The New hotkey does nothing either.
  await screen.getByRole('grid').focus();
  await page.keyboard.press('Alt+N');
  // Still in the list: Enter opens the active (first) row, read, not a new record.
  await page.keyboard.press('Enter');
  await expect(screen.locator('.erp-entity-form').getByRole('heading', { level: 2 })).toContainText(String(list.List[0]!['Name']));
});

test('the list speaks the chosen language at once: headers, actions, pager, messages', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/shell/role');
  const screen = screenOf(page, '/shell/role');
  await expect(dataRows(screen).first()).toBeVisible();
  await chooseLanguage(page, 'Français (Canada)');
  try {
    await expect(screen.getByRole('grid', { name: 'Liste : Rôles' })).toBeVisible();
    await expect(screen.getByRole('columnheader', { name: 'Code du rôle' })).toBeVisible();
    await expect(screen.getByText('Page 1 de 1')).toBeVisible();
    await screen.getByRole('button', { name: 'Modifier' }).click();
    await expect(screen.getByRole('alert')).toHaveText('Sélectionnez une ligne à supprimer, modifier ou consulter.');
    await expect(screen.getByRole('button', { name: 'Exporter vers Excel' })).toBeVisible();
    await expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toBeVisible();
  } finally {
    const restored = page.waitForRequest((request) => request.url().endsWith('/api/shell_init/locale'));
    await chooseLanguage(page, 'English (Canada)');
    await restored;
  }
  await expect(screen.getByRole('grid', { name: 'Roles list' })).toBeVisible();
});

test('an enumeration filter of several values is picked from its labels, by keyboard, in the user\'s language', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '#/novus-gl/gl-chart');
  const screen = screenOf(page, '/novus-gl/gl-chart');
  await expect(dataRows(screen).first()).toBeVisible();
  await chooseLanguage(page, 'Français (Canada)');
  try {
    // The button names the filter and what it keeps; no internal value ("asset") is typed or shown.
    const types = screen.getByRole('button', { name: 'Type de compte Tous' });
    await types.focus();
    await page.keyboard.press('Alt+ArrowDown');
    const assets = screen.getByRole('checkbox', { name: 'Actif', exact: true });
    await expect(assets).toBeFocused();
    const filtered = listRequest(page, 'gl-account', (params) => params.get('filter.AccountType') === 'asset');
    await page.keyboard.press('Space');
    await answerOf(await filtered);
    const both = listRequest(page, 'gl-account', (params) => params.get('filter.AccountType') === 'asset,expense');
    await screen.getByRole('checkbox', { name: 'Charges', exact: true }).press('Space');
    const answer = await answerOf(await both);
    expect(new Set(answer.List.map((row) => row['AccountType']))).toEqual(new Set(['asset', 'expense']));
    await page.keyboard.press('Escape');
    await expect(screen.getByRole('button', { name: 'Type de compte Actif, Charges' })).toBeFocused();
    await expect(screen.getByRole('checkbox', { name: 'Actif', exact: true })).toBeHidden();
  } finally {
    const restored = page.waitForRequest((request) => request.url().endsWith('/api/shell_init/locale'));
    await chooseLanguage(page, 'English (Canada)');
    await restored;
  }
});

test('§2 F2 moves through the screen\'s parts (Shift+F2 back) inside the list; outside it F2 still opens the menu search', async ({ page }) => {
  const { screen } = await openFirms(page);
  const grid = screen.getByRole('grid');
  await grid.focus();
  await page.keyboard.press('F2');
  // The next part after the grid is the pager: the focus is inside it, and the palette did not open.
  await expect.poll(() => screen.locator('[data-f2-region="pager"]').evaluate((pager) => pager.contains(document.activeElement))).toBe(true);
  const search = paletteSearch(page);
  await expect(search).toBeHidden();
  await page.keyboard.press('Shift+F2');
  await expect(grid).toBeFocused();
  // Outside a screen that navigates its own parts, F2 is the shell's: the menu search opens.
  await page.locator('erp-top-bar').getByRole('tab', { name: 'Accounts Receivable' }).focus();
  await page.keyboard.press('F2');
  await expect(search).toBeVisible();
});

test('issue 16: the pager stays in view at 1440×900, Ctrl+End / Ctrl+Home, shortcuts in tooltips', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { screen, first } = await openFirms(page);
  const pager = screen.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toBeInViewport({ ratio: 1 });
  const grid = screen.getByRole('grid');
  await expect(grid).toHaveAttribute('title', /Ctrl\+Home/);
  await expect(screen.getByRole('button', { name: 'New' })).toHaveAttribute('title', 'New (Alt+N)');
  const pages = Math.ceil(first.TotalCount / 250);
  expect(pages).toBeGreaterThan(1);
  await grid.focus();
  const last = listRequest(page, 'firm', (params) => params.get('Page') === String(pages));
  await page.keyboard.press('Control+End');
  await answerOf(await last);
  await expect(screen.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
  const lastRow = dataRows(screen).and(grid.locator('[aria-selected="true"]'));
  await expect(lastRow).toHaveAttribute('aria-rowindex', String(first.TotalCount + 1));
  await page.keyboard.press('Control+Home');
  await expect(screen.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(grid.locator(`[data-row-id="${String(first.List[0]!['FirmId'])}"]`)).toHaveAttribute('aria-selected', 'true');
});

test('issue 16: a column resized by dragging its edge keeps its width after a reload (saved for the user)', async ({ page }) => {
  const { screen } = await openFirms(page);
  const header = screen.getByRole('columnheader', { name: /^City/ });
  const before = (await header.boundingBox())!.width;
  const handle = screen.getByRole('separator', { name: 'Width of the City column' });
  const box = (await handle.boundingBox())!;
  // The answer, not the request: a reload while the save is on its way would cancel it.
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/entities/firm/preferences'));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  const body = answer.request().postDataJSON() as { Columns: string[]; Widths: Record<string, number> };
  expect(body.Widths['City']).toBeGreaterThan(before + 40);
  await page.reload();
  const again = screenOf(page, FIRMS);
  await expect(dataRows(again).first()).toBeVisible();
  await expect.poll(async () => (await again.getByRole('columnheader', { name: /^City/ }).boundingBox())!.width).toBeCloseTo(body.Widths['City']!, -1);
  // The keyboard resizes too: Left on the focused edge narrows the column by 10 px.
  const edge = again.getByRole('separator', { name: 'Width of the City column' });
  await expect(edge).toHaveAttribute('aria-valuenow', String(body.Widths['City']));
  await edge.focus();
  const narrowed = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/entities/firm/preferences'));
  await page.keyboard.press('ArrowLeft');
  expect(((await narrowed).postDataJSON() as { Widths: Record<string, number> }).Widths['City']).toBe(body.Widths['City']! - 10);
  // Put the width back for the other tests.
  await api(page, 'PUT', 'entities/firm/preferences', { Columns: body.Columns, Widths: { City: 150 } });
});

test('issue 16: previous / next record in a form opened from the list', async ({ page }) => {
  const { screen, first } = await openFirms(page);
  const nameAt = (index: number) => String(first.List[index]!['Name']);
  await dataRows(screen).nth(1).dblclick();
  const form = screen.locator('.erp-entity-form');
  await expect(form.getByRole('heading', { level: 2 })).toContainText(nameAt(1));
  const previous = form.getByRole('button', { name: 'Previous record' });
  const next = form.getByRole('button', { name: 'Next record' });
  await expect(next).toHaveAttribute('title', 'Next record (Alt+Page Down)');
  await next.click();
  await expect(form.getByRole('heading', { level: 2 })).toContainText(nameAt(2));
  await previous.click();
  await previous.click();
  await expect(form.getByRole('heading', { level: 2 })).toContainText(nameAt(0));
  await expect(previous).toBeDisabled();
  // Alt+PageDown from inside the form; an unsaved change is asked about first.
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Changed, not saved');
  await page.keyboard.press('Alt+PageDown');
  const discard = page.locator('erp-dialog[data-dialog="question"]').getByRole('button', { name: 'Discard' });
  await expect(discard).toBeVisible();
  await discard.click();
  await expect(form.getByRole('heading', { level: 2 })).toContainText(nameAt(1));
});
