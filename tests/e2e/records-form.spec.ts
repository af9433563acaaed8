/**
 * The generic record form (issue #5 items 3, 4, 6) through the real screen a user sees: firm maintenance at
 * /novus-ar/firm-maintenance (the customer view of §2), opened from the list. Saves, the §3 record trail,
 * the audit log, 'No changes made.', inline validation with a summary, the tab's unsaved-changes guard,
 * optimistic concurrency (a stale save refused, input kept, Reload), §5 attachments (content-checked types,
 * one name once, download), the firm-type unchecking confirmation and the §6 not-assigned refusal; the
 * toolbar's buttons are Shoelace's (issue 16 item 1).
 * Every firm a test changes is created for it through the API, so the tests do not depend on each other.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { accessToken, signIn } from './helpers.ts';
import { questionDialog, screenOf, tabBar } from './shell-helpers.ts';

const PATH = '/novus-ar/firm-maintenance';
async function api(page: Page): Promise<{ request: APIRequestContext; headers: Record<string, string> }> {
  return { request: page.request, headers: { Authorization: `Bearer ${await accessToken(page)}` } };
}

async function createFirm(page: Page, body: Record<string, unknown>): Promise<void> {
  const { request, headers } = await api(page);
  const response = await request.post('/api/data/firm', { headers, data: body });
  expect(response.status(), await response.text()).toBe(201);
}

async function getFirm(page: Page, id: string): Promise<Record<string, unknown>> {
  const { request, headers } = await api(page);
  const response = await request.get(`/api/data/firm/${id}`, { headers });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { Data: Record<string, unknown> }).Data;
}

/** Opens a record from the list of the tab at `path`: search for it, double-click its row. */
async function openRecord(page: Page, path: string, id: string): Promise<Locator> {
  const screen = screenOf(page, path);
  // The list's one search box (its name is localized).
  const search = screen.getByRole('searchbox');
  await search.fill(id);
  await search.press('Enter');
  const row = screen.getByRole('row').filter({ has: page.getByRole('gridcell', { name: id, exact: true }) });
  await row.first().dblclick();
  const form = screen.locator('.erp-entity-form');
  await expect(form).toBeVisible();
  await expect(form.locator('[data-trail="version"] dd')).not.toHaveText('');
  return form;
}

const version = (form: Locator) => form.locator('[data-trail="version"] dd');

test('a change is saved: the trail version goes up and the audit log shows the old and new value', async ({ page }) => {
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await createFirm(page, { FirmId: 'FRM1', Name: 'Form Test One', FirmTypes: ['bill-to'] });
  const form = await openRecord(page, PATH, 'FRM1');
  await expect(form.getByRole('heading', { level: 2 })).toContainText('Customer firm maintenance');
  await expect(version(form)).toHaveText('1');
  await expect(form.locator('[data-trail="createdBy"] dd')).toHaveText('admin');
  // Issue 16 item 1: the form's toolbar buttons are Shoelace's (loaded with the records module).
  const toolbar = form.getByRole('toolbar', { name: 'Record actions' });
  await expect(toolbar.locator('sl-button')).toHaveText(['Save', 'Reload', 'Delete']);
  await expect(form.locator('sl-button', { hasText: 'Back to the list' })).toHaveCount(1);

  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Form Test Renamed');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(version(form)).toHaveText('2');
  await expect(form.locator('[data-trail="updatedBy"] dd')).toHaveText('admin');
  expect((await getFirm(page, 'FRM1'))['Name']).toBe('Form Test Renamed');

  await form.getByRole('tab', { name: 'Audit log' }).click();
  const change = form.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Form Test Renamed' });
  await expect(change).toHaveCount(1);
  await expect(change.getByRole('cell', { name: 'Form Test One', exact: true })).toBeVisible();
  await expect(change.getByRole('cell', { name: 'Changed', exact: true })).toBeVisible();

  // The tab strip's keys: End goes to the last view, Home back to the record.
  await form.getByRole('tab', { name: 'Audit log' }).press('End');
  await expect(form.getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByRole('tab').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(form.getByRole('tab', { name: 'Record' })).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByRole('tab', { name: 'Record' })).toBeFocused();

  // Save again with nothing changed: 'No changes made.' and no call to the server.
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/data/firm/')) writes.push(request.url());
  });
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'No changes made.' })).toBeVisible();
  await expect(version(form)).toHaveText('2');
  expect(writes).toEqual([]);
});

test('a blank required field: the message beside it and in a summary, the focus on it, nothing saved', async ({ page }) => {
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await createFirm(page, { FirmId: 'FRM2', Name: 'Form Test Two', FirmTypes: ['bill-to'] });
  const form = await openRecord(page, PATH, 'FRM2');
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('   ');
  await form.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Name is required.');
  await expect(name).toBeFocused();
  await expect(form.locator('.erp-form-summary')).toContainText('Name is required.');
  await expect(form.getByRole('alert').filter({ hasText: 'Some fields are not valid.' })).toBeVisible();
  expect((await getFirm(page, 'FRM2'))['Name']).toBe('Form Test Two');
  await expect(version(form)).toHaveText('1');

  // The server's own findings land in the same places: an unknown Bill To Id.
  await name.fill('Form Test Two');
  const billTo = form.getByRole('textbox', { name: 'Bill To Id', exact: true });
  await billTo.fill('NOSUCHFIRM');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(billTo).toHaveAttribute('aria-invalid', 'true');
  await expect(billTo).toHaveAccessibleDescription('Bill To Id must be valid.');
  await expect(form.locator('.erp-form-summary')).toContainText('Bill To Id must be valid.');
  expect((await getFirm(page, 'FRM2'))['BillToId']).toBeNull();
});

test('closing the tab with unsaved changes asks Save / Discard / Stay; Stay keeps the input, Save saves', async ({ page }) => {
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await createFirm(page, { FirmId: 'FRM3', Name: 'Form Test Three', FirmTypes: ['bill-to'] });
  const form = await openRecord(page, PATH, 'FRM3');
  await form.getByRole('textbox', { name: 'City', exact: true }).fill('Kingston');

  await tabBar(page).getByRole('button', { name: 'Close Firms' }).click();
  await expect(questionDialog(page).getByRole('heading', { name: 'Unsaved changes' })).toBeVisible();
  await expect(questionDialog(page).getByRole('button', { name: 'Discard' })).toBeVisible();
  await questionDialog(page).getByRole('button', { name: 'Stay' }).click();
  await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
  await expect(form.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Kingston');

  // Leaving the page while dirty: the browser's own beforeunload question; dismissed, the page stays.
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (question) => {
      resolve(question.type());
      void question.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  await expect(form.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Kingston');

  // The form's own Back asks the same question; Save saves and goes back to the list.
  await form.getByRole('button', { name: 'Back to the list' }).click();
  await questionDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  expect((await getFirm(page, 'FRM3'))['City']).toBe('Kingston');
});

test('a save against a stale version is refused: the input stays, Reload shows the server value', async ({ page }) => {
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await createFirm(page, { FirmId: 'FRM4', Name: 'Form Test Four', FirmTypes: ['bill-to'] });
  const form = await openRecord(page, PATH, 'FRM4');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Changed in the form');

  // Someone else saves first.
  const { request, headers } = await api(page);
  const other = await request.put('/api/data/firm/FRM4', { headers, data: { Name: 'Changed elsewhere', Version: 1 } });
  expect(other.status()).toBe(200);

  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = form.getByRole('alert').filter({ hasText: 'The record was changed by someone else. Reload it to see the changes.' });
  await expect(conflict).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Changed in the form');
  expect((await getFirm(page, 'FRM4'))['Name']).toBe('Changed elsewhere');

  await conflict.getByRole('button', { name: 'Reload the current record' }).click();
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Changed elsewhere');
  await expect(version(form)).toHaveText('2');
});

/** A 1×1 PNG, built here byte by byte (signature, IHDR, IDAT, IEND). */
function png(): Buffer {
  return Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2b3a56b0000000049454e44ae426082',
    'hex',
  );
}

test('attachments: a PNG is attached and downloads as sent; text named .png and the same name twice are refused', async ({ page }) => {
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await createFirm(page, { FirmId: 'FRM5', Name: 'Form Test Five', FirmTypes: ['bill-to'] });
  const form = await openRecord(page, PATH, 'FRM5');
  await form.getByRole('tab', { name: 'Attachments' }).click();
  const panel = form.getByRole('tabpanel');
  const input = panel.getByLabel('Upload a file');

  await input.setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: png() });
  await expect(panel.getByRole('status').filter({ hasText: 'drawing.png was attached.' })).toBeVisible();
  const row = panel.getByRole('row').filter({ hasText: 'drawing.png' });
  await expect(row.getByRole('cell', { name: 'image/png' })).toBeVisible();

  // Text pretending to be a PNG: the server checks the content.
  await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image\n') });
  await expect(panel.getByRole('alert')).toHaveText('File format or type not supported.');
  await expect(panel.getByRole('row').filter({ hasText: 'notes.png' })).toHaveCount(0);

  // The same name again.
  await input.setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: png() });
  await expect(panel.getByRole('alert')).toHaveText('A file with the same name cannot be uploaded twice.');
  await expect(panel.getByRole('row').filter({ hasText: 'drawing.png' })).toHaveCount(1);

  // The download is the file as sent.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download drawing.png' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('drawing.png');
  const path = await download.path();
  expect(readFileSync(path).equals(png())).toBe(true);

  // The upload is in the audit log.
  await form.getByRole('tab', { name: 'Audit log' }).click();
  await expect(form.getByRole('tabpanel').getByRole('cell', { name: 'drawing.png' })).toBeVisible();
});

test('unchecking a saved firm type asks first; confirmed, the account is deleted on save', async ({ page }) => {
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await createFirm(page, { FirmId: 'FRM6', Name: 'Form Test Six', FirmTypes: ['bill-to', 'vendor'] });
  const form = await openRecord(page, PATH, 'FRM6');
  const vendor = form.getByRole('checkbox', { name: 'Vendor' });
  await expect(vendor).toBeChecked();

  // Cancel keeps it checked.
  await vendor.click();
  await expect(questionDialog(page).getByText('Unchecking a firm type deletes that account on save')).toBeVisible();
  await questionDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(vendor).toBeChecked();

  // Confirmed: unchecked, and the save deletes the account.
  await vendor.click();
  await questionDialog(page).getByRole('button', { name: 'Uncheck and delete on save' }).click();
  await expect(vendor).not.toBeChecked();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect((await getFirm(page, 'FRM6'))['FirmTypes']).toEqual(['bill-to']);

  // No firm type at all: the §5 message.
  await form.getByRole('checkbox', { name: 'Bill-to' }).click();
  await questionDialog(page).getByRole('button', { name: 'Uncheck and delete on save' }).click();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.locator('.erp-form-summary')).toContainText('Select at least one firm type.');
});

test('a user restricted to assigned customers is told when a firm is not assigned to them', async ({ page, browser }) => {
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  const { request, headers } = await api(page);
  const created = await request.post('/api/data/user', {
    headers,
    data: {
      UserId: 'restricted1',
      DisplayName: 'Restricted Clerk',
      Email: 'restricted1@example.com',
      Domain: 'example.com',
      Roles: ['CLERK'],
      RestrictedToAssignedCustomers: true,
      AssignedCustomers: ['B100'],
      InitialPassword: 'Restricted#2026pw',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext();
  const clerk = await context.newPage();
  await signIn(clerk, 'restricted1', 'Restricted#2026pw', '#/novus-oe/firm-maintenance');
  const form = await openRecord(clerk, '/novus-oe/firm-maintenance', 'B100');
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Northshore Metals Ltd.');

  // The administrator takes the customer away; the next read is refused with the §6 message.
  const user = await (await request.get('/api/data/user/restricted1', { headers })).json();
  const changed = await request.put('/api/data/user/restricted1', { headers, data: { AssignedCustomers: ['B200'], Version: user.Data.Version } });
  expect(changed.status()).toBe(200);
  await form.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('Sorry, this Firm cannot be viewed. You are not assigned to this customer.');
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);
  await context.close();
});

test('firm lookups, the vendor view presetting a new firm, and delete with the version', async ({ page }) => {
  const VENDOR_PATH = '/novus-ap/firm-maintenance';
  await signIn(page, 'admin', 'admin', `#${VENDOR_PATH}`);
  const screen = screenOf(page, VENDOR_PATH);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-entity-form');
  await expect(form.getByRole('heading', { level: 2 })).toContainText('Vendor firm maintenance');
  await expect(form.getByRole('checkbox', { name: 'Vendor' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Bill-to' })).not.toBeChecked();

  // Issue 40 item 7: the lookup asked with both blank browses the first page by name.
  await form.getByRole('button', { name: 'Look up Jobber Firm ID' }).click();
  const lookup = form.getByRole('group', { name: 'Firm lookup' });
  await lookup.getByRole('button', { name: 'Find' }).click();
  await expect(lookup.getByRole('list', { name: 'Matches for Jobber Firm ID' }).locator('[data-lookup-option]').first()).toBeVisible();
  await expect(lookup.getByRole('alert')).toHaveCount(0);
  await lookup.getByRole('textbox', { name: 'Name' }).fill('Northshore Metals Ltd');
  await lookup.getByRole('button', { name: 'Find' }).click();
  await lookup.getByRole('list', { name: 'Matches for Jobber Firm ID' }).getByRole('button', { name: /^B100/ }).click();
  await expect(form.getByRole('textbox', { name: 'Jobber Firm ID', exact: true })).toHaveValue('B100');

  await form.getByRole('textbox', { name: 'Firm ID', exact: true }).fill('frm7');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Form Test Seven');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const saved = await getFirm(page, 'FRM7');
  expect(saved).toMatchObject({ FirmTypes: ['vendor'], JobberFirmId: 'B100', Version: 1 });

  // Delete sends the version read; the record goes and the list shows again.
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
  });
  await form.getByRole('button', { name: 'Delete', exact: true }).click();
  await questionDialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(form).toBeHidden();
  expect(deletes).toEqual([expect.stringMatching(/\/api\/data\/firm\/FRM7\?Version=1$/)]);
  const { request, headers } = await api(page);
  expect((await request.get('/api/data/firm/FRM7', { headers })).status()).toBe(404);
});

test('in fr-CA the form, its labels and its messages are French', async ({ page, context }) => {
  // The strings as the server serves them (a namespace lives in locales/ or in a module's folder).
  const fr = async (namespace: string) => (await page.request.get(`/locales/fr-CA/${namespace}.json`)).json();
  const entities = await fr('entities');
  const forms = await fr('forms');
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await createFirm(page, { FirmId: 'FRM8', Name: 'Form Test Eight', FirmTypes: ['bill-to'] });
  await context.addCookies([{ name: '.AspNetCore.Culture', value: encodeURIComponent('c=fr-CA|uic=fr-CA'), url: new URL(page.url()).origin }]);
  await page.reload();
  const form = await openRecord(page, PATH, 'FRM8');
  await expect(form.getByRole('button', { name: forms.actions.back })).toBeVisible();
  const name = form.getByRole('textbox', { name: entities.firm.fields.Name, exact: true });
  await name.fill('');
  await form.getByRole('button', { name: entities.actions.save, exact: true }).click();
  const required = (entities.validation.required as string).replace('{{label}}', entities.firm.fields.Name);
  expect(required).toBe('Nom est obligatoire.');
  await expect(name).toHaveAccessibleDescription(required);
  await name.fill('Form Test Eight');
  await form.getByRole('button', { name: entities.actions.save, exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: entities.result.noChanges })).toBeVisible();
  // The file picker speaks French too: the browser's own (English) file button is hidden behind ours.
  await form.getByRole('tab', { name: entities.attachments.title }).click();
  const upload = form.getByRole('tabpanel').getByLabel(entities.attachments.upload);
  await expect(upload).toBeHidden();
  const choose = form.getByRole('button', { name: forms.file.choose, exact: true });
  await expect(choose).toHaveAccessibleDescription(entities.attachments.upload);
  const picker = page.waitForEvent('filechooser');
  await choose.press('Enter');
  await (await picker).setFiles({ name: 'plan.png', mimeType: 'image/png', buffer: png() });
  await expect(form.getByRole('status').filter({ hasText: 'plan.png' })).toBeVisible();
});

test('issue 16: lookups suggest as the user types and search only with what was typed', async ({ page }) => {
  const VENDOR_PATH = '/novus-ap/firm-maintenance';
  await signIn(page, 'admin', 'admin', `#${VENDOR_PATH}`);
  const screen = screenOf(page, VENDOR_PATH);
  await screen.getByRole('button', { name: 'New', exact: true }).click();
  const form = screen.locator('.erp-entity-form');
  const jobber = form.getByRole('textbox', { name: 'Jobber Firm ID', exact: true });
  await expect(form.getByRole('button', { name: 'Look up Jobber Firm ID' })).toHaveAttribute('title', 'Look up (F4 or Alt+Down)');
  // Typing suggests; the focus stays in the box; ArrowDown goes into the matches.
  await jobber.pressSequentially('B10');
  const matches = form.getByRole('list', { name: 'Matches for Jobber Firm ID' });
  await expect(matches.getByRole('button', { name: /^B100/ })).toBeVisible();
  await expect(jobber).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(matches.getByRole('button', { name: /^B100/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(jobber).toHaveValue('B100');
  // A name typed in the lookup panel is searched alone, not with the field's B100.
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/firm/lookup')) lookups.push(new URL(request.url()).search);
  });
  await form.getByRole('button', { name: 'Look up Jobber Firm ID' }).click();
  const lookup = form.getByRole('group', { name: 'Firm lookup' });
  await lookup.getByRole('textbox', { name: 'Name' }).pressSequentially('Laurentian');
  await expect(matches.getByRole('button', { name: /^B200/ })).toBeVisible();
  await expect(matches.getByRole('button', { name: /^B100/ })).toHaveCount(0);
  expect(lookups.every((query) => !query.includes('B100'))).toBe(true);
});

test('the firm form, opened first on a fresh page, suggests the AR account terms and sales reps and saves the picks', async ({ page }) => {
  // The AR definitions are registered in the page by @erp/accounting; the firm screen does not load it, so
  // the suggestions must come from the server (GET /api/lookup/:entity), not from the page's registry.
  const bundles: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/apps/accounting/')) bundles.push(request.url());
  });
  await signIn(page, 'admin', 'admin', `#${PATH}`);
  await createFirm(page, { FirmId: 'FRM9', Name: 'Form Test Nine', FirmTypes: ['bill-to'] });
  const form = await openRecord(page, PATH, 'FRM9');

  const terms = form.getByRole('textbox', { name: 'Account terms', exact: true });
  await terms.pressSequentially('net');
  const termsMatches = form.getByRole('list', { name: 'Matches for Account terms' });
  await expect(termsMatches.getByRole('button', { name: 'NET30 Net 30 days' })).toBeVisible();
  await expect(termsMatches.getByRole('button', { name: 'NET60 Net 60 days' })).toBeVisible();
  await termsMatches.getByRole('button', { name: 'NET30 Net 30 days' }).click();
  await expect(terms).toHaveValue('NET30');

  const rep = form.getByRole('textbox', { name: 'Sales rep', exact: true });
  await rep.pressSequentially('SR0');
  const repMatches = form.getByRole('list', { name: 'Matches for Sales rep' });
  await expect(repMatches.getByRole('button', { name: /^SR01 \S/ })).toBeVisible();
  await repMatches.getByRole('button', { name: /^SR01 / }).click();
  await expect(rep).toHaveValue('SR01');

  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await getFirm(page, 'FRM9')).toMatchObject({ AccountTerms: 'NET30', SalesRep: 'SR01', Version: 2 });
  expect(bundles).toEqual([]);
});
