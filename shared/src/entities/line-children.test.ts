/**
 * A line's own child rows (definition `lineChildren`, issue 12 item 2): defineEntity normalizes and
 * checks them; validateRecord checks every child field, refuses unknown fields and applies the
 * definition's `sumEquals` rule with exact decimals (the same check the server runs).
 */
import { describe, expect, it } from 'vitest';
import type { ChildrenField, LineChildrenDefinition } from './define.ts';
import { unitDocument } from './unit-document.ts';
import { validateRecord } from './validate.ts';

function definition(lots: Partial<LineChildrenDefinition> = {}, lines = true) {
  return unitDocument('lots', {
    lines,
    fields: {
      LineId: { type: 'integer' },
      Quantity: { type: 'decimal', precision: 12, scale: 3, required: true },
    },
    lineChildren: {
      Lots: {
        table: 'unit_lot_lots',
        parentColumn: 'line_id',
        key: 'LotId',
        fields: { LotId: { type: 'integer' }, LotNo: { type: 'text', required: true, maxLength: 10 }, Quantity: { type: 'decimal', precision: 12, scale: 3 } },
        sumEquals: { childField: 'Quantity', lineField: 'Quantity' },
        ...lots,
      },
    },
  });
}

describe('defineEntity lineChildren', () => {
  it('normalizes child fields with labels and columns', () => {
    const lots = (definition().fields.Lines as ChildrenField).lineChildren!.Lots!;
    expect(lots.fields.LotNo).toMatchObject({ labelKey: 'entities:unit-lots.Lines.Lots.fields.LotNo', column: 'lot_no' });
  });

  it('refuses a bad key, a sum rule over unknown or non-number fields, and child rows on a non-lines collection', () => {
    expect(() => definition({ key: 'Nope' })).toThrow(/key Nope/);
    expect(() => definition({ sumEquals: { childField: 'LotNo', lineField: 'Quantity' } })).toThrow(/childField/);
    expect(() => definition({ sumEquals: { childField: 'Quantity', lineField: 'Missing' } })).toThrow(/lineField/);
    expect(() => definition({}, false)).toThrow(/lines collection/);
    // onlyWhen names a lookup of the line (issue 21 item 5): Quantity is none, Missing no field.
    expect(() => definition({ onlyWhen: { field: 'Quantity', mark: 'TrackLot' } })).toThrow(/onlyWhen field Quantity/);
    expect(() => definition({ onlyWhen: { field: 'Missing', mark: 'TrackLot' } })).toThrow(/onlyWhen field Missing/);
  });
});

describe('validateRecord with lineChildren', () => {
  const def = definition();
  const check = (lots: unknown, quantity = '5') => validateRecord(def, { Lines: [{ Quantity: quantity, Lots: lots }] }, 'create');

  it('accepts rows that add up exactly and normalizes decimals', () => {
    const result = check([{ LotNo: 'A', Quantity: '2.5' }, { LotNo: 'B', Quantity: '2.500' }]);
    expect(result.errors).toEqual([]);
    expect((result.value.Lines as Record<string, unknown>[])[0]!.Lots).toEqual([
      { LotId: null, LotNo: 'A', Quantity: '2.500' },
      { LotId: null, LotNo: 'B', Quantity: '2.500' },
    ]);
    // No child rows: nothing to add up.
    expect(check([]).ok).toBe(true);
  });

  it('refuses rows that do not add up, with the sums in the message', () => {
    const result = check([{ LotNo: 'A', Quantity: '2.5' }, { LotNo: 'B', Quantity: '2.499' }]);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      expect.objectContaining({ field: 'Lines[0].Lots', key: 'entities:validation.lineChildrenSum', params: { sum: '4.999', expected: '5.000' } }),
    ]);
  });

  it('refuses unknown child fields, missing required child fields and a non-list', () => {
    expect(check([{ LotNo: 'A', Quantity: '5', Extra: 1 }]).errors.map((e) => e.key)).toEqual(['entities:validation.unknownField']);
    expect(check([{ Quantity: '5' }]).errors.map((e) => e.key)).toEqual(['entities:validation.required']);
    expect(check('lots').errors.map((e) => e.key)).toEqual(['entities:validation.list']);
  });
});
