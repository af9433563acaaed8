/**
 * The Order Entry definitions (issue 25): every lookup resolvable; every label, option, title and message key
 * the entities, reports and processes use — and the keys the server and screens name — in all four locales
 * (fr-CA, zh-CN and zh-TW real translations, not the English text; plural forms present); the shape rules
 * shared by the form and the server (overlapping price ranges, unknown email placeholders).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entityByName, registerModule } from '@erp/shared/entities/index';
import { shellModule } from '@erp/modules/shell/definitions/index';
import { glModule } from '@erp/modules/gl/definitions/index';
import { icModule } from '@erp/modules/ic/definitions/index';
import { oeModule } from './index.ts';
import { OE_PROCESSES, OE_REPORTS } from './reports.ts';
import { priceTableIssues } from './pricing/price-table.ts';
import { emailTemplate, fillPlaceholders } from './setup/email-template.ts';

const LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'];

function flat(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k, into);
  return into;
}
const strings = (lng: string) => flat(JSON.parse(readFileSync(new URL(`../locales/${lng}/oe.json`, import.meta.url), 'utf8')));

/** Keys the server and screens name outside the definitions (plural ones by their base). */
const NAMED = [
  'oe:pricing.why.none', 'oe:pricing.why.sku', 'oe:pricing.why.customer', 'oe:pricing.why.jobber', 'oe:pricing.why.default', 'oe:pricing.why.discount', 'oe:pricing.why.tariffs',
  'oe:rules.priceNotNegative', 'oe:rules.unknownCustomer', 'oe:rules.unknownProduct', 'oe:rules.changeNumber', 'oe:rules.nameRequired', 'oe:rules.rangeOverlap', 'oe:rules.rangeOrder', 'oe:rules.percentRange', 'oe:rules.unknownPlaceholder', 'oe:rules.expiryBeforeEffective',
  'oe:import.notXlsx', 'oe:import.noRows', 'oe:import.missingColumn', 'oe:import.tooManyRows', 'oe:import.productRequired', 'oe:import.badPriceType', 'oe:import.badNumber', 'oe:import.badDate',
  'oe:import.rangeOrder', 'oe:import.unknownProduct', 'oe:import.overlap', 'oe:import.percent', 'oe:import.refusedFile', 'oe:import.tableTitle', 'oe:import.listTitle', 'oe:import.tableHelp', 'oe:import.listHelp',
  'oe:import.file', 'oe:import.check', 'oe:import.export', 'oe:import.errors', 'oe:import.row', 'oe:import.column', 'oe:import.reason', 'oe:import.run', 'oe:import.preview',
  'oe:email-template.preview', 'oe:email-template.previewHeading', 'oe:email-template.placeholders',
  'oe:price-adjustments.negative', 'oe:price-adjustments.changed', 'oe:price-adjustments.done', 'oe:renew-price-table.badId', 'oe:renew-price-table.exists', 'oe:new-products-pricing.done',
];
const PLURALS = ['oe:import.refused', 'oe:import.ready', 'oe:import.done', 'oe:renew-price-table.done'];

function keysOf(): Set<string> {
  const keys = new Set<string>(NAMED);
  const add = (field: Record<string, unknown>) => {
    for (const key of ['labelKey', 'requiredKey', 'patternKey', 'minKey', 'maxKey', 'invalidKey', 'inactiveKey']) if (typeof field[key] === 'string') keys.add(field[key] as string);
    if (field['type'] === 'enum') for (const option of field['options'] as { labelKey: string }[]) keys.add(option.labelKey);
  };
  for (const def of oeModule.entities) {
    keys.add(def.labelKey);
    for (const field of Object.values(def.fields)) {
      add(field as unknown as Record<string, unknown>);
      if (field.type === 'children') for (const child of Object.values(field.fields)) add(child as unknown as Record<string, unknown>);
    }
  }
  for (const def of [...OE_REPORTS, ...OE_PROCESSES]) {
    keys.add(def.titleKey);
    for (const parameter of def.parameters) {
      keys.add(parameter.labelKey);
      for (const option of parameter.options ?? []) keys.add(option.labelKey);
    }
    for (const column of def.columns) {
      keys.add(column.labelKey);
      for (const option of column.options ?? []) keys.add(option.labelKey);
    }
    if ('confirmKey' in def && def.confirmKey) keys.add(def.confirmKey);
  }
  return new Set([...keys].filter((key) => key.startsWith('oe:')));
}

describe('Order Entry definitions', () => {
  it('point every lookup at a registered entity', () => {
    for (const module of [shellModule, glModule, icModule, oeModule]) registerModule(module);
    for (const def of oeModule.entities) {
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.type === 'lookup') expect(entityByName(field.entity), `${def.name}.${name}`).toBeDefined();
        if (field.type === 'children') for (const child of Object.values(field.fields)) if (child.type === 'lookup') expect(entityByName(child.entity), `${def.name}.${name}`).toBeDefined();
      }
    }
  });

  it('have every string in the four locales, translated', () => {
    const english = strings('en-CA');
    for (const lng of LOCALES) {
      const found = strings(lng);
      const plural = lng.startsWith('zh') ? ['_other'] : lng === 'fr-CA' ? ['_one', '_many', '_other'] : ['_one', '_other'];
      for (const key of keysOf()) {
        const path = key.slice('oe:'.length);
        expect(found.get(path), `${lng} ${key}`).toBeTruthy();
        // Chinese never reads as the English; French may share a word (Description, Active, Date).
        if (lng.startsWith('zh')) expect(found.get(path), `${lng} ${key} is translated`).not.toBe(english.get(path));
      }
      if (lng === 'fr-CA') expect([...found].filter(([path, text]) => english.get(path) === text).length).toBeLessThan(found.size / 8);
      for (const key of PLURALS) for (const form of plural) expect(found.get(`${key.slice(3)}${form}`), `${lng} ${key}${form}`).toBeTruthy();
    }
  });

  it('refuse overlapping quantity ranges of one product and price type, not of different ones', () => {
    const range = (ProductId: string | null, PriceType: string, FromQuantity: string, ToQuantity: string | null) => ({ ProductId, PriceType, FromQuantity, ToQuantity, Price: '1.0000' });
    expect(priceTableIssues({ Ranges: [range('A', 'Each', '1', '99'), range('A', 'Each', '100', null), range('A', 'Cwt', '1', null), range(null, 'Each', '1', null)] })).toEqual([]);
    expect(priceTableIssues({ Ranges: [range('A', 'Each', '1', '100'), range('a', 'Each', '100', null)] })).toEqual([{ field: 'Ranges[1].FromQuantity', key: 'oe:rules.rangeOverlap', params: { line: 2 } }]);
    expect(priceTableIssues({ Ranges: [range('A', 'Each', '10', '5')] })).toEqual([{ field: 'Ranges[0].ToQuantity', key: 'oe:rules.rangeOrder' }]);
  });

  it('know the email placeholders and fill them', () => {
    const rules = emailTemplate.rules ?? [];
    const issues = rules.flatMap((rule) => [rule({ Subject: 'Invoice {{InvoiceNo}}', Body: 'Hello {{Custmer}}' }, { mode: 'create', changed: new Set() }) ?? []].flat());
    expect(issues).toMatchObject([{ field: 'Body', key: 'oe:rules.unknownPlaceholder', params: { name: 'Custmer' } }]);
    expect(fillPlaceholders('Invoice {{ InvoiceNo }} for {{Amount}} {{Unknown}}', { InvoiceNo: 'INV-1', Amount: '9.99' }, 'en-CA')).toBe('Invoice INV-1 for 9.99 {{Unknown}}');
    // Issue 71 item 2: dates and amounts in the reader's language, whatever the template; codes and whole numbers as given.
    const values = { InvoiceNo: 'AR000312', DocumentDate: '2026-11-28', DueDate: '2026-12-28', Amount: '15324.33', PaymentNo: '10042' };
    const body = 'Invoice {{InvoiceNo}} dated {{DocumentDate}}, due {{DueDate}}: {{Amount}} (payment {{PaymentNo}})';
    expect(fillPlaceholders(body, values, 'en-CA')).toBe('Invoice AR000312 dated Nov 28, 2026, due Dec 28, 2026: 15,324.33 (payment 10042)');
    expect(fillPlaceholders(body, values, 'fr-CA')).toBe('Invoice AR000312 dated 28 nov. 2026, due 28 déc. 2026: 15\u00a0324,33 (payment 10042)');
  });
});
