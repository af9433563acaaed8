import { afterEach, describe, expect, it, vi } from 'vitest';
import { CULTURE_COOKIE, DEFAULT_LOCALE, localeFileUrl, onePeriod, storedLocale, translate } from './i18n.ts';
import { interpolate } from './entities/messages.ts';

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

describe('the stored language (§5, §9: the culture cookie is read, en-CA without it)', () => {
  it('is en-CA when there is no cookie at all', () => {
    expect(DEFAULT_LOCALE).toBe('en-CA');
    expect(storedLocale('')).toBe('en-CA');
    expect(storedLocale('theme=dark; session=abc')).toBe('en-CA');
    expect(storedLocale(`${CULTURE_COOKIE}=`)).toBe('en-CA');
  });

  it('is en-CA when the cookie names a culture the shell does not have', () => {
    expect(storedLocale(`${CULTURE_COOKIE}=c=de-DE|uic=de-DE`)).toBe('en-CA');
    expect(storedLocale(`${CULTURE_COOKIE}=${encodeURIComponent('c=es-MX|uic=es-MX')}`)).toBe('en-CA');
    expect(storedLocale(`${CULTURE_COOKIE}=nonsense`)).toBe('en-CA');
    // Another cookie whose name merely ends the same way is not the culture cookie.
    expect(storedLocale('My.AspNetCore.Culture=c=fr-CA|uic=fr-CA')).toBe('en-CA');
  });

  it('is en-CA when the cookie is not valid percent-encoding', () => {
    expect(storedLocale(`${CULTURE_COOKIE}=c%3Dfr-CA%7Cuic%3D%E0%A4%A`)).toBe('en-CA');
  });

  it('reads c=fr-CA|uic=fr-CA, as written by the shell (encoded) or by the server (plain)', () => {
    expect(storedLocale(`${CULTURE_COOKIE}=c=fr-CA|uic=fr-CA`)).toBe('fr-CA');
    expect(storedLocale(`${CULTURE_COOKIE}=${encodeURIComponent('c=fr-CA|uic=fr-CA')}`)).toBe('fr-CA');
    expect(storedLocale(`theme=dark; ${CULTURE_COOKIE}=c=zh-TW|uic=zh-TW; session=abc`)).toBe('zh-TW');
  });

  it('prefers the UI culture (uic) over the formatting culture (c)', () => {
    expect(storedLocale(`${CULTURE_COOKIE}=c=en-CA|uic=zh-CN`)).toBe('zh-CN');
    expect(storedLocale(`${CULTURE_COOKIE}=c=fr-CA`)).toBe('fr-CA');
  });

  it('reads the page\'s own cookie by default', () => {
    vi.stubGlobal('document', { cookie: '' });
    expect(storedLocale()).toBe('en-CA');
    vi.stubGlobal('document', { cookie: `${CULTURE_COOKIE}=c%3Dfr-CA%7Cuic%3Dfr-CA` });
    expect(storedLocale()).toBe('fr-CA');
  });
});

describe('one period at a sentence end (issue 71 item 2: "at 02:25 p.m..")', () => {
  it('drops the text\'s period after a value that ends with one, on the browser and the server paths', () => {
    expect(translate('forms:none.changed', 'Changed by {{name}} at {{time}}.', { name: 'Ann', time: '02:25 p.m.' })).toBe('Changed by Ann at 02:25 p.m.');
    expect(onePeriod('Modifié par Ann à 14 h 25.', { time: '14 h 25' })).toBe('Modifié par Ann à 14 h 25.');
    expect(interpolate('Ran at {{time}}. Done by {{user}}.', { time: '2:25 p.m.', user: 'Ann' })).toBe('Ran at 2:25 p.m. Done by Ann.');
    expect(interpolate('Total {{n}}.', { n: '3' })).toBe('Total 3.');
  });
});
