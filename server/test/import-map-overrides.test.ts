/**
 * Issue 16: import-map-overrides in development — an override cookie points one micro-app at a local Vite
 * dev server (the inlined import map, its CSP hash and the allowed origins follow) — and refused when
 * NODE_ENV=production (cookies ignored, no dev tags, the library's file answers 404).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsp, sha256Source } from '../src/security/csp.ts';
import {
  OVERRIDES_SCRIPT_URL,
  refuseOverridesInProduction,
  requestedOverrides,
} from '../src/static/import-map-overrides.ts';
import { startServer, type TestServer } from './helpers/app.ts';

const IMPORT_MAP = JSON.stringify({
  imports: { '@erp/records': '/apps/records/records.js', lit: '/vendor/lit.js' },
});
const DEV_URL = 'http://localhost:5173/src/index.tsx';
const COOKIE = `import-map-override:@erp/records=${encodeURIComponent(DEV_URL)}`;
const INDEX_HTML = '<!doctype html><html><head><!-- import-map --><script type="module" src="/root-config/root-config.js"></script></head><body></body></html>';

describe('which overrides a request may make', () => {
  it('takes a mapped specifier with an http(s) URL outside production', () => {
    expect(requestedOverrides(COOKIE, IMPORT_MAP, 'http', { NODE_ENV: 'development' })).toEqual({ '@erp/records': DEV_URL });
  });

  it('ignores specifiers the import map does not have, and URLs that are not http(s)', () => {
    const cookie = [
      `import-map-override:@evil/thing=${encodeURIComponent('http://localhost:5173/x.js')}`,
      `import-map-override:lit=${encodeURIComponent('javascript:alert(1)')}`,
    ].join('; ');
    expect(requestedOverrides(cookie, IMPORT_MAP, 'http', { NODE_ENV: 'development' })).toEqual({});
  });

  it('refuses every override when NODE_ENV=production', () => {
    expect(requestedOverrides(COOKIE, IMPORT_MAP, 'http', { NODE_ENV: 'production' })).toEqual({});
  });

  it('answers 404 for the library itself in production', async () => {
    const app = Fastify();
    refuseOverridesInProduction(app, { NODE_ENV: 'production' });
    app.get(OVERRIDES_SCRIPT_URL, async () => 'the library');
    const response = await app.inject({ method: 'GET', url: `${OVERRIDES_SCRIPT_URL}?v=1` });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});

describe('the shell page in development', () => {
  let root: string;
  let server: TestServer;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'erp-imo-'));
    await mkdir(join(root, 'root-config', 'dist'), { recursive: true });
    await writeFile(join(root, 'import-map.json'), IMPORT_MAP);
    await writeFile(join(root, 'root-config', 'dist', 'index.html'), INDEX_HTML);
    server = await startServer({ ERP_REPO_ROOT: root });
  });

  afterAll(async () => {
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('puts the override in the inlined import map, allows its origin, and keeps the CSP hash right', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/', headers: { cookie: COOKIE } });
    expect(response.statusCode).toBe(200);
    const script = /<script type="importmap">(.*?)<\/script>/s.exec(response.body)![1]!;
    expect(JSON.parse(script).imports['@erp/records']).toBe(DEV_URL);
    const csp = parseCsp(String(response.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", sha256Source(script), 'http://localhost:5173']));
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['http://localhost:5173', 'ws://localhost:5173']));
  });

  it('without a cookie the page is the built one, with no other origin allowed', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    const script = /<script type="importmap">(.*?)<\/script>/s.exec(response.body)![1]!;
    expect(JSON.parse(script).imports['@erp/records']).toBe('/apps/records/records.js');
    const csp = parseCsp(String(response.headers['content-security-policy']));
    expect(csp.get('script-src')).not.toContain('http://localhost:5173');
  });
});
