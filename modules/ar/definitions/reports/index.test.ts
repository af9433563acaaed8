/**
 * The AR report definitions (index.ts): valid definitions (defineReport ran at import), every text key they
 * use present in the four languages (the shell's locales/<lng>/reports.json, the module's ar.json), nine aging buckets (§9: current + 8).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGING_BUCKETS, AR_REPORTS, arAgedTrialBalance } from './index.ts';

const LANGUAGES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'];

function texts(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') out.set(prefix, value);
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`, child);
  };
  walk('reports:', JSON.parse(readFileSync(new URL(`../../../../locales/${lng}/reports.json`, import.meta.url), 'utf8')));
  walk('ar:', JSON.parse(readFileSync(new URL(`../../locales/${lng}/ar.json`, import.meta.url), 'utf8')));
  return out;
}

describe('AR report definitions', () => {
  it('have every text in the four languages', () => {
    const keys = new Set<string>();
    for (const def of AR_REPORTS) {
      keys.add(def.titleKey);
      for (const p of def.parameters) {
        keys.add(p.labelKey);
        for (const o of p.options ?? []) keys.add(o.labelKey);
      }
      for (const c of def.columns) keys.add(c.labelKey);
    }
    keys.add('ar:reports.validation.customerInvalid');
    for (const lng of LANGUAGES) {
      const catalogue = texts(lng);
      const missing = [...keys].filter((key) => !catalogue.has(key));
      expect(missing, lng).toEqual([]);
    }
  });

  it('age in current + 8 periods (§9)', () => {
    expect(AGING_BUCKETS).toHaveLength(9);
    expect(arAgedTrialBalance.columns.filter((c) => (AGING_BUCKETS as readonly string[]).includes(c.field))).toHaveLength(9);
  });
});
