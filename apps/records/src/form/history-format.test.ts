/**
 * Issue 42 item 4: the History view's sentences (history-format.ts) with the real firm definition — labels from
 * the definition, values as the form writes them (decimals in the language, option labels, Yes/No, a looked-up
 * name beside its code), a removed line with the values it had, a masked value never shown.
 */
import { describe, expect, it } from 'vitest';
import { firm } from '../../../../modules/shell/definitions/index.ts';
import type { AnyEntity } from '../../../../shared/src/entities/define.ts';
import { changeText, type HistoryText } from './history-format.ts';

const FIRM = firm as unknown as AnyEntity;
const LABELS: Record<string, string> = {
  'entities:firm.fields.Name': 'Name',
  // Receivables' field of the firm (issue 41: modules/ar/definitions/firm.ts).
  'ar:firm.fields.CreditLimit': 'Credit limit',
  'entities:firm.fields.FirmTypes': 'Firm types',
  'entities:firm.fields.BillToId': 'Bill-to',
  'entities:firm.options.vendor': 'Vendor',
  'entities:firm.options.ship-to': 'Ship-to',
};
const interpolate = (text: string, params: Record<string, unknown> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key]));
const ctx: HistoryText = {
  tr: (key, fallback, params) => interpolate(LABELS[key] ?? fallback, params),
  language: 'en-CA',
  texts: { yes: 'Yes', no: 'No', label: (key) => LABELS[key] ?? key },
};

describe('History sentences', () => {
  it('a field from → to, decimals in the language, a looked-up name beside its code', () => {
    expect(changeText(FIRM, { Kind: 'field', Field: 'CreditLimit', Old: '5000.00', New: '7500.00' }, ctx)).toBe('Credit limit: 5,000.00 → 7,500.00');
    expect(changeText(FIRM, { Kind: 'field', Field: 'BillToId', Old: null, New: 'B100', NewName: 'Northshore Metals' }, ctx)).toBe('Bill-to: (blank) → B100 (Northshore Metals)');
    expect(changeText(FIRM, { Kind: 'field', Field: 'Name', Old: null, New: 'Acme' }, ctx, true)).toBe('Name: Acme');
  });

  it('a set by the options added and removed, with their labels', () => {
    expect(changeText(FIRM, { Kind: 'set', Field: 'FirmTypes', Added: ['vendor'], Removed: ['ship-to'] }, ctx)).toBe('Firm types: added Vendor; removed Ship-to');
  });

  it('lines by position: changed, added with their values, removed with the values they had', () => {
    expect(changeText(FIRM, { Kind: 'line', Field: 'Contacts', Line: 3, Action: 'update', Changes: [{ Kind: 'field', Field: 'Name', Old: 'Ann', New: 'Anne' }] }, ctx)).toBe('Line 3: Name: Ann → Anne');
    expect(changeText(FIRM, { Kind: 'line', Field: 'Contacts', Line: 2, Action: 'insert', Changes: [{ Kind: 'field', Field: 'IsPrimary', Old: null, New: true }] }, ctx)).toBe('Line 2 added: Is Primary: Yes');
    expect(changeText(FIRM, { Kind: 'line', Field: 'Contacts', Line: 1, Action: 'delete', Changes: [{ Kind: 'field', Field: 'Name', Old: 'Bob', New: null }] }, ctx)).toBe('Line 1 removed: Name: Bob');
  });

  it('a masked value only says that it changed', () => {
    expect(changeText(FIRM, { Kind: 'field', Field: 'Name', Old: null, New: null, Masked: true }, ctx)).toBe('Name changed (the value is not kept)');
  });

  it('a value withheld by rights says it is not shown, not that it is not kept', () => {
    expect(changeText(FIRM, { Kind: 'field', Field: 'Name', Old: null, New: null, Masked: true, Withheld: true }, ctx)).toBe('Name changed (not shown to you)');
  });
});
