/**
 * Issue 40 item 9: no English in a French or Chinese screen.
 *
 * - Every message key the server can answer — every `<namespace>:<key>` the server, the modules' server code and
 *   definitions and the entity framework name — that has an en-CA text has fr-CA, zh-CN and zh-TW texts of
 *   their own: not the English (words French shares with English and brand names aside, codes and numbers
 *   aside), and Chinese written in Chinese.
 * - The server answers in the language of the call (the shell's `Accept-Language`, i18n/caller-language.ts),
 *   not only the language stored on the users row: a clerk whose screen is French reads "Enregistré." even if
 *   the row still says en-CA ("Saved.", "Order SO100013 committed." stayed English so).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeFile } from '../src/i18n/locale-files.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OTHERS = ['fr-CA', 'zh-CN', 'zh-TW'] as const;

/** Words written the same in French as in English (a French text may equal the English when made only of them). */
const SAME_IN_FRENCH = new Set(['total', 'document', 'date', 'description', 'classification', 'dimensions', 'logo', 'options', 'option', 'notes', 'standard', 'service']);
/** Brand names, the same in every language. */
const BRANDS = new Set(['visa', 'mastercard', 'american', 'express']);

function sources(dir: string, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.spec.ts')) out.push(path);
  }
  return out;
}

/** Every full message key the server's code names (`'so:sales-order.result.committed'`). */
function serverKeys(): Set<string> {
  const modules = readdirSync(join(ROOT, 'modules')).filter((name) => statSync(join(ROOT, 'modules', name)).isDirectory());
  const files = [
    ...sources(join(ROOT, 'server', 'src')),
    ...sources(join(ROOT, 'shared', 'src', 'entities')),
    // A rule-heavy document's definition and server code sit together in documents/<doc>/ (issue 73 item 5).
    ...modules.flatMap((module) => ['server', 'definitions', 'documents'].flatMap((folder) => sources(join(ROOT, 'modules', module, folder)))),
  ];
  const keys = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['"`]([a-z][a-z0-9-]*):([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)['"`]/g)) keys.add(`${match[1]}:${match[2]}`);
  }
  return keys;
}

const files = new Map<string, unknown>();
function text(locale: string, key: string): string | undefined {
  const colon = key.indexOf(':');
  const namespace = key.slice(0, colon);
  const id = `${locale}/${namespace}`;
  if (!files.has(id)) {
    const file = localeFile(locale, namespace);
    files.set(id, file ? JSON.parse(readFileSync(file, 'utf8')) : null);
  }
  let node = files.get(id);
  for (const part of key.slice(colon + 1).split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The words of an English text a reader must see translated: placeholders, codes (GST, EFT) and numbers aside. */
function words(english: string): string[] {
  return (english.replace(/\{\{[^}]*\}\}/g, '').match(/[A-Za-z]{2,}/g) ?? []).filter((word) => word !== word.toUpperCase()).map((word) => word.toLowerCase());
}

describe('every message the server can answer is translated', () => {
  const keys = serverKeys();

  it('finds the messages (the scan is not empty)', () => {
    expect(keys.size).toBeGreaterThan(300);
    expect(keys.has('so:sales-order.result.committed')).toBe(true);
    expect(keys.has('ap:ap-payment-batch.result.printed')).toBe(true);
  });

  it('has fr-CA, zh-CN and zh-TW texts of its own for each', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const key of keys) {
      // A key and its i18next plural forms.
      for (const variant of [key, `${key}_one`, `${key}_other`]) {
        const english = text('en-CA', variant);
        if (english === undefined) continue;
        checked += 1;
        const toTranslate = words(english);
        if (toTranslate.length === 0) continue;
        for (const locale of OTHERS) {
          const translated = text(locale, variant) ?? (variant.endsWith('_one') && locale !== 'fr-CA' ? text(locale, `${key}_other`) : undefined);
          if (translated === undefined) {
            wrong.push(`${locale} ${variant}: missing (en-CA "${english}")`);
            continue;
          }
          const shared = locale === 'fr-CA' ? (word: string) => SAME_IN_FRENCH.has(word) || BRANDS.has(word) : (word: string) => BRANDS.has(word);
          if (translated === english && !toTranslate.every(shared)) wrong.push(`${locale} ${variant}: the English "${english}"`);
          if (locale !== 'fr-CA' && !/[\u4e00-\u9fff]/.test(translated) && !toTranslate.every(shared)) wrong.push(`${locale} ${variant}: not Chinese "${translated}"`);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });
});

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  // admin's stored language is en-CA.
  token = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

async function createCountry(language?: string) {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/data/country',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(language ? { 'accept-language': language } : {}) },
    payload: JSON.stringify({ CountryCode: 'ZQ' }),
  });
  return answer.json() as { Message: string };
}

describe('the server answers in the language of the call', () => {
  it.each(OTHERS)('%s: a refusal, though the stored language is en-CA', async (language) => {
    const english = await createCountry();
    expect(english.Message).toMatch(/ is required\.$/);
    const answer = await createCountry(language);
    expect(answer.Message).not.toBe(english.Message);
    expect(answer.Message).toMatch(language === 'fr-CA' ? / est obligatoire\.$/ : /[\u4e00-\u9fff]/);
  });

  it('keeps the stored language in the profile (the call\'s language is not stored)', async () => {
    const profile = await server.app.inject({ method: 'GET', url: '/api/shell/profile', headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr-CA' } });
    expect(profile.statusCode).toBe(200);
    expect((profile.json() as { language: string | null }).language).toBe('en-CA');
  });
});
