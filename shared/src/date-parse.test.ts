import { describe, expect, it } from 'vitest';
import { formatCalendarDate, parseCalendarDate } from './format.ts';

describe('parseCalendarDate (issue 21 item 7)', () => {
  for (const locale of ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW']) {
    it(`${locale}: reads back the one date style it writes, and ISO`, () => {
      for (const iso of ['2026-11-23', '2026-01-05', '2024-02-29', '2026-12-31']) {
        expect(parseCalendarDate(formatCalendarDate(iso, locale), locale)).toBe(iso);
        expect(parseCalendarDate(iso, locale)).toBe(iso);
      }
    });
  }

  it("reads a numeric date in the language's order: day first in French", () => {
    expect(parseCalendarDate('23/11/2026', 'fr-CA')).toBe('2026-11-23');
    expect(parseCalendarDate('2026/11/23', 'zh-CN')).toBe('2026-11-23');
  });

  it('answers null for a text that is no date, or a day that does not exist', () => {
    expect(parseCalendarDate('hello', 'en-CA')).toBeNull();
    expect(parseCalendarDate('2026-02-30', 'en-CA')).toBeNull();
    expect(parseCalendarDate('', 'fr-CA')).toBeNull();
  });
});
