/** The list's query rules: §5 page reset and sort lists, §9 sizes, filter parameters, saved columns. */
import { describe, expect, it } from 'vitest';
import {
  EXPORT_FETCH_SIZE,
  PAGE_SIZE,
  changeQuery,
  exportBody,
  initialQuery,
  listParams,
  pageCount,
  routeFilters,
  routeView,
  toggleSort,
  visibleColumns,
  type ListQuery,
} from './query.ts';
import { entitiesForRoute, registerModule } from '@erp/shared/entities/index';
import { firm, role, shellModule } from '@erp/modules/shell/definitions/index';
import type { AnyEntity } from '@erp/shared/entities/define';

// The shell's entities, as @erp/records registers them when it loads.
registerModule(shellModule);

const FIRM = firm as unknown as AnyEntity;
const ROLE = role as unknown as AnyEntity;

describe('initialQuery', () => {
  it('starts on page 1 with 250 rows a page (§9) and the default sort', () => {
    const query = initialQuery(FIRM, null);
    expect(query).toEqual({ page: 1, pageSize: 250, search: '', filters: {}, sort: [{ field: 'FirmId', descending: false }] });
    expect(PAGE_SIZE).toBe(250);
  });

  it('leaves out a default sort field the caller may not see', () => {
    expect(initialQuery(FIRM, null, ['FirmId']).sort).toEqual([]);
  });

  it('presets the firm type of the firm-maintenance routes (vendor, customer)', () => {
    expect(initialQuery(FIRM, { firmType: 'vendor' }).filters).toEqual({ 'filter.FirmTypes': 'vendor' });
    expect(routeFilters(FIRM, { firmType: 'customer' })).toEqual({ 'filter.FirmTypes': 'bill-to' });
    expect(routeFilters(FIRM, { firmType: 'elsewhere' })).toEqual({});
    // A route of an entity with no such filter presets nothing.
    expect(routeFilters(ROLE, { firmType: 'vendor' })).toEqual({});
  });

  it("selects the definition's route view: a vendor firm route creates and titles vendors", () => {
    expect(routeView(FIRM, { firmType: 'vendor' })).toEqual({
      filters: { 'filter.FirmTypes': 'vendor' },
      defaults: { FirmTypes: ['vendor'] },
      titleKey: 'entities:firm.screen.vendorTitle',
    });
    expect(routeView(FIRM, { firmType: 'customer' })?.defaults).toEqual({ FirmTypes: ['bill-to'] });
    expect(routeView(FIRM, { firmType: 'toString' })).toBeNull();
    expect(routeView(FIRM, null)).toBeNull();
    expect(routeView(ROLE, { firmType: 'vendor' })).toBeNull();
  });

  it('takes route Props named like a declared filter parameter, and nothing else', () => {
    expect(routeFilters(FIRM, { 'filter.ProvinceCode': 'ON', 'filter.Unknown': 'x', other: 1 })).toEqual({ 'filter.ProvinceCode': 'ON' });
  });
});

describe('changeQuery (§5: changing any query parameter resets the page to 1)', () => {
  const onPage3: ListQuery = { ...initialQuery(FIRM, null), page: 3 };

  it.each([
    ['search', { search: 'steel' }],
    ['a filter', { filters: { 'filter.City': 'Tor' } }],
    ['the sort', { sort: [{ field: 'Name', descending: true }] }],
    ['the page size', { pageSize: 100 }],
  ] as const)('resets to page 1 when %s changes', (_name, change) => {
    const next = changeQuery(onPage3, change);
    expect(next.page).toBe(1);
    expect(next).toMatchObject(change);
  });

  it('keeps the asked page when only the page changes', () => {
    expect(changeQuery(onPage3, { page: 4 }).page).toBe(4);
  });

  it('resets even when the page is changed together with a parameter', () => {
    expect(changeQuery(onPage3, { page: 5, search: 'x' }).page).toBe(1);
  });

  it('answers the same query when nothing changed (no reload, page kept)', () => {
    expect(changeQuery(onPage3, { search: '' })).toBe(onPage3);
    // An emptied filter that was never set is no change.
    expect(changeQuery(onPage3, { filters: { 'filter.City': '' } }).page).toBe(3);
  });
});

describe('toggleSort', () => {
  it('a click sorts by that column alone, ascending, then descending', () => {
    const byName = toggleSort([{ field: 'FirmId', descending: false }], 'Name', false);
    expect(byName).toEqual([{ field: 'Name', descending: false }]);
    expect(toggleSort(byName, 'Name', false)).toEqual([{ field: 'Name', descending: true }]);
    expect(toggleSort([{ field: 'Name', descending: true }], 'Name', false)).toEqual([{ field: 'Name', descending: false }]);
  });

  it('a click on a column of a multi-column sort sorts by it alone', () => {
    const two = [
      { field: 'City', descending: false },
      { field: 'Name', descending: true },
    ];
    expect(toggleSort(two, 'City', false)).toEqual([{ field: 'City', descending: false }]);
  });

  it('Shift+click adds a column, then turns it descending, then removes it', () => {
    const one = [{ field: 'City', descending: false }];
    const two = toggleSort(one, 'Name', true);
    expect(two).toEqual([
      { field: 'City', descending: false },
      { field: 'Name', descending: false },
    ]);
    const desc = toggleSort(two, 'Name', true);
    expect(desc[1]).toEqual({ field: 'Name', descending: true });
    expect(toggleSort(desc, 'Name', true)).toEqual(one);
  });
});

describe('listParams (GET /api/data/:entity)', () => {
  it('sends the sort fields and a separate list of the descending ones (§5), in order', () => {
    const query: ListQuery = {
      ...initialQuery(FIRM, null),
      page: 2,
      sort: [
        { field: 'City', descending: true },
        { field: 'Name', descending: false },
        { field: 'FirmId', descending: true },
      ],
    };
    expect(listParams(query, ['FirmId', 'Name', 'City'])).toEqual({
      Page: 2,
      PageSize: 250,
      Columns: 'FirmId,Name,City',
      SortFields: 'City,Name,FirmId',
      SortDescending: 'City,FirmId',
    });
  });

  it('leaves out SortDescending when nothing is descending, and empty search and filters', () => {
    const query: ListQuery = { ...initialQuery(FIRM, null), search: '  ', filters: { 'filter.City': ' ', 'filter.Name': ' acme ' } };
    const params = listParams(query, ['FirmId']);
    expect(params).not.toHaveProperty('SortDescending');
    expect(params).not.toHaveProperty('Search');
    expect(params).not.toHaveProperty('filter.City');
    expect(params['filter.Name']).toBe('acme');
    expect(params['SortFields']).toBe('FirmId');
  });

  it('sends range filters as .from and .to and the search text', () => {
    const query: ListQuery = {
      ...initialQuery(FIRM, { firmType: 'vendor' }),
      search: 'steel',
      filters: { 'filter.FirmTypes': 'vendor', 'filter.CreditLimit.from': '1000', 'filter.CreditLimit.to': '5000' },
    };
    expect(listParams(query, [])).toMatchObject({
      Search: 'steel',
      'filter.FirmTypes': 'vendor',
      'filter.CreditLimit.from': '1000',
      'filter.CreditLimit.to': '5000',
    });
  });
});

describe('exportBody (POST /api/data/:entity/export)', () => {
  it('asks for every row (§9: 2147483647) with the list query and visible columns', () => {
    const query: ListQuery = {
      ...initialQuery(FIRM, null),
      page: 7,
      search: 'x',
      filters: { 'filter.IsActive': 'true' },
      sort: [
        { field: 'Name', descending: true },
        { field: 'FirmId', descending: false },
      ],
    };
    expect(EXPORT_FETCH_SIZE).toBe(2147483647);
    expect(exportBody(query, ['FirmId', 'Name'])).toEqual({
      Page: 1,
      PageSize: 2147483647,
      Columns: ['FirmId', 'Name'],
      SortFields: ['Name', 'FirmId'],
      SortDescending: ['Name'],
      Search: 'x',
      'filter.IsActive': 'true',
    });
  });
});

describe('pageCount', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCount(0, 250)).toBe(1);
    expect(pageCount(250, 250)).toBe(1);
    expect(pageCount(251, 250)).toBe(2);
    expect(pageCount(2000, 250)).toBe(8);
  });
});

describe('visibleColumns', () => {
  it('shows the definition visible columns when nothing was saved', () => {
    const columns = visibleColumns(FIRM, null);
    expect(columns).toContain('FirmId');
    expect(columns).not.toContain('Email');
  });

  it('restores the saved choice in the definition order, dropping fields no longer offered', () => {
    expect(visibleColumns(FIRM, ['Email', 'FirmId', 'Gone'])).toEqual(['FirmId', 'Email']);
  });

  it('never shows a hidden field (§6 form widgets security), saved or not', () => {
    expect(visibleColumns(FIRM, ['Email', 'FirmId'], ['Email'])).toEqual(['FirmId']);
    expect(visibleColumns(FIRM, null, ['Name'])).not.toContain('Name');
  });

  it('falls back to the defaults when the saved choice has nothing left', () => {
    expect(visibleColumns(ROLE, ['Gone'])).toEqual(['RoleId', 'Name', 'AllApplications']);
  });

  it('works for every entity of a multi-entity route', () => {
    const entities = entitiesForRoute('/shell/country-state-city');
    expect(entities.map((entity) => entity.name)).toEqual(['country', 'state', 'city']);
    for (const entity of entities) expect(visibleColumns(entity, null).length).toBeGreaterThan(0);
  });
});
