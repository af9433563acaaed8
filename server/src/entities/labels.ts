/**
 * The server's messages: English (en-CA), from `modules/shell/locales/en-CA/entities.json` (labels and message
 * texts), falling back to the catalogue defaults in shared/src/entities/messages.ts. The API answers
 * English messages plus the i18n key and parameters of each, so the browser shows them in the user's
 * language (validate.ts produces the same keys in the form).
 *
 * Keys of other namespaces (a business module’s, `<module>:rules.accountInvalid`) are read from
 * `locales/<lng>/<namespace>.json` or the module's own `modules/<m>/locales/` the same way (every namespace file of the locale is loaded once).
 *
 * Files the server writes for a person to read (the Excel export's sheet name and column headers) use
 * `translatorFor(<the user's language>)`: that locale's texts, then English, then the defaults.
 */
import { readFileSync } from 'node:fs';
import { defaultMessage, interpolate } from '@erp/shared/entities/messages';
import { localDates } from '@erp/shared/format';
import type { Translate } from '@erp/shared/entities/validate';
import { localeNamespaces } from '../i18n/locale-files.ts';

function flatten(prefix: string, value: unknown, into: Map<string, string>): void {
  if (typeof value === 'string') {
    into.set(prefix, value);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      flatten(prefix && !prefix.endsWith(':') ? `${prefix}.${key}` : `${prefix}${key}`, child, into);
    }
  }
}

const LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'] as const;
const texts = new Map<string, Map<string, string>>();

function load(locale: (typeof LOCALES)[number]): Map<string, string> {
  let loaded = texts.get(locale);
  if (loaded) return loaded;
  loaded = new Map<string, string>();
  // Without any file the catalogue defaults stand in (labels become the humanized field names).
  for (const [namespace, file] of localeNamespaces(locale)) {
    try {
      const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
      // `entities` keys are stored bare (their historical form); every other namespace keeps its prefix.
      flatten(namespace === 'entities' ? '' : `${namespace}:`, json, loaded);
    } catch {
      // An unreadable file leaves its keys to the defaults.
    }
  }
  texts.set(locale, loaded);
  return loaded;
}

const english = load('en-CA');

function bareKey(key: string): string {
  return key.startsWith('entities:') ? key.slice('entities:'.length) : key;
}

/** en-CA text of `entities:<key>` (the `entities:` prefix is the namespace). */
export const translate: Translate = (key, defaultValue, params = {}) =>
  interpolate(english.get(bareKey(key)) ?? defaultValue, localDates(params, 'en-CA'));

/** Texts in `locale` (a supported one; anything else is English), falling back to English per key. */
export function translatorFor(locale: string | null | undefined): Translate {
  const supported = LOCALES.find((known) => known === locale);
  if (!supported || supported === 'en-CA') return translate;
  const local = load(supported);
  return (key, defaultValue, params = {}) => {
    const bare = bareKey(key);
    return interpolate(local.get(bare) ?? english.get(bare) ?? defaultValue, localDates(params, supported));
  };
}

/** The English message of a catalogue key. */
export function message(key: string, params: Record<string, unknown> = {}): string {
  return translate(key, defaultMessage(key), params);
}
