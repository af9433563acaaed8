/**
 * The shell administration screens of §2 (issue #5 item 5) end to end on the generic list and form: each is
 * opened from the Shell application's menu as a tab, a record is created or edited through the form and
 * seen saved (the form says so, the §3 trail shows it, the list shows it). Then the effects that reach
 * beyond the screen: a menu-access row opens an application for a role's user at once; form widgets
 * security hides and locks fields of the generic form for a role; a user created on /shell/user signs in
 * at once; an invalid identifier on user-securables is refused with 'Bill-to and ship-to id invalid.'.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { accessToken, signIn } from '../../../tests/e2e/helpers.ts';
import { chooseMenu, screenOf } from '../../../tests/e2e/shell-helpers.ts';

const PNG_1X1 =
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6390f7abfc0f00035c01e6b311ef990000000049454e44ae426082';

interface AdminCase {
  path: string;
  group: 'Setup' | 'Security';
  menu: string;
  /** The entity tab of a screen with several tables. */
  entityTab?: string;
  /** Edit this record (found by the list search) instead of creating one. */
  edit?: string;
  fill(form: Locator, page: Page): Promise<void>;
  /** Text of a list cell that shows the saved record. */
  listed: string;
  /** More checks after the save (the API, another user). */
  verify?(page: Page, browser: Browser, form: Locator): Promise<void>;
}

const textbox = (form: Locator, name: string) => form.getByRole('textbox', { name, exact: true });

async function authorized(page: Page) {
  return { Authorization: `Bearer ${await accessToken(page)}` };
}

const CASES: AdminCase[] = [
  {
    path: '/shell/country-state-city',
    group: 'Setup',
    menu: 'Countries, States and Cities',
    entityTab: 'Countries',
    async fill(form) {
      await textbox(form, 'Country code').fill('zz');
      await textbox(form, 'Name').fill('Zedland');
    },
    listed: 'Zedland',
  },
  {
    path: '/shell/sequence-counter',
    group: 'Setup',
    menu: 'Sequence Counters',
    async fill(form) {
      await textbox(form, 'Sequence ID').fill('E2ESEQ');
      await textbox(form, 'Description').fill('E2E sequence');
      await textbox(form, 'Next number').fill('1000');
    },
    listed: 'E2E sequence',
  },
  {
    path: '/shell/code-index',
    group: 'Setup',
    menu: 'Code Index',
    async fill(form) {
      await textbox(form, 'Code type').fill('E2E');
      await textbox(form, 'Code').fill('C1');
      await textbox(form, 'Description').fill('E2E code');
    },
    listed: 'E2E code',
  },
  {
    path: '/shell/configuration',
    group: 'Setup',
    menu: 'Configuration',
    edit: 'MOBILE_HOMEPAGE_TEXT',
    async fill(form) {
      // The portal homepage text is HTML, edited as text (never rendered in the form).
      await textbox(form, 'Control value').fill('<p>Welcome to <b>E2E</b> ordering</p>');
    },
    listed: 'MOBILE_HOMEPAGE_TEXT',
    async verify(page, _browser, form) {
      await expect(form.locator('b')).toHaveCount(0);
      const answer = await page.request.get('/api/Configuration/GetConfigurationByControlId?controlId=MOBILE_HOMEPAGE_TEXT', {
        headers: await authorized(page),
      });
      expect((await answer.json()).ControlValue).toBe('<p>Welcome to <b>E2E</b> ordering</p>');
      // Put the portal's homepage text back as it was (the audit log has the old value): the portal tests use it.
      const headers = await authorized(page);
      const entry = await (await page.request.get('/api/data/configuration/MOBILE_HOMEPAGE_TEXT', { headers })).json();
      const audit = await (await page.request.get('/api/data/configuration/MOBILE_HOMEPAGE_TEXT/audit', { headers })).json();
      const change = (audit.List as { FieldName: string | null; ColumnName: string; OldValue: string | null }[]).find(
        (row) => row.FieldName === 'ControlValue' || row.ColumnName === 'control_value',
      );
      expect(change?.OldValue).toBeTruthy();
      const restored = await page.request.put('/api/data/configuration/MOBILE_HOMEPAGE_TEXT', {
        headers,
        data: { ControlValue: change!.OldValue, Version: entry.Data.Version },
      });
      expect(restored.status()).toBe(200);
    },
  },
  {
    path: '/shell/company',
    group: 'Setup',
    menu: 'Company',
    edit: 'NOVUS',
    async fill(form) {
      await textbox(form, 'Name').fill('Novus Metals E2E');
    },
    listed: 'Novus Metals E2E',
    async verify(page, _browser, form) {
      // The logo: uploaded with its detected file type, previewed.
      await form.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'hex') });
      await expect(form.getByRole('status').filter({ hasText: 'The logo was saved.' })).toBeVisible();
      await expect(form.locator('[data-logo-type]')).toHaveText('image/png');
      await expect(form.getByRole('img', { name: 'Company logo' })).toBeVisible();
      await form.getByLabel('Upload a logo').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('plain text') });
      await expect(form.getByRole('alert')).toHaveText('File format or type not supported.');
      const company = await (await page.request.get('/api/Company/GetDefaultCompany', { headers: await authorized(page) })).json();
      expect(company).toMatchObject({ Name: 'Novus Metals E2E', LogoFileType: 'image/png', Logo: Buffer.from(PNG_1X1, 'hex').toString('base64') });
    },
  },
  {
    path: '/shell/branch',
    group: 'Setup',
    menu: 'Branches',
    async fill(form) {
      await textbox(form, 'Branch ID').fill('E2EB');
      await textbox(form, 'Name').fill('E2E branch');
      await textbox(form, 'Company').fill('NOVUS');
    },
    listed: 'E2E branch',
  },
  {
    path: '/shell/warehouse',
    group: 'Setup',
    menu: 'Warehouses',
    async fill(form) {
      await textbox(form, 'Warehouse ID').fill('E2EW');
      await textbox(form, 'Name').fill('E2E warehouse');
      // The lookup: search the branches and pick one.
      await form.getByRole('button', { name: 'Look up Branch' }).click();
      await form.getByRole('list', { name: 'Matches for Branch' }).getByRole('button', { name: /^TOR/ }).click();
      await expect(textbox(form, 'Branch')).toHaveValue('TOR');
    },
    listed: 'E2E warehouse',
  },
  {
    path: '/shell/role',
    group: 'Security',
    menu: 'Roles',
    async fill(form) {
      // A key that exists: the server's finding beside the field.
      await textbox(form, 'Role ID').fill('ADMIN');
      await textbox(form, 'Name').fill('E2E role');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(textbox(form, 'Role ID')).toHaveAccessibleDescription('Role ID already exists.');
      await textbox(form, 'Role ID').fill('E2EROLE');
    },
    listed: 'E2E role',
  },
  {
    path: '/shell/user',
    group: 'Security',
    menu: 'Users',
    async fill(form) {
      await textbox(form, 'User ID').fill('e2euser');
      await textbox(form, 'Display name').fill('E2E User');
      await textbox(form, 'Email').fill('e2e.user@novus.example');
      await textbox(form, 'Company domain').fill('novus.example');
      await textbox(form, 'Landing page').fill('/novus-oe');
      await form.getByLabel('Language').selectOption('fr-CA');
      await form.getByLabel('Initial password').fill('Bienvenue#2026e2e');
      await form.getByRole('textbox', { name: 'Add to Roles' }).fill('CLERK');
      await form.getByRole('group', { name: 'Roles' }).getByRole('button', { name: 'Add', exact: true }).click();
      await expect(form.getByRole('button', { name: 'Remove CLERK from Roles' })).toBeVisible();
    },
    listed: 'E2E User',
    async verify(_page, browser) {
      // Signs in at once with the initial password; the profile's language applies.
      const context = await browser.newContext();
      const user = await context.newPage();
      await signIn(user, 'e2euser', 'Bienvenue#2026e2e', '#/');
      const profile = await (await user.request.get('/api/shell/profile', { headers: await authorized(user) })).json();
      expect(profile).toMatchObject({ landingPage: '/novus-oe', language: 'fr-CA' });
      await context.close();
    },
  },
  {
    path: '/shell/user-securables',
    group: 'Security',
    menu: 'User Securables',
    async fill(form) {
      await textbox(form, 'User').fill('clerk');
      const billTo = textbox(form, 'Bill-to');
      // A ship-to as the bill-to: refused by the server, shown beside the identifier.
      await billTo.fill('S101');
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(billTo).toHaveAccessibleDescription('Bill-to and ship-to id invalid.');
      await expect(form.locator('.erp-form-summary')).toContainText('Bill-to and ship-to id invalid.');
      await billTo.fill('B100');
      await form.getByRole('button', { name: 'Add a ship-to' }).click();
      await textbox(form, 'Ship-to 1').fill('S101');
    },
    listed: 'B100,S101',
  },
  {
    path: '/shell/menu-access',
    group: 'Security',
    menu: 'Menu Access',
    async fill(form) {
      await textbox(form, 'Role').fill('E2EROLE');
      await textbox(form, 'Application').fill('NOVUS-AP');
    },
    listed: 'E2EROLE',
  },
  {
    path: '/shell/form-widgets-security',
    group: 'Security',
    menu: 'Form Widgets Security',
    async fill(form) {
      await textbox(form, 'Role').fill('CLERK');
      await textbox(form, 'Screen').fill('firm');
      await textbox(form, 'Field').fill('Email');
      await form.getByLabel('Access').selectOption('hidden');
    },
    listed: 'Email',
  },
];

/** Opens an administration screen from the Shell menu as a tab. */
async function openFromMenu(page: Page, c: { path: string; group: string; menu: string }): Promise<Locator> {
  await chooseMenu(page, c.group, c.menu);
  const screen = screenOf(page, c.path);
  await expect(screen).toBeVisible();
  return screen;
}

async function openRecord(page: Page, screen: Locator, id: string): Promise<Locator> {
  const search = screen.getByRole('searchbox', { name: 'Search' });
  await search.fill(id);
  await search.press('Enter');
  // The search's answer re-renders the rows: double-click once only the found rows are shown (a double-click on a
  // row of the first page, replaced in between, would only select).
  const rows = screen.locator('[role="row"][data-row-id]');
  const found = rows.filter({ has: page.getByRole('gridcell', { name: id, exact: true }) });
  await expect.poll(async () => (await rows.count()) === (await found.count()) && (await found.count()) > 0).toBe(true);
  await found.first().dblclick();
  const form = screen.locator('.erp-entity-form');
  await expect(form.locator('[data-trail="version"] dd')).not.toHaveText('');
  return form;
}

for (const c of CASES) {
  test(`${c.path}: opened from the menu, a record ${c.edit ? 'edited' : 'created'} through the form is saved`, async ({ page, browser }) => {
    await signIn(page, 'admin', 'admin', '#/shell');
    const screen = await openFromMenu(page, c);
    if (c.entityTab) await screen.getByRole('tab', { name: c.entityTab }).click();
    let form: Locator;
    let before = 0;
    if (c.edit) {
      form = await openRecord(page, screen, c.edit);
      before = Number(await form.locator('[data-trail="version"] dd').textContent());
    } else {
      await screen.getByRole('button', { name: 'New', exact: true }).click();
      form = screen.locator('.erp-entity-form');
      await expect(form.getByRole('heading', { name: /New record/ })).toBeVisible();
    }
    await c.fill(form, page);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(form.locator('[data-trail="version"] dd')).toHaveText(String(before + 1));
    await expect(form.locator('[data-trail="updatedBy"] dd')).toHaveText('admin');
    if (c.verify) await c.verify(page, browser, form);
    await form.getByRole('button', { name: 'Back to the list' }).click();
    await expect(form).toBeHidden();
    await expect(screen.getByRole('gridcell', { name: c.listed, exact: true }).first()).toBeVisible();
  });
}

test('a menu-access row opens the application to the role’s users at once', async ({ page, browser }) => {
  await signIn(page, 'admin', 'admin', '#/shell');
  const headers = await authorized(page);
  expect((await page.request.post('/api/data/role', { headers, data: { RoleId: 'E2EGL', Name: 'E2E ledger' } })).status()).toBe(201);
  const created = await page.request.post('/api/data/user', {
    headers,
    data: { UserId: 'e2egl', DisplayName: 'E2E Ledger', Email: 'e2egl@novus.example', Domain: 'novus.example', Roles: ['E2EGL'], InitialPassword: 'Ledger#2026e2e' },
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext();
  const user = await context.newPage();
  await signIn(user, 'e2egl', 'Ledger#2026e2e', '#/');
  const userHeaders = await authorized(user);
  const applications = async () =>
    ((await (await user.request.get('/api/shell/applications', { headers: userHeaders })).json()) as { Application: string }[]).map((a) => a.Application);
  expect(await applications()).not.toContain('NOVUS-GL');

  const screen = await openFromMenu(page, { path: '/shell/menu-access', group: 'Security', menu: 'Menu Access' });
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-entity-form');
  await textbox(form, 'Role').fill('E2EGL');
  await form.getByRole('button', { name: 'Look up Application' }).click();
  await form.getByRole('list', { name: 'Matches for Application' }).getByRole('button', { name: /^NOVUS-GL/ }).click();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // The same session, no new sign-in: the applications and menus calls follow the row.
  expect(await applications()).toContain('NOVUS-GL');
  const menus = await (await user.request.get('/api/shell/menus?application=NOVUS-GL', { headers: userHeaders })).json();
  expect(Array.isArray(menus) && menus.length).toBeGreaterThan(0);
  await context.close();
});

test('form widgets security hides and locks fields of the generic form for a role', async ({ page, browser }) => {
  await signIn(page, 'admin', 'admin', '#/shell');
  const headers = await authorized(page);
  const rules = [
    { RoleId: 'CLERK', Entity: 'firm', FieldName: 'CreditLimit', Access: 'hidden' },
    { RoleId: 'CLERK', Entity: 'firm', FieldName: 'Phone', Access: 'read-only' },
  ];
  for (const rule of rules) {
    const response = await page.request.post('/api/data/form-widgets-security', { headers, data: rule });
    expect(response.status(), await response.text()).toBe(201);
  }

  const context = await browser.newContext();
  const clerk = await context.newPage();
  await signIn(clerk, 'clerk', 'clerk', '#/novus-oe/firm-maintenance');
  const form = await openRecord(clerk, screenOf(clerk, '/novus-oe/firm-maintenance'), 'B100');
  await expect(textbox(form, 'Name')).toBeEditable();
  await expect(textbox(form, 'Credit limit')).toHaveCount(0);
  await expect(textbox(form, 'Phone')).not.toBeEditable();
  await expect(textbox(form, 'Phone')).toHaveValue('905-555-0142');
  await context.close();

  // The administrator still sees and edits both.
  await page.goto('/#/novus-oe/firm-maintenance');
  const admin = await openRecord(page, screenOf(page, '/novus-oe/firm-maintenance'), 'B100');
  await expect(textbox(admin, 'Credit limit')).toBeVisible();
  await expect(textbox(admin, 'Phone')).toBeEditable();
});
