// Issue 71 item 1: a record's address is its screen's route plus `?record=<key>`; the router reads the path alone.
import { describe, expect, it } from 'vitest';
import { hashPath, hashQuery } from './navigation.ts';
import { recordOfHash, recordPath, recordUrl } from './open-document.ts';

describe('record addresses', () => {
  it('put the record after the screen route, new records as new, the list as the route alone', () => {
    expect(recordPath('/novus-ar/ar-sales-order-entry', '1234')).toBe('/novus-ar/ar-sales-order-entry?record=1234');
    expect(recordPath('/novus-ar/ar-sales-order-entry/', null)).toBe('/novus-ar/ar-sales-order-entry?record=new');
    expect(recordPath('/novus-ar/ar-sales-order-entry', undefined)).toBe('/novus-ar/ar-sales-order-entry');
    expect(recordPath('/shell/firm', 'A&B/1')).toBe('/shell/firm?record=A%26B%2F1');
    expect(recordUrl('http://localhost:3000/', '/portal/invoice', '7')).toBe('http://localhost:3000/#/portal/invoice?record=7');
  });

  it('leave the route as the router reads it', () => {
    expect(hashPath('#/novus-ar/ar-sales-order-entry?record=1234')).toBe('/novus-ar/ar-sales-order-entry');
    expect(hashQuery('#/novus-ar/ar-sales-order-entry?record=1234')).toBe('?record=1234');
    expect(hashQuery('#/novus-ar/ar-sales-order-entry')).toBe('');
  });

  it("are read for their own screen only, whatever the route's case", () => {
    expect(recordOfHash('/novus-ar/ar-sales-order-entry', '#/NOVUS-AR/AR-Sales-Order-Entry?record=12')).toBe('12');
    expect(recordOfHash('/novus-ar/ar-sales-order-entry', '#/novus-ar/ar-sales-order-entry?record=new')).toBeNull();
    expect(recordOfHash('/novus-ar/ar-sales-order-entry', '#/novus-ar/ar-sales-order-entry')).toBeUndefined();
    expect(recordOfHash('/novus-ar/ar-sales-order-entry', '#/novus-po/po-entry?record=12')).toBeUndefined();
    expect(recordOfHash('/shell/firm', '#/shell/firm?record=A%26B%2F1')).toBe('A&B/1');
  });
});
