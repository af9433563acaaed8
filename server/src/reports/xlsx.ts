/**
 * A report as a real .xlsx, streamed as it is written (exceljs' streaming WorkbookWriter, like the generic
 * list export in entities/export.ts): one sheet named after the report in the user's language, a row with
 * the parameters, the column headings, then the report's lines in order — group headings, opening
 * balances, rows, subtotals, closing balances — and the totals. Figures are numbers in the cells (the
 * exact decimal strings converted for the spreadsheet to show, never computed with), so the user can
 * sum them in Excel; a figure of more than 15 significant digits, which no spreadsheet number holds, is its
 * exact text. Dates are real Excel dates in Excel's short-date format (built-in format 14, which Excel
 * shows in the reader's own locale: issue 21 item 7), enumerations their labels in the user's language (item 4).
 * Memory stays flat: rows are committed one by one and the writer waits for the client.
 */
import type { PassThrough } from 'node:stream';
import { isDecimal, type Decimal } from '@erp/shared/decimal';
import { wallClock } from '@erp/shared/format';
import { columnLabel, visibleReportColumns, type ReportColumn, type ReportDefinition, type ReportParameterValues } from '@erp/shared/reports/define';
import type { ReportEvent } from './engine.ts';
import type { ReportTranslate } from './messages.ts';
import { writeReportLines } from './lines.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's built-in short date (format id 14, written by exceljs for this code): shown in the reader's locale. */
const SHORT_DATE = 'mm-dd-yy';
/** Excel's built-in short date and time (format id 22 as exceljs spells it): also shown in the reader's locale. */
const SHORT_DATE_TIME = 'm/d/yy "h":mm';
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Excel keeps 15 significant digits of a number (IEEE doubles hold 15 exactly). */
const SPREADSHEET_DIGITS = 15;

/** A decimal figure a spreadsheet number shows exactly: at most 15 significant digits. */
function fitsNumber(decimal: string): boolean {
  return decimal.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '').length <= SPREADSHEET_DIGITS;
}

function cellValue(column: ReportColumn | undefined, value: unknown, translate: ReportTranslate, timeZone: string): string | number | Date | null {
  if (value === null || value === undefined) return null;
  // A figure with more digits (a total of large amounts) is its exact text: a number would change it (issue 39 item 4.2).
  if (column?.type === 'decimal') return fitsNumber(String(value)) ? Number(value) : String(value);
  if (column?.type === 'integer') return Number(value);
  const text = String(value);
  // A calendar date at midnight UTC: exceljs writes the date's serial number, no time zone shift.
  const date = column?.type === 'date' ? CALENDAR_DATE.exec(text) : null;
  if (date) return new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
  // A point in time: a spreadsheet date-time has no zone, so it holds the user's wall clock (X-Time-Zone).
  if (column?.type === 'datetime') return wallClock(text, timeZone) ?? text;
  const option = column?.options?.find((candidate) => candidate.value === text);
  return option ? translate(option.labelKey) : text;
}

export async function writeReportXlsx(
  out: PassThrough,
  /** `asOf`: "As of …" (issue 43 item 3, as-of.ts), after the parameters in the second row. */
  options: { def: ReportDefinition; translate: ReportTranslate; parametersLine: string; asOf?: string; timeZone?: string; parameters?: ReportParameterValues },
  events: AsyncGenerator<ReportEvent, Record<string, Decimal | number>>,
): Promise<void> {
  const { def, translate } = options;
  const timeZone = options.timeZone ?? 'UTC';
  // Loaded on the first download: exceljs is large.
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(translate(def.titleKey).slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  const columns = visibleReportColumns(def);
  const running = columns.find((c) => c.running);
  sheet.columns = columns.map((column) => ({ key: column.field, width: Math.round(14 * (column.width ?? 1)) }));
  /** A row of the report's cells (column by column), its dates in the short-date format. */
  const addCells = (cells: (string | number | Date | null)[]) => {
    const row = sheet.addRow(cells);
    cells.forEach((cell, index) => {
      if (cell instanceof Date) row.getCell(index + 1).numFmt = columns[index]?.type === 'datetime' ? SHORT_DATE_TIME : SHORT_DATE;
      // A figure kept as text stands right, as the numbers above it.
      else if (typeof cell === 'string' && columns[index]?.type === 'decimal' && isDecimal(cell)) row.getCell(index + 1).alignment = { horizontal: 'right' };
    });
    row.commit();
  };
  sheet.addRow([translate(def.titleKey)]).commit();
  sheet.addRow([[options.parametersLine, options.asOf ?? ''].filter((part) => part !== '').join(' · ')]).commit();
  sheet.addRow(columns.map((column) => columnLabel(column, translate, options.parameters ?? {}))).commit();
  const labelled = (label: string, figures: Record<string, unknown>) => {
    const cells = columns.map((column) => cellValue(column, figures[column.field], translate, timeZone));
    cells[0] = label;
    addCells(cells);
  };
  const complete = await writeReportLines(out, events, { running, translate, every: 500 }, {
    row: (row) => addCells(columns.map((column) => cellValue(column, row[column.field], translate, timeZone))),
    heading: (event) => sheet.addRow([def.group!.headingFields.map((f) => event.heading[f] ?? '').filter((v) => v !== '').join(' — ')]).commit(),
    summary: labelled,
    // The workbook writer streams straight into `out`: only `out` itself can be behind.
    behind: () => false,
  });
  if (!complete) return;
  sheet.commit();
  await workbook.commit();
}
