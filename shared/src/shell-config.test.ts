import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchShellConfig, inlineShellConfig, partnerFrameAt, partnerFrameOf, SHELL_CONFIG_ELEMENT_ID } from './shell-config.ts';
import type { ShellConfig } from './types.ts';

const CONFIG: ShellConfig = {
  oidc: {
    authority: 'http://localhost/oidc',
    clientId: 'erp-shell',
    scope: 'openid erp.api',
    redirectPath: '/auth/callback',
    postLogoutRedirectPath: '/',
  },
  apiBase: '/api/',
  partnerFrames: [{ component: '@erp/frames#PartnerFrame', origin: 'http://127.0.0.1:9999', domain: 'partner.example', path: '/partner/page' }],
  localesVersion: '0123456789ab',
};

/** A document holding the page's data block with `text` (none when null); only what the reader uses. */
function pageWith(text: string | null): Pick<Document, 'getElementById'> {
  return {
    getElementById: (id: string) =>
      text !== null && id === SHELL_CONFIG_ELEMENT_ID ? ({ textContent: text } as HTMLElement) : null,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('inlineShellConfig', () => {
  it('reads the configuration the server inlined, with `<` escaped as the server writes it', () => {
    const withScript = { ...CONFIG, accountUrl: 'https://id.example/</script><script>alert(1)</script>' };
    const text = JSON.stringify(withScript).replace(/</g, '\\u003c');
    expect(inlineShellConfig(pageWith(text))).toEqual(withScript);
  });

  it('answers null without the element, without a document, and for unreadable or foreign JSON', () => {
    expect(inlineShellConfig(pageWith(null))).toBeNull();
    expect(inlineShellConfig(undefined)).toBeNull();
    expect(inlineShellConfig(pageWith(''))).toBeNull();
    expect(inlineShellConfig(pageWith('{"oidc":'))).toBeNull();
    expect(inlineShellConfig(pageWith('{"apiBase":"/api/"}'))).toBeNull();
    expect(inlineShellConfig(pageWith('null'))).toBeNull();
  });
});

describe('fetchShellConfig', () => {
  it('answers the inline configuration without a request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', pageWith(JSON.stringify(CONFIG)));
    await expect(fetchShellConfig()).resolves.toEqual(CONFIG);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches /shell-config.json when the page has no inline configuration', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(CONFIG), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', pageWith(null));
    await expect(fetchShellConfig()).resolves.toEqual(CONFIG);
    expect(fetchMock).toHaveBeenCalledWith('/shell-config.json', expect.anything());
  });

  it('fetches an explicitly given URL even when the page has an inline configuration', async () => {
    const other = { ...CONFIG, apiBase: 'https://api.example/' };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(other)));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', pageWith(JSON.stringify(CONFIG)));
    await expect(fetchShellConfig('/other/shell-config.json')).resolves.toEqual(other);
  });
});

describe('partner frames (§2: configuration, not shell code)', () => {
  const frame = CONFIG.partnerFrames[0]!;

  it('finds a partner frame by the Component that shows it', () => {
    expect(partnerFrameOf(CONFIG, '@erp/frames#PartnerFrame')).toBe(frame);
    expect(partnerFrameOf(CONFIG, '@erp/frames#Frame')).toBeNull();
    expect(partnerFrameOf(null, '@erp/frames#PartnerFrame')).toBeNull();
  });

  it('finds a partner frame by its shell route, as the router compares paths', () => {
    expect(partnerFrameAt(CONFIG, '/Partner/Page/')).toBe(frame);
    expect(partnerFrameAt(CONFIG, '/partner')).toBeNull();
    expect(partnerFrameAt({ ...CONFIG, partnerFrames: [] }, '/partner/page')).toBeNull();
    expect(partnerFrameAt(undefined, '/partner/page')).toBeNull();
  });
});
