/** defineEntity: the defaults it fills and the inconsistent definitions it refuses. */
import { describe, expect, it } from 'vitest';
import { defineEntity, DefinitionError, snakeCase } from './define.ts';

describe('defineEntity', () => {
  const base = {
    name: 'thing',
    table: 'things',
    key: 'ThingId',
    application: 'SHELL',
    fields: { ThingId: { type: 'text' }, Name: { type: 'text' } },
    listColumns: ['ThingId', 'Name'],
    defaultSort: [{ field: 'Name' }],
    roles: { read: '*', write: ['ADMIN'] },
  } as const;

  it('fills label keys, columns, actions and layout', () => {
    const def = defineEntity(base);
    expect(def.fields.Name.labelKey).toBe('entities:thing.fields.Name');
    expect(def.fields.ThingId.column).toBe('thing_id');
    expect((def.fields.ThingId as { required?: boolean }).required).toBe(true);
    expect(def.listColumns[0]).toEqual({ field: 'ThingId', visible: true, sortable: true });
    expect(def.actions.map((a) => a.id)).toContain('export');
    expect(def.formLayout.sections[0]!.rows).toEqual([['ThingId'], ['Name']]);
  });

  it('takes derived figures on read-only decimals summing known line fields, evaluated with the computed ones (issue 71 item 2)', () => {
    const lines = { type: 'children', lines: true, table: 'thing_lines', parentColumn: 'thing_id', key: 'LineId', fields: { LineId: { type: 'integer' }, Amount: { type: 'decimal', scale: 2, readOnly: true } } } as const;
    const fields = { ...base.fields, Lines: lines, Total: { type: 'decimal', scale: 2, readOnly: true }, Typed: { type: 'decimal', scale: 2 } } as const;
    const def = defineEntity({ ...base, fields, derived: { Total: { op: 'sum', collection: 'Lines', field: 'Amount' } } });
    expect(def.derived).toEqual({ Total: { op: 'sum', collection: 'Lines', field: 'Amount' } });
    expect(defineEntity({ ...base, fields }).derived).toEqual({});
    expect(() => defineEntity({ ...base, fields, derived: { Typed: { op: 'sum', collection: 'Lines', field: 'Amount' } } })).toThrow(/read-only decimal/);
    expect(() => defineEntity({ ...base, fields, derived: { Total: { op: 'sum', collection: 'Lines', field: 'Nope' } } })).toThrow(/unknown line field/);
  });

  it('takes defaults of a line lookup for fields of its line (issue 40 item 5) and refuses others', () => {
    const lines = { type: 'children', lines: true, table: 'thing_lines', parentColumn: 'thing_id', key: 'LineId', fields: { LineId: { type: 'integer' }, ProductId: { type: 'lookup', entity: 'product' }, Price: { type: 'decimal', scale: 4 }, Note: { type: 'text' } } } as const;
    const withLines = { ...base, fields: { ...base.fields, Lines: lines } };
    expect(defineEntity({ ...withLines, defaults: { 'Lines.ProductId': ['Price'] } }).defaults['Lines.ProductId']).toEqual(['Price']);
    expect(() => defineEntity({ ...withLines, defaults: { 'Lines.Note': ['Price'] } })).toThrow(/must be a line lookup field/);
    expect(() => defineEntity({ ...withLines, defaults: { 'Lines.ProductId': ['Name'] } })).toThrow(/cannot fill Name/);
    expect(() => defineEntity({ ...withLines, defaults: { 'Name.ProductId': ['Price'] } })).toThrow(/not a line collection/);
  });

  it('takes a portal account for the global search only from a firm lookup (issue 42)', () => {
    const withFirm = { ...base, fields: { ...base.fields, BillToId: { type: 'lookup', entity: 'firm' }, Other: { type: 'lookup', entity: 'product' } } } as const;
    expect(defineEntity({ ...withFirm, globalSearch: { portal: { account: 'BillToId', screen: '/portal/myorders' } } }).globalSearch?.portal?.account).toBe('BillToId');
    expect(() => defineEntity({ ...withFirm, globalSearch: { portal: { account: 'Name', screen: '/portal/myorders' } } })).toThrow(/must be a firm lookup/);
    expect(() => defineEntity({ ...withFirm, globalSearch: { portal: { account: 'Other', screen: '/portal/myorders' } } })).toThrow(/must be a firm lookup/);
    expect(() => defineEntity({ ...withFirm, globalSearch: { portal: { account: 'Nope' as never, screen: '/portal/myorders' } } })).toThrow(/unknown field Nope/);
    // The key the portal screen opens a record by is one of its fields.
    expect(defineEntity({ ...withFirm, globalSearch: { portal: { account: 'BillToId', screen: '/portal/orderdetails', record: 'Other' } } }).globalSearch?.portal?.record).toBe('Other');
    expect(() => defineEntity({ ...withFirm, globalSearch: { portal: { account: 'BillToId', screen: '/portal/orderdetails', record: 'Nope' as never } } })).toThrow(/unknown field Nope/);
  });

  it('refuses inconsistent definitions', () => {
    expect(() => defineEntity({ ...base, name: 'Bad Name' })).toThrow(DefinitionError);
    expect(() => defineEntity({ ...base, key: 'Nope' as never })).toThrow(/unknown field Nope/);
    expect(() => defineEntity({ ...base, listColumns: ['Missing' as never] })).toThrow(DefinitionError);
    expect(() => defineEntity({ ...base, fields: { ...base.fields, bad_name: { type: 'text' } } })).toThrow(/PascalCase/);
    expect(() => defineEntity({ ...base, fields: { ...base.fields, Choice: { type: 'enum', options: [] } } })).toThrow(/no options/);
    expect(() => defineEntity({ ...base, fields: { ...base.fields, P: { type: 'text', pattern: '(' } } })).toThrow(/pattern/);
    expect(() => defineEntity({ ...base, keyKind: 'auto' })).toThrow(/auto key/);
  });

  it('types in the list only a writable scalar column that is not the key (entry view)', () => {
    const entry = defineEntity({ ...base, listColumns: ['ThingId', { field: 'Name', edit: true }] });
    expect(entry.listColumns[1]).toEqual({ field: 'Name', edit: true, visible: true, sortable: true });
    expect(() => defineEntity({ ...base, listColumns: [{ field: 'ThingId', edit: true }] })).toThrow(/ThingId cannot be typed in the list/);
    const readOnly = { ...base, fields: { ...base.fields, Name: { type: 'text', readOnly: true } } } as const;
    expect(() => defineEntity({ ...readOnly, listColumns: [{ field: 'Name', edit: true }] })).toThrow(/Name cannot be typed in the list/);
  });

  it('snake-cases field names', () => {
    expect(snakeCase('FirmId')).toBe('firm_id');
    expect(snakeCase('ApFirmId')).toBe('ap_firm_id');
    expect(snakeCase('CardLast4')).toBe('card_last4');
    expect(snakeCase('URLPath')).toBe('url_path');
  });
});
