/**
 * Price workbooks (issue 25 item 3; OE-07 price table import/export, OE-08 product price import): reading an
 * uploaded .xlsx into checked rows, and writing a price table as .xlsx. The first sheet's first row names the
 * columns (any order, case-insensitive); every later non-empty row is one price row.
 *
 * Checks, all of them before anything is written (an import with one bad row imports nothing): the file is an
 * .xlsx workbook; every column the target needs is there; there is at least one row and at most MAX_ROWS;
 * per row — the product exists, the price type is one the target allows, quantities and the price are
 * decimals of at most 4 places and not negative, the high quantity is not below the low one, dates are dates,
 * and the rows of one product and price type do not overlap. A refusal names the row (as the sheet numbers
 * it) and the column. The file is read as a stream (exceljs's WorkbookReader): memory holds the checked rows,
 * not the workbook.
 */
import { Readable } from 'node:stream';
import { cmp, round, type Decimal } from '@erp/shared/decimal';
import type { Kysely } from 'kysely';
import { messageIn } from '@erp/server/entities/call-result';
import { priceTableIssues } from '../../definitions/pricing/price-table.ts';
import type { OeDatabase } from '../tables.generated.ts';


export const MAX_ROWS = 50_000;

/** A price table range's price types (the list prices take Each and Cwt only). */
export type PriceType = 'Each' | 'Cwt' | 'CostPlus' | 'Discount';

export interface ImportTarget {
  /** Columns in the order an export writes them. */
  columns: readonly string[];
  required: readonly string[];
  priceTypes: readonly PriceType[];
}

export const TABLE_IMPORT: ImportTarget = {
  columns: ['ProductId', 'PriceType', 'FromQuantity', 'ToQuantity', 'Price', 'ExpiryDate'],
  required: ['ProductId', 'PriceType', 'FromQuantity', 'Price'],
  priceTypes: ['Each', 'Cwt', 'CostPlus', 'Discount'],
};

export const LIST_IMPORT: ImportTarget = {
  columns: ['ProductId', 'PriceType', 'FromQuantity', 'ToQuantity', 'Price', 'EffectiveDate', 'ExpiryDate'],
  required: ['ProductId', 'PriceType', 'FromQuantity', 'Price'],
  priceTypes: ['Each', 'Cwt'],
};

export interface PriceRow {
  /** The sheet's row number. */
  Row: number;
  ProductId: string;
  PriceType: PriceType;
  FromQuantity: Decimal;
  ToQuantity: Decimal | null;
  Price: Decimal;
  EffectiveDate: string | null;
  ExpiryDate: string | null;
}

export interface RowError {
  Row: number | null;
  Column: string | null;
  Message: string;
}

export type ReadResult = { ok: true; rows: PriceRow[] } | { ok: false; errors: RowError[] };

/** A cell as text: numbers as written, dates as YYYY-MM-DD, rich text and formula results unwrapped. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NaN';
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: string };
    if ('result' in v) return cellText(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if (typeof v.text === 'string') return v.text;
  }
  return String(value).trim();
}

const DECIMAL = /^\d{1,11}(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function decimalOf(text: string): Decimal | null {
  if (!DECIMAL.test(text)) return null;
  const rounded = round(text, 4);
  // More than 4 places that are not zeros would change the value.
  return cmp(rounded, text) === 0 ? rounded : null;
}

function dateOf(text: string): string | null {
  if (!DATE.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : text;
}

/** Checks one data row of the sheet: a price row, or its errors (every one found), in `rows` / `errors`. */
function checkRow(
  number: number,
  read: (column: string) => string,
  target: ImportTarget,
  t: (key: string, params?: Record<string, unknown>) => string,
  rows: PriceRow[],
  errors: RowError[],
): void {
  const fail = (column: string, key: string, params: Record<string, unknown> = {}) => errors.push({ Row: number, Column: column, Message: t(key, { row: number, ...params }) });
  const productId = read('ProductId').toUpperCase();
  const priceType = read('PriceType');
  const from = decimalOf(read('FromQuantity'));
  const toText = read('ToQuantity');
  const to = toText === '' ? null : decimalOf(toText);
  const price = decimalOf(read('Price'));
  const effectiveText = read('EffectiveDate');
  const expiryText = read('ExpiryDate');
  const effective = effectiveText === '' ? null : dateOf(effectiveText);
  const expiry = expiryText === '' ? null : dateOf(expiryText);
  const before = errors.length;
  if (productId === '') fail('ProductId', 'productRequired');
  const type = target.priceTypes.find((candidate) => candidate.toLowerCase() === priceType.toLowerCase());
  if (!type) fail('PriceType', 'badPriceType', { value: priceType, allowed: target.priceTypes.join(', ') });
  if (from === null) fail('FromQuantity', 'badNumber', { value: read('FromQuantity') });
  if (toText !== '' && to === null) fail('ToQuantity', 'badNumber', { value: toText });
  if (from !== null && to !== null && cmp(from, to) > 0) fail('ToQuantity', 'rangeOrder');
  if (price === null) fail('Price', 'badNumber', { value: read('Price') });
  if (effectiveText !== '' && effective === null) fail('EffectiveDate', 'badDate', { value: effectiveText });
  if (expiryText !== '' && expiry === null) fail('ExpiryDate', 'badDate', { value: expiryText });
  if (errors.length > before) return;
  rows.push({ Row: number, ProductId: productId, PriceType: type!, FromQuantity: from!, ToQuantity: to, Price: price!, EffectiveDate: effective, ExpiryDate: expiry });
}

/** Reads and checks `bytes` for `target` (see the header); messages in `language`. */
export async function readPriceWorkbook(db: Kysely<OeDatabase>, bytes: Buffer, target: ImportTarget, language: string | null | undefined): Promise<ReadResult> {
  const t = (key: string, params: Record<string, unknown> = {}) => messageIn(language, `oe:import.${key}`, params);
  // A ZIP (xlsx) starts with PK; exceljs would otherwise fail late and vaguely.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return { ok: false, errors: [{ Row: null, Column: null, Message: t('notXlsx') }] };
  const ExcelJS = (await import('exceljs')).default;
  const header = new Map<string, number>();
  const rows: PriceRow[] = [];
  const errors: RowError[] = [];
  let sheets = 0;
  let dataRows = 0;
  let missing: string[] = [];
  /** One row of the first worksheet; false: stop reading (the first row lacks a required column). */
  const onRow = (row: { number: number; eachCell(fn: (cell: { value: unknown }, column: number) => void): void; getCell(column: number): { value: unknown } }): boolean => {
    if (row.number === 1) {
      row.eachCell((cell, column) => {
        const name = cellText(cell.value);
        const known = target.columns.find((c) => c.toLowerCase() === name.toLowerCase());
        if (known) header.set(known, column);
      });
      missing = target.required.filter((column) => !header.has(column));
      return missing.length === 0;
    }
    const read = (column: string) => (header.has(column) ? cellText(row.getCell(header.get(column)!).value) : '');
    if (target.columns.every((column) => read(column) === '')) return true;
    dataRows++;
    if (rows.length + errors.length < MAX_ROWS) checkRow(row.number, read, target, t, rows, errors);
    return true;
  };
  const reset = () => {
    header.clear();
    rows.length = 0;
    errors.length = 0;
    sheets = 0;
    dataRows = 0;
    missing = [];
  };
  try {
    // Streamed, row by row (issue 25: a 50,000-row file with flat memory): only the checked rows are kept, never
    // the workbook's model. Styles are read so a date cell arrives as a date.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    for await (const sheet of reader) {
      // The first worksheet only: the rest of the file is not read.
      if (sheets++ > 0) break;
      for await (const row of sheet) if (!onRow(row)) break;
    }
  } catch {
    // exceljs#3064: the streaming pass may lose the archive's last entry — exceljs itself writes xl/workbook.xml
    // last — and then throws. The file is read again whole, through its central directory; a file that fails
    // that too is not a workbook.
    reset();
    try {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (sheet) {
        sheets = 1;
        for (let number = 1; number <= sheet.rowCount; number++) if (!onRow(sheet.getRow(number))) break;
      }
    } catch {
      return { ok: false, errors: [{ Row: null, Column: null, Message: t('notXlsx') }] };
    }
  }
  if (sheets === 0) return { ok: false, errors: [{ Row: null, Column: null, Message: t('noRows') }] };
  if (header.size === 0 && missing.length === 0) missing = [...target.required];
  if (missing.length > 0) return { ok: false, errors: missing.map((column) => ({ Row: 1, Column: column, Message: t('missingColumn', { column }) })) };
  if (dataRows > MAX_ROWS) errors.push({ Row: null, Column: null, Message: t('tooManyRows', { max: MAX_ROWS }) });
  if (rows.length === 0 && errors.length === 0) return { ok: false, errors: [{ Row: null, Column: null, Message: t('noRows') }] };
  // Products must exist (one query per 1,000 ids).
  const ids = [...new Set(rows.map((row) => row.ProductId))];
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = (await db.selectFrom('products').select('product_id').where('product_id', 'in', ids.slice(i, i + 1000)).execute()) as { product_id: string }[];
    for (const r of found) known.add(r.product_id);
  }
  for (const row of rows) if (!known.has(row.ProductId)) errors.push({ Row: row.Row, Column: 'ProductId', Message: t('unknownProduct', { row: row.Row, product: row.ProductId }) });
  // Overlaps: the price table's own rule over the whole file.
  for (const issue of priceTableIssues({ Ranges: rows.map((row) => ({ ...row })) })) {
    const index = /^Ranges\[(\d+)\]/.exec(issue.field)?.[1];
    const row = index === undefined ? undefined : rows[Number(index)];
    if (row && issue.key.endsWith('rangeOverlap')) errors.push({ Row: row.Row, Column: 'FromQuantity', Message: t('overlap', { row: row.Row }) });
    else if (row && issue.key.endsWith('percentRange')) errors.push({ Row: row.Row, Column: 'Price', Message: t('percent', { row: row.Row }) });
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => (a.Row ?? 0) - (b.Row ?? 0)) };
  return { ok: true, rows };
}

/** The rows of a price table (or the list prices) as an .xlsx workbook. */
export async function priceWorkbook(target: ImportTarget, rows: readonly Record<string, unknown>[]): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Prices');
  sheet.addRow([...target.columns]);
  const numeric = new Set(['FromQuantity', 'ToQuantity', 'Price']);
  for (const row of rows) {
    sheet.addRow(target.columns.map((column) => (row[column] === null || row[column] === undefined ? null : numeric.has(column) ? Number(row[column]) : String(row[column]))));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
