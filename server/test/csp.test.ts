/** Content-Security-Policy builders (security/csp.ts): every directive, the import-map hash, nothing unsafe. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../src/config.ts';
import {
  frameOrigins,
  parseCsp,
  partnerCsp,
  providerPageCsp,
  serializeCsp,
  sha256Source,
  shellCsp,
} from '../src/security/csp.ts';
import { shellPageHeaders } from '../src/security/headers.ts';
import { importMapScriptText, renderShellPage } from '../src/static/routes.ts';

const IMPORT_MAP = JSON.stringify({ imports: { react: '/vendor/react.js', odd: '/x</script>' } }, null, 2);
const HTML = '<!doctype html><html><head><!-- import-map --><script type="module" src="/root-config/root-config.js"></script></head></html>';

function config(env: Record<string, string> = {}): ServerConfig {
  return loadConfig({ PORT: '8080', LOG_LEVEL: 'silent', ...env });
}

function opensslStyleHash(text: string): string {
  return createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64');
}

describe('shell policy', () => {
  const page = renderShellPage(HTML, IMPORT_MAP);
  const header = shellCsp(config(), { scriptHashes: page.scriptHashes });
  const csp = parseCsp(header);

  it('hashes exactly the text of the inlined import-map script', () => {
    const inlined = /<script type="importmap">(.*?)<\/script>/s.exec(page.html)?.[1];
    expect(inlined).toBe(importMapScriptText(IMPORT_MAP));
    expect(page.scriptHashes).toEqual([`'sha256-${opensslStyleHash(inlined!)}'`]);
    expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${opensslStyleHash(inlined!)}'`]);
  });

  it('writes every directive with its sources', () => {
    expect([...csp.keys()]).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'font-src',
      'connect-src',
      'frame-src',
      'frame-ancestors',
      'object-src',
      'base-uri',
      'form-action',
      'worker-src',
    ]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // Steel and newer-version front end share the demo partner origin by default: listed once.
    expect(csp.get('frame-src')).toEqual(['http://127.0.0.1:8081']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
  });

  it('never allows unsafe-inline, unsafe-eval or a wildcard', () => {
    for (const value of [
      header,
      shellCsp(config({ OIDC_AUTHORITY: 'https://idp.example/realms/erp', FRAME_ANCESTORS: 'https://intranet.example' })),
      partnerCsp('http://localhost:8080'),
      providerPageCsp(sha256Source('body{}')),
    ]) {
      expect(value).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/i);
      for (const sources of parseCsp(value).values()) expect(sources).not.toContain('*');
    }
  });

  it('adds an external authority to connect-src and form-action only', () => {
    const external = parseCsp(shellCsp(config({ OIDC_AUTHORITY: 'https://idp.example:8443/realms/erp/' })));
    expect(external.get('connect-src')).toEqual(["'self'", 'https://idp.example:8443']);
    expect(external.get('form-action')).toEqual(["'self'", 'https://idp.example:8443']);
    expect(external.get('script-src')).toEqual(["'self'"]);
    expect(external.get('frame-src')).toEqual(['http://127.0.0.1:8081']);
  });

  it('frames exactly the configured origins, or none', () => {
    const configured = config({
      STEEL_ORIGIN: 'https://steel.example',
      NOVUS_FRONTEND_ORIGIN: 'https://novus.example, https://novus2.example:9443',
    });
    expect(parseCsp(shellCsp(configured)).get('frame-src')).toEqual([
      'https://steel.example',
      'https://novus.example',
      'https://novus2.example:9443',
    ]);
    expect(frameOrigins(configured)).toEqual(['https://steel.example', 'https://novus.example', 'https://novus2.example:9443']);
    // A deployment without any frame origin gets 'none'.
    const base = config();
    const frameless: ServerConfig = { ...base, steel: { ...base.steel, origin: '' }, frames: { origins: [] } };
    expect(frameOrigins(frameless)).toEqual([]);
    expect(parseCsp(shellCsp(frameless)).get('frame-src')).toEqual(["'none'"]);
  });

  it('takes frame-ancestors from FRAME_ANCESTORS', () => {
    expect(parseCsp(shellCsp(config({ FRAME_ANCESTORS: "'self' https://intranet.example" }))).get('frame-ancestors')).toEqual([
      "'self'",
      'https://intranet.example',
    ]);
    expect(parseCsp(shellCsp(config({ FRAME_ANCESTORS: 'none' }))).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('comes with nosniff, same-origin referrers and an opener policy that keeps the resteelWin popup', () => {
    const headers = shellPageHeaders(config(), page);
    expect(headers['content-security-policy']).toBe(header);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('serializeCsp', () => {
  it('writes directives in order, without duplicate sources', () => {
    expect(serializeCsp([['default-src', ["'self'", "'self'"]], ['img-src', ["'self'", 'data:']]])).toBe(
      "default-src 'self'; img-src 'self' data:",
    );
  });

  it.each([
    ["'unsafe-inline'"],
    ["'unsafe-eval'"],
    ["'UNSAFE-INLINE'"],
    ["'unsafe-hashes'"],
    ["'wasm-unsafe-eval'"],
    ['*'],
    ["https://a.example; script-src *"],
    ['https://a.example,https://b.example'],
    ["'self"],
    ['https://a.example\nx'],
  ])('refuses the source %j', (source) => {
    expect(() => serializeCsp([['script-src', ["'self'", source]]])).toThrow();
  });

  it("refuses an empty directive, a doubled directive and 'none' with other sources", () => {
    expect(() => serializeCsp([['frame-src', []]])).toThrow();
    expect(() => serializeCsp([['img-src', ["'self'"]], ['img-src', ["'self'"]]])).toThrow();
    expect(() => serializeCsp([['frame-src', ["'none'", 'https://a.example']]])).toThrow();
  });

  it('answers the hash of the exact UTF-8 text', () => {
    expect(sha256Source('{"imports":{}}')).toBe(`'sha256-${opensslStyleHash('{"imports":{}}')}'`);
    expect(sha256Source('é')).not.toBe(sha256Source('e\u0301'));
  });
});

describe('partner and provider pages', () => {
  it('lets the partner pages load from their own origin only and be framed by the shell alone', () => {
    const csp = parseCsp(partnerCsp('http://localhost:8080'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(['http://localhost:8080']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
  });

  it('allows no script on the provider pages and posts forms to this origin only', () => {
    const csp = parseCsp(providerPageCsp(sha256Source('body{}')));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(csp.get('style-src')).toEqual([sha256Source('body{}')]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
