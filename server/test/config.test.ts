/** Configuration of the frames, the demo partner site, the account page and frame-ancestors; SQLite's durability. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';

describe('frames and partner site', () => {
  it('defaults to a partner site on PORT+1 at 127.0.0.1 serving both frames', () => {
    const config = loadConfig({ PORT: '18085' });
    expect(config.partner).toEqual({ enabled: true, port: 18086, shellOrigin: 'http://localhost:18085' });
    expect(config.steel).toEqual({
      domain: 'resteel.example',
      origin: 'http://127.0.0.1:18086',
      path: '/resteel-oe/resteel',
      pagePath: '/resteel/order-entry.html',
      frameUrl: 'http://127.0.0.1:18086/resteel/order-entry.html',
    });
    expect(config.frames.origins).toEqual(['http://127.0.0.1:18086']);
    // Another host than the shell's localhost: another origin.
    expect(new URL(config.steel.frameUrl).origin).not.toBe(config.partner.shellOrigin);
  });

  it('uses 8081 without PORT, and PARTNER_PORT for both the listener and the default origins', () => {
    expect(loadConfig({}).steel.origin).toBe('http://127.0.0.1:8081');
    const config = loadConfig({ PORT: '9000', PARTNER_PORT: '9100' });
    expect(config.partner.port).toBe(9100);
    expect(config.steel.origin).toBe('http://127.0.0.1:9100');
    expect(config.frames.origins).toEqual(['http://127.0.0.1:9100']);
  });

  it('turns the demo off in production unless PARTNER_DEMO says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).partner.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PARTNER_DEMO: 'true' }).partner.enabled).toBe(true);
    expect(loadConfig({ PARTNER_DEMO: '0' }).partner.enabled).toBe(false);
    expect(loadConfig({ PARTNER_DEMO: 'off' }).partner.enabled).toBe(false);
    expect(loadConfig({ PARTNER_DEMO: 'maybe' }).partner.enabled).toBe(true);
  });

  it('normalizes configured origins and paths', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://erp.example.com/',
      STEEL_ORIGIN: 'HTTPS://Steel.Example.com:443/',
      STEEL_PATH: '/oe/entry?mode=frame',
      NOVUS_FRONTEND_ORIGIN: 'https://novus.example.com https://novus.example.com,http://10.0.0.5:3000',
    });
    expect(config.steel.origin).toBe('https://steel.example.com');
    expect(config.steel.frameUrl).toBe('https://steel.example.com/oe/entry?mode=frame');
    expect(config.frames.origins).toEqual(['https://novus.example.com', 'http://10.0.0.5:3000']);
    expect(config.partner.shellOrigin).toBe('https://erp.example.com');
  });

  it.each([
    ['STEEL_ORIGIN', 'not a url'],
    ['STEEL_ORIGIN', 'ftp://steel.example'],
    ['STEEL_ORIGIN', 'https://steel.example/path'],
    ['STEEL_ORIGIN', 'https://user:pw@steel.example'],
    ['STEEL_ORIGIN', 'https://steel.example/?x'],
    ['STEEL_ORIGIN', "https://steel.example'"],
    ['NOVUS_FRONTEND_ORIGIN', 'https://novus.example; script-src *'],
    ['NOVUS_FRONTEND_ORIGIN', 'javascript:alert(1)'],
    ['STEEL_PATH', 'resteel/order-entry.html'],
    ['STEEL_PATH', '//evil.example/x'],
    ['FRAME_ANCESTORS', '*'],
    ['FRAME_ANCESTORS', "'self'; script-src *"],
    ['FRAME_ANCESTORS', "'none' https://intranet.example"],
    ['FRAME_ANCESTORS', "'unsafe-inline'"],
    ['OIDC_ACCOUNT_URL', 'javascript:alert(1)'],
  ])('refuses %s=%j with a ConfigError', (variable, value) => {
    const env: Record<string, string> = { [variable]: value };
    if (variable === 'OIDC_ACCOUNT_URL') env.OIDC_AUTHORITY = 'https://idp.example/realms/erp';
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('frame-ancestors', () => {
  it("defaults to 'self' and accepts keywords with or without quotes and host sources", () => {
    expect(loadConfig({}).security.frameAncestors).toEqual(["'self'"]);
    expect(loadConfig({ FRAME_ANCESTORS: 'self https://*.intranet.example:8443/' }).security.frameAncestors).toEqual([
      "'self'",
      'https://*.intranet.example:8443',
    ]);
    expect(loadConfig({ FRAME_ANCESTORS: "'none'" }).security.frameAncestors).toEqual(["'none'"]);
  });
});

describe('account page', () => {
  it('is null with the embedded provider, even when OIDC_ACCOUNT_URL is set', () => {
    expect(loadConfig({ OIDC_ACCOUNT_URL: 'https://idp.example/account' }).oidc.accountUrl).toBeNull();
  });

  it('is OIDC_ACCOUNT_URL with an external provider, or null without it', () => {
    const external = { OIDC_AUTHORITY: 'https://idp.example/realms/erp' };
    expect(loadConfig({ ...external, OIDC_ACCOUNT_URL: 'https://idp.example/realms/erp/account' }).oidc.accountUrl).toBe(
      'https://idp.example/realms/erp/account',
    );
    expect(loadConfig(external).oidc.accountUrl).toBeNull();
  });
});

describe('SQLite durability (SQLITE_SYNCHRONOUS)', () => {
  it('syncs the disk at every commit unless told otherwise, and refuses an unknown mode', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erp-sync-'));
    try {
      const modes: Record<string, unknown> = {};
      for (const value of [undefined, 'normal', 'FULL']) {
        const config = loadConfig({ DATA_DIR: dir, ...(value ? { SQLITE_SYNCHRONOUS: value } : {}) });
        const database = await openDatabase(config.database);
        // PRAGMA synchronous: 2 = FULL, 1 = NORMAL.
        modes[value ?? 'default'] = (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(database.db)).rows[0]?.synchronous;
        await database.close();
      }
      expect(modes).toEqual({ default: 2, normal: 1, FULL: 2 });
      expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow('SQLITE_SYNCHRONOUS');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
