/**
 * Issue 41: what `EntityExtension` lets a module add to an entity of a module it requires, and where — fields,
 * list columns and filters beside named ones, compound indexes, form rows in a section placed before a named one
 * or after a named field's row, fields joining a row beside a named field, English message defaults — with
 * every name checked.
 */
import { describe, expect, it } from 'vitest';
import { defineEntity, extendEntity, showIn, DefinitionError, type AnyEntity, type EntityExtension } from './define.ts';
import { combineExtensions, entityNamespaces, registerModule, unappliedExtensions } from './index.ts';
import { defaultMessage } from './messages.ts';
import { validateRecord } from './validate.ts';

/** A small owner, like the shell's firm: its own fields, list, filters and sections. */
function owner(name: string): AnyEntity {
  return defineEntity({
    name,
    table: name.replace(/-/g, '_'),
    key: 'Id',
    application: 'NOVUS',
    roles: { read: ['ADMIN'], write: ['ADMIN'] },
    fields: {
      Id: { type: 'text', maxLength: 10 },
      Name: { type: 'text', maxLength: 50 },
      City: { type: 'text', maxLength: 50 },
      Active: { type: 'boolean' },
      External: { type: 'boolean' },
      Notes: { type: 'text', format: 'multiline' },
    },
    listColumns: ['Id', 'Name', 'City', 'Active', { field: 'External', visible: false }],
    defaultSort: [{ field: 'Id' }],
    filters: [
      { field: 'Active', op: 'eq' },
      { field: 'Name', op: 'contains' },
      { field: 'City', op: 'startsWith' },
    ],
    formLayout: {
      sections: [
        { rows: [['Id', 'Name'], ['City', 'Active']] },
        { titleKey: 'x:flags', rows: [['External']] },
        { titleKey: 'x:notes', rows: [['Notes']] },
      ],
    },
  }) as unknown as AnyEntity;
}

const layout = (def: AnyEntity) => def.formLayout.sections.map((section) => [section.titleKey ?? null, section.rows]);

describe('entity extensions', () => {
  it('place list columns and filters before or after named ones; a run follows its first', () => {
    const def = owner('ext-columns');
    extendEntity(
      def,
      {
        entity: def.name,
        fields: { Rep: { type: 'text', maxLength: 5 }, Limit: { type: 'decimal' }, Terms: { type: 'text', maxLength: 5 }, Manager: { type: 'boolean' } },
        listColumns: [
          { field: 'Rep', before: 'Active' },
          { field: 'Limit', total: 'sum' },
          { field: 'Terms', visible: false, after: 'Id' },
          { field: 'Manager', visible: false },
        ],
        filters: [
          { field: 'Rep', op: 'eq', before: 'Name' },
          { field: 'Limit', op: 'range', after: 'City' },
        ],
        indexes: [['Rep', 'Name']],
      },
      'mod',
    );
    expect(def.listColumns.map((column) => [column.field, column.visible, column.total ?? null])).toEqual([
      ['Id', true, null],
      ['Terms', false, null],
      ['Manager', false, null],
      ['Name', true, null],
      ['City', true, null],
      ['Rep', true, null],
      ['Limit', true, 'sum'],
      ['Active', true, null],
      ['External', false, null],
    ]);
    expect(def.listColumns.every((column) => column.sortable && !('before' in column) && !('after' in column))).toBe(true);
    expect(def.filters.map((filter) => filter.field)).toEqual(['Active', 'Rep', 'Name', 'City', 'Limit']);
    expect(def.filters.every((filter) => !('before' in filter) && !('after' in filter))).toBe(true);
    expect(def.indexes).toEqual([['Rep', 'Name']]);
    // Labels in the extending module's namespace.
    expect(def.fields['Rep']!.labelKey).toBe('mod:ext-columns.fields.Rep');
  });

  it('inserts a section before a named one, rows after a named field, and fields into a row beside a named one', () => {
    const def = owner('ext-form');
    const fields: EntityExtension['fields'] = { Terms: { type: 'text' }, Limit: { type: 'decimal' }, Rep: { type: 'text' }, Pct: { type: 'decimal' }, Manager: { type: 'boolean' } };
    extendEntity(def, { entity: def.name, fields, formRows: { section: 'm:accounting', before: 'x:flags', rows: [['Terms', 'Limit'], ['Pct']] }, formFields: [{ field: 'Manager', after: 'External' }] }, 'm');
    // A later extension: rows after a field's row of that section; a field joining the row of another, before it.
    extendEntity(def, { entity: def.name, fields: { Card: { type: 'text' }, Table: { type: 'text' } }, formRows: { section: 'm:accounting', afterRowOf: 'Limit', rows: [['Rep']] }, formFields: [{ field: 'Table', before: 'Rep' }] }, 'n');
    extendEntity(def, { entity: def.name, formRows: { section: 'm:card', before: 'x:flags', rows: [['Card']] } }, 'n');
    expect(layout(def)).toEqual([
      [null, [['Id', 'Name'], ['City', 'Active']]],
      ['m:accounting', [['Terms', 'Limit'], ['Table', 'Rep'], ['Pct']]],
      ['m:card', [['Card']]],
      ['x:flags', [['External', 'Manager']]],
      ['x:notes', [['Notes']]],
    ]);
  });

  it('packs one-field rows into the last row of an existing section, and adds a section last without a place', () => {
    const def = owner('ext-pack');
    extendEntity(def, { entity: def.name, fields: { A: { type: 'boolean' }, B: { type: 'boolean' }, C: { type: 'boolean' } }, formRows: { section: 'x:flags', rows: [['A'], ['B'], ['C']], pack: 2 } }, 'm');
    extendEntity(def, { entity: def.name, fields: { D: { type: 'text' } }, formRows: { section: 'm:last', rows: [['D']] } }, 'm');
    expect(layout(def).slice(1)).toEqual([
      ['x:flags', [['External', 'A'], ['B', 'C']]],
      ['x:notes', [['Notes']]],
      ['m:last', [['D']]],
    ]);
  });

  it('refuses unknown anchors and fields, a double placement and a field placed twice', () => {
    const attempt = (extension: Omit<EntityExtension, 'entity'>) => () => {
      const def = owner('ext-errors');
      extendEntity(def, { entity: def.name, fields: { Rep: { type: 'text' } }, ...extension }, 'm');
    };
    expect(attempt({ listColumns: [{ field: 'Rep', before: 'Nope' }] })).toThrow(DefinitionError);
    expect(attempt({ listColumns: [{ field: 'Rep', before: 'Name', after: 'City' }] })).toThrow(/both before and after/);
    expect(attempt({ filters: [{ field: 'Rep', op: 'eq', after: 'Nope' }] })).toThrow(/unknown filter Nope/);
    expect(attempt({ filters: [{ field: 'Rep', op: 'range' }] })).toThrow(/range filter/);
    expect(attempt({ indexes: [['Rep']] })).toThrow(/two fields/);
    expect(attempt({ formRows: { section: 's', before: 'x:nope', rows: [['Rep']] } })).toThrow(/no form section/);
    expect(attempt({ formRows: { section: 'x:flags', afterRowOf: 'Notes', rows: [['Rep']] } })).toThrow(/no row of Notes/);
    expect(attempt({ formRows: { section: 's', rows: [['Nope']] } })).toThrow(/unknown field Nope/);
    expect(attempt({ formFields: [{ field: 'Rep', after: 'Nope' }] })).toThrow(/on no row/);
    expect(attempt({ formFields: [{ field: 'Rep' }] })).toThrow(/one of before/);
    expect(attempt({ formFields: [{ field: 'Name', after: 'Id' }] })).toThrow(/placed twice/);
    expect(attempt({ formRows: { section: 's', rows: [['Rep']] }, formFields: [{ field: 'Rep', after: 'Id' }] })).toThrow(/placed twice/);
  });

  it('registers the English defaults of its message keys, which the shared validator then answers', () => {
    const def = owner('ext-messages');
    extendEntity(def, { entity: def.name, fields: { Pct: { type: 'integer', min: 0, minKey: 'mx:rules.pctNegative' } }, messages: { 'mx:rules.pctNegative': 'Percent cannot be negative.' } }, 'mx');
    expect(defaultMessage('mx:rules.pctNegative')).toBe('Percent cannot be negative.');
    const result = validateRecord(def, { Id: 'A', Pct: -1 }, 'create');
    expect(result.errors.map((error) => `${error.field}: ${error.message}`)).toEqual(['Pct: Percent cannot be negative.']);
  });

  it('keeps an extension placed beside another module’s field waiting until that one is in', () => {
    const def = owner('ext-order');
    // A bundle may register a dependant's extension first (its screens register their own module before the rest).
    registerModule({ name: 'ext-later', namespace: 'later', entities: [], extends: [{ entity: def.name, fields: { Table: { type: 'text' } }, formFields: [{ field: 'Table', before: 'Rep' }] }] });
    registerModule({ name: 'ext-owner', namespace: 'owner', entities: [def] });
    expect(def.fields['Table']).toBeUndefined();
    const mine = () => unappliedExtensions().filter((entry) => entry.startsWith('ext-order:'));
    expect(mine()).toEqual(['ext-order: form field Rep']);
    registerModule({ name: 'ext-first', namespace: 'first', entities: [], extends: [{ entity: def.name, fields: { Rep: { type: 'text' } }, formRows: { section: 'first:s', before: 'x:flags', rows: [['Rep']] } }] });
    expect(mine()).toEqual([]);
    expect(layout(def)[1]).toEqual(['first:s', [['Table', 'Rep']]]);
    expect(entityNamespaces(def)).toEqual([def.namespace, 'first', 'later']);
  });
});

describe('applications and routes a module above adds (issue 73 item 4)', () => {
  it("adds its applications and routes to the owner's, never twice, without touching what the owner was defined with", () => {
    const routes = ['/novus/own'];
    const def = defineEntity({
      name: 'ext-menus',
      table: 'ext_menus',
      key: 'Id',
      application: 'NOVUS',
      shownIn: ['NOVUS-GL'],
      routes,
      roles: { read: ['ADMIN'], write: ['ADMIN'] },
      fields: { Id: { type: 'text', maxLength: 10 } },
      listColumns: ['Id'],
      defaultSort: [{ field: 'Id' }],
    }) as unknown as AnyEntity;
    for (const extension of [...showIn('NOVUS-AP', 'ext-menus'), { entity: 'ext-menus', routes: ['/novus-ap/menus'] }]) extendEntity(def, extension, 'ap');
    expect(def.shownIn).toEqual(['NOVUS-GL', 'NOVUS-AP']);
    expect(def.routes).toEqual(['/novus/own', '/novus-ap/menus']);
    expect(routes).toEqual(['/novus/own']);
    expect(() => extendEntity(def, { entity: 'ext-menus', shownIn: ['NOVUS-AP'] }, 'oe')).toThrow(DefinitionError);
    expect(() => extendEntity(def, { entity: 'ext-menus', routes: ['/novus/own'] }, 'oe')).toThrow(DefinitionError);
  });
});

describe('documents and the home application a module above adds (issue 73 item 4)', () => {
  const receipt = () =>
    defineEntity({
      name: 'ext-receipt',
      table: 'ext_receipts',
      key: 'Id',
      roles: { read: ['ADMIN'], write: ['ADMIN'] },
      fields: { Id: { type: 'integer' }, VendorId: { type: 'text', maxLength: 10 }, Invoiceable: { type: 'boolean', virtual: true } },
      listColumns: ['Id'],
      defaultSort: [{ field: 'Id' }],
    }) as unknown as AnyEntity;
  const make = { id: 'enter-invoice', entity: 'ext-invoice', labelKey: 'ap:x', states: ['Posted'], when: 'Invoiceable', values: { ReceiptId: 'Id', VendorId: 'VendorId', DocDate: '$today' } };

  it('adds its makes and relations, checked like the owner\'s, and gives an entity without one its application once', () => {
    const def = receipt();
    expect(def.application).toBe('');
    extendEntity(def, { entity: 'ext-receipt', application: 'NOVUS-AP', makes: [make], related: [{ entity: 'ext-invoice', field: 'ReceiptId' }] }, 'ap');
    expect(def.application).toBe('NOVUS-AP');
    expect(def.makes).toEqual([make]);
    expect(def.related).toEqual([{ entity: 'ext-invoice', field: 'ReceiptId' }]);
    // A second home, a make named twice, a relation twice.
    expect(() => extendEntity(def, { entity: 'ext-receipt', application: 'NOVUS-OE' }, 'oe')).toThrow(DefinitionError);
    expect(() => extendEntity(def, { entity: 'ext-receipt', makes: [make] }, 'oe')).toThrow(DefinitionError);
    expect(() => extendEntity(def, { entity: 'ext-receipt', related: [{ entity: 'ext-invoice', field: 'ReceiptId' }] }, 'oe')).toThrow(DefinitionError);
    // A make naming a field the receipt does not have, or a `when` that is not a boolean.
    expect(() => extendEntity(receipt(), { entity: 'ext-receipt', makes: [{ ...make, values: { X: 'Nope' } }] }, 'ap')).toThrow(DefinitionError);
    expect(() => extendEntity(receipt(), { entity: 'ext-receipt', makes: [{ ...make, when: 'VendorId' }] }, 'ap')).toThrow(DefinitionError);
  });
});

describe('combineExtensions', () => {
  it('joins the parts\' extensions and each registry\'s entries, none overwriting another', () => {
    const a: EntityExtension = { entity: 'x', fields: {} };
    const b: EntityExtension = { entity: 'y', fields: {} };
    const combined = combineExtensions({ extends: [a], contributes: { one: [1], two: [2] } }, { extends: [b] }, { contributes: { one: [3] } });
    expect(combined.extends).toEqual([a, b]);
    expect(combined.contributes).toEqual({ one: [1, 3], two: [2] });
  });
});
