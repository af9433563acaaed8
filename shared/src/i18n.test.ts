import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeFileUrl } from './i18n.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('locale file URLs', () => {
  it('carries the locales version when there is one', () => {
    expect(localeFileUrl('', 'fr-CA', 'shell', '0123456789ab')).toBe('/locales/fr-CA/shell.json?v=0123456789ab');
    expect(localeFileUrl('/base', 'en-CA', 'apps')).toBe('/base/locales/en-CA/apps.json');
    expect(localeFileUrl('', 'en-CA', 'apps', '')).toBe('/locales/en-CA/apps.json');
  });

  it('initI18n asks for every namespace with ?v=<version>', async () => {
    const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify({ url })));
    vi.stubGlobal('fetch', fetchMock);
    // A fresh module: the page's instance initialises only once.
    const { initI18n, i18n } = await import('./i18n.ts');
    await initI18n({ locale: 'fr-CA', namespaces: ['shell', 'errors'], version: 'abc123' });
    // The language and its en-CA fallback.
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      '/locales/en-CA/errors.json?v=abc123',
      '/locales/en-CA/shell.json?v=abc123',
      '/locales/fr-CA/errors.json?v=abc123',
      '/locales/fr-CA/shell.json?v=abc123',
    ]);
    expect(i18n.t('shell:url')).toBe('/locales/fr-CA/shell.json?v=abc123');
  });
});
