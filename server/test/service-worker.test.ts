/**
 * Issue 69 item 4: the shell's service worker at /sw.js (scope `/`) lists exactly the page's versioned files, follows
 * a rebuilt file with a new version (the browser installs the new worker), is never cached by the browser's HTTP
 * cache, and the web app manifest is served as application/manifest+json.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/app.ts';

let root: string;
let server: TestServer;

const INDEX_HTML = [
  '<!doctype html><html><head><title>ERP</title><!-- import-map -->',
  '<link rel="icon" href="/root-config/favicon.svg" type="image/svg+xml" />',
  '<template id="erp-manifest"><link rel="manifest" href="/root-config/manifest.webmanifest" /></template>',
  '<link rel="modulepreload" href="/vendor/lit.js" />',
  '<link rel="modulepreload" href="/vendor/chunks/runtime-AbC123.js" />',
  '<script type="module" src="/root-config/root-config.js"></script></head><body></body></html>',
].join('\n');

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'erp-sw-'));
  await mkdir(join(root, 'root-config', 'dist'), { recursive: true });
  await mkdir(join(root, 'vendor', 'dist', 'chunks'), { recursive: true });
  const imports = { lit: '/vendor/lit.js', '@erp/root-config': '/root-config/root-config.js', dropdown: '/vendor/dropdown.js', '@erp/portal': '/apps/portal/portal.js' };
  await writeFile(join(root, 'import-map.json'), JSON.stringify({ imports }));
  await mkdir(join(root, 'apps', 'portal', 'dist'), { recursive: true });
  await writeFile(join(root, 'apps', 'portal', 'dist', 'portal.js'), 'export const Order = 1;');
  await writeFile(join(root, 'vendor', 'dist', 'dropdown.js'), 'export const dropdown = 1;');
  await writeFile(join(root, 'root-config', 'dist', 'index.html'), INDEX_HTML);
  await writeFile(join(root, 'root-config', 'dist', 'root-config.js'), 'export {};');
  await writeFile(join(root, 'root-config', 'dist', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'root-config', 'dist', 'manifest.webmanifest'), '{"name":"ERP","icons":[]}');
  await writeFile(join(root, 'root-config', 'dist', 'sw.js'), '(()=>{})();');
  await writeFile(join(root, 'vendor', 'dist', 'lit.js'), 'import "./chunks/runtime-AbC123.js"; export const html = 1;');
  await writeFile(join(root, 'vendor', 'dist', 'chunks', 'runtime-AbC123.js'), 'export const runtime = 1;');
  server = await startServer({ ERP_REPO_ROOT: root, OIDC_CLIENT_ID: 'erp-shell' });
});

afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

/** The worker as served, and the list the server put before it. */
async function worker(): Promise<{ body: string; shell: { version: string; urls: string[] }; headers: Record<string, unknown> }> {
  const response = await server.app.inject({ method: 'GET', url: '/sw.js' });
  expect(response.statusCode).toBe(200);
  const match = /^self\.ERP_SHELL=(.*);\n/.exec(response.body);
  if (!match) throw new Error('no ERP_SHELL');
  return { body: response.body, shell: JSON.parse(match[1]!) as { version: string; urls: string[] }, headers: response.headers };
}

describe('service worker (issue 69 item 4)', () => {
  it('is JavaScript, never cached, and lists the versioned files the page names and the chrome modules, no screen module', async () => {
    const { body, shell, headers } = await worker();
    expect(headers['content-type']).toMatch(/^text\/javascript/);
    expect(headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(body.endsWith('(()=>{})();')).toBe(true);
    const page = (await server.app.inject({ method: 'GET', url: '/' })).body;
    const named = [...page.matchAll(/(?:href|src)="(\/[^"]+\?v=[0-9a-f]+)"/g)].map((found) => found[1]!).sort();
    expect(named).toHaveLength(4);
    // The chrome loads the dropdown on first use: kept at install. A screen's module is kept when used.
    const dropdown = `/vendor/dropdown.js?v=${(await server.app.inject({ method: 'GET', url: '/import-map.json' })).json<{ imports: Record<string, string> }>().imports['dropdown']!.split('?v=')[1]}`;
    // …and each module's own chunks (content-named: as they are).
    expect(shell.urls).toEqual([...new Set([...named, dropdown, '/vendor/chunks/runtime-AbC123.js'])].sort());
    expect(shell.urls.some((url) => url.startsWith('/apps/'))).toBe(false);
    expect(shell.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it('follows a rebuilt file with a new version and its new URL', async () => {
    const before = (await worker()).shell;
    await writeFile(join(root, 'vendor', 'dist', 'lit.js'), 'import "./chunks/runtime-AbC123.js"; export const html = 2;');
    const after = (await worker()).shell;
    expect(after.version).not.toBe(before.version);
    expect(after.urls.filter((url) => url.startsWith('/vendor/lit.js?v='))).toHaveLength(1);
    expect(after.urls).not.toEqual(before.urls);
  });

  it('serves the web app manifest as application/manifest+json', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/root-config/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });
});
