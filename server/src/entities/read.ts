/**
 * Reading records through the generic data service (routes.ts): the list page (§5 paging and sorting, §9
 * page size 250, column totals), a lookup's suggestions, one record, and one record's §3 audit log. Every
 * read goes through the entity's `scope` / `canView` hooks (§6 row rights) and leaves out the caller's
 * hidden fields.
 *
 * - `listRecords(ctx, params)`: the query string (query.ts) → PagedList; ResultStatus 6 when the page is
 *   empty (the real TotalCount still answered).
 * - `lookupRecords(ctx, search, page)`: a page of LOOKUP_PAGE_SIZE `{ Value, Label }` pairs by name (`More`).
 * - `getRecord(ctx, rawId)` (the §3 audit log, `recordAudit`, is history.ts'); `readable(ctx, rawId)` is the record a
 *   write starts from (save.ts, delete.ts): 400 bad id, 404, or the hook's refusal otherwise; `readableMany` the same
 *   for a batch of keys.
 */
import type { AnyEntity, ScalarField } from '@erp/shared/entities/define';
import { sql } from 'kysely';
import { badRequest, failureAnswer, isAnswer, notFound, refusalAnswer, type Answer } from './answers.ts';
import { callResult, messageIn } from './call-result.ts';
import type { EntityContext } from './hooks.ts';
import { message } from './labels.ts';
import { countRows, filteredBase, pageRecords, plainShape, type TotalSpec } from './paging.ts';
import { lookupSearchColumns, searchCondition, searchRank } from './lookups.ts';
import { parseListQuery, type ListQuery } from './query.ts';
import { columnsFor, fieldsOf, keyColumn, loadRecord, loadRecords, parseId, recordReader, visibleAnswer } from './wire.ts';

/** The visible list columns of a definition, less the caller's hidden fields. */
export function visibleColumns(def: AnyEntity, hidden: ReadonlySet<string>): string[] {
  return def.listColumns.filter((column) => column.visible && !hidden.has(column.field)).map((column) => column.field);
}

/** Fields a list row answers: the key, the chosen columns (default the visible ones), flag sets. */
export function listFields(def: AnyEntity, hidden: ReadonlySet<string>, columns: readonly string[] | null = null): string[] {
  const fields = new Set<string>([def.key, ...(columns ?? visibleColumns(def, hidden))]);
  for (const [name, field] of fieldsOf(def)) {
    if (field.type === 'set' && field.storage.kind === 'flags') fields.add(name);
  }
  return [...fields].filter((field) => !hidden.has(field));
}

/** The 400 of a list query refused: in the caller's language when it names a field (query.ts `unknownField`). */
export function listQueryRefusal(ctx: EntityContext, refused: { message: string; key?: string; params?: Record<string, string> }): Answer {
  if (!refused.key) return badRequest(refused.message);
  const language = ctx.user.row.language;
  return failureAnswer(400, 'bad_request', messageIn(language, 'entities:result.badQuery', { detail: messageIn(language, refused.key, refused.params) }));
}

/** A page (its numbers, sort and rows) as the §3 paged list; ResultStatus 6 'no_records' when empty. */
export function pagedAnswer(page: { Page: number; PageSize: number; TotalCount: number; SortFields: string[]; SortDescending: string[] }, list: unknown[], extra: Record<string, unknown> = {}): Answer {
  const empty = list.length === 0;
  return {
    status: 200,
    body: {
      ...callResult(empty ? 6 : 1, empty ? 'no_records' : 'ok', empty ? message('entities:result.noRecords') : null),
      ...page,
      List: list,
      ...extra,
    },
  };
}

export async function listRecords(ctx: EntityContext, params: Record<string, unknown>): Promise<Answer> {
  const { def, access } = ctx;
  const parsed = parseListQuery(def, params, access.hidden);
  if (!parsed.ok) return listQueryRefusal(ctx, parsed);
  const query = parsed.value;
  const base = await filteredBase(ctx, query);
  const fields = listFields(def, access.hidden, query.columns);
  const totals: TotalSpec[] = def.listColumns
    .filter((column) => column.total && fields.includes(column.field))
    .map((column) => {
      const field = def.fields[column.field]!;
      const spec: TotalSpec = { field: column.field, column: field.column, kind: column.total! };
      if (field.type === 'decimal') spec.scale = field.scale ?? 2;
      return spec;
    });
  // Issue 74: a plain list's page and count compiled once per shape, not per request (paging.ts plainShape).
  const shape = plainShape(ctx, query, base);
  const counted = await countRows(ctx, base, totals, shape);
  const total = counted.count;
  const offset = (query.page - 1) * query.pageSize;
  const list = offset < total ? await pageRecords(ctx, base, query, fields, query.pageSize, offset, 'version', shape) : [];
  return pagedAnswer(
    { Page: query.page, PageSize: query.pageSize, TotalCount: total, SortFields: query.sortFields, SortDescending: query.sortDescending },
    list,
    // Column totals over every matching row (definition listColumns[].total), when asked for.
    totals.length > 0 ? { Totals: counted.totals } : {},
  );
}

/** Most suggestions one lookup answer holds (a page; `More` says another follows). */
export const LOOKUP_PAGE_SIZE = 20;

/**
 * GET /api/lookup/:entity (issue 16 item 5): the records of `ctx.def` matching `search`, each as the pair a
 * lookup of another entity's form shows — `Value` (what the referring field stores: the key, or its
 * `targetField`, e.g. a sales order's number) and `Label`
 * (the definition's displayField; '' when that is the key or hidden from the caller). The server's registry
 * holds every module's definitions, so a form can suggest records of an entity whose module the page has
 * not loaded. Same rights and row filters as the list.
 * Issue 40 item 7: the search matches any part of the code and the name, ignoring case and accents
 * (lookups.ts `searchCondition`); the matches come by name, `page` by page (`More`: another page follows), and
 * a blank search lists the first page; the code typed exactly comes first, then codes starting with it.
 */
export async function lookupRecords(ctx: EntityContext, search: string, page = 1, key?: string): Promise<Answer> {
  const { def, access } = ctx;
  const value = ctx.lookupValue ?? def.key;
  // §6 (issue 68 item 1): a lookup storing a field the caller may not see (a `targetField` hidden from them) would
  // answer its values: it suggests nothing to them.
  if (access.hidden.has(value)) return { status: 200, body: { ...callResult(6, 'no_records', message('entities:result.noRecords')), List: [], More: false } };
  // Issue 40 item 3: the business number (definition `numberField`) when the field stores something else (an
  // internal key): the form shows it in place of the key, and a typed number resolves to the key.
  const numberField = def.numberField !== value && !access.hidden.has(def.numberField) ? def.numberField : null;
  const label = def.displayField !== value && !access.hidden.has(def.displayField) ? def.displayField : null;
  if (key !== undefined) {
    const field = def.fields[value]! as ScalarField & { column: string };
    const wanted = field.type === 'integer' || (field.type === 'lookup' && field.valueType === 'integer') ? Number(key) : key;
    if (typeof wanted === 'number' && !Number.isSafeInteger(wanted)) return { status: 200, body: { ...callResult(6, 'no_records', message('entities:result.noRecords')), List: [] } };
    const scope = ctx.hooks.scope;
    ctx = { ...ctx, hooks: { ...ctx.hooks, scope: async (inner, select) => (scope ? await scope(inner, select) : select).where(`${def.table}.${field.column}`, '=', wanted) } };
  }
  // The definition's lookup marks (issue 21 item 5: lot-tracked products), as the caller may see them.
  const marks = def.lookupMarks.filter((mark) => !access.hidden.has(mark));
  // Details after the label (issue 21 item 8: an invoice's balance after its due date), as the caller may see them.
  const details = def.lookupDetails.filter((detail) => !access.hidden.has(detail) && detail !== label);
  const fields = [...new Set([value, ...(numberField ? [numberField] : []), ...(label ? [label] : []), ...details, ...marks])];
  const text = search.trim();
  // The code typed exactly comes first, then codes starting with it: the business number where the field holds a key.
  const codeField = def.fields[numberField ?? value]!;
  const textCode = codeField.type === 'text' || (codeField.type === 'lookup' && codeField.valueType !== 'integer');
  const codeColumn = textCode ? `${def.table}.${codeField.column}` : '';
  const query: ListQuery = { page, pageSize: LOOKUP_PAGE_SIZE, sortFields: [], sortDescending: [], search: null, filters: [], columns: fields };
  // §6: only the columns the caller may read are matched (issue 68 item 1); a text that could only have matched hidden
  // ones matches nothing (an empty list of columns would match every record).
  const columns = lookupSearchColumns(def, value, access.hidden);
  const blind = columns.length === 0 && text !== '' && lookupSearchColumns(def, value, new Set()).length > 0;
  let select = (await filteredBase(ctx, query)).where(blind ? sql<boolean>`1 = 0` : searchCondition(columns, text, ctx.engine));
  const rank = textCode ? searchRank(codeColumn, text, ctx.engine) : null;
  if (rank) select = select.orderBy(rank);
  const byName = label && !def.fields[label]!.virtual ? (def.fields[label] as { column: string }).column : null;
  if (byName) select = select.orderBy(`${def.table}.${byName}`);
  select = select.orderBy(`${def.table}.${keyColumn(def)}`);
  const found = (await select.select(columnsFor(def, fields, false).map((column) => `${def.table}.${column}`)).limit(LOOKUP_PAGE_SIZE + 1).offset((page - 1) * LOOKUP_PAGE_SIZE).execute()) as Record<string, unknown>[];
  const more = found.length > LOOKUP_PAGE_SIZE;
  const rows = found.slice(0, LOOKUP_PAGE_SIZE).map(recordReader(def, fields, false));
  const markText = (mark: string) => messageIn(ctx.user.row.language, def.fields[mark]!.labelKey);
  // An enumeration (a document's state: "Open") reads as its option's label in the user's language (issue 71 item 2:
  // "PO200037 · V100 · Ouvert", never the stored value).
  const shownValue = (name: string, raw: unknown) => {
    const field = def.fields[name] as { type: string; options?: readonly { value: string; labelKey: string }[] };
    const option = field.type === 'enum' ? field.options?.find((candidate) => candidate.value === String(raw)) : undefined;
    return option ? messageIn(ctx.user.row.language, option.labelKey) : String(raw);
  };
  const options = rows.map((row) => {
    const option: { Value: string; Label: string; Number?: string; Marks?: string[]; MarkFields?: string[] } = { Value: String(row[value]), Label: [label, ...details].filter((name): name is string => name !== null && row[name] != null && row[name] !== '').map((name) => shownValue(name, row[name])).join(' · ') };
    if (numberField && row[numberField] != null && row[numberField] !== '') option.Number = String(row[numberField]);
    const shown = marks.filter((mark) => row[mark] === true);
    // Marks: their labels, to show; MarkFields: their names, for a screen's lineChildren onlyWhen.
    if (shown.length > 0) {
      option.Marks = shown.map(markText);
      option.MarkFields = shown;
    }
    return option;
  });
  const empty = options.length === 0;
  return { status: 200, body: { ...callResult(empty ? 6 : 1, empty ? 'no_records' : 'ok', empty ? message('entities:result.noRecords') : null), List: options, More: more } };
}

type Readable = { id: string | number; record: Record<string, unknown> } | Answer;

/** Loads a record the caller may see: the record, or the answer to give instead. */
export async function readable(ctx: EntityContext, rawId: string): Promise<Readable> {
  const id = parseId(ctx.def, rawId);
  if (id === null) return badRequest(`${rawId.slice(0, 64)} is not a valid ${ctx.def.key}`);
  return viewable(ctx, id, await loadRecord(ctx.db, ctx.def, id));
}

/**
 * `readable` for many keys at once (the webhook worker's batch): the rows and their child rows in one query per table
 * (wire.ts `loadRecords`), then each record through the same hooks. Answers by the raw key given.
 */
export async function readableMany(ctx: EntityContext, rawIds: readonly string[]): Promise<Map<string, Readable>> {
  const out = new Map<string, Readable>();
  const ids = new Map<string, string | number>();
  for (const rawId of rawIds) {
    const id = parseId(ctx.def, rawId);
    if (id === null) out.set(rawId, badRequest(`${rawId.slice(0, 64)} is not a valid ${ctx.def.key}`));
    else ids.set(rawId, id);
  }
  const loaded = await loadRecords(ctx.db, ctx.def, [...ids.values()]);
  for (const [rawId, id] of ids) out.set(rawId, await viewable(ctx, id, loaded.get(String(id)) ?? null));
  return out;
}

/** A loaded record with its virtual fields, unless absent (404) or refused by the entity's `canView` (§6). */
async function viewable(ctx: EntityContext, id: string | number, record: Record<string, unknown> | null): Promise<Readable> {
  if (!record) return notFound();
  if (ctx.hooks.readVirtual) Object.assign(record, await ctx.hooks.readVirtual(ctx, record));
  if (ctx.hooks.canView) {
    const refusal = await ctx.hooks.canView(ctx, record);
    if (refusal) return refusalAnswer(refusal);
  }
  return { id, record };
}

export async function getRecord(ctx: EntityContext, rawId: string): Promise<Answer> {
  const found = await readable(ctx, rawId);
  if (isAnswer(found)) return found;
  return {
    status: 200,
    body: callResult(1, 'ok', null, { EntityId: found.id, Data: visibleAnswer(ctx.def, found.record, ctx.access.hidden) }),
  };
}
