import { describe, expect, it } from 'vitest';
import { abs, add, cmp, div, fromUnits, isZero, mul, neg, parseDecimal, round, sub, sum, toFixedScale, toUnits } from './decimal.ts';

describe('parseDecimal', () => {
  it('accepts decimal strings and normalizes to the scale', () => {
    expect(parseDecimal('1250', { scale: 2 })).toEqual({ ok: true, value: '1250.00' });
    expect(parseDecimal('-0.5', { scale: 2 })).toEqual({ ok: true, value: '-0.50' });
    expect(parseDecimal('0012.10', { scale: 2 })).toEqual({ ok: true, value: '12.10' });
    expect(parseDecimal('-0', { scale: 2 })).toEqual({ ok: true, value: '0.00' });
    expect(parseDecimal('1.230000', { scale: 2 })).toEqual({ ok: true, value: '1.23' });
    expect(parseDecimal('0.123456', { precision: 12, scale: 6 })).toEqual({ ok: true, value: '0.123456' });
  });

  it('refuses numbers, booleans, exponents, infinities and blanks', () => {
    for (const bad of [12.5, 0, true, false, null, undefined, {}, [], '1e400', '1E2', 'Infinity', 'NaN', '', ' ', '1,000.00', '+1', '.5', '5.', '0x10']) {
      const result = parseDecimal(bad, { scale: 2 });
      expect(result.ok, String(bad)).toBe(false);
      if (!result.ok) expect(result.key).toBe('entities:validation.decimal');
    }
  });

  it('refuses more decimals than the scale', () => {
    expect(parseDecimal('0.001', { scale: 2 })).toEqual({ ok: false, key: 'entities:validation.decimalScale', params: { scale: 2 } });
  });

  it('refuses more integer digits than precision − scale', () => {
    expect(parseDecimal('9999999999999.99', { precision: 15, scale: 2 }).ok).toBe(true);
    expect(parseDecimal('10000000000000.00', { precision: 15, scale: 2 })).toEqual({
      ok: false,
      key: 'entities:validation.decimalPrecision',
      params: { digits: 13 },
    });
    expect(parseDecimal('1'.repeat(400), { scale: 2 }).ok).toBe(false);
  });
});

describe('arithmetic', () => {
  it('adds and subtracts exactly where binary floating point does not', () => {
    expect(add('0.10', '0.20')).toBe('0.30');
    expect(sub('0.30', '0.10')).toBe('0.20');
    expect(add('1.5', '-2.25')).toBe('-0.75');
    expect(add('99999999999999.99', '0.01')).toBe('100000000000000.00');
    expect(neg('1.00')).toBe('-1.00');
    expect(neg('0.00')).toBe('0.00');
    expect(abs('-3.10')).toBe('3.10');
  });

  it('rounds half-up away from zero', () => {
    expect(round('1.005', 2)).toBe('1.01');
    expect(round('-1.005', 2)).toBe('-1.01');
    expect(round('1.004', 2)).toBe('1.00');
    expect(round('2.5', 0)).toBe('3');
    expect(round('-2.5', 0)).toBe('-3');
    expect(round('7', 2)).toBe('7.00');
    expect(toFixedScale('3.14159', 4)).toBe('3.1416');
  });

  it('multiplies and divides with rounding to the asked scale', () => {
    expect(mul('3.3333', '3', 2)).toBe('10.00');
    expect(mul('19.99', '0.13', 2)).toBe('2.60'); // 2.5987
    expect(mul('0.05', '0.5', 2)).toBe('0.03'); // 0.025 half-up
    expect(mul('-0.05', '0.5', 2)).toBe('-0.03');
    expect(div('10.00', '3', 2)).toBe('3.33');
    expect(div('20.00', '3', 2)).toBe('6.67');
    expect(div('-1', '8', 2)).toBe('-0.13');
    expect(div('1', '0.000001', 0)).toBe('1000000');
    expect(() => div('1', '0', 2)).toThrow(RangeError);
  });

  it('compares, sums rounded lines and converts to units', () => {
    expect(cmp('1.10', '1.1')).toBe(0);
    expect(cmp('-1', '0.01')).toBe(-1);
    expect(cmp('2', '1.999')).toBe(1);
    expect(isZero('-0.000')).toBe(true);
    expect(sum(['0.005', '0.005', '0.005'], 2)).toBe('0.03'); // rounded per line, then summed
    expect(sum([], 2)).toBe('0.00');
    expect(toUnits('-12.34', 2)).toBe(-1234n);
    expect(fromUnits(-1234, 2)).toBe('-12.34');
    expect(fromUnits('5', 2)).toBe('0.05');
    expect(() => add('1e3', '1')).toThrow(TypeError);
  });
});

describe('locale text', () => {
  it('formats exactly in the user language and reads it back', async () => {
    const { parseLocaleDecimal } = await import('./decimal.ts');
    const { formatDecimal } = await import('./format.ts');
    expect(formatDecimal('1234567890123.45', 2, 'en-CA')).toBe('1,234,567,890,123.45');
    expect(formatDecimal('-0.5', 2, 'en-CA')).toBe('-0.50');
    expect(formatDecimal('1250.5', 2, 'fr-CA').replace(/\s/g, ' ')).toBe('1 250,50');
    expect(parseLocaleDecimal('1 250,50', 'fr-CA')).toBe('1250.50');
    expect(parseLocaleDecimal('1,250.50', 'en-CA')).toBe('1250.50');
    expect(parseLocaleDecimal('12abc', 'en-CA')).toBe(null);
  });
});
