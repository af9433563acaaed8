import { describe, expect, it } from 'vitest';
import type { ReportParameter, ReportRule } from '@erp/shared/reports/define';
import { registerExtensions } from '@erp/shared/entities/index';
import type { ParameterDefaultGet } from '@erp/shared/reports/define';
import { trialBalance, extensions as glExtensions } from '@erp/modules/gl/definitions/index';
import { initialValues, parameterDefaultSource, withContributedDefaults } from './ParameterForm.tsx';

// What every micro-app bundle does when it loads (vite.library.ts): the G/L's contributed defaults.
registerExtensions('gl', 'gl', glExtensions);

const date = (name: string): ReportParameter => ({ name, type: 'date', labelKey: name });
const today = new Date(2026, 10, 23);

describe('initialValues (issue 21 item 3)', () => {
  it('defaults a date range the report needs to this month, from its first day to today', () => {
    const range: ReportRule = { kind: 'dateRange', start: 'StartDate', end: 'EndDate' };
    const required = [{ ...date('StartDate'), required: true }, { ...date('EndDate'), required: true }];
    expect(initialValues({ name: 'r', parameters: required, rules: [range] }, today)).toEqual({ StartDate: '2026-11-01', EndDate: '2026-11-23' });
    // One alternative of "fiscal year and period, or start and end date".
    const oneOf: ReportRule = { kind: 'oneOf', alternatives: [['FiscalYear', 'PeriodNo'], ['StartDate', 'EndDate']], messageKey: 'm' };
    expect(initialValues({ name: 'r', parameters: [date('StartDate'), date('EndDate')], rules: [oneOf, range] }, today)).toEqual({
      StartDate: '2026-11-01',
      EndDate: '2026-11-23',
    });
  });

  it('leaves an optional date range (a filter) blank', () => {
    const rules: ReportRule[] = [{ kind: 'dateRange', start: 'From', end: 'To' }];
    expect(initialValues({ name: 'r', parameters: [date('From'), date('To')], rules }, today)).toEqual({ From: '', To: '' });
  });

  it("keeps a parameter's own default, and the values the user last ran the report with come first", () => {
    const rules: ReportRule[] = [{ kind: 'dateRange', start: 'StartDate', end: 'EndDate' }];
    const parameters = [{ ...date('StartDate'), defaultValue: 'yearStart' as const }, date('EndDate'), { name: 'Account', type: 'text' as const, labelKey: 'a' }];
    expect(initialValues({ name: 'r', parameters, rules }, today)).toEqual({ StartDate: '2026-01-01', EndDate: '', Account: '' });
    expect(initialValues({ name: 'r', parameters, rules }, today, { Account: '6200', EndDate: '2026-06-30' })).toEqual({
      StartDate: '2026-01-01',
      EndDate: '2026-06-30',
      Account: '6200',
    });
  });
});

describe('fiscal defaults (issue 21 item 3), contributed by the G/L (issue 73 item 4)', () => {
  const resolved = { fiscalYear: 2026, fiscalPeriod: 11 };
  it('the trial balance opens on the current fiscal year and period, its dates left blank', () => {
    const initial = initialValues(trialBalance, today);
    expect(initial).toEqual({ FiscalYear: '', PeriodNo: '', StartDate: '2026-11-01', EndDate: '2026-11-23' });
    expect(withContributedDefaults(trialBalance, initial, initial, resolved)).toEqual({ FiscalYear: '2026', PeriodNo: '11', StartDate: '', EndDate: '' });
  });
  it('keeps what the user typed before the period came', () => {
    const initial = initialValues(trialBalance, today);
    const typed = { ...initial, StartDate: '2026-10-01' };
    expect(withContributedDefaults(trialBalance, typed, initial, resolved)).toBe(typed);
  });
  it("asks the G/L's current period for the user's day; no period, no default", async () => {
    const source = parameterDefaultSource('fiscalPeriod')!;
    expect(parameterDefaultSource('fiscalYear')).toBe(source);
    const asked: unknown[] = [];
    const answering = (data: unknown): ParameterDefaultGet =>
      (async (path: string, query: Readonly<Record<string, string>>) => {
        asked.push([path, query]);
        return { Data: data };
      }) as ParameterDefaultGet;
    expect(await source.resolve('2026-11-23', answering({ FiscalYear: 2026, PeriodNo: 11 }))).toEqual(resolved);
    expect(asked).toEqual([['data/accounting-period/current', { Date: '2026-11-23' }]]);
    expect(await source.resolve('2026-11-23', answering(null))).toBeNull();
  });
  it('a keyword nobody contributes is a literal default', () => {
    expect(parameterDefaultSource('fiscalWeek')).toBeUndefined();
    const parameters = [{ name: 'Code', type: 'text' as const, labelKey: 'c', defaultValue: 'fiscalWeek' }];
    expect(initialValues({ name: 'r', parameters, rules: [] }, today)).toEqual({ Code: 'fiscalWeek' });
  });
});
