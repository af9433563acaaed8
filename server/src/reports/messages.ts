/**
 * Texts of the `reports` namespace (`locales/<lng>/reports.json`) for the server: the Message of a refused
 * report call and the headings of the files it writes (.xlsx, PDF) are in the caller's language (§8: the
 * server produces business messages from catalogue keys; the browser gets the key and params too).
 * Keys are written with their namespace (`reports:validation.required`); a missing text falls back to
 * English, then to the key itself.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../config.ts';
import { localDates } from '@erp/shared/format';
import { messageIn } from '../entities/call-result.ts';

export const REPORT_LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'] as const;
export type ReportLocale = (typeof REPORT_LOCALES)[number];

const NAMESPACE = 'reports';
const loaded = new Map<ReportLocale, Map<string, string>>();

function flatten(prefix: string, value: unknown, into: Map<string, string>): void {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, child, into);
  }
}

function texts(locale: ReportLocale): Map<string, string> {
  let map = loaded.get(locale);
  if (map) return map;
  map = new Map();
  try {
    flatten('', JSON.parse(readFileSync(resolve(repoRoot, `locales/${locale}/${NAMESPACE}.json`), 'utf8')), map);
  } catch {
    // no file: English, then the key
  }
  loaded.set(locale, map);
  return map;
}

/** The supported locale nearest to `language` (the user's stored language; default en-CA, §9). */
export function reportLocale(language: string | null | undefined): ReportLocale {
  return REPORT_LOCALES.find((known) => known === language) ?? 'en-CA';
}

export type ReportTranslate = (key: string, params?: Record<string, unknown>) => string;

/** `{{name}}` placeholders, as i18next writes them. */
function interpolate(text: string, params: Record<string, unknown>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function reportTranslator(locale: ReportLocale): ReportTranslate {
  return (key, params = {}) => {
    // A module's own namespace (`gl:…`, e.g. a process's refusal): the entities' message catalogue reads it.
    if (/^[a-z-]+:/.test(key) && !key.startsWith(`${NAMESPACE}:`)) return messageIn(locale, key, params);
    const bare = key.startsWith(`${NAMESPACE}:`) ? key.slice(NAMESPACE.length + 1) : key;
    const text = texts(locale).get(bare) ?? texts('en-CA').get(bare) ?? bare;
    return interpolate(text, localDates(params, locale));
  };
}
