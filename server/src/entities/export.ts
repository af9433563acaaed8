/**
 * Excel export of a generic list (§9: fetch size 2147483647 — every row), through the §7 file-download
 * variant: POST /api/data/:entity/export with the list's query in a JSON body (Page, PageSize,
 * SortFields, SortDescending, Search, filter.<Field>…, and Columns: the fields to write, default the
 * visible list columns). PageSize defaults to 2147483647 here.
 *
 * The answer is a real .xlsx streamed as it is written (exceljs' streaming WorkbookWriter, no shared
 * strings): rows are read from the database in batches of EXPORT_BATCH with the list's ORDER BY and
 * committed one by one, and the writer waits for the network when the client reads slowly, so memory
 * stays flat however many rows there are. Headers: Content-Type (xlsx), Content-Disposition
 * (attachment; filename="<entity>-<UTC date-time>.xlsx"), X-Total-Count (rows that will be written, so
 * the client can show progress), Cache-Control no-store. The request is validated completely — columns,
 * their headers, the count and the first batch — before the first byte: every error caused by the request
 * is a CallResult (400); only a database or network failure in the middle ends the stream early.
 */
import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { humanize } from '@erp/shared/entities/validate';
import type { EntityContext } from './hooks.ts';
import { translatorFor } from './labels.ts';
import { countRows, filteredBase, pageRecords } from './paging.ts';
import { MAX_EXPORT_PAGE_SIZE, parseListQuery } from './query.ts';
import { badRequest, visibleColumns, type Answer } from './service.ts';
import { listQueryRefusal } from './read.ts';
import { ownField } from './wire.ts';

export const EXPORT_BATCH = 5000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function exportName(entity: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `${entity}-${stamp}.xlsx`;
}

function cellValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Answers an error, or streams the workbook on `reply` and answers null. */
export async function exportRecords(ctx: EntityContext, body: unknown, reply: FastifyReply): Promise<Answer | null> {
  const { def, access } = ctx;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    if (body !== undefined && body !== null) return badRequest('the body must be a JSON object');
  }
  const params: Record<string, unknown> = { PageSize: MAX_EXPORT_PAGE_SIZE, ...((body as Record<string, unknown> | null) ?? {}) };
  const parsed = parseListQuery(def, params, access.hidden, true);
  if (!parsed.ok) return listQueryRefusal(ctx, parsed);
  const query = parsed.value;
  const columns = query.columns ?? visibleColumns(def, access.hidden);
  if (columns.length === 0) return badRequest('no columns to export');

  // Everything that can fail on the request's content is done BEFORE the first byte (issue #11): the
  // columns resolve to own fields of the definition, their headers are translated, the count and the
  // first batch are read. After the headers are sent only the database or the network can fail.
  const specs: { field: string; label: string; width: number }[] = [];
  const translate = translatorFor(ctx.user.row.language);
  for (const field of columns) {
    const definition = ownField(def, field);
    if (!definition) return badRequest(`Columns: unknown field ${field.slice(0, 64)}`);
    const spec = def.listColumns.find((column) => column.field === field);
    specs.push({ field, label: translate(definition.labelKey, humanize(field)), width: Math.max(10, Math.min(60, Math.round((spec?.width ?? 120) / 7))) });
  }
  const sheetName = translate(def.labelKey, humanize(def.name)).slice(0, 31).replace(/[\\/?*[\]:]/g, ' ');
  const base = await filteredBase(ctx, query);
  const total = (await countRows(ctx, base)).count;
  const start = (query.page - 1) * query.pageSize;
  const rowCount = Math.max(0, Math.min(total - start, query.pageSize));
  let batch = rowCount > 0 ? await pageRecords(ctx, base, query, columns, Math.min(EXPORT_BATCH, rowCount), start, false) : [];
  // Loaded on the first export: exceljs is large and most processes never export.
  const ExcelJS = (await import('exceljs')).default;

  const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${exportName(def.name)}"`)
    .header('x-total-count', String(rowCount))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  void reply.send(stream);

  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
    // Headers in the language the user works in (§5, §9: the shell stores it on the user).
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = specs.map((spec) => ({ header: spec.label, key: spec.field, width: spec.width }));
    // No styles (a bold header would need them, and they more than double the writing time).
    sheet.getRow(1).commit();
    let written = 0;
    while (written < rowCount) {
      const records = written === 0 ? batch : await pageRecords(ctx, base, query, columns, Math.min(EXPORT_BATCH, rowCount - written), start + written, false);
      batch = [];
      if (records.length === 0) break;
      for (const record of records) sheet.addRow(columns.map((field) => cellValue(record[field]))).commit();
      written += records.length;
      // Let the zip writer hand its bytes on, and wait while the client is behind.
      await new Promise((resolve) => setImmediate(resolve));
      while (stream.writableNeedDrain && !stream.destroyed) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
      if (stream.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return null;
}
