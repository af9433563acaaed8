/**
 * A report as a real PDF, rendered on the server with pdfkit (no browser at run time), through the §7
 * file-download variant. Headings, labels and the parameters line are in the user's language (Chinese
 * included: fonts.ts); figures are the exact decimal strings, written the way the user's language writes
 * numbers. Rows are read in batches (engine.ts `streamReport`) and the writer waits while the client is
 * behind.
 *
 * "Page x of y" (issue 21 item 10) — the choice: one pass, pages buffered (pdfkit `bufferPages`), the page
 * numbers stamped on every page once the last one is known (`switchToPage`). A two-pass count would read
 * the ledger twice, and an entry posted in between would print "Page 5 of 4". Buffered pages would keep
 * every page's drawing in memory (pdfkit holds one small array per drawing operation: 270 MB for a
 * 20,000-line trial balance, measured), so a full page's drawing is sent to the client as soon as the next
 * page starts (`sendPage`) and the page keeps only a second, empty content stream for its number: what
 * stays is a few hundred bytes per page, and the server's memory stays flat (18 MB for those 20,000 lines,
 * most of it the fonts and the bounded width cache).
 *
 * Layout: every page has the letterhead (the §3 default company's logo, name and address), the page
 * number "x of y", the print time in the user's time zone, the title, the parameters and the column
 * headings — wrapped onto up to three lines or set smaller, never cut. Groups have a heading, an opening
 * balance when the report has one, their rows, a subtotal line and a closing balance; the report ends with
 * its totals. A group that is a document (`group.document`) has a recipient's address block with the
 * document's number, date and details beside it, a summary table (the AR statement's aging, a purchase order's
 * totals), its notes, and — for a statement — a remittance stub at the foot of its last page.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Decimal } from '@erp/shared/decimal';
import { formatCalendarDate, formatDateTime, formatDecimal } from '@erp/shared/format';
import { columnLabel, visibleReportColumns, type ReportColumn, type ReportDefinition, type ReportParameterValues } from '@erp/shared/reports/define';
import PDFDocument from 'pdfkit';
import type { ReportEvent, ReportRow } from './engine.ts';
import { cjkFont, isWinAnsi } from './fonts.ts';
import type { Letterhead } from './letterhead.ts';
import { writeReportLines } from './lines.ts';
import type { ReportLocale, ReportTranslate } from './messages.ts';

const MARGIN = 36;
const ROW = 13;
const SIZE = 8;
const HEADING_SIZE = 13;
const COMPANY_SIZE = 11;
const LOGO_HEIGHT = 28;
/** Column headings: at most this many lines, then a smaller size down to the smallest. */
const HEADER_LINES = 3;
const SMALLEST = 5;
/** The remittance stub's height at the foot of a document's last page. */
const STUB_HEIGHT = 6 * ROW;
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
  /** The print time, already written in the user's language and time zone. */
  printedOn: string;
  /** "As of …" (issue 43 item 3, as-of.ts): when the data read was current; under the print time. */
  asOf?: string;
  /** The user's time zone (IANA; X-Time-Zone): date-time columns are written in it. Default UTC. */
  timeZone?: string;
  /** The §3 default company (null: none defined). */
  letterhead: Letterhead | null;
  /** The checked parameters (a document's date). */
  parameters: ReportParameterValues;
}

/** PDF text: U+202F (fr-CA's group separator, en-CA's space before "p.m.") is not in WinAnsi; U+00A0 is and looks the same. */
export function pdfSafe(value: string): string {
  return value.replace(/\u202f/g, '\u00a0');
}

export function formatCell(column: ReportColumn | undefined, value: unknown, locale: string, translate?: ReportTranslate, timeZone = 'UTC'): string {
  if (value === null || value === undefined) return '';
  if (column?.type === 'decimal') {
    // The one decimal formatter (shared/src/format.ts: cached Intl, exact on the decimal text).
    return pdfSafe(formatDecimal(String(value), column.scale ?? 2, locale));
  }
  // The language's one date style, as on the screen (issue 21 item 7).
  if (column?.type === 'date') return pdfSafe(formatCalendarDate(value, locale));
  // A point in time: the language's date and time in the user's zone, as the grid shows it.
  if (column?.type === 'datetime') return pdfSafe(formatDateTime(value, locale, timeZone));
  // An enumeration: its label in the user's language, as on the screen.
  const option = column?.options?.find((candidate) => candidate.value === String(value));
  if (option && translate) return translate(option.labelKey);
  return String(value);
}

/** pdfkit's page internals this file relies on (not in its types). */
interface PageInternals {
  content: { end(): void };
  dictionary: { data: { Contents: unknown } };
}

/**
 * Sends a full page's drawing to the client now, and leaves the page a second, empty content stream for
 * what is drawn on it at the end (its page number). A PDF page may have several content streams, read as
 * one. Without this pdfkit keeps every buffered page's content — one small array per drawing operation,
 * some 14 kB per report line, measured — until the document ends.
 */
function sendPage(doc: PDFKit.PDFDocument): void {
  const page = doc.page as unknown as PageInternals;
  const drawn = page.content;
  page.content = doc.ref({}) as unknown as PageInternals['content'];
  page.dictionary.data.Contents = [drawn, page.content];
  drawn.end();
}

/** An image pdfkit opened (`doc.image` takes it in place of the bytes). */
interface OpenedImage {
  width: number;
  height: number;
}

const fontOf = (value: string, bold: boolean) => (isWinAnsi(value) ? (bold ? LATIN_BOLD : LATIN) : CJK);

/**
 * A column heading in `width`: words (or, in Chinese, characters) set on at most HEADER_LINES lines; when
 * they do not fit, the size goes down by half points to SMALLEST, where a word longer than the box is broken
 * between characters. Never an ellipsis (issue 21 item 10: no "Débits de la p…").
 */
export function wrapHeading(measure: (text: string, size: number) => number, label: string, width: number, size: number): { lines: string[]; size: number } {
  // Latin headings break between words; Chinese ones between characters (no spaces between words).
  const spaced = isWinAnsi(label);
  const tokens = spaced ? label.trim().split(/\s+/) : [...label.trim()];
  const join = spaced ? ' ' : '';
  for (let s = size; s >= SMALLEST; s -= 0.5) {
    const last = s - 0.5 < SMALLEST;
    const lines: string[] = [];
    let current = '';
    let fits = true;
    for (const token of tokens) {
      const candidate = current === '' ? token : `${current}${join}${token}`;
      if (measure(candidate, s) <= width) {
        current = candidate;
        continue;
      }
      if (current !== '') lines.push(current);
      current = token;
      if (measure(token, s) > width) {
        if (!last) {
          fits = false;
          break;
        }
        // The smallest size and still too long: break the word between characters.
        let piece = '';
        for (const ch of token) {
          if (piece !== '' && measure(piece + ch, s) > width) {
            lines.push(piece);
            piece = '';
          }
          piece += ch;
        }
        current = piece;
      }
    }
    if (!fits) continue;
    if (current !== '') lines.push(current);
    if (lines.length <= HEADER_LINES || last) return { lines, size: s };
  }
  return { lines: [label], size: SMALLEST };
}

/** The PDF of `events` written to `out`; resolves when the file is complete (or the client went away). */
export async function writeReportPdf(out: PassThrough, options: PdfOptions, events: AsyncGenerator<ReportEvent, Record<string, Decimal | number>>) {
  const { def, locale, translate, letterhead } = options;
  const timeZone = options.timeZone ?? 'UTC';
  /** A column's heading, its values from the run's parameters (an aging bucket's days). */
  const label = (column: ReportColumn) => columnLabel(column, translate, options.parameters);
  const labelOf = (field: string) => {
    const column = def.columns.find((c) => c.field === field);
    return column ? label(column) : translate(field);
  };
  const landscape = def.orientation === 'landscape';
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    autoFirstPage: false,
    // "Page x of y": the pages wait for the total (the choice at the top of this file).
    bufferPages: true,
    info: { Title: translate(def.titleKey), Creator: 'ERP', Producer: 'ERP report engine (pdfkit)' },
  });
  doc.registerFont(CJK, cjkFont() as unknown as string);
  doc.pipe(out);

  const columns = visibleReportColumns(def);
  const running = columns.find((c) => c.running);
  const document = def.group?.document;
  const pageWidth = landscape ? 842 : 595;
  const width = pageWidth - 2 * MARGIN;
  const weights = columns.map((c) => c.width ?? 1);
  const unit = width / weights.reduce((a, b) => a + b, 0);
  const xs: number[] = [];
  weights.reduce((x, w) => (xs.push(x), x + w * unit), MARGIN);
  const bottom = (landscape ? 595 : 842) - MARGIN - ROW;
  let y = 0;
  let page = 0;
  const widths = new Map<string, number>();
  let logo: OpenedImage | null = null;
  if (letterhead?.logo) {
    try {
      // Opened once: every page refers to the one embedded image (pdfkit's openImage, not in its types).
      logo = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(letterhead.logo);
    } catch {
      logo = null; // bytes pdfkit cannot read: the name alone
    }
  }

  /**
   * One line of text in a box: cut to the box's width (with "…") and aligned by hand, then written without
   * pdfkit's line wrapper (`lineBreak: false` draws one fragment): a 10,000-line report draws some 100,000
   * cells, and the wrapper's measuring per cell would take seconds. Column headings are wrapped instead
   * (`wrapHeading`); the cut is for cells whose text is longer than its column (a description).
   */
  const text = (value: string, x: number, top: number, w: number, align: 'left' | 'right' | 'center', bold = false, size = SIZE) => {
    if (value === '') return;
    const font = fontOf(value, bold);
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
    const left = align === 'right' ? x + w - width : align === 'center' ? x + (w - width) / 2 : x;
    doc.text(shown, left, top, { lineBreak: false });
  };
  const measure = (value: string, size: number, bold = true) => doc.font(fontOf(value, bold)).fontSize(size).widthOfString(value);

  // The column headings, laid out once: every page repeats them.
  const headings = columns.map((column, i) => wrapHeading((t, s) => measure(t, s), label(column), weights[i]! * unit - 4, SIZE));
  // Room under the last line: Chinese glyphs reach lower than Latin ones at the same size.
  const headingHeight = Math.max(1, ...headings.map((h) => h.lines.length)) * (SIZE + 2) + 5;

  const cell = (i: number, value: string, bold = false) => {
    const column = columns[i]!;
    const numeric = column.type === 'decimal' || column.type === 'integer';
    text(value, xs[i]! + 2, y, (column.width ?? 1) * unit - 4, numeric ? 'right' : 'left', bold);
  };
  const newPage = () => {
    if (page > 0) sendPage(doc);
    doc.addPage();
    page++;
    y = MARGIN;
    // Letterhead: logo, company name and address; the page number (stamped at the end) and print time right.
    let left = MARGIN;
    if (logo) {
      const logoWidth = Math.min(width * 0.2, (logo.width / logo.height) * LOGO_HEIGHT);
      doc.image(logo as unknown as Buffer, MARGIN, y, { fit: [logoWidth, LOGO_HEIGHT] });
      left += logoWidth + 8;
    }
    if (letterhead) {
      text(letterhead.name, left, y, width * 0.7 - (left - MARGIN), 'left', true, COMPANY_SIZE);
      text(letterhead.address.join(' · '), left, y + COMPANY_SIZE + 4, width * 0.7 - (left - MARGIN), 'left');
    }
    text(translate('reports:pdf.printedOn', { date: options.printedOn }), MARGIN + width * 0.6, y + COMPANY_SIZE + 4, width * 0.4, 'right');
    if (options.asOf) text(options.asOf, MARGIN + width * 0.6, y + COMPANY_SIZE + 4 + ROW, width * 0.4, 'right');
    y += Math.max(logo ? LOGO_HEIGHT : 0, COMPANY_SIZE + 4 + ROW * (options.asOf ? 2 : 1)) + 6;
    text(translate(def.titleKey), MARGIN, y, width, 'left', true, HEADING_SIZE);
    y += HEADING_SIZE + 6;
    text(options.parametersLine, MARGIN, y, width, 'left');
    y += ROW + 4;
    columns.forEach((column, i) => {
      const { lines, size } = headings[i]!;
      const numeric = column.type === 'decimal' || column.type === 'integer';
      // Bottom-aligned, so one-line headings sit on the rule like the last line of the wrapped ones.
      const top = y + headingHeight - 5 - lines.length * (size + 2);
      lines.forEach((line, k) => text(line, xs[i]! + 2, top + k * (size + 2), weights[i]! * unit - 4, numeric ? 'right' : 'left', true, size));
    });
    y += headingHeight;
    doc.moveTo(MARGIN, y - 2).lineTo(MARGIN + width, y - 2).lineWidth(0.5).stroke();
    y += 2;
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
        if (figures[column.field] !== undefined) cell(i, formatCell(column, figures[column.field], locale, translate, timeZone), true);
      });
    });

  // A document (group.document): its recipient and details, summary, notes and remittance stub.
  let recipient: { key: string; name: string } = { key: '', name: '' };
  /** The current document's heading values (its own figures for the summary, its notes). */
  let documentHeading: Record<string, unknown> = {};
  /** After a document's stub only the batch's totals come: not part of any document, left out. */
  let afterDocument = false;
  const columnOf = (field: string) => def.columns.find((c) => c.field === field);
  const keyLabel = document ? translate(document.keyLabelKey ?? 'reports:pdf.customer') : '';
  const dateOf = (heading: Record<string, unknown>) =>
    pdfSafe(formatCalendarDate(document!.dateParameter !== undefined ? options.parameters[document!.dateParameter] : heading[document!.dateField!], locale));
  let documentDate = '';
  const billTo = (event: Extract<ReportEvent, { kind: 'groupStart' }>) => {
    const fields = document!.addressFields;
    const lines = fields.map((f) => formatCell(columnOf(f), event.heading[f], locale, translate, timeZone)).filter((part) => part !== '');
    recipient = { key: event.key, name: lines[0] ?? event.key };
    documentHeading = event.heading;
    documentDate = dateOf(event.heading);
    // The right-hand column: the date, then each detail that has a value.
    const details = [
      translate('reports:pdf.labelled', { label: translate(document!.dateLabelKey), value: documentDate }),
      ...(document!.infoFields ?? []).flatMap((f) => {
        const value = formatCell(columnOf(f), event.heading[f], locale, translate, timeZone);
        return value === '' ? [] : [translate('reports:pdf.labelled', { label: labelOf(f), value })];
      }),
    ];
    const rows = Math.max(lines.length, details.length);
    if (page === 0 || y + (rows + 2) * ROW > bottom) newPage();
    text(translate(document!.recipientLabelKey ?? 'reports:pdf.billTo'), MARGIN + 2, y, width / 2, 'left', true);
    text(translate('reports:pdf.labelled', { label: keyLabel, value: event.key }), MARGIN + width / 2, y, width / 2 - 2, 'right', true);
    y += ROW;
    for (let k = 0; k < rows; k++) {
      if (lines[k] !== undefined) text(lines[k]!, MARGIN + 2, y, width / 2, 'left', k === 0);
      if (details[k] !== undefined) text(details[k]!, MARGIN + width / 2, y, width / 2 - 2, 'right');
      y += ROW;
    }
    y += ROW / 2;
  };
  const summaryTable = (subtotals: Record<string, Decimal | number>) => {
    const fields = document!.summaryFields;
    if (y + 3 * ROW > bottom) newPage();
    y += ROW / 2;
    text(translate(document!.summaryLabelKey), MARGIN + 2, y, width, 'left', true);
    y += ROW;
    const boxWidth = width / fields.length;
    fields.forEach((field, k) => {
      const { lines, size } = wrapHeading((t, s) => measure(t, s), labelOf(field), boxWidth - 4, SIZE);
      lines.slice(0, 2).forEach((part, n) => text(part, MARGIN + k * boxWidth + 2, y + n * (size + 2), boxWidth - 4, 'right', true, size));
    });
    y += 2 * (SIZE + 2) + 2;
    doc.moveTo(MARGIN, y - 2).lineTo(MARGIN + width, y - 2).lineWidth(0.5).stroke();
    fields.forEach((field, k) => {
      const column = columnOf(field);
      // A total column's group subtotal, else the document's own figure (its heading value).
      const value = column?.total ? (subtotals[field] ?? 0) : documentHeading[field];
      text(formatCell(column, value, locale, translate, timeZone), MARGIN + k * boxWidth + 2, y, boxWidth - 4, 'right', k === fields.length - 1);
    });
    y += ROW;
  };
  /** The document's notes (its terms), wrapped: pdfkit's own line wrapper, once per document. */
  const notes = () => {
    const value = pdfSafe(String(documentHeading[document!.notesField!] ?? '').trim());
    if (value === '') return;
    const label = labelOf(document!.notesField!);
    doc.font(fontOf(value, false)).fontSize(SIZE);
    const height = doc.heightOfString(value, { width: width - 4 });
    if (y + ROW / 2 + ROW + height > bottom) newPage();
    y += ROW / 2;
    text(label, MARGIN + 2, y, width, 'left', true);
    y += ROW;
    doc.font(fontOf(value, false)).fontSize(SIZE).text(value, MARGIN + 2, y, { width: width - 4 });
    y += height + ROW / 2;
  };
  /** The stub the customer tears off and returns with the payment, at the foot of the document's last page. */
  const remittance = (subtotals: Record<string, Decimal | number>) => {
    if (y > bottom - STUB_HEIGHT) newPage();
    y = bottom - STUB_HEIGHT + ROW;
    doc.save().moveTo(MARGIN, y - 4).lineTo(MARGIN + width, y - 4).lineWidth(0.5).dash(3, { space: 3 }).stroke().restore();
    text(translate('reports:pdf.remittance'), MARGIN + 2, y, width, 'left', true, SIZE + 1);
    y += ROW + 2;
    const due = columnOf(document!.amountDueField!);
    const half = width / 2;
    const pair = (label: string, value: string, x: number) => {
      text(label, x, y, half * 0.45, 'left', true);
      text(value, x + half * 0.45, y, half * 0.5, 'left');
    };
    pair(keyLabel, `${recipient.key} — ${recipient.name}`, MARGIN + 2);
    pair(translate(document!.dateLabelKey), documentDate, MARGIN + half);
    y += ROW + 2;
    pair(translate('reports:pdf.amountDue'), formatCell(due, subtotals[document!.amountDueField!] ?? 0, locale), MARGIN + 2);
    text(translate('reports:pdf.amountEnclosed'), MARGIN + half, y, half * 0.45, 'left', true);
    doc.rect(MARGIN + half + half * 0.45, y - 3, half * 0.5, ROW + 4).lineWidth(0.8).stroke();
    y += 2 * ROW;
  };

  // The walk waits while the client is behind.
  const complete = await writeReportLines(out, events, { running, translate, every: 200 }, {
    row: (row: ReportRow) => line(() => columns.forEach((column, i) => cell(i, formatCell(column, row[column.field], locale, translate, timeZone)))),
    heading: (event) => {
      if (page > 0 && (def.group!.pageBreak || y > bottom - 3 * ROW)) newPage();
      if (document) {
        afterDocument = false;
        billTo(event);
        return;
      }
      const heading = def.group!.headingFields.map((f) => formatCell(def.columns.find((c) => c.field === f), event.heading[f], locale, translate, timeZone));
      line(() => text(heading.filter((part) => part !== '').join(' — '), MARGIN + 2, y, width, 'left', true));
    },
    summary: (label, figures) => {
      // A document's subtotal line says nothing when it has no figure (its totals are its summary table).
      if (!afterDocument && !(document && Object.values(figures).every((value) => value === undefined))) summary(label, figures);
    },
    groupEnd: (event) => {
      if (document) {
        summaryTable(event.subtotals);
        if (document.notesField) notes();
        if (document.amountDueField) remittance(event.subtotals);
        afterDocument = true;
      }
      y += ROW / 2;
    },
    behind: () => doc.readableLength > BACKLOG,
  });
  if (!complete) return;
  // "Page x of y" on every page, now that y is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    text(translate('reports:pdf.page', { page: i - range.start + 1, pages: range.count }), MARGIN + width * 0.6, MARGIN, width * 0.4, 'right');
  }
  const finished = once(doc, 'end');
  doc.end();
  await finished;
}
