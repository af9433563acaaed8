/**
 * The expanded line window's definition (`ChildrenField.expanded`): only on a lines collection, and its
 * `only` fields are line fields other than the key — defineEntity refuses anything else, so a screen never
 * hides a column the window cannot show.
 */
import { describe, expect, it } from 'vitest';
import { unitDocument } from './unit-document.ts';

function definition(expanded: { only?: readonly string[] }, lines = true) {
  const fields = { LineId: { type: 'integer' }, Quantity: { type: 'decimal', precision: 12, scale: 3 }, Notes: { type: 'text', maxLength: 200 } } as const;
  return unitDocument('expanded', { lines, fields, expanded });
}

describe('expanded line window definition', () => {
  it('keeps the window and the fields shown only there', () => {
    const lines = definition({ only: ['Notes'] }).fields.Lines;
    expect(lines.type === 'children' && lines.expanded).toEqual({ only: ['Notes'] });
  });

  it('refuses a window on plain child rows, an unknown field and the key', () => {
    expect(() => definition({}, false)).toThrow(/expanded line window needs a lines collection/);
    expect(() => definition({ only: ['Missing'] })).toThrow(/expanded field Missing is not a line field/);
    expect(() => definition({ only: ['LineId'] })).toThrow(/expanded field LineId is not a line field/);
  });
});
