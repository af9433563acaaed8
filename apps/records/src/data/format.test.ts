/** List cells: §9 dates and numbers in the browser's language; option labels for enum and set values. */
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@erp/shared/entities/define';
import { cellFormatter, isNumeric } from './format.ts';

const texts = { yes: 'Yes', no: 'No', label: (key: string) => `[${key}]` };

describe('cellFormatter', () => {
  it('writes decimals with the field scale in the given language', () => {
    const field: FieldDefinition = { type: 'decimal', scale: 2 };
    // Exact decimal strings (issue 12): every digit kept, even beyond a double's precision.
    expect(cellFormatter(field, 'en-CA', texts)('1234567.50')).toBe('1,234,567.50');
    expect(cellFormatter(field, 'en-CA', texts)('9999999999999.99')).toBe('9,999,999,999,999.99');
    // French (Canada) groups with a narrow no-break space and uses a decimal comma.
    expect(cellFormatter(field, 'fr-CA', texts)('1234567.50')).toMatch(/^1\s234\s567,50$/u);
    expect(cellFormatter(field, 'en-CA', texts)(null)).toBe('');
  });

  it('writes whole numbers and booleans', () => {
    expect(cellFormatter({ type: 'integer' }, 'en-CA', texts)(200001)).toBe('200,001');
    const flag = cellFormatter({ type: 'boolean' }, 'en-CA', texts);
    expect([flag(true), flag(false), flag(1), flag(0), flag(null)]).toEqual(['Yes', 'No', 'Yes', 'No', '']);
  });

  it('writes a calendar date on its own day whatever the time zone', () => {
    const format = cellFormatter({ type: 'date' }, 'en-CA', texts);
    expect(format('2024-03-01')).toBe(new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' }).format(new Date(2024, 2, 1)));
    expect(format('2024-03-01')).toContain('2024');
    expect(format('not a date')).toBe('not a date');
  });

  it('writes timestamps in the language, and leaves bad ones as they came', () => {
    const format = cellFormatter({ type: 'datetime' }, 'en-CA', texts);
    const iso = '2024-03-01T14:30:00.000Z';
    expect(format(iso)).toBe(new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)));
    expect(format('garbage')).toBe('garbage');
  });

  it('shows the translated labels of enum and set options, and unknown values as they are', () => {
    const terms: FieldDefinition = { type: 'enum', options: [{ value: 'NET30', labelKey: 'entities:firm.options.NET30' }] };
    expect(cellFormatter(terms, 'en-CA', texts)('NET30')).toBe('[entities:firm.options.NET30]');
    expect(cellFormatter(terms, 'en-CA', texts)('OTHER')).toBe('OTHER');
    const types: FieldDefinition = {
      type: 'set',
      options: [
        { value: 'bill-to', labelKey: 'b' },
        { value: 'vendor', labelKey: 'v' },
      ],
      storage: { kind: 'flags', columns: { 'bill-to': 'is_bill_to', vendor: 'is_vendor' } },
    };
    expect(cellFormatter(types, 'en-CA', texts)(['bill-to', 'vendor'])).toBe('[b], [v]');
  });

  it('knows which fields align right', () => {
    expect(isNumeric({ type: 'decimal' })).toBe(true);
    expect(isNumeric({ type: 'text' })).toBe(false);
  });
});

describe('integers that are identifiers (issue 21 item 4)', () => {
  it('writes a fiscal year (max under 10,000) without a group separator, a quantity with one', () => {
    expect(cellFormatter({ type: 'integer', min: 1001, max: 9998 } as FieldDefinition, 'fr-CA', texts)(2026)).toBe('2026');
    expect(cellFormatter({ type: 'integer' } as FieldDefinition, 'en-CA', texts)(12500)).toBe('12,500');
  });
});
