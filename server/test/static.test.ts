/** The built front end, its security headers and the browser configuration, against a fake repository root. */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShellConfig } from '@erp/shared/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsp } from '../src/security/csp.ts';
import { startServer, type TestServer } from './helpers/app.ts';

let root: string;
let server: TestServer;

const IMPORT_MAP = { imports: { react: '/vendor/react.js', '@erp/home': '/apps/home/home.js', evil: '/x</script><script>alert(1)</script>' } };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'erp-static-'));
  await mkdir(join(root, 'root-config', 'dist'), { recursive: true });
  await mkdir(join(root, 'vendor', 'dist'), { recursive: true });
  await mkdir(join(root, 'apps', 'home', 'dist'), { recursive: true });
  await mkdir(join(root, 'locales', 'fr-CA'), { recursive: true });
  await mkdir(join(root, 'shell-elements', 'dist'), { recursive: true });
  await writeFile(join(root, 'shell-elements', 'dist', 'demo.html'), '<!doctype html><title>Demo</title><script type="module" src="/elements/x.js"></script>');
  await writeFile(join(root, 'import-map.json'), JSON.stringify(IMPORT_MAP, null, 2));
  await writeFile(
    join(root, 'root-config', 'dist', 'index.html'),
    '<!doctype html><html><head><title>ERP</title><!-- import-map --><script type="module" src="/root-config/root-config.js"></script></head><body></body></html>',
  );
  await writeFile(join(root, 'root-config', 'dist', 'root-config.js'), 'export {};');
  await writeFile(join(root, 'vendor', 'dist', 'react.js'), 'export default {};');
  await writeFile(join(root, 'apps', 'home', 'dist', 'home.js'), 'export const Home = 1;');
  await writeFile(join(root, 'locales', 'fr-CA', 'shell.json'), '{"hello":"Bonjour"}');
  server = await startServer({
    ERP_REPO_ROOT: root,
    OIDC_CLIENT_ID: 'erp-shell',
    STEEL_COMPANY_DOMAIN: 'steel.example',
    STEEL_ORIGIN: 'http://127.0.0.1:9999',
    NOVUS_FRONTEND_ORIGIN: 'http://127.0.0.1:9998',
  });
});

afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('shell page', () => {
  for (const path of ['/', '/auth/callback']) {
    it(`serves index.html with the import map inlined at ${path}`, async () => {
      const response = await server.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toContain('no-cache');
      expect(response.body).not.toContain('<!-- import-map -->');
      const match = /<script type="importmap">(.*?)<\/script>/s.exec(response.body);
      expect(match).not.toBeNull();
      expect(JSON.parse(match![1]!)).toEqual(IMPORT_MAP);
      // The map comes before the module script, and cannot close its script element early.
      expect(response.body.indexOf('importmap')).toBeLessThan(response.body.indexOf('type="module"'));
      expect(response.body.match(/<\/script>/g)).toHaveLength(2);
    });
  }

  it('serves the import map', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/import-map.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(IMPORT_MAP);
    expect(response.headers['cache-control']).toContain('no-cache');
  });

  it('answers 503 with a plain message when the front end is not built', async () => {
    await rm(join(root, 'root-config', 'dist', 'index.html'));
    try {
      const response = await server.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe('Front end not built: run npm run build');
    } finally {
      await writeFile(join(root, 'root-config', 'dist', 'index.html'), '<html><head><!-- import-map --></head></html>');
    }
  });
});

describe('shell config', () => {
  it('answers the ShellConfig without authentication', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/shell-config.json' });
    expect(response.statusCode).toBe(200);
    const config = response.json() as ShellConfig;
    expect(config).toEqual({
      oidc: {
        authority: 'http://localhost/oidc',
        clientId: 'erp-shell',
        scope: 'openid profile offline_access erp.shell erp.api',
        redirectPath: '/auth/callback',
        postLogoutRedirectPath: '/',
      },
      apiBase: '/api/',
      steel: {
        origin: 'http://127.0.0.1:9999',
        domain: 'steel.example',
        path: '/resteel-oe/resteel',
        frameUrl: 'http://127.0.0.1:9999/resteel/order-entry.html',
      },
      frames: [{ origin: 'http://127.0.0.1:9998' }],
      accountUrl: null,
      embeddedProvider: true,
    });
  });
});

describe('security headers of the shell page', () => {
  /** The exact text of the inline import map, as the browser hashes it. */
  function importMapText(body: string): string {
    const match = /<script type="importmap">(.*?)<\/script>/s.exec(body);
    if (!match) throw new Error('no inline import map');
    return match[1]!;
  }

  for (const path of ['/', '/auth/callback']) {
    it(`sends a strict Content-Security-Policy at ${path}, allowing the inline import map by its hash`, async () => {
      const response = await server.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      const header = String(response.headers['content-security-policy']);
      const csp = parseCsp(header);
      const hash = createHash('sha256').update(importMapText(response.body), 'utf8').digest('base64');
      expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(['http://127.0.0.1:9999', 'http://127.0.0.1:9998']);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(header).not.toMatch(/unsafe/i);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    });
  }

  it('follows a changed import map with a new hash', async () => {
    const before = String((await server.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    await writeFile(join(root, 'import-map.json'), JSON.stringify({ imports: { ...IMPORT_MAP.imports, extra: '/x.js' } }));
    try {
      const response = await server.app.inject({ method: 'GET', url: '/' });
      const header = String(response.headers['content-security-policy']);
      expect(header).not.toBe(before);
      const hash = createHash('sha256').update(importMapText(response.body), 'utf8').digest('base64');
      expect(header).toContain(`'sha256-${hash}'`);
    } finally {
      await writeFile(join(root, 'import-map.json'), JSON.stringify(IMPORT_MAP, null, 2));
    }
  });

  it('gives other HTML files the shell policy without any script hash', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/elements/demo.html' });
    expect(response.statusCode).toBe(200);
    const csp = parseCsp(String(response.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks every answer nosniff, and sends no page policy with non-HTML files', async () => {
    for (const url of ['/vendor/react.js', '/shell-config.json', '/import-map.json', '/nothing-here']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toBeUndefined();
    }
  });
});

describe('built packages', () => {
  it.each([
    ['/vendor/react.js', 'export default {};'],
    ['/apps/home/home.js', 'export const Home = 1;'],
    ['/root-config/root-config.js', 'export {};'],
    ['/locales/fr-CA/shell.json', '{"hello":"Bonjour"}'],
  ])('serves %s', async (url, body) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(body);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
  });

  it('serves JavaScript with a JavaScript content type', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/vendor/react.js' });
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('answers 404 for missing files and never escapes the folder', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/vendor/missing.js' })).statusCode).toBe(404);
    const traversal = await server.app.inject({ method: 'GET', url: '/vendor/..%2f..%2fimport-map.json' });
    expect([403, 404]).toContain(traversal.statusCode);
    expect(traversal.body).not.toContain('imports');
    expect((await server.app.inject({ method: 'GET', url: '/apps/inventory/inventory.js' })).statusCode).toBe(404);
  });
});
