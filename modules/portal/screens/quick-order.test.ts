import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, parseQuickOrder, quantityOf } from './quick-order.ts';

describe('parseQuickOrder', () => {
  it('reads SKU and quantity separated by spaces, tabs, commas or semicolons', () => {
    expect(parseQuickOrder('el-emt-075 12\nAL-6061-SH125\t3\nFS-HXB-1213,2\nEL-BOX-4SQ; 5').lines).toEqual([
      { sku: 'EL-EMT-075', quantity: 12 },
      { sku: 'AL-6061-SH125', quantity: 3 },
      { sku: 'FS-HXB-1213', quantity: 2 },
      { sku: 'EL-BOX-4SQ', quantity: 5 },
    ]);
  });

  it('merges duplicates at their first position and defaults the quantity to 1', () => {
    expect(parseQuickOrder('A1 2\nB2\n\n a1 3 \nb2').lines).toEqual([
      { sku: 'A1', quantity: 5 },
      { sku: 'B2', quantity: 2 },
    ]);
  });

  it('lists lines it cannot read', () => {
    const parsed = parseQuickOrder('A1 0\nB2 1.5\nC3 -2\nD4 2 extra\n<script> 1\nE5 100001\nF6 7');
    expect(parsed.invalid).toEqual(['A1 0', 'B2 1.5', 'C3 -2', 'D4 2 extra', '<script> 1', 'E5 100001']);
    expect(parsed.lines).toEqual([{ sku: 'F6', quantity: 7 }]);
  });
});

describe('quantityOf', () => {
  it('takes a whole number from 1 to the maximum and nothing else', () => {
    expect(quantityOf('1')).toBe(1);
    expect(quantityOf(String(MAX_QUANTITY))).toBe(MAX_QUANTITY);
    for (const text of ['0', '-2', '1.5', String(MAX_QUANTITY + 1), '', 'abc']) expect(quantityOf(text)).toBeNull();
  });
});
