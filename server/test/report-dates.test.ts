/**
 * Issue 21 item 7: the report files write dates in the user's language's one date style — the same as the
 * screen's lists, forms and report grid (`formatCalendarDate`) — and the parameters line uses the language's
 * colon (French "Date de début : …", Chinese "开始日期：…").
 */
import { describe, expect, it } from 'vitest';
import { formatCell } from '../src/reports/pdf.ts';
import { parametersLine } from '../src/reports/routes.ts';
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
