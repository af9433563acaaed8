/**
 * A report as a real PDF, rendered on the server with pdfkit (no browser at run time), through the §7
 * file-download variant. Headings, labels and the parameters line are in the user's language (Chinese
 * included: fonts.ts); figures are the exact decimal strings, written the way the user's language writes
 * numbers. Rows are read in batches (engine.ts `streamReport`) and pages leave as soon as they are full
 * (pdfkit writes a page when the next one starts), and the writer waits while the client is behind, so the
 * server's memory stays flat however many lines the report has.
 *
 * Layout: every page has the title, the parameters, the print time, the page number and the column
 * headings; groups have a heading, an opening balance when the report has one, their rows, a subtotal line
 * and a closing balance; the report ends with its totals.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Decimal } from '@erp/shared/decimal';
import { formatCalendarDate, formatDecimal } from '@erp/shared/format';
import { visibleReportColumns, type ReportColumn, type ReportDefinition } from '@erp/shared/reports/define';
import PDFDocument from 'pdfkit';
import type { ReportEvent, ReportRow } from './engine.ts';
import { cjkFont, isWinAnsi } from './fonts.ts';
import { writeReportLines } from './lines.ts';
import type { ReportLocale, ReportTranslate } from './messages.ts';

const MARGIN = 36;
const ROW = 13;
const SIZE = 8;
const HEADING_SIZE = 13;
const LATIN = 'Helvetica';
const LATIN_BOLD = 'Helvetica-Bold';
const CJK = 'cjk';
/** Bytes the document may hold for a slow client before the writer waits. */
const BACKLOG = 1024 * 1024;

export interface PdfOptions {
  def: ReportDefinition;
  locale: ReportLocale;
  translate: ReportTranslate;
  /** "Start date: 2025-01-01 · End date: …" in the user's language. */
  parametersLine: string;
  printedOn: string;
}

export function formatCell(column: ReportColumn | undefined, value: unknown, locale: string, translate?: ReportTranslate): string {
  if (value === null || value === undefined) return '';
  if (column?.type === 'decimal') {
    // The one decimal formatter (shared/src/format.ts: cached Intl, exact on the decimal text).
    // U+202F (fr-CA's group separator) is not in WinAnsi; U+00A0 is and looks the same.
    return formatDecimal(String(value), column.scale ?? 2, locale).replace(/\u202f/g, '\u00a0');
  }
  // The language's one date style, as on the screen (issue 21 item 7).
  if (column?.type === 'date') return formatCalendarDate(value, locale).replace(/\u202f/g, '\u00a0');
  // An enumeration: its label in the user's language, as on the screen.
  const option = column?.options?.find((candidate) => candidate.value === String(value));
  if (option && translate) return translate(option.labelKey);
  return String(value);
}

/** The PDF of `events` written to `out`; resolves when the file is complete (or the client went away). */
export async function writeReportPdf(out: PassThrough, options: PdfOptions, events: AsyncGenerator<ReportEvent, Record<string, Decimal | number>>) {
  const { def, locale, translate } = options;
  const landscape = def.orientation === 'landscape';
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: translate(def.titleKey), Creator: 'ERP', Producer: 'ERP report engine (pdfkit)' },
  });
  doc.registerFont(CJK, cjkFont() as unknown as string);
  doc.pipe(out);

  const columns = visibleReportColumns(def);
  const running = columns.find((c) => c.running);
  const width = (landscape ? 842 : 595) - 2 * MARGIN;
  const weights = columns.map((c) => c.width ?? 1);
  const unit = width / weights.reduce((a, b) => a + b, 0);
  const xs: number[] = [];
  weights.reduce((x, w) => (xs.push(x), x + w * unit), MARGIN);
  const bottom = (landscape ? 595 : 842) - MARGIN - ROW;
  let y = 0;
  let page = 0;
  const widths = new Map<string, number>();

  /**
   * One line of text in a box: cut to the box's width (with "…") and aligned by hand, then written without
   * pdfkit's line wrapper (`lineBreak: false` draws one fragment): a 10,000-line report draws some 100,000
   * cells, and the wrapper's measuring per cell would take seconds.
   */
  const text = (value: string, x: number, top: number, w: number, align: 'left' | 'right', bold = false, size = SIZE) => {
    if (value === '') return;
    const font = isWinAnsi(value) ? (bold ? LATIN_BOLD : LATIN) : CJK;
    doc.font(font).fontSize(size);
    let shown = value;
    // Widths repeat (dates, sources, headings): measured once per font and size.
    const id = `${font}|${size}|${value}`;
    let width = widths.get(id) ?? doc.widthOfString(shown);
    if (widths.size > 20_000) widths.clear();
    widths.set(id, width);
    if (width > w) {
      // Binary search for the longest prefix that fits with the ellipsis.
      const chars = [...value];
      let low = 0;
      let high = chars.length;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (doc.widthOfString(`${chars.slice(0, mid).join('')}…`) <= w) low = mid;
        else high = mid - 1;
      }
      shown = `${chars.slice(0, low).join('')}…`;
      width = doc.widthOfString(shown);
    }
    doc.text(shown, align === 'right' ? x + w - width : x, top, { lineBreak: false });
  };
  const cell = (i: number, value: string, bold = false) => {
    const column = columns[i]!;
    const numeric = column.type === 'decimal' || column.type === 'integer';
    text(value, xs[i]! + 2, y, (column.width ?? 1) * unit - 4, numeric ? 'right' : 'left', bold);
  };
  const newPage = () => {
    doc.addPage();
    page++;
    y = MARGIN;
    text(translate(def.titleKey), MARGIN, y, width * 0.7, 'left', true, HEADING_SIZE);
    text(translate('reports:pdf.page', { page }), MARGIN + width * 0.7, y, width * 0.3, 'right');
    y += HEADING_SIZE + 6;
    text(options.parametersLine, MARGIN, y, width * 0.7, 'left');
    text(translate('reports:pdf.printedOn', { date: options.printedOn }), MARGIN + width * 0.7, y, width * 0.3, 'right');
    y += ROW + 4;
    columns.forEach((column, i) => cell(i, translate(column.labelKey), true));
    y += ROW;
    doc.moveTo(MARGIN, y - 2).lineTo(MARGIN + width, y - 2).lineWidth(0.5).stroke();
  };
  const line = (write: () => void) => {
    if (page === 0 || y > bottom) newPage();
    write();
    y += ROW;
  };
  /** A labelled line: the label in the first columns, figures under their columns. */
  const summary = (label: string, figures: Record<string, unknown>) =>
    line(() => {
      const firstFigure = columns.findIndex((c) => figures[c.field] !== undefined);
      const span = firstFigure > 0 ? xs[firstFigure]! - MARGIN - 4 : width / 2;
      text(label, MARGIN + 2, y, span, 'left', true);
      columns.forEach((column, i) => {
        if (figures[column.field] !== undefined) cell(i, formatCell(column, figures[column.field], locale, translate), true);
      });
    });
  // Pages leave as they fill; the walk waits while the client is behind (flat memory).
  const complete = await writeReportLines(out, events, { running, translate, every: 200 }, {
    row: (row: ReportRow) => line(() => columns.forEach((column, i) => cell(i, formatCell(column, row[column.field], locale, translate)))),
    heading: (event) => {
      const heading = def.group!.headingFields.map((f) => formatCell(def.columns.find((c) => c.field === f), event.heading[f], locale, translate));
      if (page > 0 && (def.group!.pageBreak || y > bottom - 3 * ROW)) newPage();
      line(() => text(heading.filter((part) => part !== '').join(' — '), MARGIN + 2, y, width, 'left', true));
    },
    summary,
    groupEnd: () => {
      y += ROW / 2;
    },
    behind: () => doc.readableLength > BACKLOG,
  });
  if (!complete) return;
  const finished = once(doc, 'end');
  doc.end();
  await finished;
}
