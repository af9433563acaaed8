/**
 * Issue 41: the firm as users see it once every module's extensions are in (the unit tests' set-up registers them as
 * every page does, modules/unit-setup.ts) — the Receivables, Order Entry and Payables fields where the screen has
 * always had them (form rows, list columns and their totals, filters, the sales rep index), with their strings in
 * the owning module's namespace, in all four locales, and the same English texts as before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultMessage } from '@erp/shared/entities/messages';
import { moduleDir, moduleManifests } from '../../manifests.ts';
import type { AnyEntity } from '@erp/shared/entities/define';
import { firm as shellFirm } from './firm.ts';

const firm = shellFirm as unknown as AnyEntity;

const LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'] as const;

function flatten(prefix: string, value: unknown, into: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, child, into);
  return into;
}

/** The text of a namespaced key in `lng`, read from the file of the module owning the namespace. */
function text(key: string, lng: string): string | undefined {
  const [namespace, bare] = key.split(':') as [string, string];
  const manifest = moduleManifests().find((candidate) => candidate.namespace === namespace)!;
  const file = join(moduleDir(manifest.name), 'locales', lng, `${namespace}.json`);
  return flatten('', JSON.parse(readFileSync(file, 'utf8')), new Map()).get(bare);
}

const MOVED: Record<string, [string, string]> = {
  AccountTerms: ['ar', 'Account terms'],
  CreditLimit: ['ar', 'Credit limit'],
  SalesRep: ['ar', 'Sales rep'],
  CommissionPercent: ['ar', 'Commission percent'],
  IsSalesManager: ['ar', 'Is Sales Manager'],
  CardHolderName: ['ar', 'Cardholder name'],
  CardType: ['ar', 'Card type'],
  CardLast4: ['ar', 'Last 4 digits'],
  CardExpiry: ['ar', 'Expiry (MM/YY)'],
  DiscountTable: ['oe', 'Discount table'],
  ApFirmId: ['ap', 'AP firm id'],
};

describe('the firm with the modules’ extensions', () => {
  it('lays the form out as it always was', () => {
    expect(firm.formLayout.sections.map((section) => [section.titleKey ?? null, section.rows])).toEqual([
      [null, [['FirmId', 'Name'], ['FirmTypes', 'IsActive'], ['BillToId', 'JobberFirmId']]],
      ['entities:sections.address', [['Address'], ['City', 'ProvinceCode', 'PostalCode'], ['Phone', 'Email'], ['Language']]],
      ['ar:firm.sections.accounting', [['AccountTerms', 'CreditLimit'], ['DiscountTable', 'SalesRep'], ['ApFirmId', 'CommissionPercent']]],
      ['ar:firm.sections.creditCard', [['CardHolderName', 'CardType'], ['CardLast4', 'CardExpiry']]],
      ['entities:sections.flags', [['ForExternalUsers', 'IsSalesManager']]],
      ['entities:sections.notes', [['Notes']]],
      ['entities:sections.contacts', [['Contacts']]],
    ]);
  });

  it('lists, filters and indexes as it always did', () => {
    expect(firm.listColumns.map(({ field, visible, total, width }) => [field, visible, total ?? null, width ?? null])).toEqual([
      ['FirmId', true, null, 110],
      ['Name', true, null, 280],
      ['City', true, null, null],
      ['ProvinceCode', true, null, 70],
      ['Phone', true, null, null],
      ['BillToId', true, null, null],
      ['SalesRep', true, null, null],
      ['CreditLimit', true, 'sum', null],
      ['IsActive', true, null, null],
      ['Email', false, null, null],
      ['AccountTerms', false, null, null],
      ['CommissionPercent', false, null, null],
      ['JobberFirmId', false, null, null],
      ['PostalCode', false, null, null],
      ['ForExternalUsers', false, null, null],
      ['IsSalesManager', false, null, null],
    ]);
    // Placement is the extension's, not a key of the definition.
    for (const column of firm.listColumns) expect(Object.keys(column)).not.toContain('before');
    expect(firm.filters.map((filter) => `${filter.field} ${filter.op}`)).toEqual([
      'FirmTypes eq',
      'IsActive eq',
      'ProvinceCode eq',
      'SalesRep eq',
      'BillToId eq',
      'Name contains',
      'City startsWith',
      'CreditLimit range',
    ]);
    expect(firm.indexes).toEqual([['ProvinceCode', 'Name'], ['SalesRep', 'Name']]);
    expect(firm.fields['AccountTerms']).toMatchObject({ type: 'lookup', entity: 'account-terms', column: 'account_terms' });
    expect(firm.fields['DiscountTable']).toMatchObject({ type: 'lookup', entity: 'discount-table', column: 'discount_table' });
    expect(firm.fields['SalesRep']).toMatchObject({ type: 'lookup', entity: 'sales-rep', column: 'sales_rep' });
  });

  it('keeps each moved string in its module’s namespace, in all four locales, with the English texts users know', () => {
    for (const [field, [namespace, english]] of Object.entries(MOVED)) {
      const definition = firm.fields[field]!;
      expect(definition.labelKey, field).toBe(`${namespace}:firm.fields.${field}`);
      expect(text(definition.labelKey, 'en-CA'), field).toBe(english);
    }
    const keys = [
      ...Object.keys(MOVED).map((field) => firm.fields[field]!.labelKey),
      'ar:firm.options.VISA',
      'ar:firm.options.MC',
      'ar:firm.options.AMEX',
      'ar:firm.sections.accounting',
      'ar:firm.sections.creditCard',
      'ar:rules.commissionNegative',
      'ap:firm.rules.apFirmIdNegative',
    ];
    for (const lng of LOCALES) expect(keys.filter((key) => text(key, lng) === undefined), lng).toEqual([]);
    expect(text('ar:firm.sections.creditCard', 'en-CA')).toBe('Credit card');
    // The English defaults the extensions register are the en-CA texts.
    for (const key of ['ar:rules.commissionNegative', 'ap:firm.rules.apFirmIdNegative']) expect(defaultMessage(key)).toBe(text(key, 'en-CA'));
  });
});
