/**
 * Issue 74: a decimal PostgreSQL answers already in its wire form is answered as it is (db/decimal-codec.ts
 * `canonicalAt`): for any text and scale, `decimalFromRaw` answers exactly what rounding it answers.
 */
import { round } from '@erp/shared/decimal';
import { describe, expect, it } from 'vitest';
import { canonicalAt, decimalFromRaw } from '../src/db/decimal-codec.ts';

const TEXTS = [
  '0', '0.0', '0.00', '-0', '-0.00', '-0.01', '00.00', '01.50', '1.5', '1.50', '1.500', '1.505', '-1.505', '12345678901234.99',
  '-12345678901234.99', '10', '10.', '.50', '-', '', '1e3', ' 1.50', '1.50 ', '+1.50', '1,50', '100.00', '-100.00', '9.999', '0.005',
];

describe('a stored decimal answered as it is when already in its wire form', () => {
  it('answers what rounding answers, for every text and scale', () => {
    for (const scale of [0, 1, 2, 3, 4, 6]) {
      for (const text of TEXTS) {
        let rounded: string | Error;
        try {
          rounded = round(text, scale);
        } catch (error) {
          rounded = error as Error;
        }
        if (rounded instanceof Error) expect(() => decimalFromRaw(text, scale), `${text} at ${scale}`).toThrow();
        else expect(decimalFromRaw(text, scale), `${text} at ${scale}`).toBe(rounded);
        // Only texts rounding leaves as they are skip it.
        if (canonicalAt(text, scale)) expect(rounded, `${text} at ${scale}`).toBe(text);
      }
    }
  });

  it('takes PostgreSQL NUMERIC texts as they are', () => {
    expect(canonicalAt('1250.00', 2)).toBe(true);
    expect(canonicalAt('-0.50', 2)).toBe(true);
    expect(canonicalAt('0.00', 2)).toBe(true);
    expect(canonicalAt('7', 0)).toBe(true);
    expect(canonicalAt('1.5', 2)).toBe(false);
    expect(canonicalAt('-0.00', 2)).toBe(false);
  });
});
