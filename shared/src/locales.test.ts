/**
 * Locale completeness (§8 "The UI text exists in en-CA (base), fr-CA and zh-CN (Simplified and Traditional
 * Chinese)"): for every namespace file in `locales/en-CA/` and each module's
 * `modules/<m>/locales/en-CA/`, every other supported locale has the same file
 * with exactly the same keys (nested keys flattened to `a.b.c`), every value is a non-empty string, and
 * each translation uses the same `{{placeholders}}` as the base text. A failure lists every missing, extra,
 * empty or mismatched key, so one run shows all there is to fix.
 *
 * Plurals follow i18next (JSON v4): a key `stem_<form>` belongs to a plural group when the base has
 * `stem_other`. Languages have different forms (en: one/other; fr: one/many/other; zh: other only), so a
 * group is compared by its stem, and each locale must have exactly the cardinal forms
 * `Intl.PluralRules(locale)` names (an optional `_zero` is allowed everywhere; `stem_ordinal_<form>` is
 * checked against the ordinal forms). In plural forms `{{count}}` may be left out (“un élément”).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localeRoots } from '@erp/modules/manifests';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from './i18n.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const PLURAL = /^(.*?)_(ordinal_)?(zero|one|two|few|many|other)$/;

/** Flattens a namespace file: `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`; non-object leaves keep their value. */
function flatten(value: unknown, prefix = '', into: Map<string, unknown> = new Map()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, into);
    }
  } else {
    into.set(prefix, value);
  }
  return into;
}

/** The folder (with a trailing `/`) holding each namespace file of the base locale, over every locale root. */
const folderOf = new Map<string, string>();
for (const root of localeRoots(repoRoot)) {
  const dir = `${root}/${DEFAULT_LOCALE}`;
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    if (folderOf.has(file)) throw new Error(`namespace ${file} is in two locale folders`);
    folderOf.set(file, `${root}/`);
  }
}

function readNamespace(locale: string, file: string): Map<string, unknown> {
  return flatten(JSON.parse(readFileSync(`${folderOf.get(file)}${locale}/${file}`, 'utf8')) as unknown);
}

function placeholders(text: unknown, ignore: readonly string[] = []): string {
  if (typeof text !== 'string') return '';
  const names = [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]!);
  return [...new Set(names)].filter((name) => !ignore.includes(name)).sort().join(', ');
}

/** A key as the comparison sees it: plain, or one form of a plural group. */
interface KeyInfo {
  /** `launchpad.matches` for `launchpad.matches_one`; the key itself when not plural. */
  group: string;
  /** `one`, `ordinal_two`…; null when not plural. */
  form: string | null;
  ordinal: boolean;
}

/** Plural groups are those whose stem has an `_other` (or `_ordinal_other`) form in the base locale. */
function keyInfo(key: string, base: Map<string, unknown>): KeyInfo {
  const match = PLURAL.exec(key);
  if (match) {
    const [, stem, ordinal, form] = match as unknown as [string, string, string | undefined, string];
    const other = `${stem}_${ordinal ?? ''}other`;
    if (base.has(other)) return { group: `${stem}_${ordinal ?? ''}*`, form: `${ordinal ?? ''}${form}`, ordinal: !!ordinal };
  }
  return { group: key, form: null, ordinal: false };
}

/** The forms a locale must have for a plural group. */
function requiredForms(locale: string, ordinal: boolean): string[] {
  const categories = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories;
  return categories.map((category) => `${ordinal ? 'ordinal_' : ''}${category}`).sort();
}

interface Differences {
  missing: string[];
  extra: string[];
  empty: string[];
  wrongPlaceholders: string[];
}

/** Compares a locale's namespace with the base one (the base against itself checks its own plural forms). */
function compare(locale: string, base: Map<string, unknown>, translated: Map<string, unknown>): Differences {
  const differences: Differences = { missing: [], extra: [], empty: [], wrongPlaceholders: [] };
  const groups = (keys: Iterable<string>) => {
    const result = new Map<string, { forms: Set<string>; ordinal: boolean }>();
    for (const key of keys) {
      const info = keyInfo(key, base);
      const entry = result.get(info.group) ?? { forms: new Set<string>(), ordinal: info.ordinal };
      if (info.form) entry.forms.add(info.form);
      result.set(info.group, entry);
    }
    return result;
  };
  const baseGroups = groups(base.keys());
  const localeGroups = groups(translated.keys());
  for (const [group, { forms, ordinal }] of baseGroups) {
    const found = localeGroups.get(group);
    if (forms.size === 0) {
      if (!found) differences.missing.push(group);
      continue;
    }
    const stem = group.slice(0, -1);
    const required = requiredForms(locale, ordinal);
    const have = found?.forms ?? new Set<string>();
    for (const form of required) if (!have.has(form)) differences.missing.push(`${stem}${form}`);
    for (const form of have) {
      if (!required.includes(form) && form !== 'zero') differences.extra.push(`${stem}${form}`);
    }
  }
  for (const group of localeGroups.keys()) if (!baseGroups.has(group)) differences.extra.push(group);

  for (const [key, value] of translated) {
    const info = keyInfo(key, base);
    if (!baseGroups.has(info.group)) continue;
    if (typeof value !== 'string' || value.trim() === '') {
      differences.empty.push(key);
      continue;
    }
    const reference = info.form ? base.get(`${info.group.slice(0, -1)}${info.ordinal ? 'ordinal_' : ''}other`) : base.get(key);
    const ignore = info.form ? ['count'] : [];
    if (placeholders(value, ignore) !== placeholders(reference, ignore)) {
      differences.wrongPlaceholders.push(
        `${key} (${placeholders(value, ignore) || 'none'} instead of ${placeholders(reference, ignore) || 'none'})`,
      );
    }
  }
  return differences;
}

const namespaces = [...folderOf.keys()].sort();
const others = SUPPORTED_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
const NO_DIFFERENCES: Differences = { missing: [], extra: [], empty: [], wrongPlaceholders: [] };

describe('locale files', () => {
  it('the base locale has namespace files', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  describe.each(namespaces)('%s', (file) => {
    const base = readNamespace(DEFAULT_LOCALE, file);

    it(`${DEFAULT_LOCALE} has only non-empty strings and the plural forms its language needs`, () => {
      expect(compare(DEFAULT_LOCALE, base, base), `${DEFAULT_LOCALE}/${file}`).toEqual(NO_DIFFERENCES);
    });

    // French typography (issue 21 item 7): the apostrophe of an elision is ’ (« l’état »), never the straight '.
    it('fr-CA writes its apostrophes typographically', () => {
      const straight = [...readNamespace('fr-CA', file)].filter(([, value]) => typeof value === 'string' && /\p{L}'\p{L}/u.test(value)).map(([key]) => key);
      expect(straight, `fr-CA/${file}`).toEqual([]);
    });

    it.each(others)(`%s has the same keys as ${DEFAULT_LOCALE}, all translated`, (locale) => {
      const path = `${locale}/${file}`;
      expect(existsSync(`${folderOf.get(file)}${path}`), `${path} is missing`).toBe(true);
      expect(compare(locale, base, readNamespace(locale, file)), `${path} differs from ${DEFAULT_LOCALE}/${file}`).toEqual(
        NO_DIFFERENCES,
      );
    });
  });
});
