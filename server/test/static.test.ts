/** The built front end, its security headers and the browser configuration, against a fake repository root. */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ShellConfig } from '@erp/shared/types';
import { withModuleApps } from '@erp/modules/manifests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsp } from '../src/security/csp.ts';
import { acceptedEncoding } from '../src/static/compression.ts';
import { IMMUTABLE, renderShellPage } from '../src/static/routes.ts';
import { FileVersions } from '../src/static/versions.ts';
import { startServer, type TestServer } from './helpers/app.ts';

let root: string;
let server: TestServer;

const IMPORT_MAP = {
  imports: {
    react: '/vendor/react.js',
    lit: '/vendor/lit.js',
    'lit/decorators.js': '/vendor/lit.js',
    '@erp/home': '/apps/home/home.js',
    '@erp/root-config': '/root-config/root-config.js',
    // Not built: stays as it is.
    '@erp/inventory': '/apps/inventory/inventory.js',
    evil: '/x</script><script>alert(1)</script>',
  },
};
const INDEX_HTML = [
  '<!doctype html><html><head><title>ERP</title><!-- import-map -->',
  '<link rel="modulepreload" href="/root-config/root-config.js" />',
  '<link rel="modulepreload" href="/vendor/lit.js" />',
  '<link rel="modulepreload" href="/vendor/chunks/runtime-AbC123.js" />',
  '<link rel="icon" href="/root-config/favicon.svg" type="image/svg+xml" />',
  '<link rel="stylesheet" href="/root-config/shell.css" />',
  '<script type="module" src="/root-config/root-config.js"></script></head><body></body></html>',
].join('\n');

/** The server's content version of some bytes: the first 12 hex digits of their SHA-256. */
function sha(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 12);
}

/** The version of a file of the fake repository, from its bytes. */
async function versionOf(path: string): Promise<string> {
  return sha(await readFile(join(root, path)));
}

async function shellPage(): Promise<string> {
  const response = await server.app.inject({ method: 'GET', url: '/' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

function inlineImportMap(body: string): { imports: Record<string, string> } {
  const match = /<script type="importmap">(.*?)<\/script>/s.exec(body);
  if (!match) throw new Error('no inline import map');
  return JSON.parse(match[1]!) as { imports: Record<string, string> };
}

function inlineShellConfig(body: string): unknown {
  const match = /<script type="application\/json" id="erp-shell-config">(.*?)<\/script>/s.exec(body);
  if (!match) throw new Error('no inline shell config');
  return JSON.parse(match[1]!);
}

/** The import map as the page must show it: every built file's URL with `?v=<its version>`. */
async function expectedImportMap(): Promise<{ imports: Record<string, string> }> {
  const built: Record<string, string> = {
    '/vendor/react.js': 'vendor/dist/react.js',
    '/vendor/lit.js': 'vendor/dist/lit.js',
    '/apps/home/home.js': 'apps/home/dist/home.js',
    '/root-config/root-config.js': 'root-config/dist/root-config.js',
  };
  const imports: Record<string, string> = {};
  // The modules' micro-apps join the file's entries (issue 73 item 4); none is built here.
  const mapped = (JSON.parse(withModuleApps(JSON.stringify(IMPORT_MAP))) as typeof IMPORT_MAP).imports;
  for (const [key, url] of Object.entries(mapped)) {
    imports[key] = built[url] ? `${url}?v=${await versionOf(built[url])}` : url;
  }
  return { imports };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'erp-static-'));
  await mkdir(join(root, 'root-config', 'dist'), { recursive: true });
  await mkdir(join(root, 'vendor', 'dist'), { recursive: true });
  await mkdir(join(root, 'apps', 'home', 'dist'), { recursive: true });
  await mkdir(join(root, 'locales', 'fr-CA'), { recursive: true });
  await mkdir(join(root, 'shell-elements', 'dist'), { recursive: true });
  await writeFile(join(root, 'shell-elements', 'dist', 'demo.html'), '<!doctype html><title>Demo</title><script type="module" src="/elements/x.js"></script>');
  await writeFile(join(root, 'import-map.json'), JSON.stringify(IMPORT_MAP, null, 2));
  await writeFile(join(root, 'root-config', 'dist', 'index.html'), INDEX_HTML);
  await writeFile(join(root, 'root-config', 'dist', 'root-config.js'), 'export {};');
  await writeFile(join(root, 'root-config', 'dist', 'shell.css'), 'body { margin: 0; }');
  await writeFile(join(root, 'root-config', 'dist', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'vendor', 'dist', 'react.js'), 'export default {};');
  await writeFile(join(root, 'vendor', 'dist', 'lit.js'), 'import "./chunks/runtime-AbC123.js"; export const html = 1;');
  await mkdir(join(root, 'vendor', 'dist', 'chunks'), { recursive: true });
  await writeFile(join(root, 'vendor', 'dist', 'chunks', 'runtime-AbC123.js'), 'export const runtime = 1;');
  await writeFile(join(root, 'vendor', 'dist', 'chunks', 'runtime-AbC123.js.map'), '{"version":3}');
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
      expect(inlineImportMap(response.body)).toEqual(await expectedImportMap());
      // The map comes before the module script, and cannot close its script element early (the map, the
      // shell config and the module script close three).
      expect(response.body.indexOf('importmap')).toBeLessThan(response.body.indexOf('type="module"'));
      expect(response.body.match(/<\/script>/g)).toHaveLength(3);
    });
  }

  it('names every module’s micro-app in the import map, though import-map.json does not', async () => {
    const { imports } = (await server.app.inject({ method: 'GET', url: '/import-map.json' })).json() as { imports: Record<string, string> };
    expect(imports['@erp/payroll']).toBe('/apps/payroll/payroll.js');
    expect(imports['@erp/records']).toBe('/apps/records/records.js');
    // One the file names keeps its URL.
    expect(imports['@erp/inventory']).toBe('/apps/inventory/inventory.js');
  });

  it('serves the import map with the same versioned URLs as the page', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/import-map.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await expectedImportMap());
    expect(response.headers['cache-control']).toContain('no-cache');
  });

  it('answers 503 with a plain message when the front end is not built', async () => {
    await rm(join(root, 'root-config', 'dist', 'index.html'));
    try {
      const response = await server.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe('Front end not built: run npm run build');
    } finally {
      await writeFile(join(root, 'root-config', 'dist', 'index.html'), INDEX_HTML);
    }
  });
});

describe('shell config', () => {
  it('answers the ShellConfig without authentication', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/shell-config.json' });
    expect(response.statusCode).toBe(200);
    const config = response.json() as ShellConfig;
    expect(config.localesVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(config).toEqual({
      oidc: {
        authority: 'http://localhost/oidc',
        clientId: 'erp-shell',
        scope: 'openid profile offline_access erp.shell erp.api',
        redirectPath: '/auth/callback',
        postLogoutRedirectPath: '/',
        dpop: true,
        authorizationEndpoint: 'http://localhost/oidc/auth',
      },
      apiBase: '/api/',
      partnerFrames: [
        {
          component: '@erp/frames#SteelFrame',
          origin: 'http://127.0.0.1:9999',
          domain: 'steel.example',
          path: '/resteel-oe/resteel',
          frameUrl: 'http://127.0.0.1:9999/resteel/order-entry.html',
        },
      ],
      frames: [{ origin: 'http://127.0.0.1:9998' }],
      accountUrl: null,
      embeddedProvider: true,
      localesVersion: config.localesVersion,
    });
    // Issue 69 item 3: the boot loader's first-visit redirect goes where discovery says.
    const discovery = await server.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect((discovery.json() as { authorization_endpoint: string }).authorization_endpoint).toBe(config.oidc.authorizationEndpoint);
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

describe('inlined page files (issue 44: the first frame waits for no file)', () => {
  const INLINING_HTML = [
    '<!doctype html><html><head><!-- import-map -->',
    '<link rel="stylesheet" href="/root-config/shell.css" data-inline />',
    '<link rel="stylesheet" href="/root-config/missing.css" data-inline />',
    '<link rel="icon" href="/root-config/favicon.svg" type="image/svg+xml" data-inline />',
    '</head><body><script src="/root-config/boot-loader.js" data-inline></script></body></html>',
  ].join('\n');
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('inlines the marked script, stylesheet and icon, allows each by the hash of its exact text, and leaves a missing file linked', async () => {
    await writeFile(join(root, 'root-config', 'dist', 'index.html'), INLINING_HTML);
    await writeFile(join(root, 'root-config', 'dist', 'boot-loader.js'), 'window.loaded = "</script>";\n');
    try {
      const response = await server.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      const loader = 'window.loaded = "<\\/script>";';
      expect(response.body).toContain(`<script>${loader}</script>`);
      expect(response.body).toContain('<style data-href="/root-config/shell.css">body { margin: 0; }</style>');
      expect(response.body).toContain('<link rel="stylesheet" href="/root-config/missing.css" data-inline />');
      expect(response.body).not.toContain('boot-loader.js');
      // The icon as a data: URL (the page asks for no icon; img-src allows data:).
      expect(response.body).toContain(`<link rel="icon" href="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}" type="image/svg+xml" />`);
      expect(response.body).not.toContain('favicon.svg');
      expect(parseCsp(String(response.headers['content-security-policy'])).get('img-src')).toContain('data:');
      const csp = parseCsp(String(response.headers['content-security-policy']));
      expect(csp.get('script-src')).toContain(hashOf(loader));
      expect(csp.get('style-src')).toEqual(["'self'", hashOf('body { margin: 0; }')]);

      // A changed file: its new text and hash on the very next page.
      await writeFile(join(root, 'root-config', 'dist', 'boot-loader.js'), 'window.loaded = 2;');
      const next = await server.app.inject({ method: 'GET', url: '/' });
      expect(next.body).toContain('<script>window.loaded = 2;</script>');
      expect(parseCsp(String(next.headers['content-security-policy'])).get('script-src')).toContain(hashOf('window.loaded = 2;'));
    } finally {
      await writeFile(join(root, 'root-config', 'dist', 'index.html'), INDEX_HTML);
      await rm(join(root, 'root-config', 'dist', 'boot-loader.js'), { force: true });
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

describe('content-versioned URLs', () => {
  it('versions the modulepreload, stylesheet, icon and module script URLs exactly like the import map', async () => {
    const body = await shellPage();
    const { imports } = inlineImportMap(body);
    const preloads = [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
    // Byte-identical to the import map's URLs, or the browser would fetch each module twice.
    // A chunk is imported by its plain URL (relative to its importer; its name carries its content hash).
    expect(preloads).toEqual([imports['@erp/root-config'], imports.lit, '/vendor/chunks/runtime-AbC123.js']);
    expect(imports.lit).toBe(`/vendor/lit.js?v=${await versionOf('vendor/dist/lit.js')}`);
    expect(body).toContain(`<script type="module" src="${imports['@erp/root-config']}"></script>`);
    expect(body).toContain(`href="/root-config/favicon.svg?v=${await versionOf('root-config/dist/favicon.svg')}"`);
    expect(body).toContain(`href="/root-config/shell.css?v=${await versionOf('root-config/dist/shell.css')}"`);
  });

  it('answers a file asked for with its current version as immutable, and anything else as no-cache', async () => {
    const version = await versionOf('vendor/dist/lit.js');
    const right = await server.app.inject({ method: 'GET', url: `/vendor/lit.js?v=${version}` });
    expect(right.statusCode).toBe(200);
    expect(right.headers['cache-control']).toBe(IMMUTABLE);
    expect(right.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/vendor/lit.js?v=0123456789ab', '/vendor/lit.js', '/vendor/lit.js?v=', `/vendor/react.js?v=${version}`]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers chunks as immutable with or without a version (their names carry the content hash)', async () => {
    for (const url of ['/vendor/chunks/runtime-AbC123.js', '/vendor/chunks/runtime-AbC123.js?v=anything']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe('export const runtime = 1;');
      expect(response.headers['cache-control'], url).toBe(IMMUTABLE);
    }
    // A chunk's source map is not covered by the chunk's hash.
    const map = await server.app.inject({ method: 'GET', url: '/vendor/chunks/runtime-AbC123.js.map' });
    expect(map.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the immutable answer on a revalidation (304)', async () => {
    const url = `/vendor/lit.js?v=${await versionOf('vendor/dist/lit.js')}`;
    const first = await server.app.inject({ method: 'GET', url });
    const again = await server.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('follows a rebuilt file: the next page carries its new version, and the old version is no longer immutable', async () => {
    const file = join(root, 'apps', 'home', 'dist', 'home.js');
    const before = inlineImportMap(await shellPage()).imports['@erp/home']!;
    const oldVersion = await versionOf('apps/home/dist/home.js');
    expect(before).toBe(`/apps/home/home.js?v=${oldVersion}`);
    try {
      await writeFile(file, 'export const Home = 2;');
      const later = new Date(Date.now() + 60_000);
      await utimes(file, later, later);
      const newVersion = await versionOf('apps/home/dist/home.js');
      expect(newVersion).not.toBe(oldVersion);
      const body = await shellPage();
      expect(inlineImportMap(body).imports['@erp/home']).toBe(`/apps/home/home.js?v=${newVersion}`);
      const stale = await server.app.inject({ method: 'GET', url: `/apps/home/home.js?v=${oldVersion}` });
      expect(stale.body).toBe('export const Home = 2;');
      expect(stale.headers['cache-control']).toBe('no-cache');
      const fresh = await server.app.inject({ method: 'GET', url: `/apps/home/home.js?v=${newVersion}` });
      expect(fresh.headers['cache-control']).toBe(IMMUTABLE);
    } finally {
      await writeFile(file, 'export const Home = 1;');
    }
  });

  it('vouches for a version asked for before any page was rendered (a server restart)', async () => {
    const file = join(root, 'vendor', 'dist', 'react.js');
    // A new state of the file that no page has hashed yet.
    const later = new Date(Date.now() + 120_000);
    await utimes(file, later, later);
    const response = await server.app.inject({ method: 'GET', url: `/vendor/react.js?v=${await versionOf('vendor/dist/react.js')}` });
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });
});

describe('compressed answers (issue 69 item 3: the first visit on a slow link)', () => {
  /** A module large enough to be worth compressing (about 24 KB, most of it repeated). */
  const big = (n: number) => `export const rows = [${Array.from({ length: 2000 }, (_, i) => `'row ${i % 50} of ${n}'`).join(',')}];`;

  it('chooses brotli, else gzip, by Accept-Encoding, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('br;q=0,gzip;q=0')).toBeNull();
  });

  it('sends a file compressed in the coding the browser takes, the same bytes once decoded, still immutable', async () => {
    const file = join(root, 'vendor', 'dist', 'big.js');
    await writeFile(file, big(1));
    const url = `/vendor/big.js?v=${await versionOf('vendor/dist/big.js')}`;
    const br = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(big(1).length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big(1));
    const gz = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(big(1));
    // Without Accept-Encoding: as is, and marked as varying by it (a shared cache keeps the two apart).
    const plain = await server.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big(1));
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    // A revalidation of the compressed copy answers 304 (one weak ETag for the codings of the same bytes).
    const again = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('never sends a kept copy of older bytes: a rebuilt file is compressed again', async () => {
    const file = join(root, 'vendor', 'dist', 'big.js');
    await writeFile(file, big(22));
    const first = await server.app.inject({ method: 'GET', url: '/vendor/big.js', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(big(22));
    await writeFile(file, big(333));
    const later = new Date(Date.now() + 180_000);
    await utimes(file, later, later);
    const second = await server.app.inject({ method: 'GET', url: '/vendor/big.js', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(big(333));
  });

  it('leaves small files and ranges as they are', async () => {
    const small = await server.app.inject({ method: 'GET', url: '/vendor/react.js', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export default {};');
    await writeFile(join(root, 'vendor', 'dist', 'big.js'), big(4444));
    const range = await server.app.inject({ method: 'GET', url: '/vendor/big.js', headers: { 'accept-encoding': 'br', range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body).toBe(big(4444).slice(0, 10));
  });

  it('compresses the shell page made per request', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const html = gunzipSync(response.rawPayload).toString();
    expect(html).toBe(await shellPage());
    expect(html).toContain('<script type="importmap">');
  });
});

describe('inline shell config', () => {
  it('follows the import map as a JSON data block equal to /shell-config.json', async () => {
    const body = await shellPage();
    const answer = (await server.app.inject({ method: 'GET', url: '/shell-config.json' })).json() as ShellConfig;
    expect(inlineShellConfig(body)).toEqual(answer);
    expect(body).toMatch(/<script type="importmap">.*?<\/script>\n<script type="application\/json" id="erp-shell-config">/s);
  });

  it('cannot be broken out of by a value holding </script>', async () => {
    const answer = (await server.app.inject({ method: 'GET', url: '/shell-config.json' })).json() as ShellConfig;
    const shellConfig: ShellConfig = { ...answer, accountUrl: 'https://id.example/</script><script>alert(1)</script><!--' };
    const page = renderShellPage('<html><head><!-- import-map --></head></html>', JSON.stringify(IMPORT_MAP), { shellConfig });
    expect(page.html.match(/<\/script>/g)).toHaveLength(2);
    expect(page.html).not.toContain('<script>alert');
    expect(inlineShellConfig(page.html)).toEqual(shellConfig);
  });
});

describe('locale files', () => {
  async function localesVersion(): Promise<string> {
    const config = (await server.app.inject({ method: 'GET', url: '/shell-config.json' })).json() as ShellConfig;
    return config.localesVersion;
  }

  it('answers /locales/…?v=<localesVersion> as immutable, other versions as no-cache', async () => {
    const version = await localesVersion();
    expect(inlineShellConfig(await shellPage())).toMatchObject({ localesVersion: version });
    const right = await server.app.inject({ method: 'GET', url: `/locales/fr-CA/shell.json?v=${version}` });
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe('{"hello":"Bonjour"}');
    expect(right.headers['cache-control']).toBe(IMMUTABLE);
    const wrong = await server.app.inject({ method: 'GET', url: '/locales/fr-CA/shell.json?v=0123456789ab' });
    expect(wrong.headers['cache-control']).toBe('no-cache');
  });

  it('changes the locales version when a locale file changes or is added', async () => {
    const before = await localesVersion();
    const file = join(root, 'locales', 'fr-CA', 'shell.json');
    try {
      await writeFile(file, '{"hello":"Salut"}');
      const changed = await localesVersion();
      expect(changed).not.toBe(before);
      const stale = await server.app.inject({ method: 'GET', url: `/locales/fr-CA/shell.json?v=${before}` });
      expect(stale.body).toBe('{"hello":"Salut"}');
      expect(stale.headers['cache-control']).toBe('no-cache');
      const fresh = await server.app.inject({ method: 'GET', url: `/locales/fr-CA/shell.json?v=${changed}` });
      expect(fresh.headers['cache-control']).toBe(IMMUTABLE);

      await writeFile(join(root, 'locales', 'fr-CA', 'apps.json'), '{}');
      expect(await localesVersion()).not.toBe(changed);
    } finally {
      await rm(join(root, 'locales', 'fr-CA', 'apps.json'), { force: true });
      await writeFile(file, '{"hello":"Bonjour"}');
    }
    expect(await localesVersion()).toBe(before);
  });

  it('follows a language folder added and removed between two pages (the folders are walked again only when one changed)', async () => {
    const before = await localesVersion();
    expect(await localesVersion()).toBe(before);
    const added = join(root, 'locales', 'zh-TW');
    try {
      await mkdir(added);
      await writeFile(join(added, 'shell.json'), '{"hello":"你好"}');
      const withFolder = await localesVersion();
      expect(withFolder).not.toBe(before);
      const served = await server.app.inject({ method: 'GET', url: `/locales/zh-TW/shell.json?v=${withFolder}` });
      expect(served.headers['cache-control']).toBe(IMMUTABLE);
      // A file added inside the new folder changes that folder, not the one above it.
      await writeFile(join(added, 'apps.json'), '{}');
      expect(await localesVersion()).not.toBe(withFolder);
    } finally {
      await rm(added, { recursive: true, force: true });
    }
    expect(await localesVersion()).toBe(before);
  });
});

describe('file versions cache', () => {
  it('reads a file again only when its size, mtime or inode changed', async () => {
    const file = join(root, 'cached.txt');
    const fixed = new Date('2026-01-01T00:00:00Z');
    await writeFile(file, 'aaaa');
    await utimes(file, fixed, fixed);
    const versions = new FileVersions();
    expect(await versions.version(file)).toBe(sha('aaaa'));
    expect(versions.known(file, await stat(file))).toBe(sha('aaaa'));
    // Same size and mtime, same inode: the cached version stands (no read per request).
    await writeFile(file, 'bbbb');
    await utimes(file, fixed, fixed);
    expect(await versions.version(file)).toBe(sha('aaaa'));
    // A new mtime: hashed again.
    const later = new Date('2026-01-02T00:00:00Z');
    await utimes(file, later, later);
    expect(versions.known(file, await stat(file))).toBeNull();
    expect(await versions.version(file)).toBe(sha('bbbb'));
    expect(await versions.version(join(root, 'missing.txt'))).toBeNull();
    expect(await versions.version(root)).toBeNull();
  });
});
