import { describe, expect, it } from 'vitest';
import { RowSlots } from './row-window.ts';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** The rows a slot assignment draws (slot order), without the empty slots. */
const drawn = (slots: readonly number[]) => slots.filter((index) => index >= 0);

describe('RowSlots (issue 44: rows reuse their elements while scrolling)', () => {
  it('puts each row to draw in the slot of its index modulo the pool, a pool larger than the window', () => {
    const slots = new RowSlots().assign(range(0, 31), 1000);
    expect(slots.length).toBe(40);
    expect(slots.slice(0, 31)).toEqual(range(0, 31));
    expect(drawn(slots.slice(31))).toEqual([]);
  });

  it('gives a row scrolled into reach the slot of one scrolled out of it, and keeps the others where they are', () => {
    const rows = new RowSlots();
    const before = [...rows.assign(range(0, 31), 1000)];
    const after = rows.assign(range(12, 43), 1000);
    // Rows 40–42 take slots 0–2 (rows 0–2 left the window); rows 3–11, out of it, stay in their slots.
    expect(after.slice(0, 3)).toEqual([40, 41, 42]);
    expect(after.slice(3, 31)).toEqual(before.slice(3, 31));
    expect(after.slice(31)).toEqual(range(31, 40));
    expect(drawn(after).sort((a, b) => a - b)).toEqual(range(3, 43));
  });

  it('moves no row when the window only grows or shrinks by a row at an edge', () => {
    const rows = new RowSlots();
    const first = [...rows.assign(range(100, 131), 1000)];
    // Row 100 leaves the window and stays in its slot.
    expect(rows.assign(range(101, 131), 1000)).toEqual(first);
    // Row 131 joins it in a free slot; no other slot changes.
    expect(rows.assign(range(100, 132), 1000).filter((index, slot) => index !== first[slot])).toEqual([131]);
  });

  it('keeps the stripe: a slot shows rows of one parity', () => {
    const rows = new RowSlots();
    for (let top = 0; top < 500; top += 7) {
      rows.assign(range(top, top + 31), 1000).forEach((index, slot) => {
        if (index >= 0) expect(index % 2).toBe(slot % 2);
      });
    }
  });

  it('empties the slots of rows that no longer exist (a shorter answer)', () => {
    const rows = new RowSlots();
    rows.assign(range(0, 31), 1000);
    const slots = rows.assign(range(0, 5), 5);
    expect(drawn(slots)).toEqual(range(0, 5));
  });

  it('empties the slots of rows a jump left far away (End, a new page)', () => {
    const rows = new RowSlots();
    rows.assign(range(0, 31), 1000);
    const slots = rows.assign(range(969, 1000), 1000);
    expect(drawn(slots).sort((a, b) => a - b)).toEqual(range(969, 1000));
  });

  it('grows the pool when the window outgrows it, by whole steps of 8 rows', () => {
    const rows = new RowSlots();
    rows.assign(range(0, 20), 1000);
    const slots = rows.assign(range(0, 45), 1000);
    expect(slots.length).toBe(56);
    expect(drawn(slots)).toEqual(range(0, 45));
  });
});
