/**
 * The GL report definitions' enumerations (issue 21 item 4): the trial balance's account type is shown by its
 * label in the user's language ("Actif", never "asset"), with a label for every account type in the four languages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../gl-account.ts';
import { trialBalance } from './index.ts';

const LANGUAGES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'];

function label(lng: string, key: string): unknown {
  const catalogue = JSON.parse(readFileSync(new URL(`../../locales/${lng}/gl.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  return key
    .replace(/^gl:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

describe('GL report definitions', () => {
  it('the trial balance names account types in the user’s language', () => {
    const options = trialBalance.columns.find((c) => c.field === 'AccountType')?.options ?? [];
    expect(options.map((o) => o.value)).toEqual([...ACCOUNT_TYPES]);
    for (const lng of LANGUAGES) for (const o of options) expect(typeof label(lng, o.labelKey), `${lng} ${o.labelKey}`).toBe('string');
    expect(label('fr-CA', options[0]!.labelKey)).toBe('Actif');
  });
});
