/**
 * The generic list's query (pure, unit-tested): what the list asks GET /api/data/:entity and
 * POST /api/data/:entity/export for (server/src/entities/README.md "List parameters").
 *
 * - §9: page 1, 250 rows a page; the export asks for 2147483647 rows (every row).
 * - §5: changing any query parameter other than the page resets the page to 1 (`changeQuery`).
 * - §5: sorting sends the sort field names (`SortFields`) and a separate list of the descending ones
 *   (`SortDescending`), both comma lists, in sort order.
 * - Filters are the definition's: `filter.<Field>` (eq, contains, startsWith, in) and
 *   `filter.<Field>.from` / `.to` (range). Empty values are left out.
 */
import type { AnyEntity, FilterSpec, RouteView } from '@erp/shared/entities/define';

/** §9 default page size. */
export const PAGE_SIZE = 250;
/** §9 Excel export fetch size (the maximum). */
export const EXPORT_FETCH_SIZE = 2147483647;
/** Page sizes offered besides the default (the server allows at most 1000). */
export const PAGE_SIZES = [50, 100, 250, 500, 1000] as const;

export interface SortItem {
  field: string;
  descending: boolean;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  /** Text matched by the definition's search fields ('' = none). */
  search: string;
  /** Query parameter name (`filter.Name`, `filter.CreditLimit.from`) → value as typed ('' = none). */
  filters: Readonly<Record<string, string>>;
  /** In priority order. */
  sort: readonly SortItem[];
}

/** The query parameter names of one filter: one for most, `.from` and `.to` for a range. */
export function filterParamNames(filter: FilterSpec): string[] {
  return filter.op === 'range' ? [`filter.${filter.field}.from`, `filter.${filter.field}.to`] : [`filter.${filter.field}`];
}

/**
 * The view the route's Props select from the definition's `routeViews` (§2 firm maintenance: `firmType`
 * vendor or customer), or null.
 */
export function routeView(entity: AnyEntity, routeProps: Readonly<Record<string, unknown>> | null): RouteView | null {
  if (!routeProps) return null;
  for (const [prop, views] of Object.entries(entity.routeViews)) {
    const value = routeProps[prop];
    if (typeof value === 'string' && Object.hasOwn(views, value)) return views[value]!;
  }
  return null;
}

/**
 * The filters a route presets (the user may change them): those of the view its Props select and, for any
 * entity, route Props named like a filter parameter (`filter.<Field>`), which win.
 */
export function routeFilters(entity: AnyEntity, routeProps: Readonly<Record<string, unknown>> | null): Record<string, string> {
  const filters: Record<string, string> = { ...routeView(entity, routeProps)?.filters };
  if (!routeProps) return filters;
  const known = new Set(entity.filters.flatMap(filterParamNames));
  for (const [name, value] of Object.entries(routeProps)) {
    if (known.has(name) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) {
      filters[name] = String(value);
    }
  }
  return filters;
}

/** The definition's default sort, without fields the caller may not see. */
export function defaultSort(entity: AnyEntity, hidden: readonly string[] = []): SortItem[] {
  return entity.defaultSort
    .filter((sort) => !hidden.includes(sort.field))
    .map((sort) => ({ field: sort.field, descending: sort.descending === true }));
}

/** The first query of a list: page 1, §9 page size, the route's filters, the default sort. */
export function initialQuery(
  entity: AnyEntity,
  routeProps: Readonly<Record<string, unknown>> | null,
  hidden: readonly string[] = [],
): ListQuery {
  return { page: 1, pageSize: PAGE_SIZE, search: '', filters: routeFilters(entity, routeProps), sort: defaultSort(entity, hidden) };
}

/**
 * The query after a change. §5: changing any query parameter resets the page to 1; only a change of the
 * page alone keeps the asked page. A change that changes nothing answers the same object (no reload).
 */
export function changeQuery(query: ListQuery, change: Partial<ListQuery>): ListQuery {
  const next: ListQuery = { ...query, ...change };
  const same =
    next.search === query.search &&
    next.pageSize === query.pageSize &&
    sameFilters(next.filters, query.filters) &&
    sameSort(next.sort, query.sort);
  if (same) return next.page === query.page ? query : next;
  return { ...next, page: 1 };
}

function sameFilters(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const name of names) if ((a[name] ?? '') !== (b[name] ?? '')) return false;
  return true;
}

function sameSort(a: readonly SortItem[], b: readonly SortItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item.field === b[i]!.field && item.descending === b[i]!.descending);
}

/**
 * A click on a column header. Without `additive` (plain click) the list sorts by that column alone:
 * ascending, or descending when it already sorted by it alone ascending. With `additive` (Shift+click)
 * the column is added as the last sort key, or, when already a key, turned descending, then removed.
 */
export function toggleSort(sort: readonly SortItem[], field: string, additive: boolean): SortItem[] {
  const index = sort.findIndex((item) => item.field === field);
  if (!additive) {
    const only = sort.length === 1 && index === 0;
    return [{ field, descending: only ? !sort[0]!.descending : false }];
  }
  if (index < 0) return [...sort, { field, descending: false }];
  const current = sort[index]!;
  if (!current.descending) return sort.map((item, i) => (i === index ? { field, descending: true } : item));
  return sort.filter((_, i) => i !== index);
}

/** Filters with a value (trimmed), by parameter name. */
function activeFilters(filters: Readonly<Record<string, string>>): Record<string, string> {
  const active: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    const text = value.trim();
    if (text !== '') active[name] = text;
  }
  return active;
}

/** GET /api/data/:entity parameters of a query; `columns` are the visible columns' fields. */
export function listParams(query: ListQuery, columns: readonly string[]): Record<string, string | number> {
  const params: Record<string, string | number> = { Page: query.page, PageSize: query.pageSize };
  if (columns.length > 0) params['Columns'] = columns.join(',');
  if (query.sort.length > 0) {
    params['SortFields'] = query.sort.map((item) => item.field).join(',');
    const descending = query.sort.filter((item) => item.descending).map((item) => item.field);
    if (descending.length > 0) params['SortDescending'] = descending.join(',');
  }
  const search = query.search.trim();
  if (search !== '') params['Search'] = search;
  return { ...params, ...activeFilters(query.filters) };
}

/**
 * POST /api/data/:entity/export body: the list's filters, search, sort and visible columns, every row
 * (§9 fetch size 2147483647, from the first).
 */
export function exportBody(query: ListQuery, columns: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = { Page: 1, PageSize: EXPORT_FETCH_SIZE, Columns: [...columns] };
  if (query.sort.length > 0) {
    body['SortFields'] = query.sort.map((item) => item.field);
    body['SortDescending'] = query.sort.filter((item) => item.descending).map((item) => item.field);
  }
  const search = query.search.trim();
  if (search !== '') body['Search'] = search;
  return { ...body, ...activeFilters(query.filters) };
}

/** How many pages `total` rows fill (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The list columns the user sees: the saved choice when there is one (fields still offered, in the
 * definition's order), else the definition's visible columns. Hidden fields (§6 form widgets security)
 * are never columns.
 */
export function visibleColumns(entity: AnyEntity, saved: readonly string[] | null | undefined, hidden: readonly string[] = []): string[] {
  const offered = entity.listColumns.filter((column) => !hidden.includes(column.field));
  if (saved && saved.length > 0) {
    const chosen = offered.filter((column) => saved.includes(column.field)).map((column) => column.field);
    if (chosen.length > 0) return chosen;
  }
  return offered.filter((column) => column.visible).map((column) => column.field);
}
