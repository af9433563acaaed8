/**
 * The English texts a translated screen must not show (issue 20, issue 40 item 9), for the language tests.
 *
 * "English" is a text that en-CA has under some key whose translation differs, and that the language does not
 * itself use anywhere (French keeps "Date", "Total", "Type" …): such a text on the page is an untranslated
 * string or a key's English fallback. Templates ("Line {{line}}") become patterns when their literal part has
 * at least `minLetters` letters (fewer would match data). `label`: exact texts lose a label's trailing ":" or "*".
 */
import { expect, type Page } from '@playwright/test';

export type Strings = Map<string, string>;

/** Every string of a namespace as key path → text (nested objects flattened with dots). */
export async function namespaceStrings(page: Page, language: string, namespace: string): Promise<Strings> {
  const response = await page.request.get(`/locales/${language}/${namespace}.json`);
  expect(response.status(), `${language}/${namespace}.json`).toBe(200);
  const out: Strings = new Map();
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out.set(path, node);
    else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
  };
  walk(await response.json(), namespace);
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English texts to look for (see the header). */
export async function englishOf(
  page: Page,
  language: string,
  namespaces: readonly string[],
  options: { minLetters: number; label: boolean },
): Promise<{ exact: Set<string>; patterns: RegExp[] }> {
  const english: Strings = new Map();
  const translated: Strings = new Map();
  for (const namespace of namespaces) {
    for (const [key, text] of await namespaceStrings(page, 'en-CA', namespace)) english.set(key, text);
    for (const [key, text] of await namespaceStrings(page, language, namespace)) translated.set(key, text);
  }
  const ownTexts = new Set(translated.values());
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const [key, text] of english) {
    const own = translated.get(key);
    if (own === undefined || own === text || ownTexts.has(text)) continue;
    if (!text.includes('{{')) {
      exact.add(options.label ? text.trim().replace(/\s*[:*]$/, '').trim() : text);
      continue;
    }
    const literal = text.replace(/\{\{[^}]*\}\}/g, '');
    if (literal.replace(/[^A-Za-z]/g, '').length < options.minLetters) continue;
    patterns.push(new RegExp(`^${text.split(/\{\{[^}]*\}\}/).map(escapeRegExp).join('.+')}$`));
  }
  return { exact, patterns };
}
