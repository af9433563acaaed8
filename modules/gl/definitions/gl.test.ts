/**
 * The GL module's definitions (modules/gl/definitions): registered into the one entity registry beside the
 * shell's own, every lookup resolvable, every label and message key in `modules/gl/modules/gl/locales/<lng>/gl.json` in all four
 * locales, the §5 natural-account rule and the bank account limits of §5/§9.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateRecord } from '@erp/shared/entities/validate';
import { allEntities, entityByName, registerModule, registeredModules } from '@erp/shared/entities/index';
import { bankAccount, glAccount, glModule } from './index.ts';

const LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'];

function flat(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k, into);
  return into;
}
const gl = (lng: string) => flat(JSON.parse(readFileSync(new URL(`../locales/${lng}/gl.json`, import.meta.url), 'utf8')));

describe('GL module', () => {
  it('registers once into the shared registry; a second module with a taken name is refused', () => {
    registerModule(glModule);
    registerModule(glModule);
    expect(registeredModules().filter((module) => module.name === 'gl')).toHaveLength(1);
    expect(entityByName('gl-account')).toBe(glAccount);
    expect(allEntities().filter((def) => def.name === 'bank-account')).toHaveLength(1);
    expect(() => registerModule({ ...glModule })).toThrow(/registered twice/);
    expect(() => registerModule({ name: 'other', namespace: 'x', entities: [glAccount] as never })).toThrow(/already registered/);
  });

  it('points every lookup at a registered entity and keeps its strings in the gl namespace', () => {
    registerModule(glModule);
    for (const def of glModule.entities) {
      expect(def.namespace).toBe('gl');
      expect(def.labelKey).toBe(`gl:${def.name}.title`);
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.type === 'lookup') expect(entityByName(field.entity), `${def.name}.${name}`).toBeDefined();
      }
    }
  });

  it('has every key it uses in all four locales, the same keys in each', () => {
    const keys = new Set<string>();
    for (const def of glModule.entities) {
      keys.add(def.labelKey);
      for (const field of Object.values(def.fields)) {
        keys.add(field.labelKey);
        for (const key of ['requiredKey', 'patternKey', 'minKey', 'maxKey', 'invalidKey', 'inactiveKey', 'helpKey'] as const) {
          const value = (field as unknown as Record<string, unknown>)[key];
          if (typeof value === 'string') keys.add(value);
        }
        if (field.type === 'enum') for (const option of field.options) keys.add(option.labelKey);
      }
      for (const section of def.formLayout.sections) if (section.titleKey) keys.add(section.titleKey);
    }
    keys.add('gl:user-codes.title');
    const en = gl('en-CA');
    const wanted = [...keys].filter((key) => key.startsWith('gl:')).map((key) => key.slice(3));
    expect(wanted.filter((key) => !en.has(key))).toEqual([]);
    // The same keys up to plural forms, which follow each language's rules (shared/src/locales.test.ts checks them).
    const stems = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    for (const lng of LOCALES.slice(1)) expect(stems(gl(lng).keys()), lng).toEqual(stems(en.keys()));
  });

  it('refuses a 9-digit natural account with the §5 key, accepts 1 to 8 digits', () => {
    const check = (AccountId: string) =>
      validateRecord(glAccount as never, { AccountId, Description: 'x', AccountType: 'asset' }, 'create').errors.map((issue) => issue.key);
    expect(check('123456789')).toEqual(['gl:rules.naturalAccount']);
    expect(check('12a')).toEqual(['gl:rules.naturalAccount']);
    expect(check('1')).toEqual([]);
    expect(check('12345678')).toEqual([]);
  });

  it('applies the bank account limits of §5 and §9', () => {
    const issues = (record: Record<string, unknown>) =>
      validateRecord(bankAccount as never, { BankAccountId: 'OPS', Name: 'Ops', GlAccountId: '1000', EftStatus: 'Active', ...record }, 'create').errors.map(
        (issue) => `${issue.field}:${issue.key}`,
      );
    expect(issues({})).toEqual([]);
    expect(issues({ BankAccountId: 'X'.repeat(21) })).toEqual(['BankAccountId:entities:validation.maxLength']);
    expect(issues({ BankAccountId: '' })).toEqual(['BankAccountId:gl:bank-account.rules.idRequired']);
    expect(issues({ Name: 'N'.repeat(51) })).toEqual(['Name:entities:validation.maxLength']);
    expect(issues({ AccountName: 'N'.repeat(51) })).toEqual(['AccountName:entities:validation.maxLength']);
    expect(issues({ GlAccountId: null })).toEqual(['GlAccountId:gl:bank-account.rules.glAccountRequired']);
    expect(issues({ EftStatus: null })).toEqual(['EftStatus:gl:bank-account.rules.eftStatusRequired']);
  });
});
