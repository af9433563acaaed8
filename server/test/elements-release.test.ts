/**
 * Issue 70 item 3: `/elements/release.json` names the elements' current standalone file by a URL that is served
 * `immutable` (the pinned version a page of another site loads), with its SRI integrity; the JSON itself is never
 * cached, so a rebuild shows at once. Against a fake repository root.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE } from '../src/static/routes.ts';
import { startServer, type TestServer } from './helpers/app.ts';

let root: string;
let server: TestServer;
let dist: string;

interface Release {
  name: string;
  version: string;
  standalone: string;
  integrity: string;
  manifest: string | null;
}

const sha = (bytes: string) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);
const sri = (bytes: string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

async function release(): Promise<{ body: Release; cacheControl: string | undefined }> {
  const response = await server.app.inject({ method: 'GET', url: '/elements/release.json' });
  expect(response.statusCode).toBe(200);
  return { body: response.json<Release>(), cacheControl: response.headers['cache-control'] as string | undefined };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'erp-elements-release-'));
  dist = join(root, 'shell-elements', 'dist');
  server = await startServer({ ERP_REPO_ROOT: root, OIDC_CLIENT_ID: 'erp-shell', EMBED_ORIGINS: 'https://intranet.example' });
});

afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('/elements/release.json', () => {
  it('answers 503, not cached, before the elements are built', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/elements/release.json' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['cache-control']).toContain('no-cache');
  });

  it('names the standalone file by its immutable URL, with its integrity, the package version and the manifest', async () => {
    await mkdir(join(dist, 'chunks'), { recursive: true });
    const bundle = 'import("./chunks/standalone-dialog-AbC123.js"); export const v = 1;';
    await writeFile(join(dist, 'shell-elements.standalone.js'), bundle);
    await writeFile(join(dist, 'chunks', 'standalone-dialog-AbC123.js'), 'export const d = 1;');
    await writeFile(join(dist, 'custom-elements.json'), '{"schemaVersion":"1.0.0","modules":[]}');
    await writeFile(join(dist, 'package.json'), JSON.stringify({ name: '@erp/shell-elements', version: '0.1.0' }));

    const { body, cacheControl } = await release();
    expect(cacheControl).toContain('no-cache');
    expect(body).toEqual({
      name: '@erp/shell-elements',
      version: '0.1.0',
      standalone: `/elements/shell-elements.standalone.js?v=${sha(bundle)}`,
      integrity: sri(bundle),
      manifest: `/elements/custom-elements.json?v=${sha('{"schemaVersion":"1.0.0","modules":[]}')}`,
    });

    // The pinned URL is cached for a year, the same file without `v` is revalidated, its chunks are immutable.
    const pinned = await server.app.inject({ method: 'GET', url: body.standalone });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.body).toBe(bundle);
    expect(pinned.headers['cache-control']).toBe(IMMUTABLE);
    const unpinned = await server.app.inject({ method: 'GET', url: '/elements/shell-elements.standalone.js' });
    expect(unpinned.headers['cache-control']).toBe('no-cache');
    const chunk = await server.app.inject({ method: 'GET', url: '/elements/chunks/standalone-dialog-AbC123.js' });
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    const manifest = await server.app.inject({ method: 'GET', url: body.manifest! });
    expect(manifest.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('is readable from an allowed origin only, like the elements themselves', async () => {
    const allowed = await server.app.inject({ method: 'GET', url: '/elements/release.json', headers: { origin: 'https://intranet.example' } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://intranet.example');
    const refused = await server.app.inject({ method: 'GET', url: '/elements/release.json', headers: { origin: 'https://elsewhere.example' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('follows a rebuild at once: the new file, its new integrity; the old pinned URL is no longer immutable', async () => {
    const before = (await release()).body;
    const rebuilt = 'export const v = 2; // rebuilt';
    await writeFile(join(dist, 'shell-elements.standalone.js'), rebuilt);
    await writeFile(join(dist, 'package.json'), JSON.stringify({ name: '@erp/shell-elements', version: '0.2.0' }));

    const after = (await release()).body;
    expect(after.version).toBe('0.2.0');
    expect(after.standalone).toBe(`/elements/shell-elements.standalone.js?v=${sha(rebuilt)}`);
    expect(after.integrity).toBe(sri(rebuilt));
    expect(after.standalone).not.toBe(before.standalone);
    const stale = await server.app.inject({ method: 'GET', url: before.standalone });
    expect(stale.headers['cache-control']).toBe('no-cache');
  });
});
