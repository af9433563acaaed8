/**
 * Report definitions and their parameter rules (the browser form and the server run the same checks), on the
 * G/L's reports: the engine's rules (shared/src/reports/define.ts) as a module's definitions meet them.
 */
import { describe, expect, it } from 'vitest';
import { GL_REPORTS, trialBalance, accountEnquiry, glJournalPrinting } from './index.ts';
import { addYears, defineReport, isCalendarDate, openedBy, routesOf, SHOWN_ELSEWHERE, validateReportParameters, type ShownElsewhere } from '@erp/shared/reports/define';
import { registerExtensions } from '@erp/shared/entities/index';

describe('report parameters', () => {
  it('accepts a range of exactly one year and refuses one day more (§5, §9)', () => {
    const ok = validateReportParameters(accountEnquiry, { AccountId: '1000', StartDate: '2024-02-29', EndDate: '2025-02-28' });
    expect(ok.ok).toBe(true);
    const long = validateReportParameters(accountEnquiry, { AccountId: '1000', StartDate: '2025-01-01', EndDate: '2026-01-02' });
    expect(long).toEqual({ ok: false, errors: [{ field: 'EndDate', key: 'reports:validation.rangeTooLong', params: { years: 1 } }] });
  });

  it('requires dates, refuses impossible ones and an end before the start', () => {
    const missing = validateReportParameters(accountEnquiry, { AccountId: '1000' });
    expect(missing.ok ? [] : missing.errors.map((e) => e.field)).toEqual(['StartDate', 'EndDate']);
    const bad = validateReportParameters(accountEnquiry, { AccountId: '1000', StartDate: '2025-02-30', EndDate: '2025-03-01' });
    expect(bad.ok ? [] : bad.errors).toEqual([{ field: 'StartDate', key: 'reports:validation.date' }]);
    const reversed = validateReportParameters(accountEnquiry, { AccountId: '1000', StartDate: '2025-03-01', EndDate: '2025-02-01' });
    expect(reversed.ok ? [] : reversed.errors[0]!.key).toBe('reports:validation.endBeforeStart');
  });

  it('trial balance: year and period or dates; fiscal year bounds; unknown names refused', () => {
    expect(validateReportParameters(trialBalance, {})).toMatchObject({ ok: false, errors: [{ key: 'gl:reports.validation.periodOrDates' }] });
    expect(validateReportParameters(trialBalance, { FiscalYear: '2025', PeriodNo: '3' })).toEqual({ ok: true, value: { FiscalYear: 2025, PeriodNo: 3 } });
    expect(validateReportParameters(trialBalance, { FiscalYear: 1000, PeriodNo: 1 })).toMatchObject({ ok: false, errors: [{ key: 'gl:reports.validation.fiscalYear' }] });
    expect(validateReportParameters(trialBalance, { StartDate: '2025-01-01', EndDate: '2025-01-31', Foo: 1 })).toMatchObject({
      ok: false,
      errors: [{ key: 'reports:validation.unknownParameter' }],
    });
  });

  it('fixed parameters keep their value whatever is sent', () => {
    const result = validateReportParameters(glJournalPrinting, { Source: 'AP', StartDate: '2025-01-01', EndDate: '2025-01-31' });
    expect(result).toEqual({ ok: true, value: { Source: 'GL', StartDate: '2025-01-01', EndDate: '2025-01-31' } });
  });

  it('dates and years', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
  });
});

describe('definitions', () => {
  it('every GL report is consistent and has a unique name', () => {
    expect(new Set(GL_REPORTS.map((r) => r.name)).size).toBe(GL_REPORTS.length);
  });

  it('defineReport refuses an inconsistent definition', () => {
    expect(() =>
      defineReport({ ...trialBalance, name: 'x-bad', defaultSort: [{ field: 'Nope' }] }),
    ).toThrow(/sort field Nope/);
  });
});

describe('openedBy', () => {
  it('opens a report to its application and to the applications whose routes open it, to nobody else', () => {
    const def = { name: 'x-enquiry', application: 'NOVUS-GL', routes: [{ application: 'NOVUS-AP', path: '/account-enquiry' }] };
    expect(openedBy(def, new Set(['NOVUS-GL']))).toBe(true);
    expect(openedBy(def, new Set(['NOVUS-AP']))).toBe(true);
    expect(openedBy(def, new Set(['NOVUS-AR', 'NOVUS-IC']))).toBe(false);
    expect(openedBy(def, new Set())).toBe(false);
  });

  it('opens it too to the applications another module shows it in (issue 41: the owner names none of them)', () => {
    const def = { name: 'x-shown', application: 'NOVUS-GL', routes: [{ application: 'NOVUS-GL', path: '/x' }] };
    expect(openedBy(def, new Set(['NOVUS-TE']))).toBe(false);
    const shown: ShownElsewhere[] = [{ report: 'x-shown', application: 'NOVUS-TE', path: '/x-here' }];
    registerExtensions('x-shows', 'x', { contributes: { [SHOWN_ELSEWHERE]: shown } });
    expect(openedBy(def, new Set(['NOVUS-TE']))).toBe(true);
    expect(routesOf(def)).toEqual([{ application: 'NOVUS-GL', path: '/x' }, { application: 'NOVUS-TE', path: '/x-here' }]);
    expect(openedBy({ ...def, name: 'x-other' }, new Set(['NOVUS-TE']))).toBe(false);
  });
});
