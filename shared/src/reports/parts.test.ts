import { describe, expect, it } from 'vitest';
import { defineReport } from './define.ts';
import { groupedBy, ONE_YEAR_RANGE, reportParts } from './parts.ts';

describe('reportParts', () => {
  it('names label keys under the base, or leaves them to defineReport without one', () => {
    const named = reportParts('mod:reports');
    expect(named.money('Debit', { total: true })).toEqual({ field: 'Debit', type: 'decimal', scale: 2, labelKey: 'mod:reports.columns.Debit', total: true });
    expect(named.lookup('AccountId', 'gl-account', 20)).toEqual({ name: 'AccountId', type: 'lookup', entity: 'gl-account', maxLength: 20, labelKey: 'mod:reports.parameters.AccountId' });
    const derived = reportParts();
    const def = defineReport({
      name: 'x-report',
      application: 'X',
      routes: [],
      titleKey: 'x:report.title',
      parameters: derived.dateRange(),
      rules: [ONE_YEAR_RANGE],
      columns: [derived.text('Key'), derived.quantity('OnHand')],
      ...groupedBy('Key', ['Key'], ['OnHand']),
    });
    expect(def.parameters.map((p) => [p.name, p.labelKey, p.required, p.defaultValue])).toEqual([
      ['StartDate', 'x:report.parameters.StartDate', true, 'yearStart'],
      ['EndDate', 'x:report.parameters.EndDate', true, 'today'],
    ]);
    expect(def.columns[1]).toEqual({ field: 'OnHand', type: 'decimal', scale: 4, labelKey: 'x:report.columns.OnHand' });
    expect(def.defaultSort).toEqual([{ field: 'Key' }, { field: 'OnHand' }]);
  });
});
