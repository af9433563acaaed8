/** Issue 16 item 3: one formatting module, in the shell's language, exact for decimals. */
import { afterEach, describe, expect, it } from 'vitest';
import { bus } from './bus.ts';
import {
  localValues,
  dateFormat,
  displayLocale,
  formatCalendarDate,
  formatDateTime,
  formatDecimal,
  formatInteger,
  formatMoney,
  localDates,
  numberFormat,
} from './format.ts';

/** Intl separates groups with (narrow) no-break spaces in French; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => bus.language$.next('en-CA'));

describe('format', () => {
  it('writes amounts as the language does (fr-CA: 250 000,00 $)', () => {
    bus.language$.next('fr-CA');
    expect(plain(formatMoney('250000'))).toBe('250 000,00 $');
    expect(plain(formatDecimal('250000', 2))).toBe('250 000,00');
    expect(plain(formatInteger(1234567))).toBe('1 234 567');
    bus.language$.next('en-CA');
    expect(formatMoney('250000')).toBe('$250,000.00');
    expect(formatDecimal(1234.5, 3)).toBe('1,234.500');
    expect(formatMoney('12.5', 'CAD', 'zh-CN')).toBe('CA$12.50');
  });

  it('keeps every digit of a decimal given as text', () => {
    expect(formatDecimal('12345678901234567.25', 2, 'en-CA')).toBe('12,345,678,901,234,567.25');
    expect(formatDecimal('0.10', 2, 'en-CA')).toBe('0.10');
    expect(formatDecimal('-3.456', 2, 'en-CA')).toBe('-3.46');
  });

  it('rounds half away from zero on the text, as decimal.ts round() does (one formatter for screens and PDF)', async () => {
    const { round } = await import('./decimal.ts');
    for (const value of ['1.005', '-1.005', '2.675', '0.125', '-0.125', '1234567890123.455']) {
      expect(formatDecimal(value, 2, 'en-CA').replace(/,/g, ''), value).toBe(round(value, 2));
    }
    expect(formatDecimal('1250.5', 2, 'en-CA', false)).toBe('1250.50');
    expect(formatDecimal('1250.5', 2, 'en-CA')).toBe('1,250.50');
  });

  it('writes what is not a number as given', () => {
    expect(formatDecimal(null)).toBe('');
    expect(formatDecimal(undefined)).toBe('');
    expect(formatDecimal('n/a')).toBe('n/a');
    expect(formatMoney(Number.NaN)).toBe('NaN');
  });

  it('has one date format per language and never moves a calendar date', () => {
    expect(formatCalendarDate('2026-03-01', 'en-CA')).toBe('Mar 1, 2026');
    expect(formatCalendarDate('2026-03-01', 'fr-CA')).toBe('1 mars 2026');
    expect(formatCalendarDate('2026-03-01', 'zh-CN')).toBe('2026年3月1日');
    expect(formatCalendarDate(new Date(2026, 2, 1), 'zh-TW')).toBe('2026年3月1日');
    bus.language$.next('fr-CA');
    expect(formatCalendarDate('2026-03-01')).toBe('1 mars 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
    expect(formatDateTime('2026-03-01T14:05:00')).toContain('1 mars 2026');
  });

  it('follows the shell language and reuses its formatters', () => {
    bus.language$.next('zh-TW');
    expect(displayLocale()).toBe('zh-TW');
    expect(numberFormat('fr-CA', { maximumFractionDigits: 0 })).toBe(numberFormat('fr-CA', { maximumFractionDigits: 0 }));
    expect(dateFormat('fr-CA')).toBe(dateFormat('fr-CA'));
    expect(numberFormat('fr-CA')).not.toBe(numberFormat('en-CA'));
  });
});

describe('localDates (issue 21 item 7: dates inside messages)', () => {
  it("writes a message's calendar dates in the language's style and leaves the rest, and an impossible date, as given", () => {
    const params = { start: '2041-03-01', count: 2, journal: 'GL 7', typed: '2026-02-30' };
    expect(localDates(params, 'en-CA')).toEqual({ start: 'Mar 1, 2041', count: 2, journal: 'GL 7', typed: '2026-02-30' });
    expect(localDates(params, 'fr-CA')['start']).toBe('1 mars 2041');
    expect(localDates(params, 'zh-CN')['start']).toBe('2041年3月1日');
    const none = { count: 1 };
    expect(localDates(none, 'fr-CA')).toBe(none);
  });
});

describe('localValues (issue 71 item 2: what fills an e-mail template)', () => {
  const values = { DocumentDate: '2026-11-28', Amount: '15324.33', Rate: '1.375000', ChequeNo: '1001', InvoiceNo: 'AR000312', Typed: '2026-02-30' };
  it('writes dates and decimal texts as the language does, exactly, and leaves codes and whole numbers', () => {
    expect(localValues(values, 'en-CA')).toEqual({ DocumentDate: 'Nov 28, 2026', Amount: '15,324.33', Rate: '1.375000', ChequeNo: '1001', InvoiceNo: 'AR000312', Typed: '2026-02-30' });
    expect(localValues(values, 'fr-CA')).toEqual({ DocumentDate: '28 nov. 2026', Amount: '15\u00a0324,33', Rate: '1,375000', ChequeNo: '1001', InvoiceNo: 'AR000312', Typed: '2026-02-30' });
    expect(localValues({ Amount: '123456789012345678.99' }, 'en-CA').Amount).toBe('123,456,789,012,345,678.99');
  });
});
