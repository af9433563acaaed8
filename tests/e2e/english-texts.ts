/**
 * The English texts a translated screen must not show (issue 20, issue 40 item 9), for the language tests.
 *
 * "English" is a text that en-CA has under some key whose translation differs, and that the language does not
 * itself use anywhere (French keeps "Date", "Total", "Type" …): such a text on the page is an untranslated
 * string or a key's English fallback. Templates ("Line {{line}}") become patterns when their literal part has
 * at least `minLetters` letters (fewer would match data). `label`: exact texts lose a label's trailing ":" or "*".
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type Strings = Map<string, string>;

/** The English texts to look for: exact texts and templates' patterns. */
export interface English {
  exact: Set<string>;
  patterns: RegExp[];
}

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
): Promise<English> {
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
    // i18next's `count` is a number: "{{count}} change" must not match the French "Taux de change".
    const parts = text.split(/(\{\{[^}]*\}\})/).map((part) => (part === '{{count}}' ? '[\\d\\s.,\u00a0\u202f]+' : part.startsWith('{{') ? '.+' : escapeRegExp(part)));
    patterns.push(new RegExp(`^${parts.join('')}$`));
  }
  return { exact, patterns };
}

/**
 * Data, not chrome: list cells, line cells, notes, the name a lookup shows of the record its code names, and a
 * report group's heading (its rows' values: an account's description).
 */
const DATA = '[role="row"][data-row-id] [role="gridcell"], td, textarea, [data-lookup-name], [data-report-heading]';

/**
 * The screen's texts: `chrome` (outside `data` and inputs, plus drop-down options and accessible names) and `all`
 * (with data and values).
 */
export async function textsOf(screen: Locator, data = DATA): Promise<{ chrome: string[]; all: string[] }> {
  const texts = await screen.evaluate((root, data) => {
    const chrome: string[] = [];
    const all: string[] = [];
    const visible = (element: Element) => (element as HTMLElement).getClientRects().length > 0;
    const isData = (element: Element) => element.closest(data) !== null;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !visible(parent)) continue;
      all.push(node.textContent ?? '');
      if (!parent.closest('select') && !isData(parent)) chrome.push(node.textContent ?? '');
    }
    // The values the user reads: not a date field's hidden ISO twin (aria-hidden, for the calendar).
    for (const input of root.querySelectorAll('input')) if (visible(input) && input.type !== 'hidden' && !input.closest('[aria-hidden="true"]')) all.push(input.value);
    for (const select of root.querySelectorAll('select')) if (visible(select)) for (const option of select.options) chrome.push(option.text);
    for (const element of root.querySelectorAll('[aria-label], [title], [placeholder], [aria-description]')) {
      if (!visible(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'aria-description']) chrome.push(element.getAttribute(name) ?? '');
    }
    return { chrome, all };
  }, data);
  return {
    chrome: texts.chrome
      .flatMap((text) => text.split(/ — |\n/))
      .map((text) => text.trim().replace(/\s*[:*]$/, '').trim())
      .filter((text) => /\p{L}/u.test(text)),
    all: texts.all,
  };
}

/** What is wrong on a translated screen now: English chrome texts and ISO dates, each named once. */
export async function leaks(screen: Locator, english: English): Promise<string[]> {
  const { chrome, all } = await textsOf(screen);
  const englishTexts = chrome.filter((text) => english.exact.has(text) || english.patterns.some((pattern) => pattern.test(text)));
  const isoDates = all.flatMap((text) => text.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? []);
  return [...new Set([...englishTexts.map((text) => `English: ${text}`), ...isoDates.map((date) => `ISO date: ${date}`)])];
}
