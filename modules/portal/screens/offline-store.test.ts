import { describe, expect, it } from 'vitest';
import { ApiError } from '@erp/shared';
import { isOffline, mergedCart } from './offline-store.ts';

const line = (id: number, sku: string, price: number, quantity: number) => ({
  CartLineId: id,
  ProductId: sku,
  Description: sku,
  Unit: 'EA',
  Price: price,
  Quantity: quantity,
  Amount: Number((price * quantity).toFixed(2)),
});

describe('the cart offline (issue 69 item 4)', () => {
  it('merges the lines added on the device into the kept cart, in exact decimals', () => {
    const server = { BillToId: 'B100', Lines: [line(7, 'A-1', 0.1, 3)], LineCount: 1, Total: 0.3 };
    const cart = mergedCart('B100', server, [line(-1, 'A-1', 0.1, 4), line(-2, 'B-2', 0.2, 1)]);
    expect(cart.Lines.map((l) => [l.ProductId, l.Quantity, l.Amount])).toEqual([
      ['A-1', 7, 0.7],
      ['B-2', 1, 0.2],
    ]);
    // 0.7 + 0.2 is 0.9 here, not 0.8999999999999999.
    expect(cart.Total).toBe(0.9);
    expect(cart.LineCount).toBe(2);
    // The kept cart itself is not changed.
    expect(server.Lines[0]!.Quantity).toBe(3);
  });

  it('answers the device lines alone when nothing was kept', () => {
    expect(mergedCart('B200', null, [line(-1, 'C-3', 12.5, 2)])).toEqual({ BillToId: 'B200', Lines: [line(-1, 'C-3', 12.5, 2)], LineCount: 1, Total: 25 });
  });

  it('stands in a kept answer only when no answer came at all', () => {
    expect(isOffline(new ApiError(0, null, 'GET', 'PortalCart', null))).toBe(true);
    expect(isOffline(new ApiError(503, null, 'GET', 'PortalCart', null))).toBe(false);
    expect(isOffline(new Error('x'))).toBe(false);
  });
});
