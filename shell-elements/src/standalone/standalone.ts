/**
 * Entry of the standalone bundle, `dist/shell-elements.standalone.js` (served at
 * `/elements/shell-elements.standalone.js`): for intranet pages that are not the shell — no import map, no
 * single-spa. One tag registers every element:
 *
 *   <script type="module" src="https://erp.example/elements/shell-elements.standalone.js"></script>
 *
 * The bundle carries lit, i18next and its own i18n instance (the page's shell, if any, keeps its own), and
 * initialises it at once:
 * - translations: `<base>/<lng>/shell.json`, where `<base>` is the script tag's `data-locales-base`
 *   attribute, else `<meta name="erp-locales-base" content="…">`, else the `locales/` folder next to the
 *   bundle's folder (`/elements/…` → `/locales`, the server's). Relative values resolve against the page;
 * - language: `<html lang>` when it names a supported locale (`fr`, `fr-CA`, `zh-Hant` … map to the nearest),
 *   else the culture cookie (§9), else en-CA. A later change of `<html lang>` switches the language.
 *
 * The module also exports everything of `@erp/shell-elements`, plus `i18n` (to change the language by hand)
 * and `ready` (resolves once translations are in): `import { i18n, ready } from '…/shell-elements.standalone.js'`.
 *
 * Signed in (issue 70 item 2): `<erp-session>` on the page, or `connect()` from this module, signs the page's user in
 * with the product and feeds the elements (session/embed-session.ts). Only here: inside the shell, the shell does.
 */
import type { BackendModule } from 'i18next';
import { DEFAULT_LOCALE, i18n, storedLocale, SUPPORTED_LOCALES, type SupportedLocale } from '@erp/shared';
import { SHELL_NAMESPACE } from '../controllers/i18n-controller.ts';
import { matchLocale } from './locale.ts';

export * from '../index.ts';
export { connect, EmbedSession, type ConnectOptions, type EmbedSessionState } from '../session/embed-session.ts';
export { ErpSession, feedElements } from '../session/session-element.ts';
export { i18n, SUPPORTED_LOCALES, matchLocale };
/** The spec types the elements' properties take (§3 Application, Menu), for a TypeScript page (issue 70 item 3). */
export type { Application, Menu } from '@erp/shared';

/** The script element that loaded this bundle, if it was loaded by one. */
function ownScript(): HTMLScriptElement | null {
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[src]')) {
    if (script.src === import.meta.url) return script;
  }
  return null;
}

/** Where the locale folders are (no trailing slash), e.g. `https://erp.example/locales`. */
export function localesBaseUrl(): string {
  const fromScript = ownScript()?.getAttribute('data-locales-base');
  const fromMeta = document.querySelector<HTMLMetaElement>('meta[name="erp-locales-base"]')?.content;
  const given = (fromScript || fromMeta || '').trim();
  // A run-time URL next to the bundle's folder, not a build-time asset: hence @vite-ignore.
  const url = given ? new URL(given, document.baseURI) : new URL(/* @vite-ignore */ '../locales/', import.meta.url);
  return url.href.replace(/\/+$/, '');
}

/** The language the page asks for: `<html lang>`, else the culture cookie, else en-CA. */
export function pageLocale(): SupportedLocale {
  return matchLocale(document.documentElement.lang) ?? storedLocale();
}

function localesBackend(baseUrl: string): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      fetch(`${baseUrl}/${language}/${namespace}.json`)
        .then((response) => {
          if (!response.ok) throw new Error(`${response.status} ${response.url}`);
          return response.json();
        })
        .then(
          (data) => callback(null, data),
          (error: Error) => callback(error, false),
        );
    },
  };
}

/** Resolves once the translations of the page's language are loaded (or failed to load: keys show then). */
export const ready: Promise<void> = i18n.isInitialized
  ? Promise.resolve()
  : i18n
      .use(localesBackend(localesBaseUrl()))
      .init({
        lng: pageLocale(),
        fallbackLng: DEFAULT_LOCALE,
        supportedLngs: [...SUPPORTED_LOCALES],
        load: 'currentOnly',
        ns: [SHELL_NAMESPACE],
        defaultNS: SHELL_NAMESPACE,
        interpolation: { escapeValue: false },
        returnNull: false,
      })
      .then(
        () => undefined,
        (error: unknown) => console.warn('shell-elements: translations did not load', error),
      );

// The page switching its language switches the elements' language.
new MutationObserver(() => {
  const locale = matchLocale(document.documentElement.lang);
  if (locale && locale !== i18n.language) void i18n.changeLanguage(locale);
}).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
