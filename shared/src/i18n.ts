/**
 * The one i18next instance of the page. Translations live in `locales/<lng>/<namespace>.json` (en-CA is
 * the base) and are fetched from `<base>/locales/…` on demand. §5: the stored language falls back to
 * en-CA when no culture cookie exists; §9: the culture cookie is read.
 */
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';

export const DEFAULT_LOCALE = 'en-CA';
export const SUPPORTED_LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
/** Name of the culture cookie (ASP.NET's convention, which the suite's other front ends read too). */
export const CULTURE_COOKIE = '.AspNetCore.Culture';

export const i18n: I18n = i18next.createInstance();

/** Reads the culture cookie (`c=fr-CA|uic=fr-CA` or a plain locale); en-CA when absent or unknown. */
export function storedLocale(cookie: string = globalThis.document?.cookie ?? ''): SupportedLocale {
  const raw = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CULTURE_COOKIE}=`))
    ?.slice(CULTURE_COOKIE.length + 1);
  if (!raw) return DEFAULT_LOCALE;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return DEFAULT_LOCALE; // not valid percent-encoding (written by hand or by another site): no culture
  }
  const locale = /(?:^|\|)uic=([^|]+)/.exec(decoded)?.[1] ?? /(?:^|\|)c=([^|]+)/.exec(decoded)?.[1] ?? decoded;
  return (SUPPORTED_LOCALES as readonly string[]).includes(locale) ? (locale as SupportedLocale) : DEFAULT_LOCALE;
}

/** Writes the culture cookie for a year, readable by every path of the site. */
export function storeLocale(locale: SupportedLocale): void {
  const value = encodeURIComponent(`c=${locale}|uic=${locale}`);
  document.cookie = `${CULTURE_COOKIE}=${value}; path=/; max-age=31536000; SameSite=Lax`;
}

/** The URL of one locale file; `?v=<version>` lets the browser cache it for good (the server vouches for it). */
export function localeFileUrl(baseUrl: string, language: string, namespace: string, version?: string): string {
  const url = `${baseUrl}/locales/${language}/${namespace}.json`;
  return version ? `${url}?v=${encodeURIComponent(version)}` : url;
}

/** Loads `<baseUrl>/locales/<lng>/<ns>.json[?v=<version>]` with fetch. */
function fetchBackend(baseUrl: string, version: string | undefined): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      fetch(localeFileUrl(baseUrl, language, namespace, version))
        .then((response) => {
          if (!response.ok) throw new Error(`${response.status} ${response.url}`);
          return response.json();
        })
        .then((data) => callback(null, data), (error: Error) => callback(error, false));
    },
  };
}

let ready: Promise<unknown> | undefined;

/**
 * Initialises the page's i18n once; later calls return the same promise.
 * @param namespaces the namespaces to load up front (more can be added with `i18n.loadNamespaces`)
 * @param version `ShellConfig.localesVersion`: locale files are asked for with `?v=<version>` (immutable)
 */
export function initI18n(
  options: { locale?: SupportedLocale; namespaces?: string[]; baseUrl?: string; version?: string } = {},
) {
  ready ??= i18n.use(fetchBackend(options.baseUrl ?? '', options.version)).init({
    lng: options.locale ?? storedLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    load: 'currentOnly',
    ns: options.namespaces ?? ['shell'],
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    returnNull: false,
    // The locale files are requested now, not a task later (the shell builds its chrome meanwhile).
    initAsync: false,
  });
  return ready;
}

/**
 * Translates `key` with the page's instance, falling back to `defaultValue` (interpolated with `values`)
 * when i18n is not initialised yet or the namespace is missing — so library code can always produce a
 * message, even before the first locale file has arrived.
 */
export function translate(key: string, defaultValue: string, values: Record<string, unknown> = {}): string {
  if (i18n.isInitialized) {
    const text = i18n.t(key, { ...values, defaultValue });
    if (typeof text === 'string' && text !== '') return onePeriod(text, values);
  }
  return onePeriod(
    defaultValue.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)),
    values,
  );
}

/**
 * A translated text whose parameter ended with a period just before the text's own ("… at 02:25 p.m.."), with the
 * one period a sentence has (issue 71 item 2) — for texts interpolated elsewhere (i18next).
 */
export function onePeriod(text: string, params: Record<string, unknown>): string {
  let out = text;
  for (const value of Object.values(params)) {
    if (typeof value === 'string' && value.length > 1 && value.endsWith('.') && !value.endsWith('..')) out = out.split(`${value}.`).join(value);
  }
  return out;
}
