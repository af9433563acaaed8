import { describe, expect, it } from 'vitest';
import { DrawnRows, type GridRowProps, type RowShared } from './GridParts.tsx';

const shared = { gridId: 'g', rowIndexBase: 0 } as unknown as RowShared;
const props = (index: number, over: Partial<GridRowProps> = {}): GridRowProps => ({
  shared,
  id: `r${index}`,
  record: { id: index },
  index,
  offset: index * 28,
  selected: false,
  active: false,
  ...over,
});

describe('DrawnRows (issue 44: a slot whose row is unchanged keeps its element)', () => {
  it('answers the same element while the row and its state are the same', () => {
    const rows = new DrawnRows();
    const record = { id: 3 };
    const first = rows.element(3, props(3, { record }));
    expect(rows.element(3, props(3, { record }))).toBe(first);
    expect(first.key).toBe('3');
  });

  it('answers a new element when the slot shows another row, or its row changes state, place or page', () => {
    const rows = new DrawnRows();
    const record = { id: 3 };
    let last = rows.element(3, props(3, { record }));
    for (const changed of [
      props(59, { record }),
      props(59, { record, selected: true }),
      props(59, { record, selected: true, active: true }),
      props(59, { record, selected: true, active: true, offset: 1 }),
      props(59, { record: { id: 3 }, selected: true, active: true, offset: 1 }),
      props(59, { record, selected: true, active: true, offset: 1, shared: { ...shared } }),
    ]) {
      const next = rows.element(3, changed);
      expect(next).not.toBe(last);
      expect(next.key).toBe('3');
      last = next;
    }
  });

  it('keeps each slot apart', () => {
    const rows = new DrawnRows();
    const a = rows.element(0, props(0));
    const b = rows.element(1, props(1));
    expect(a).not.toBe(b);
    expect(rows.element(0, props(0))).not.toBe(a); // a new record object: the page changed
  });
});
