/**
 * Issue 21 item 7: the report files write dates in the user's language's one date style — the same as the
 * screen's lists, forms and report grid (`formatCalendarDate`) — and the parameters line uses the language's
 * colon (French "Date de début : …", Chinese "开始日期：…"). Issue 40 item 9: a date-time column is written in
 * the user's language and time zone, never as ISO text.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime, wallClock } from '@erp/shared/format';
import { priceOverrideAudit, safetyPriceAudit } from '@erp/modules/oe/definitions/index';
import { formatCell, pdfSafe } from '../src/reports/pdf.ts';
import { parametersLine } from '../src/reports/print-line.ts';
import type { ServerReport } from '../src/reports/engine.ts';

const column = { field: 'EntryDate', type: 'date', labelKey: 'EntryDate' } as const;

describe('report files: one date style per language', () => {
  it('a PDF date cell is written as the screen writes it', () => {
    expect(formatCell(column, '2032-01-15', 'en-CA')).toBe('Jan 15, 2032');
    expect(formatCell(column, '2032-01-15', 'fr-CA')).toBe('15 janv. 2032');
    expect(formatCell(column, '2032-01-15', 'zh-CN')).toBe('2032年1月15日');
  });

  it('an enumeration column shows its label in the language, not its value (item 4)', () => {
    const type = { field: 'AccountType', type: 'text', labelKey: 'type', options: [{ value: 'asset', labelKey: 'mod:asset' }] } as const;
    expect(formatCell(type, 'asset', 'fr-CA', (key) => (key === 'mod:asset' ? 'Actif' : key))).toBe('Actif');
    expect(formatCell(type, 'other', 'fr-CA', (key) => key)).toBe('other');
  });

  it('the parameters line: dates in the language, the language colon', () => {
    const report = {
      def: {
        parameters: [
          { name: 'StartDate', type: 'date', labelKey: 'start' },
          { name: 'EndDate', type: 'date', labelKey: 'end' },
        ],
      },
    } as unknown as ServerReport;
    const labels: Record<string, Record<string, string>> = {
      'fr-CA': { start: 'Date de début', end: 'Date de fin' },
      'zh-CN': { start: '开始日期', end: '结束日期' },
    };
    const params = { StartDate: '2032-01-01', EndDate: '2032-03-31' };
    expect(parametersLine(report, params, (key) => labels['fr-CA']![key] ?? key, 'fr-CA')).toBe('Date de début\u00a0: 1 janv. 2032 · Date de fin\u00a0: 31 mars 2032');
    expect(parametersLine(report, params, (key) => labels['zh-CN']![key] ?? key, 'zh-CN')).toBe('开始日期：2032年1月1日 · 结束日期：2032年3月31日');
  });
});

describe('report files: a point in time in the user’s language and zone (issue 40 item 9)', () => {
  const stamp = { field: 'OverriddenOn', type: 'datetime', labelKey: 'OverriddenOn' } as const;
  const instant = '2032-01-15T18:05:00.000Z';

  it('a PDF date-time cell is the language’s date and time in the X-Time-Zone, never the ISO text', () => {
    for (const locale of ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW']) {
      const cell = formatCell(stamp, instant, locale, undefined, 'America/Toronto');
      expect(cell).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:/);
      expect(cell).toBe(pdfSafe(formatDateTime(instant, locale, 'America/Toronto')));
    }
    // 18:05 UTC is 13:05 in Toronto (EST), 02:05 the next day in Shanghai.
    expect(formatCell(stamp, instant, 'fr-CA', undefined, 'America/Toronto')).toMatch(/15 janv\. 2032.*13\sh\s05/);
    expect(formatCell(stamp, instant, 'zh-CN', undefined, 'Asia/Shanghai')).toContain('2032年1月16日');
    // Without a zone the file says UTC's time, as the print time does.
    expect(formatCell(stamp, instant, 'en-CA')).toMatch(/Jan 15, 2032.*6:05/);
  });

  it('an .xlsx date-time holds the wall clock of the user’s zone (a spreadsheet serial has no zone)', () => {
    expect(wallClock(instant, 'America/Toronto')?.toISOString()).toBe('2032-01-15T13:05:00.000Z');
    expect(wallClock(instant, 'Asia/Shanghai')?.toISOString()).toBe('2032-01-16T02:05:00.000Z');
    expect(wallClock('not a time', 'UTC')).toBeNull();
  });

  it('the price override reports declare their timestamp a date-time column', () => {
    for (const def of [priceOverrideAudit, safetyPriceAudit]) expect(def.columns.find((c) => c.field === 'OverriddenOn')?.type).toBe('datetime');
  });
});
