/**
 * A report as a real .xlsx, streamed as it is written (exceljs' streaming WorkbookWriter, like the generic
 * list export in entities/export.ts): one sheet named after the report in the user's language, a row with
 * the parameters, the column headings, then the report's lines in order — group headings, opening
 * balances, rows, subtotals, closing balances — and the totals. Figures are numbers in the cells (the
 * exact decimal strings converted for the spreadsheet to show, never computed with), so the user can
 * sum them in Excel. Memory stays flat: rows are committed one by one and the writer waits for the client.
 */
import type { PassThrough } from 'node:stream';
import type { Decimal } from '@erp/shared/decimal';
import { visibleReportColumns, type ReportColumn, type ReportDefinition } from '@erp/shared/reports/define';
import type { ReportEvent } from './engine.ts';
import type { ReportTranslate } from './messages.ts';
import { writeReportLines } from './lines.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function cellValue(column: ReportColumn | undefined, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (column && (column.type === 'decimal' || column.type === 'integer')) return Number(value);
  return String(value);
}

export async function writeReportXlsx(
  out: PassThrough,
  options: { def: ReportDefinition; translate: ReportTranslate; parametersLine: string },
  events: AsyncGenerator<ReportEvent, Record<string, Decimal | number>>,
): Promise<void> {
  const { def, translate } = options;
  // Loaded on the first download: exceljs is large.
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(translate(def.titleKey).slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  const columns = visibleReportColumns(def);
  const running = columns.find((c) => c.running);
  sheet.columns = columns.map((column) => ({ key: column.field, width: Math.round(14 * (column.width ?? 1)) }));
  sheet.addRow([translate(def.titleKey)]).commit();
  sheet.addRow([options.parametersLine]).commit();
  sheet.addRow(columns.map((column) => translate(column.labelKey))).commit();
  const labelled = (label: string, figures: Record<string, unknown>) => {
    const cells: (string | number | null)[] = columns.map((column) => cellValue(column, figures[column.field]));
    cells[0] = label;
    sheet.addRow(cells).commit();
  };
  const complete = await writeReportLines(out, events, { running, translate, every: 500 }, {
    row: (row) => sheet.addRow(columns.map((column) => cellValue(column, row[column.field]))).commit(),
    heading: (event) => sheet.addRow([def.group!.headingFields.map((f) => event.heading[f] ?? '').filter((v) => v !== '').join(' — ')]).commit(),
    summary: labelled,
    // The workbook writer streams straight into `out`: only `out` itself can be behind.
    behind: () => false,
  });
  if (!complete) return;
  sheet.commit();
  await workbook.commit();
}
