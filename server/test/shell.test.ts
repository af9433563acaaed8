/** §7 shell calls: shapes, role filtering and input validation. */
import { applications as catalogApplications, PORTAL_LANDING_PAGE } from '../src/seed/catalog.ts';
import type { Application, LanguagesAnswer, Menu, RouteDefinition, TenantInfo, UserProfile } from '@erp/shared/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFrameProps } from '../src/shell/frames.ts';
import { apiGet, apiPost, signIn, startServer, type TestServer } from './helpers/app.ts';
import { engine } from './helpers/database.ts';

let server: TestServer;
type DemoUser = 'admin' | 'clerk' | 'portal' | 'steel';
const tokens = {} as Record<DemoUser, string>;

beforeAll(async () => {
  server = await startServer({ RELEASE_NUMBER: '9.8.7' });
  for (const user of ['admin', 'clerk', 'portal', 'steel'] as const) {
    tokens[user] = (await signIn(server.app, user, user)).access_token;
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/shell/applications', () => {
  it('gives the administrator every application, in catalog order, never HOME', async () => {
    const response = await apiGet(server.app, '/api/shell/applications', tokens.admin);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Application[];
    const expected = catalogApplications.filter((a) => a.Application !== 'HOME');
    expect(list).toEqual(expected);
    expect(list.some((a) => a.Application === 'HOME')).toBe(false);
    for (const app of list) expect(Object.keys(app).sort()).toEqual(['Application', 'Description', 'RouterPath']);
  });

  it('gives the clerk exactly Order Entry and Inventory Control', async () => {
    const list = (await apiGet(server.app, '/api/shell/applications', tokens.clerk)).json() as Application[];
    expect(list.map((a) => a.Application).sort()).toEqual(['NOVUS-IC', 'NOVUS-OE']);
  });

  it('gives the portal user the portal only', async () => {
    const list = (await apiGet(server.app, '/api/shell/applications', tokens.portal)).json() as Application[];
    expect(list.map((a) => a.RouterPath)).toEqual([PORTAL_LANDING_PAGE]);
  });

  it('rejects unknown query parameters', async () => {
    const response = await apiGet(server.app, '/api/shell/applications?x=1', tokens.admin);
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/shell/menus', () => {
  it('answers the menus of an application the caller may open', async () => {
    const response = await apiGet(server.app, '/api/shell/menus?application=NOVUS-OE', tokens.clerk);
    expect(response.statusCode).toBe(200);
    const menus = response.json() as Menu[];
    expect(menus.length).toBeGreaterThan(0);
    for (const menu of menus) {
      expect(menu.Application).toBe('NOVUS-OE');
      expect(typeof menu.MenuKey).toBe('number');
      expect(menu.IsActive).toBe(true);
      expect(typeof menu.Sequence).toBe('number');
      expect(typeof menu.ParentId).toBe('string');
    }
    expect(menus.some((m) => m.ParentId === 'ROOT')).toBe(true);
  });

  it('resolves the application name case-insensitively', async () => {
    const response = await apiGet(server.app, '/api/shell/menus?application=novus-ic', tokens.clerk);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Menu[]).every((m) => m.Application === 'NOVUS-IC')).toBe(true);
  });

  it('leaves out inactive menus', async () => {
    const db = server.app.erp.database.db;
    const inactive = await db.selectFrom('menus').select(['application', 'menu_id']).where('is_active', '=', 0).execute();
    for (const row of inactive) {
      const menus = (await apiGet(server.app, `/api/shell/menus?application=${row.application}`, tokens.admin)).json() as Menu[];
      expect(menus.some((m) => m.MenuId === row.menu_id)).toBe(false);
    }
  });

  it('is 403 for an application the caller may not open, and for an unknown one', async () => {
    for (const name of ['NOVUS-GL', 'NO-SUCH-APP']) {
      const response = await apiGet(server.app, `/api/shell/menus?application=${name}`, tokens.clerk);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'forbidden', Exception: null });
    }
  });

  it('answers HOME with no menus', async () => {
    const response = await apiGet(server.app, '/api/shell/menus?application=HOME', tokens.clerk);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('is 400 without the application parameter', async () => {
    const response = await apiGet(server.app, '/api/shell/menus', tokens.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'bad_request' });
    expect(response.json().Message).toContain('application');
  });
});

describe('GET /api/shell/routes', () => {
  it('gives / and the routes of the applications the caller may open', async () => {
    const response = await apiGet(server.app, '/api/shell/routes', tokens.clerk);
    expect(response.statusCode).toBe(200);
    const routes = response.json() as RouteDefinition[];
    expect(routes.some((r) => r.Path === '/')).toBe(true);
    expect(routes.some((r) => r.Path === '/novus-oe')).toBe(true);
    expect(routes.some((r) => r.Path.startsWith('/novus-ic/'))).toBe(true);
    for (const route of routes) {
      expect(route.Path === '/' || /^\/novus-(oe|ic)(\/|$)/i.test(route.Path)).toBe(true);
      expect(Object.keys(route).sort()).toEqual(['Available', 'Component', 'Meta', 'Name', 'Path', 'Props', 'RouteKey']);
      expect(typeof route.RouteKey).toBe('number');
    }
  });

  it('gives the administrator every route', async () => {
    const routes = (await apiGet(server.app, '/api/shell/routes', tokens.admin)).json() as RouteDefinition[];
    const count = await server.app.erp.database.db.selectFrom('routes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(routes.length).toBe(Number(count.n));
  });
});

describe('frame routes', () => {
  it('answers frame sources as absolute URLs on the newer-version front end origin', async () => {
    const routes = (await apiGet(server.app, '/api/shell/routes', tokens.admin)).json() as RouteDefinition[];
    const frames = routes.filter((route) => route.Component === '@erp/frames#Frame');
    const sources = Object.fromEntries(frames.map((route) => [route.Path, JSON.parse(route.Props ?? 'null')]));
    expect(sources).toEqual({
      '/novus/load-sheet': { src: 'http://127.0.0.1:8081/novus/index.html#/load-sheet' },
      '/novus/order-summary': { src: 'http://127.0.0.1:8081/novus/index.html#/order-summary' },
      '/novus/sales-order-entry': { src: 'http://127.0.0.1:8081/novus/index.html#/sales-order-entry' },
    });
    // Other Props are answered as stored.
    expect(routes.find((route) => route.Path === '/novus-ap/firm-maintenance')?.Props).toBe('{"firmType":"vendor"}');
  });

  it('gives the steel user the steel frame route, and the clerk no frame at all', async () => {
    const steel = (await apiGet(server.app, '/api/shell/routes', tokens.steel)).json() as RouteDefinition[];
    expect(steel.find((route) => route.Path === '/resteel-oe/resteel')).toMatchObject({
      Name: 'RESTEEL0002',
      Component: '@erp/frames#SteelFrame',
      Props: null,
    });
    const clerk = (await apiGet(server.app, '/api/shell/routes', tokens.clerk)).json() as RouteDefinition[];
    expect(clerk.some((route) => route.Component.startsWith('@erp/frames#'))).toBe(false);
  });

  it('leaves absolute, protocol-relative, malformed and non-frame Props alone', () => {
    const base = 'https://novus.example';
    expect(resolveFrameProps('@erp/frames#Frame', '{"src":"/a#/b","title":"x"}', base)).toBe('{"src":"https://novus.example/a#/b","title":"x"}');
    for (const props of ['{"src":"https://other.example/x"}', '{"src":"//evil.example/x"}', '{"src":42}', '[1]', 'not json', '{}']) {
      expect(resolveFrameProps('@erp/frames#Frame', props, base)).toBe(props);
    }
    expect(resolveFrameProps('@erp/frames#Frame', null, base)).toBeNull();
    expect(resolveFrameProps('@erp/legacy#Frame', '{"src":"/a"}', base)).toBe('{"src":"/a"}');
  });
});

describe('GET /api/tenant', () => {
  it('answers server, database and release number', async () => {
    const tenant = (await apiGet(server.app, '/api/tenant', tokens.clerk)).json() as TenantInfo;
    expect(tenant.releaseNumber).toBe('9.8.7');
    if (engine === 'sqlite') {
      expect(tenant).toEqual({ server: 'embedded SQLite', database: 'erp.sqlite', releaseNumber: '9.8.7' });
    } else {
      expect(tenant.server).toMatch(/^127\.0\.0\.1|localhost/);
      expect(tenant.database).toMatch(/^erp_test_/);
    }
  });
});

describe('GET /api/shell_init/languages', () => {
  it('answers the languages and en-CA as default', async () => {
    const answer = (await apiGet(server.app, '/api/shell_init/languages', tokens.portal)).json() as LanguagesAnswer;
    expect(answer.DefaultLanguage).toBe('en-CA');
    expect(answer.Languages.map((l) => l.LocaleIdentifier)).toEqual(expect.arrayContaining(['en-CA', 'fr-CA', 'zh-CN']));
    for (const language of answer.Languages) {
      expect(language.LocaleIdentifier).toBe(`${language.LanguageCode}-${language.CountryCode}`);
      expect(typeof language.LanguageKey).toBe('number');
    }
  });
});

describe('GET /api/shell/profile', () => {
  it('answers the portal user profile', async () => {
    const profile = (await apiGet(server.app, '/api/shell/profile', tokens.portal)).json() as UserProfile;
    expect(profile.shellSub.subjectId).toBe('portal');
    expect(typeof profile.shellSub.displayName).toBe('string');
    expect(profile.landingPage).toBe(PORTAL_LANDING_PAGE);
    expect(profile.defaultShipToId).toBe('S101');
    expect(profile.showMenus).toBe(true);
    expect(profile.cssFiles).toEqual([]);
    expect(profile).toHaveProperty('environmentLabel');
    expect(profile).toHaveProperty('environment');
    expect(profile).not.toHaveProperty('password_hash');
    expect(JSON.stringify(profile)).not.toContain('scrypt');
  });

  it('gives the steel user the steel company domain and staff no landing page', async () => {
    const steel = (await apiGet(server.app, '/api/shell/profile', tokens.steel)).json() as UserProfile;
    expect(steel.domain).toBe(server.config.steel.domain);
    const clerk = (await apiGet(server.app, '/api/shell/profile', tokens.clerk)).json() as UserProfile;
    expect(clerk.landingPage).toBeNull();
  });
});

describe('POST /api/shell_init/locale', () => {
  it('stores the language, answers a CallResult and writes an audit row', async () => {
    const response = await apiPost(server.app, '/api/shell_init/locale', tokens.clerk, { locale: 'fr-CA' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ResultStatus: 1, EntityId: 'clerk', Exception: null });
    const profile = (await apiGet(server.app, '/api/shell/profile', tokens.clerk)).json() as UserProfile;
    expect(profile.language).toBe('fr-CA');
    const db = server.app.erp.database.db;
    const audit = await db.selectFrom('audit_log').selectAll().where('table_name', '=', 'users').where('id_value', '=', 'clerk').execute();
    expect(audit).toEqual([expect.objectContaining({ column_name: 'language', old_value: 'en-CA', new_value: 'fr-CA', action_by: 'clerk' })]);
    const row = await db.selectFrom('users').select(['version', 'updated_by']).where('user_id', '=', 'clerk').executeTakeFirstOrThrow();
    expect(row).toEqual({ version: 2, updated_by: 'clerk' });
  });

  it('accepts the locale in any letter case and stores its canonical spelling', async () => {
    const response = await apiPost(server.app, '/api/shell_init/locale', tokens.steel, { locale: 'ZH-tw' });
    expect(response.statusCode).toBe(200);
    const profile = (await apiGet(server.app, '/api/shell/profile', tokens.steel)).json() as UserProfile;
    expect(profile.language).toBe('zh-TW');
  });

  const badBodies: [string, unknown][] = [
    ['an unknown locale', { locale: 'de-DE' }],
    ['an unknown field', { locale: 'en-CA', extra: 1 }],
    ['a number', { locale: 42 }],
    ['a boolean', { locale: true }],
    ['an array', { locale: ['en-CA'] }],
    ['an object', { locale: { code: 'en-CA' } }],
    ['null', { locale: null }],
    ['a missing locale', {}],
    ['a huge string', { locale: 'e'.repeat(200_000) }],
    ['a JSON array body', ['en-CA']],
    ['malformed JSON', '{"locale": "en-CA"'],
  ];
  for (const [what, body] of badBodies) {
    it(`answers 400 (not 500) for ${what}`, async () => {
      const response = await apiPost(server.app, '/api/shell_init/locale', tokens.admin, body);
      expect(response.statusCode).toBe(400);
      const result = response.json();
      expect(result).toMatchObject({ ResultStatus: 2, EntityId: null, Exception: null });
      expect(typeof result.Message).toBe('string');
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    });
  }

  it('leaves the language unchanged after bad input', async () => {
    const profile = (await apiGet(server.app, '/api/shell/profile', tokens.admin)).json() as UserProfile;
    expect(profile.language).toBe('en-CA');
  });

  it('refuses a body that is too large with 413', async () => {
    const response = await apiPost(server.app, '/api/shell_init/locale', tokens.admin, { locale: 'e'.repeat(2_000_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'payload_too_large' });
  });
});
