/**
 * The demo partner site (partner/app.ts): its pages and headers through `inject`, and the behaviour of
 * its two scripts run in a small fake DOM (node:vm) — origin check, list of received messages, the
 * acknowledgement, the path display.
 */
import { readFile } from 'node:fs/promises';
import { createContext, runInContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildPartnerApp } from '../src/partner/app.ts';
import { parseCsp } from '../src/security/csp.ts';

const SHELL_ORIGIN = 'http://localhost:18085';
let partner: FastifyInstance;

beforeAll(async () => {
  partner = await buildPartnerApp(loadConfig({ PORT: '18085', LOG_LEVEL: 'silent' }), { logger: false });
});

afterAll(async () => {
  await partner?.close();
});

describe('pages', () => {
  it('serves the steel order-entry page with its ids and the shell origin, and no inline script', async () => {
    const response = await partner.inject({ method: 'GET', url: '/resteel/order-entry.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<title>Steel order entry (partner demo)</title>');
    expect(html).toContain('<h1>Steel order entry (partner demo)</h1>');
    expect(html).toContain(`<html lang="en" data-shell-origin="${SHELL_ORIGIN}">`);
    expect(html).toContain(`<meta name="shell-origin" content="${SHELL_ORIGIN}">`);
    for (const id of ['status', 'verified-user', 'received', 'none-received', 'ignored', 'shell-origin']) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toMatch(/<ul id="received" aria-labelledby="received-heading"><\/ul>/);
    expect(html).toMatch(/<p id="status" role="status"/);
    // Every script is an external file; no inline handlers or styles.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/resteel/partner.js">']);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('serves the newer-version front end page', async () => {
    const response = await partner.inject({ method: 'GET', url: '/novus/index.html' });
    expect(response.statusCode).toBe(200);
    for (const id of ['path', 'query', 'instance', 'loaded-at', 'note']) expect(response.body).toContain(`id="${id}"`);
    expect(response.body).toContain('<label for="note">');
    expect(response.body.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/novus/app.js">']);
  });

  it.each(['/resteel/order-entry.html', '/novus/index.html', '/'])(
    'gives %s a self-only policy, framable by the shell origin alone',
    async (url) => {
      const response = await partner.inject({ method: 'GET', url });
      const header = String(response.headers['content-security-policy']);
      const csp = parseCsp(header);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual([SHELL_ORIGIN]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(header).not.toMatch(/unsafe/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      // The shell opens the steel page as resteelWin and keeps talking to it: no opener policy here.
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    },
  );

  it.each([
    ['/resteel/partner.js', /^text\/javascript/],
    ['/novus/app.js', /^text\/javascript/],
    ['/partner.css', /^text\/css/],
  ])('serves %s with its type and nosniff', async (url, type) => {
    const response = await partner.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body.length).toBeGreaterThan(100);
  });

  it('answers 404 for anything else', async () => {
    const response = await partner.inject({ method: 'GET', url: '/etc/passwd' });
    expect(response.statusCode).toBe(404);
  });

  it('serves the steel page at a configured STEEL_PATH, for a configured PUBLIC_URL', async () => {
    const other = await buildPartnerApp(
      loadConfig({ PUBLIC_URL: 'https://erp.example.com', STEEL_PATH: '/oe/entry.html', LOG_LEVEL: 'silent' }),
      { logger: false },
    );
    try {
      const response = await other.inject({ method: 'GET', url: '/oe/entry.html' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('data-shell-origin="https://erp.example.com"');
      expect(parseCsp(String(response.headers['content-security-policy'])).get('frame-ancestors')).toEqual([
        'https://erp.example.com',
      ]);
    } finally {
      await other.close();
    }
  });
});

/** Just enough DOM for the partner scripts. */
class FakeElement {
  children: (FakeElement | string)[] = [];
  dataset: Record<string, string> = {};
  attributes: Record<string, string> = {};
  className = '';
  hidden = false;
  private text = '';

  constructor(readonly tagName: string) {}

  get textContent(): string {
    return this.children.length > 0
      ? this.children.map((child) => (typeof child === 'string' ? child : child.textContent)).join('')
      : this.text;
  }

  set textContent(value: string) {
    this.children = [];
    this.text = value;
  }

  append(...nodes: (FakeElement | string)[]): void {
    this.children.push(...nodes);
  }

  setAttribute(name: string, value: string): void {
    this.attributes[name] = value;
  }

  byClass(name: string): FakeElement | undefined {
    return this.children.find((child): child is FakeElement => typeof child !== 'string' && child.className === name);
  }
}

interface FakePage {
  elements: Record<string, FakeElement>;
  listeners: Record<string, (event: unknown) => void>;
  window: Record<string, unknown>;
  location: { hash: string; search: string };
  document: { title: string };
}

async function runScript(file: string, ids: string[], location = { hash: '', search: '' }): Promise<FakePage> {
  const source = await readFile(new URL(`../src/partner/assets/${file}`, import.meta.url), 'utf8');
  const elements = Object.fromEntries(ids.map((id) => [id, new FakeElement('p')]));
  const listeners: FakePage['listeners'] = {};
  const window: Record<string, unknown> = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
    opener: null,
  };
  // Framed: the parent is another window.
  window.parent = { postMessage: () => undefined };
  const document = {
    title: '',
    documentElement: { dataset: { shellOrigin: SHELL_ORIGIN } },
    getElementById: (id: string) => elements[id] ?? null,
    createElement: (tag: string) => new FakeElement(tag),
  };
  const context = createContext({ window, document, location, URLSearchParams, crypto: globalThis.crypto });
  runInContext(source, context);
  return { elements, listeners, window, location, document };
}

describe('steel page script (partner.js)', () => {
  const IDS = ['received', 'status', 'verified-user', 'ignored', 'none-received'];

  it('waits for the shell when framed', async () => {
    const page = await runScript('partner.js', IDS);
    expect(page.elements.status!.textContent).toContain('Waiting for the shell');
  });

  it('ignores messages from any other origin, and acknowledges nothing to them', async () => {
    const page = await runScript('partner.js', IDS);
    const source = { postMessage: vi.fn() };
    for (const origin of ['http://127.0.0.1:18085', 'http://localhost:18086', 'https://localhost:18085', 'null', '']) {
      page.listeners.message!({ origin, data: { name: 'VerifyReSteelSndUser', shellSub: { subjectId: 'x' } }, source });
    }
    expect(page.elements.received!.children).toEqual([]);
    expect(page.elements.ignored!.textContent).toBe('5');
    expect(page.elements['verified-user']!.textContent).toBe('');
    expect(source.postMessage).not.toHaveBeenCalled();
  });

  it('lists VerifyReSteelSndUser from the shell, shows the user and acknowledges to the shell origin only', async () => {
    const page = await runScript('partner.js', IDS);
    const source = { postMessage: vi.fn() };
    const shellSub = { displayName: "Liam O'Connor", subjectId: 'steel' };
    page.listeners.message!({ origin: SHELL_ORIGIN, data: { name: 'VerifyReSteelSndUser', shellSub }, source });

    const [item] = page.elements.received!.children as FakeElement[];
    expect(item!.tagName).toBe('li');
    expect(item!.dataset.name).toBe('VerifyReSteelSndUser');
    expect(item!.byClass('name')?.textContent).toBe('VerifyReSteelSndUser');
    expect(JSON.parse(item!.byClass('payload')!.textContent)).toEqual({ shellSub });
    expect(page.elements['verified-user']!.textContent).toBe("Liam O'Connor (steel)");
    expect(page.elements.status!.textContent).toBe('User steel verified by the shell.');
    expect(page.elements['none-received']!.hidden).toBe(true);
    expect(source.postMessage).toHaveBeenCalledTimes(1);
    const [ack, targetOrigin] = source.postMessage.mock.calls[0]!;
    expect(targetOrigin).toBe(SHELL_ORIGIN);
    expect(ack).toMatchObject({ name: 'ReSteelAck', received: 'VerifyReSteelSndUser', subjectId: 'steel' });
    expect(typeof (ack as { at: unknown }).at).toBe('string');
  });

  it('accepts the shellSub as the payload itself, and other message shapes', async () => {
    const page = await runScript('partner.js', IDS);
    const source = { postMessage: vi.fn() };
    page.listeners.message!({
      origin: SHELL_ORIGIN,
      data: { name: 'VerifyReSteelSndUser', payload: { displayName: 'Dana', subjectId: 'admin' } },
      source,
    });
    page.listeners.message!({ origin: SHELL_ORIGIN, data: { type: 'Refresh', payload: { order: 42 } }, source });
    page.listeners.message!({ origin: SHELL_ORIGIN, data: 'Ping', source });
    const items = page.elements.received!.children as FakeElement[];
    expect(items.map((item) => [item.dataset.name, item.byClass('payload')?.textContent])).toEqual([
      ['VerifyReSteelSndUser', '{"displayName":"Dana","subjectId":"admin"}'],
      ['Refresh', '{"order":42}'],
      ['Ping', 'null'],
    ]);
    expect(page.elements['verified-user']!.textContent).toBe('Dana (admin)');
    expect(source.postMessage.mock.calls.map(([ack]) => (ack as { received: string }).received)).toEqual([
      'VerifyReSteelSndUser',
      'Refresh',
      'Ping',
    ]);
  });

  it('shows message text as text, never as markup', async () => {
    const page = await runScript('partner.js', IDS);
    page.listeners.message!({ origin: SHELL_ORIGIN, data: { name: '<img src=x onerror=alert(1)>' }, source: null });
    const [item] = page.elements.received!.children as FakeElement[];
    expect(item!.byClass('name')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(item!.children.filter((child) => typeof child !== 'string').map((child) => (child as FakeElement).tagName)).toEqual([
      'span',
      'code',
    ]);
  });
});

describe('newer-version front end script (app.js)', () => {
  const IDS = ['path', 'query', 'instance', 'loaded-at'];

  it('shows the path from the hash, follows hash changes, and gives the page an instance id', async () => {
    const page = await runScript('novus.js', IDS, { hash: '#/sales-order-entry', search: '' });
    expect(page.elements.path!.textContent).toBe('/sales-order-entry');
    expect(page.document.title).toContain('/sales-order-entry');
    expect(page.elements.instance!.textContent).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.elements['loaded-at']!.attributes.datetime).toMatch(/^\d{4}-\d\d-\d\dT/);
    page.location.hash = '#/load-sheet';
    page.listeners.hashchange!({});
    expect(page.elements.path!.textContent).toBe('/load-sheet');
  });

  it('falls back to the path query parameter, then to /', async () => {
    const fromQuery = await runScript('novus.js', IDS, { hash: '', search: '?path=%2Forder-summary' });
    expect(fromQuery.elements.path!.textContent).toBe('/order-summary');
    expect(fromQuery.elements.query!.textContent).toBe('?path=%2Forder-summary');
    const bare = await runScript('novus.js', IDS, { hash: '', search: '' });
    expect(bare.elements.path!.textContent).toBe('/');
  });
});
