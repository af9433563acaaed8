/**
 * Price table import/export and product price import (issue 25 item 3; SCREENS.md OE-07, OE-08):
 *
 *   GET  /api/oe/price-table/:id/export            the table's quantity ranges as .xlsx (workbook.ts columns)
 *   POST /api/oe/price-table/:id/import?Confirm=   multipart .xlsx → the table's ranges replaced
 *   GET  /api/oe/product-prices/export             the list prices (product maintenance's LIST rows) as .xlsx
 *   POST /api/oe/product-prices/import?Confirm=    multipart .xlsx → each named product's list prices replaced
 *
 * An import is checked whole first (workbook.ts): any bad row → 400 `import_refused`, Message "Nothing was
 * imported: …", `List` of {Row, Column, Message} — and nothing is written. A clean file without Confirm=true
 * answers the preview (`preview`, List of the rows, nothing written); with Confirm=true every row is written in
 * ONE transaction (`imported`, EntityId the count). Rights: writing price tables (and, for list prices,
 * writing product prices).
 */
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { apiSchema, callResult, NO_QUERY, object, RECORD, text } from '@erp/server/http/schemas';
import { readUpload } from '@erp/server/entities/attachments';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { callResult as resultOf, messageIn } from '@erp/server/entities/call-result';
import { failureAnswer, isAnswer, type Answer } from '@erp/server/entities/answers';
import { readable } from '@erp/server/entities/read';
import { LIST_PRICE_TABLE } from '@erp/modules/ic/definitions/index';
import type { Connection } from '@erp/server/db/decimal-codec';
import type { Kysely, Transaction } from 'kysely';
import { LIST_IMPORT, MAX_ROWS, priceWorkbook, readPriceWorkbook, TABLE_IMPORT, type ImportTarget, type PriceRow } from './workbook.ts';
import { oeDb, type OeDatabase } from '../tables.generated.ts';

/** An exported price row: a price table's range (no effective date) or a list price. */
interface StoredPrice {
  product_id: string | null;
  price_type: string | null;
  from_quantity: unknown;
  to_quantity: unknown;
  price: unknown;
  effective_date?: string | null;
  expiry_date: string | null;
}

/** A list price row: the check let through only the list's price types (LIST_IMPORT). */
const isListPrice = (row: PriceRow): row is PriceRow & { PriceType: 'Each' | 'Cwt' } => row.PriceType === 'Each' || row.PriceType === 'Cwt';

const MAX_BYTES = 30 * 1024 * 1024;
const tags = ['oe-price-import'];
const ID = object({ id: text(20, { minLength: 1 }) }, ['id']);
const CONFIRM = object({ Confirm: { type: 'string', enum: ['true', 'false'] } });
const FILE = { 200: { type: 'string', format: 'binary' } };

const schemas = {
  tableExport: apiSchema({ summary: 'A price table as .xlsx', tags, params: ID, querystring: NO_QUERY, response: FILE }),
  tableImport: apiSchema({ summary: "Replaces a price table's ranges from an .xlsx (checked whole; nothing half-imported)", tags, params: ID, querystring: CONFIRM, upload: true, response: { 200: callResult(RECORD, { List: { type: 'array', items: RECORD } }) } }),
  listExport: apiSchema({ summary: 'The list prices as .xlsx', tags, querystring: NO_QUERY, response: FILE }),
  listImport: apiSchema({ summary: 'Replaces the list prices of the products in an .xlsx (checked whole)', tags, querystring: CONFIRM, upload: true, response: { 200: callResult(RECORD, { List: { type: 'array', items: RECORD } }) } }),
};

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);

function sendXlsx(reply: FastifyReply, name: string, bytes: Buffer) {
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}-${stamp()}.xlsx"`)
    .send(bytes);
}

function rowsOut(db: Connection, rows: readonly StoredPrice[]) {
  return rows.map((r) => ({
    ProductId: r.product_id,
    PriceType: r.price_type,
    FromQuantity: decimalFromDb(db, r.from_quantity, 4),
    ToQuantity: decimalFromDb(db, r.to_quantity, 4),
    Price: decimalFromDb(db, r.price, 4),
    EffectiveDate: r.effective_date ?? null,
    ExpiryDate: r.expiry_date ?? null,
  }));
}

/** Checks the upload; answers the refusal or the preview, or runs `write` in one transaction. */
async function importAnswer(db: Kysely<OeDatabase>, language: string | null | undefined, bytes: Buffer, target: ImportTarget, confirm: boolean, write: (trx: Transaction<OeDatabase>, rows: PriceRow[]) => Promise<void>): Promise<Answer> {
  const checked = await readPriceWorkbook(db, bytes, target, language);
  if (!checked.ok) {
    const rows = new Set(checked.errors.map((e) => e.Row).filter((r) => r !== null));
    const first = checked.errors[0]?.Message ?? '';
    const message = rows.size === 0 ? messageIn(language, 'oe:import.refusedFile', { first }) : messageIn(language, 'oe:import.refused', { count: rows.size, first });
    return { status: 400, body: resultOf(2, 'import_refused', message, { List: checked.errors }) };
  }
  if (!confirm) return { status: 200, body: resultOf(1, 'preview', messageIn(language, 'oe:import.ready', { count: checked.rows.length }), { List: checked.rows }) };
  await db.transaction().execute((trx) => write(trx, checked.rows));
  return { status: 200, body: resultOf(1, 'imported', messageIn(language, 'oe:import.done', { count: checked.rows.length }), { EntityId: checked.rows.length }) };
}

export const importRoutes: EntityRoutes = async (app, { contextOf }) => {
  app.get<{ Params: { id: string } }>('/api/oe/price-table/:id/export', { schema: schemas.tableExport }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'price-table', 'read');
    if (!ctx) return reply;
    const id = request.params.id.trim().toUpperCase();
    // The table read as the record route reads it: 404, or §6 a customer's table of a customer not assigned (403).
    const found = await readable(ctx, id);
    if (isAnswer(found)) return sendAnswer(reply, found.status === 400 ? failureAnswer(404, 'not_found', 'Not Found') : found);
    const rows = await oeDb(ctx.db).selectFrom('price_table_ranges').selectAll().where('price_table_id', '=', id).orderBy('product_id').orderBy('price_type').orderBy('from_quantity').execute();
    return sendXlsx(reply, `price-table-${id}`, await priceWorkbook(TABLE_IMPORT, rowsOut(ctx.db, rows)));
  });

  app.get('/api/oe/product-prices/export', { schema: schemas.listExport }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'product-price', 'read');
    if (!ctx) return reply;
    const rows = await oeDb(ctx.db).selectFrom('product_prices').selectAll().where('price_table', '=', LIST_PRICE_TABLE).orderBy('product_id').orderBy('from_quantity').limit(MAX_ROWS).execute();
    return sendXlsx(reply, 'list-prices', await priceWorkbook(LIST_IMPORT, rowsOut(ctx.db, rows)));
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1 } });

    scope.post<{ Params: { id: string }; Querystring: { Confirm?: string } }>('/api/oe/price-table/:id/import', { schema: schemas.tableImport }, async (request, reply) => {
      const ctx = await contextOf(request, reply, 'price-table', 'write');
      if (!ctx) return reply;
      const id = request.params.id.trim().toUpperCase();
      const found = await readable(ctx, id);
      if (isAnswer(found)) return sendAnswer(reply, found.status === 400 ? failureAnswer(404, 'not_found', 'Not Found') : found);
      const table = { version: Number(found.record['Version']) };
      const upload = await readUpload(request, MAX_BYTES);
      if ('status' in upload) return sendAnswer(reply, upload);
      const answer = await importAnswer(oeDb(ctx.db), ctx.user.row.language, upload.bytes, TABLE_IMPORT, request.query.Confirm === 'true', async (trx, rows) => {
        await trx.deleteFrom('price_table_ranges').where('price_table_id', '=', id).execute();
        for (let i = 0; i < rows.length; i += 500) {
          await trx
            .insertInto('price_table_ranges')
            .values(
              rows.slice(i, i + 500).map((row) => ({
                price_table_id: id,
                product_id: row.ProductId,
                price_type: row.PriceType,
                from_quantity: decimalToDb(trx, row.FromQuantity, 4),
                to_quantity: row.ToQuantity === null ? null : decimalToDb(trx, row.ToQuantity, 4),
                price: decimalToDb(trx, row.Price, 4),
                expiry_date: row.ExpiryDate,
              })),
            )
            .execute();
        }
        await trx.updateTable('price_tables').set({ version: Number(table.version) + 1, updated_by: ctx.user.userId, updated_on: new Date().toISOString() }).where('price_table_id', '=', id).execute();
      });
      return sendAnswer(reply, answer);
    });

    scope.post<{ Querystring: { Confirm?: string } }>('/api/oe/product-prices/import', { schema: schemas.listImport }, async (request, reply) => {
      const ctx = await contextOf(request, reply, 'product-price', 'write');
      if (!ctx) return reply;
      const upload = await readUpload(request, MAX_BYTES);
      if ('status' in upload) return sendAnswer(reply, upload);
      const answer = await importAnswer(oeDb(ctx.db), ctx.user.row.language, upload.bytes, LIST_IMPORT, request.query.Confirm === 'true', async (trx, checked) => {
        const rows = checked.filter(isListPrice);
        const now = new Date().toISOString();
        const products = [...new Set(rows.map((row) => row.ProductId))];
        for (let i = 0; i < products.length; i += 1000) {
          await trx.deleteFrom('product_prices').where('price_table', '=', LIST_PRICE_TABLE).where('product_id', 'in', products.slice(i, i + 1000)).execute();
        }
        for (let i = 0; i < rows.length; i += 500) {
          await trx
            .insertInto('product_prices')
            .values(
              rows.slice(i, i + 500).map((row) => ({
                product_id: row.ProductId,
                price_table: LIST_PRICE_TABLE,
                price_type: row.PriceType,
                from_quantity: decimalToDb(trx, row.FromQuantity, 4),
                to_quantity: row.ToQuantity === null ? null : decimalToDb(trx, row.ToQuantity, 4),
                price: decimalToDb(trx, row.Price, 4),
                currency: 'CAD',
                effective_date: row.EffectiveDate,
                expiry_date: row.ExpiryDate,
                created_by: ctx.user.userId,
                created_on: now,
                updated_by: ctx.user.userId,
                updated_on: now,
                version: 1,
              })),
            )
            .execute();
        }
      });
      return sendAnswer(reply, answer);
    });
  });
};
