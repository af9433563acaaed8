/**
 * The AR definitions of h14a (setup and invoices, modules/ar/definitions): every lookup resolvable once the
 * module is registered, every label, option, section, state and message key they use in `modules/ar/modules/ar/locales/<lng>/ar.json`
 * in all four locales (real translations: not the English text), and the shape rules of §5 (sales rep id and
 * name, commission) and of account terms.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateRecord } from '@erp/shared/entities/validate';
import { entityByName, registerModule } from '@erp/shared/entities/index';
import { glModule } from '@erp/modules/gl/definitions/index';
import { shellModule } from '@erp/modules/shell/definitions/index';
import { arModule } from '../index.ts';
import { AR_INVOICE_ENTITIES } from '../../documents/invoice/definition.ts';
import { accountTerms, AR_SETUP_ENTITIES, salesRep } from './index.ts';

const LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'];

function flat(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k, into);
  return into;
}
const ar = (lng: string) => flat(JSON.parse(readFileSync(new URL(`../../locales/${lng}/ar.json`, import.meta.url), 'utf8')));
const mine = [...AR_SETUP_ENTITIES, ...AR_INVOICE_ENTITIES];

function keysOf(): Set<string> {
  const keys = new Set<string>(['ar:sales-taxes.title', 'ar:rules.billToInvalid', 'ar:rules.shipToInvalid', 'ar:rules.paymentPlusDiscount', 'ar:rules.discountDaysAfterNet', 'ar:rules.creditInvoiceOnly']);
  const add = (field: Record<string, unknown>) => {
    for (const key of ['labelKey', 'requiredKey', 'patternKey', 'minKey', 'maxKey', 'invalidKey', 'inactiveKey']) if (typeof field[key] === 'string') keys.add(field[key] as string);
    if (field['type'] === 'enum') for (const option of field['options'] as { labelKey: string }[]) keys.add(option.labelKey);
  };
  for (const def of mine) {
    keys.add(def.labelKey);
    for (const field of Object.values(def.fields)) {
      add(field as unknown as Record<string, unknown>);
      if (field.type === 'children') for (const child of Object.values(field.fields)) add(child as unknown as Record<string, unknown>);
    }
    for (const section of def.formLayout.sections) if (section.titleKey) keys.add(section.titleKey);
    for (const transition of def.states?.transitions ?? []) {
      keys.add(transition.labelKey);
      if (transition.confirmKey) keys.add(transition.confirmKey);
    }
  }
  return keys;
}

describe('AR setup and invoice definitions', () => {
  it('point every lookup at a registered entity', () => {
    registerModule(shellModule);
    registerModule(glModule);
    registerModule(arModule);
    for (const def of mine) {
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.type === 'lookup') expect(entityByName(field.entity), `${def.name}.${name}`).toBeDefined();
        if (field.type === 'children') for (const [childName, child] of Object.entries(field.fields)) if (child.type === 'lookup') expect(entityByName(child.entity), `${def.name}.${childName}`).toBeDefined();
      }
    }
  });

  it('have every key they use in all four locales, translated', () => {
    const wanted = [...keysOf()].filter((key) => key.startsWith('ar:')).map((key) => key.slice(3));
    const en = ar('en-CA');
    for (const lng of LOCALES) {
      const texts = ar(lng);
      expect(wanted.filter((key) => !texts.has(key)), lng).toEqual([]);
    }
    for (const lng of ['zh-CN', 'zh-TW']) {
      const texts = ar(lng);
      expect(wanted.filter((key) => texts.get(key) === en.get(key) && /[a-z]{3}/.test(en.get(key)!)), lng).toEqual([]);
    }
  });

  it('apply §5: sales rep id required ≤ 20, name required ≤ 50, commission not negative', () => {
    const errors = (input: Record<string, unknown>) => validateRecord(salesRep, input, 'create').errors.map((e) => `${e.field}:${e.key}`);
    expect(errors({ SalesRepId: 'SR99', Name: 'Ann' })).toEqual([]);
    expect(errors({ SalesRepId: '', Name: 'Ann' })).toEqual(['SalesRepId:ar:rules.salesRepId']);
    expect(errors({ SalesRepId: 'X'.repeat(21), Name: 'Ann' })).toEqual(['SalesRepId:ar:rules.salesRepId']);
    expect(errors({ SalesRepId: 'X'.repeat(20), Name: 'N'.repeat(51) })).toEqual(['Name:ar:rules.salesRepName']);
    expect(errors({ SalesRepId: 'SR99', Name: 'Ann', CommissionPercent: '-1' })).toEqual(['CommissionPercent:ar:rules.commissionNegative']);
    expect(validateRecord(accountTerms, { TermsCode: 'X', Description: 'x', NetDays: 10, DiscountDays: 11 }, 'create').errors.map((e) => e.key)).toEqual(['ar:rules.discountDaysAfterNet']);
  });
});
