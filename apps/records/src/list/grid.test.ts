import { describe, expect, it } from 'vitest';
import { ESTIMATE_MARGIN, MAX_CONTENT_WIDTH, characterWidths, contentWidths, fitsUnclipped, flexibleColumn, pageTexts, widestWidth } from './grid.ts';

// One px per character: widths are easy to read.
const measure = (text: string) => text.length;

/** A column of `texts` as contentWidths takes it: its widest text measured with `measure`. */
const column = (id: string, label: string, texts: readonly string[], total?: string) => ({
  id,
  label,
  widest: widestWidth(texts, measure, characterWidths(measure)),
  ...(total === undefined ? {} : { total }),
});

describe('contentWidths (issue 21 item 1)', () => {
  it('makes a column as wide as its label or its widest cell, whichever is wider', () => {
    const widths = contentWidths([column('AccountId', 'Account', ['1000', '6200']), column('Amount', 'A', ['1,234,567,890.00'.repeat(8)])], measure);
    expect(widths['AccountId']).toBeGreaterThanOrEqual('Account'.length);
    expect(widths['Amount']).toBeGreaterThanOrEqual('1,234,567,890.00'.repeat(8).length);
  });

  it('counts a long description only up to MAX_CONTENT_WIDTH (it takes the width left over instead)', () => {
    const widths = contentWidths([column('Description', 'Description', ['x'.repeat(MAX_CONTENT_WIDTH * 3)])], measure);
    expect(widths['Description']).toBe(MAX_CONTENT_WIDTH);
  });

  it("is never narrower than the totals row's figure, which is bold as the label (the total is wider than any cell)", () => {
    const bold = (text: string) => text.length * 1.2;
    const total = '1,461,034.21';
    const width = contentWidths([column('Total', 'Total', ['37,892.94', '990.37'], total)], bold)['Total']!;
    expect(width).toBeGreaterThanOrEqual(bold(total));
  });

  it('never makes a header narrower than its label, even with short cells', () => {
    const label = 'Postable (not a heading)';
    expect(contentWidths([column('IsPostable', label, ['Yes'])], measure)['IsPostable']).toBeGreaterThan(label.length);
  });
});

describe('widestWidth (issue 44: a page measured without filling the browser\'s shaping cache)', () => {
  /** Wide capitals, narrow i and l; a whole text is shaped a little tighter than its characters (kerning). */
  const charWidth = (char: string) => (/[A-Z]/.test(char) ? 9 : /[il.]/.test(char) ? 3 : 6);
  const shaped = (text: string) => [...text].reduce((sum, char) => sum + charWidth(char), 0) * 0.97;

  it('finds the widest text as measuring every text does, measuring whole only the texts that can be it', () => {
    const texts = Array.from({ length: 1000 }, (_, i) => `Firm ${i}`).concat(['NORTHSHORE WIRE', 'illicit lilies, ltd.', '']);
    const measured: string[] = [];
    const measure = (text: string) => {
      measured.push(text);
      return shaped(text);
    };
    const widest = widestWidth(texts, measure, characterWidths(charWidth));
    expect(widest).toBe(Math.max(...texts.map(shaped)));
    expect(measured).toEqual(['NORTHSHORE WIRE']);
  });

  it('measures every text within the margin of the widest estimate, so a text shaped wider than estimated is not missed', () => {
    // The estimates say A, but B is shaped wider (within ESTIMATE_MARGIN of A's estimate).
    const estimate = (text: string) => ({ A: 100, B: 100 * (1 - ESTIMATE_MARGIN / 2), C: 10 })[text] ?? 0;
    const measure = (text: string) => ({ A: 96, B: 99, C: 10 })[text] ?? 0;
    expect(widestWidth(['C', 'B', 'A'], measure, estimate)).toBe(99);
  });

  it('is 0 for a column of no text', () => {
    expect(widestWidth(['', ''], measure, characterWidths(measure))).toBe(0);
    expect(widestWidth([], measure, characterWidths(measure))).toBe(0);
  });

  it('estimates a text by its characters, measuring each character once', () => {
    const asked: string[] = [];
    const estimate = characterWidths((char) => {
      asked.push(char);
      return charWidth(char);
    });
    expect(estimate('Lil')).toBe(15);
    expect(estimate('ill')).toBe(9);
    expect(asked).toEqual(['L', 'i', 'l']);
    // A character outside the BMP (two UTF-16 units) is measured as one character.
    expect(estimate('i𝔸i')).toBe(12);
    expect(asked).toEqual(['L', 'i', 'l', '𝔸']);
  });
});

describe('fitsUnclipped (issue 44: cells drawn without a clip)', () => {
  it('holds for a column sized by its content, not for one capped or made narrower by the user', () => {
    const texts = ['F000001', 'Northshore Wire & Cable Ltd.', 'x'.repeat(MAX_CONTENT_WIDTH)];
    const widths = contentWidths([column('Code', 'Id', texts.slice(0, 2)), column('Name', 'Name', texts)], measure);
    expect(fitsUnclipped(measure(texts[1]!), widths['Code']!)).toBe(true);
    expect(fitsUnclipped(MAX_CONTENT_WIDTH, widths['Name']!)).toBe(false);
    expect(fitsUnclipped(measure(texts[1]!), measure(texts[1]!))).toBe(false);
  });

  it('does not hold before the column is measured', () => {
    expect(fitsUnclipped(undefined, 500)).toBe(false);
  });
});

describe('flexibleColumn', () => {
  it('gives the width left over to the widest text column, not to an amount', () => {
    const columns = [
      { id: 'AccountId', numeric: false, widest: 40 },
      { id: 'Description', numeric: false, widest: 300 },
      { id: 'Balance', numeric: true, widest: 500 },
    ];
    expect(flexibleColumn(columns)).toBe('Description');
  });

  it('falls back to the last column when no text column has content', () => {
    expect(flexibleColumn([{ id: 'A', numeric: true, widest: 10 }, { id: 'B', numeric: true, widest: 5 }])).toBe('B');
  });
});

describe('pageTexts (issue 40 item 10: a page is formatted once)', () => {
  /** A formatter that records each value it is asked to format. */
  const counting = () => {
    const asked: unknown[] = [];
    const format = (value: unknown) => {
      asked.push(value);
      return Array.isArray(value) ? value.join('+') : `<${String(value ?? '')}>`;
    };
    return { asked, format };
  };

  it('gives each row its text in row order, formatting each distinct value of a column once', () => {
    const status = counting();
    const total = counting();
    const rows = [
      { Status: 'open', Total: '1.00' },
      { Status: 'open', Total: '2.00' },
      { Status: 'closed', Total: '1.00' },
      { Status: 'open', Total: null },
    ];
    const texts = pageTexts(rows, [
      { id: 'Status', format: status.format },
      { id: 'Total', format: total.format },
    ]);
    expect(texts).toEqual({ Status: ['<open>', '<open>', '<closed>', '<open>'], Total: ['<1.00>', '<2.00>', '<1.00>', '<>'] });
    expect(status.asked).toEqual(['open', 'closed']);
    expect(total.asked).toEqual(['1.00', '2.00', null]);
  });

  it('formats a set value (an array, a new object in each row) in every row', () => {
    const tags = counting();
    const texts = pageTexts([{ Tags: ['a', 'b'] }, { Tags: ['a', 'b'] }], [{ id: 'Tags', format: tags.format }]);
    expect(texts['Tags']).toEqual(['a+b', 'a+b']);
    expect(tags.asked).toHaveLength(2);
  });

  it('answers an empty list for each column of an empty page', () => {
    const none = counting();
    expect(pageTexts([], [{ id: 'Status', format: none.format }])).toEqual({ Status: [] });
    expect(none.asked).toHaveLength(0);
  });
});
