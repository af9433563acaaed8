/** Computed fields (issue 12): one evaluator for the form and the server, exact, rounded per line. */
import { describe, expect, it } from 'vitest';
import { computeRecord } from './compute.ts';
import { defineEntity, DefinitionError } from './define.ts';
import { glJournalEntry } from '@erp/modules/gl/definitions/index';

describe('computeRecord', () => {
  it('computes line amounts, totals and the balance of a journal entry exactly', () => {
    const out = computeRecord(glJournalEntry, {
      Lines: [
        { AccountId: '1000', Debit: '0.10', Credit: null },
        { AccountId: '1000', Debit: '0.20', Credit: null },
        { AccountId: '4100', Debit: null, Credit: '0.30' },
      ],
    });
    expect((out['Lines'] as Record<string, unknown>[]).map((line) => line['Amount'])).toEqual(['0.10', '0.20', '-0.30']);
    expect(out).toMatchObject({ TotalDebit: '0.30', TotalCredit: '0.30', Balance: '0.00' });
  });

  it('counts blank or malformed operands as zero (the validator reports them)', () => {
    const out = computeRecord(glJournalEntry, { Lines: [{ Debit: '12a', Credit: '' }, { Debit: '5.00' }] });
    expect(out).toMatchObject({ TotalDebit: '5.00', TotalCredit: '0.00', Balance: '5.00' });
    expect(computeRecord(glJournalEntry, {})).toMatchObject({ TotalDebit: '0.00', Balance: '0.00' });
  });

  it('rounds each line half-up before summing (totals are sums of rounded lines)', () => {
    const invoice = defineEntity({
      name: 'thing',
      table: 'things',
      key: 'Id',
      application: 'SHELL',
      fields: {
        Id: { type: 'text' },
        Total: { type: 'decimal', scale: 2 },
        Lines: {
          type: 'children',
          table: 'thing_lines',
          parentColumn: 'id',
          key: 'LineId',
          lines: true,
          fields: {
            LineId: { type: 'integer' },
            Quantity: { type: 'decimal', precision: 14, scale: 4 },
            Price: { type: 'decimal', scale: 2 },
            Amount: { type: 'decimal', scale: 2, readOnly: true },
          },
        },
      },
      listColumns: ['Id'],
      defaultSort: [{ field: 'Id' }],
      roles: { read: '*', write: '*' },
      computed: { 'Lines.Amount': { op: 'mul', args: ['Quantity', 'Price'] }, Total: { op: 'sum', collection: 'Lines', field: 'Amount' } },
    });
    const out = computeRecord(invoice, { Lines: [{ Quantity: '0.5000', Price: '0.05' }, { Quantity: '0.5000', Price: '0.05' }] });
    // 0.025 → 0.03 per line; the total is 0.06, not round(0.05).
    expect(out['Total']).toBe('0.06');
  });
});

describe('defineEntity: documents', () => {
  it('checks states, transitions, computed fields and numbering', () => {
    const base = {
      name: 'doc',
      table: 'docs',
      key: 'Id',
      application: 'SHELL',
      fields: {
        Id: { type: 'text' },
        Status: { type: 'enum', options: [{ value: 'Draft', labelKey: 'x' }, { value: 'Done', labelKey: 'y' }] },
        Total: { type: 'decimal' },
        Name: { type: 'text' },
      },
      listColumns: ['Id'],
      defaultSort: [{ field: 'Id' }],
      roles: { read: '*', write: '*' },
    } as const;
    const states = { field: 'Status', initial: 'Draft', editable: ['Draft'], deletable: ['Draft'], transitions: [{ action: 'finish', labelKey: 'f', from: ['Draft'], to: 'Done' }] } as const;
    expect(defineEntity({ ...base, states }).states?.transitions).toHaveLength(1);
    expect(() => defineEntity({ ...base, states: { ...states, initial: 'Nope' } })).toThrow(DefinitionError);
    expect(() => defineEntity({ ...base, states: { ...states, field: 'Name' } })).toThrow(DefinitionError);
    expect(() => defineEntity({ ...base, states: { ...states, transitions: [{ action: 'Bad Id', labelKey: 'f', from: ['Draft'], to: 'Done' }] } })).toThrow(DefinitionError);
    expect(() => defineEntity({ ...base, computed: { Name: { op: 'add', args: [] } } })).toThrow(DefinitionError);
    expect(() => defineEntity({ ...base, computed: { Total: { op: 'sum', collection: 'Name', field: 'X' } } })).toThrow(DefinitionError);
    expect(() => defineEntity({ ...base, numbering: { sequence: 'S', field: 'Total' } })).toThrow(DefinitionError);
    expect(() => defineEntity({ ...base, fields: { ...base.fields, Total: { type: 'decimal', precision: 16 } } })).toThrow(DefinitionError);
  });
});
