/**
 * Names in the caller's language (issue 16 item 3; §7 shell calls, §9 languages).
 *
 * - `callerLanguage(request, user)`: the language the shell shows — the request's `Accept-Language`
 *   when its first choice is one of the product's languages (the shell sends its current UI language
 *   with every call, so a language switch is answered in the new language at once), else the user's
 *   stored language (`POST api/shell_init/locale`), else en-CA.
 * - `localizedName(name, language)`: a catalog name (en-CA text) in `language`; unknown names as given.
 *   The translations are the modules' (`names` of each module's `server/catalog.ts`, issue 41).
 * - `localizedMeta(meta, language)`: a route's Meta JSON with its `title` in `language`.
 * - `searchWordsOf(routerPath, language)`: what users call the screen of a menu RouterPath, in `language` (the
 *   modules' `searchWords`, issue 40 item 2); '' when none are declared.
 */
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../auth/user.ts';
import { acceptedLanguage, PRODUCT_LANGUAGES, productLanguage, type ProductLanguage } from '../i18n/caller-language.ts';
import { mergeNameTranslations, mergeSearchWords, type NameTranslations, type SearchWords } from '../modules/catalog.ts';
import { serverModules } from '../modules/index.ts';

/** §9 / i18n SUPPORTED_LOCALES: en-CA is the language the catalog is written in. */
export const NAME_LANGUAGES = PRODUCT_LANGUAGES;
export type NameLanguage = ProductLanguage;

export function callerLanguage(request: FastifyRequest, user: AuthenticatedUser): NameLanguage {
  return acceptedLanguage(request.headers['accept-language']) ?? productLanguage(user.row.language) ?? 'en-CA';
}

let table: NameTranslations | undefined;

/** Read once the modules are loaded (buildApp awaits them before any route answers). */
function nameTranslations(): NameTranslations {
  return (table ??= mergeNameTranslations(serverModules().flatMap((module) => (module.catalog ? [module.catalog] : []))));
}

let words: ReadonlyMap<string, SearchWords> | undefined;

/** A menu's search words in `language` (menus of every application share a path's words). */
export function searchWordsOf(routerPath: string, language: NameLanguage): string {
  if (!routerPath) return '';
  words ??= mergeSearchWords(serverModules().flatMap((module) => (module.catalog ? [module.catalog] : [])));
  return words.get(routerPath.toLowerCase())?.[language] ?? '';
}

/** A catalog name in `language`; names without a translation (typed by an administrator) as given. */
export function localizedName(name: string, language: NameLanguage): string {
  if (language === 'en-CA') return name;
  const translations = nameTranslations()[name];
  if (!translations) return name;
  return translations[NAME_LANGUAGES.indexOf(language) - 1] ?? name;
}

/** A route's Meta JSON text with its `title` in `language` (other Meta fields untouched). */
export function localizedMeta(meta: string | null, language: NameLanguage): string | null {
  if (!meta || language === 'en-CA') return meta;
  try {
    const value: unknown = JSON.parse(meta);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return meta;
    const title = (value as Record<string, unknown>)['title'];
    if (typeof title !== 'string') return meta;
    return JSON.stringify({ ...value, title: localizedName(title, language) });
  } catch {
    return meta;
  }
}
