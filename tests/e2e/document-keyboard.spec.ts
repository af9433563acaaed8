/**
 * Issue 40 item 6, the keyboard contract through the whole day, generated for every document screen: the
 * screens are the modules' `documentScreen(...)` exports (read from modules/<m>/screens) found in the route
 * catalogue (/api/shell/routes), their fields and actions from the same definitions the screens render — no
 * hand list. On one page, screen after screen:
 * - open: the focus is in the list's search box by itself (never the tab's container), so Alt+N works at once;
 * - Alt+N: a new document, the focus in its first editable field;
 * - the required header fields and the first line's required fields are typed (a lookup's value is one the
 *   lookup itself offers; a date is today already; a choice is moved by the arrow keys);
 * - Ctrl+S: the save goes out, and the focus is still in the form after its answer;
 * - when saved, the key of the first action the saved state offers runs it: an irreversible one asks the one
 *   confirmation (answered No), a reversible one is sent.
 * The documents made are deleted again through the API (the lane's later files see the demo data as it was).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AnyEntity, FieldDefinition, TransitionSpec } from '@erp/shared/entities/define';
import { apModule } from '../../modules/ap/definitions/index.ts';
import { arModule } from '../../modules/ar/definitions/index.ts';
import { glModule } from '../../modules/gl/definitions/index.ts';
import { icModule } from '../../modules/ic/definitions/index.ts';
import { oeModule } from '../../modules/oe/definitions/index.ts';
import { poModule } from '../../modules/po/definitions/index.ts';
import { prModule } from '../../modules/pr/definitions/index.ts';
import { shellModule } from '../../modules/shell/definitions/index.ts';
import { soModule } from '../../modules/so/definitions/index.ts';
import { teModule } from '../../modules/te/definitions/index.ts';
import { wdModule } from '../../modules/wd/definitions/index.ts';
import { accessToken, signIn } from './helpers.ts';
import { goTo, questionDialog, screenOf, settled } from './shell-helpers.ts';

const ENTITIES = new Map(
  [shellModule, glModule, arModule, apModule, icModule, oeModule, poModule, prModule, soModule, teModule, wdModule].flatMap((module) => module.entities).map((entity) => [entity.name, entity] as const),
);

const MODULES_DIR = join(import.meta.dirname, '..', '..', 'modules');

/** Every file under `dir` whose name ends in .ts or .tsx. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The document screens of every module: `@erp/<app>#<Export>` → entity (views with routeProps are the same screen). */
function documentScreens(): Map<string, string> {
  const screens = new Map<string, string>();
  for (const module of readdirSync(MODULES_DIR)) {
    const screensDir = join(MODULES_DIR, module, 'screens');
    let app: string;
    try {
      app = (JSON.parse(readFileSync(join(MODULES_DIR, module, 'module.json'), 'utf8')) as { app: string }).app;
      statSync(screensDir);
    } catch {
      continue;
    }
    for (const file of sources(screensDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+) = documentScreen\('([a-z0-9-]+)'(?:, ([^;]*))?\);/g)) {
        if (match[3]?.includes('routeProps')) continue;
        screens.set(`@erp/${app}#${match[1]}`, match[2]!);
      }
    }
  }
  return screens;
}

interface Target {
  path: string;
  entity: AnyEntity;
}

/** One menu path per document entity, from the route catalogue. */
async function targets(page: Page): Promise<Target[]> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const routes = (await (await page.request.get('/api/shell/routes', { headers })).json()) as { Path: string; Component: string; Props: string | null }[];
  const screens = documentScreens();
  const seen = new Set<string>();
  const out: Target[] = [];
  for (const route of routes) {
    const name = screens.get(route.Component);
    const entity = name ? ENTITIES.get(name) : undefined;
    if (!entity || route.Props || seen.has(entity.name)) continue;
    // A log the server alone writes (every field read-only: the webhook deliveries) has no new document to type.
    if (Object.values(entity.fields).every((field) => field.readOnly)) continue;
    seen.add(entity.name);
    out.push({ path: `/${route.Path.replace(/^\/+|\/+$/g, '')}`, entity });
  }
  return out;
}

type Field = FieldDefinition & { labelKey: string };

/** Must the user type this field on a new document? (required, written, no default) */
function toType(entity: AnyEntity, name: string, field: Field): boolean {
  if (!field.required || field.readOnly || field.type === 'children' || field.type === 'set' || field.type === 'boolean') return false;
  if (name === entity.key && entity.keyKind === 'auto') return false;
  if (name in entity.computed) return false;
  return field.defaultValue === undefined;
}

/** One token for the whole pass (a token per call would cost a sign-in each). */
let token = '';

async function apiCall(page: Page, method: 'GET' | 'DELETE', path: string): Promise<{ status: number; body: Record<string, any> }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await page.request.fetch(`/api/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status(), body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A value the lookup offers for `field` (as the form asks: From, Field and the values typed so far). */
async function offered(page: Page, entity: AnyEntity, path: string, target: string, values: Record<string, unknown>): Promise<string | null> {
  for (const search of ['', 'a', '1', 'e']) {
    const query = new URLSearchParams({ From: entity.name, Field: path, Values: JSON.stringify(values), ...(search ? { Search: search } : {}) });
    const answer = await apiCall(page, 'GET', `lookup/${target}?${query}`);
    const first = (answer.body['List'] as { Value?: unknown }[] | undefined)?.[0];
    if (first?.Value !== undefined && first.Value !== null && String(first.Value) !== '') return String(first.Value);
  }
  return null;
}

/** Types a value into the control `input` by keyboard (clearing it first). */
async function typeInto(page: Page, input: Locator, text: string): Promise<void> {
  await input.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

/** Fills one field's control by keyboard; answers the wire value typed (null when left as it is). */
async function fill(page: Page, entity: AnyEntity, input: Locator, path: string, field: Field, values: Record<string, unknown>): Promise<unknown> {
  switch (field.type) {
    case 'lookup': {
      const value = await offered(page, entity, path, field.entity, values);
      if (value === null) return null;
      await typeInto(page, input, value);
      await page.keyboard.press('Tab');
      return value;
    }
    case 'enum': {
      await input.focus();
      await page.keyboard.press('ArrowDown');
      return await input.inputValue();
    }
    case 'decimal':
    case 'integer':
      await typeInto(page, input, '1');
      await page.keyboard.press('Tab');
      return '1';
    case 'date':
    case 'datetime':
      if ((await input.inputValue()) !== '') return null;
      await typeInto(page, input, new Date().toISOString().slice(0, 10));
      await page.keyboard.press('Tab');
      return null;
    case 'text': {
      const value = `K${Date.now().toString(36).slice(-5).toUpperCase()}`.slice(0, Math.max(1, field.maxLength ?? 8));
      await typeInto(page, input, value);
      await page.keyboard.press('Tab');
      return value;
    }
    default:
      return null;
  }
}

/** The action the saved document's state offers with a key, or null. */
function keyedAction(entity: AnyEntity, state: string): TransitionSpec | null {
  return entity.states?.transitions.find((transition) => transition.hotkey && transition.from.includes(state)) ?? null;
}

const focusInside = (root: Locator) => root.evaluate((element) => element.contains(document.activeElement));

interface Outcome {
  path: string;
  saved: boolean;
  action: string;
}

async function checkScreen(page: Page, { path, entity }: Target): Promise<Outcome> {
  await goTo(page, `#${path}`);
  const screen = screenOf(page, path);
  const list = screen.locator(`.records-list[data-entity="${entity.name}"]`);
  await expect(list, path).toBeVisible();
  // Focus on open: the list's search box (or first filter) has it, so Alt+N reaches the list.
  await expect.poll(() => focusInside(list), `${path}: the focus is in the list's search on open`).toBe(true);
  await page.keyboard.press('Alt+N');
  const form = screen.locator(`.erp-document[data-entity="${entity.name}"]`);
  await expect(form, `${path}: Alt+N opens a new document`).toBeVisible();
  await expect.poll(() => form.evaluate((element) => element.querySelector('.erp-form-body')?.contains(document.activeElement) ?? false), `${path}: the focus is in the first field`).toBe(true);

  // The required header fields, in the form's order, then the first line's.
  const values: Record<string, unknown> = {};
  for (const section of entity.formLayout.sections) {
    for (const name of section.rows.flat()) {
      const field = entity.fields[name] as Field;
      if (!toType(entity, name, field)) continue;
      const input = form.locator(`[id="doc-${entity.name}-${name}"]`);
      if ((await input.count()) === 0 || !(await input.isEditable())) continue;
      const value = await fill(page, entity, input, name, field, values);
      if (value !== null) values[name] = value;
    }
  }
  const lines = Object.entries(entity.fields).find(([, field]) => field.type === 'children' && field.lines);
  if (lines) {
    const [linesName, linesField] = lines as [string, Extract<FieldDefinition, { type: 'children' }>];
    const row = form.locator('tr[data-row="0"]');
    for (const [name, child] of Object.entries(linesField.fields)) {
      const field = child as Field;
      if (!field.required || field.readOnly || name === linesField.key || field.defaultValue !== undefined || `${linesName}.${name}` in entity.computed) continue;
      const input = row.locator(`[id$="-${name}"]`).first();
      if ((await input.count()) === 0 || !(await input.isEditable())) continue;
      await fill(page, entity, input, `${linesName}.${name}`, field, values);
    }
  }

  // Ctrl+S from a field: the save goes out and the focus stays in the form after its answer.
  if (!(await focusInside(form))) await form.locator('.erp-form-body').locator('input:not([readonly]):not([disabled]), select:not([disabled])').first().focus();
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/data/${entity.name}`);
  await page.keyboard.press('Control+s');
  const response = await answer;
  await expect(form, path).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => focusInside(form), `${path}: the focus stays in the form after Ctrl+S`).toBe(true);
  const saved = response.status() === 201 ? ((await response.json()) as { Data: Record<string, unknown> }).Data : null;
  if (!saved) {
    await form.locator('[data-action="discard"]').click();
    await expect(form).toHaveCount(0);
    return { path, saved: false, action: '' };
  }

  // The key of the action the saved state offers runs it.
  const state = entity.states ? String(saved[entity.states.field] ?? entity.states.initial) : '';
  const action = entity.states ? keyedAction(entity, state) : null;
  if (action) {
    await expect(form.locator(`.erp-form-actions [data-action="${action.action}"]`), path).toHaveAttribute('aria-keyshortcuts', action.hotkey!);
    if (action.irreversible) {
      await page.keyboard.press(action.hotkey!);
      await expect(questionDialog(page).getByRole('dialog'), `${path}: ${action.hotkey} asks before ${action.action}`).toBeVisible();
      await questionDialog(page).getByRole('button', { name: 'No', exact: true }).click();
      await expect(questionDialog(page).getByRole('dialog')).toBeHidden();
      await expect.poll(() => focusInside(form), `${path}: the focus is back in the form`).toBe(true);
    } else {
      const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes(`/actions/${action.action}`));
      await page.keyboard.press(action.hotkey!);
      await sent;
    }
  }
  await form.locator('.erp-form-back').click();
  await expect(form).toHaveCount(0);
  const id = String(saved[entity.key]);
  const current = await apiCall(page, 'GET', `data/${entity.name}/${encodeURIComponent(id)}`);
  if (current.status === 200) await apiCall(page, 'DELETE', `data/${entity.name}/${encodeURIComponent(id)}?Version=${String(current.body['Data']?.['Version'] ?? '')}`);
  return { path, saved: true, action: action?.action ?? '' };
}

test('every document screen: open → Alt+N → required fields by keyboard → Ctrl+S → its action key (issue 40 item 6)', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin', 'admin');
  await settled(page);
  token = await accessToken(page);
  const screens = await targets(page);
  expect(screens.length, 'document screens found in the route catalogue').toBeGreaterThan(20);
  const outcomes: Outcome[] = [];
  for (const target of screens) {
    outcomes.push(await checkScreen(page, target));
  }
  // The typed values satisfy most documents' own rules (a journal entry must balance, a receipt needs a PO's
  // lines …): at least half are saved and their action key checked, so the filler cannot silently check nothing.
  expect(outcomes.filter((outcome) => outcome.saved).length, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(Math.ceil(screens.length / 2));
  expect(outcomes.filter((outcome) => outcome.action !== '').length, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(10);
});
