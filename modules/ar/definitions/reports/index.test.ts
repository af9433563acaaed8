/**
 * The AR report definitions (index.ts): valid definitions (defineReport ran at import), every text key they
 * use present in the four languages (the shell's locales/<lng>/reports.json, the module's ar.json), nine aging buckets (§9: current + 8).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defineReport } from '@erp/shared/reports/define';
import { AGING_BUCKETS, AR_ITEM_STATUSES, AR_ITEM_TYPES, AR_REPORTS, arAccountInquiry, arAccountStatement, arAgedTrialBalance } from './index.ts';

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
      for (const c of def.columns) {
        keys.add(c.labelKey);
        for (const o of c.options ?? []) keys.add(o.labelKey);
      }
      const document = def.group?.document;
      if (document) [document.summaryLabelKey, document.dateLabelKey].forEach((key) => keys.add(key));
    }
    // The mailed documents' words (pdf.ts): bill-to block and remittance stub.
    for (const key of ['billTo', 'customer', 'remittance', 'amountDue', 'amountEnclosed', 'labelled', 'page', 'printedOn']) keys.add(`reports:pdf.${key}`);
    keys.add('ar:reports.validation.customerInvalid');
    for (const lng of LANGUAGES) {
      const catalogue = texts(lng);
      const missing = [...keys].filter((key) => !catalogue.has(key));
      expect(missing, lng).toEqual([]);
    }
  });

  it('show item types and statuses by their labels, never the stored values (issue 21 items 4, 8)', () => {
    const typed = AR_REPORTS.flatMap((def) => def.columns.filter((c) => c.field === 'ItemType'));
    expect(typed.length).toBeGreaterThan(0);
    for (const column of typed) expect(column.options?.map((o) => o.value)).toEqual([...AR_ITEM_TYPES]);
    // A paid invoice shows as Paid in the inquiry (the server's Status of a closed invoice).
    expect(arAccountInquiry.columns.find((c) => c.field === 'Status')?.options?.map((o) => o.value)).toEqual([...AR_ITEM_STATUSES]);
    const en = texts('en-CA');
    const fr = texts('fr-CA');
    expect(en.get('ar:reports.itemStatuses.Paid')).toBe('Paid');
    expect(fr.get('ar:reports.itemTypes.Invoice')).toBe('Facture');
  });

  it('age in current + 8 periods (§9)', () => {
    expect(AGING_BUCKETS).toHaveLength(9);
    expect(arAgedTrialBalance.columns.filter((c) => (AGING_BUCKETS as readonly string[]).includes(c.field))).toHaveLength(9);
  });

  it('the statement is a document to mail: its aging summary is the aged trial balance’s buckets, its amount due the open balance', () => {
    const document = arAccountStatement.group?.document;
    expect(document).toMatchObject({ addressFields: ['FirmName', 'Address', 'CityLine'], summaryFields: [...AGING_BUCKETS], amountDueField: 'OpenBalance', dateParameter: 'StatementDate' });
    const agedLabels = new Map(arAgedTrialBalance.columns.map((c) => [c.field, c.labelKey]));
    for (const bucket of AGING_BUCKETS) expect(arAccountStatement.columns.find((c) => c.field === bucket)).toMatchObject({ hidden: true, total: true, labelKey: agedLabels.get(bucket) });
  });

  it('refuses a document whose fields are not the report’s', () => {
    const group = arAccountStatement.group!;
    const redefine = (document: object) => () => defineReport({ ...arAccountStatement, name: 'x-statement', group: { ...group, document: { ...group.document!, ...document } } });
    expect(redefine({ addressFields: ['Phone'] })).toThrow(/document field Phone is not a heading field/);
    expect(redefine({ notesField: 'DocumentNo' })).toThrow(/document field DocumentNo is not a heading field/);
    expect(redefine({ dateField: 'FirmName' })).toThrow(/dated by a parameter or by a heading field/);
    expect(redefine({ summaryFields: ['DocumentNo'] })).toThrow(/DocumentNo is neither a total column/);
    expect(redefine({ dateParameter: 'AsOfDate' })).toThrow(/date parameter AsOfDate/);
  });
});
