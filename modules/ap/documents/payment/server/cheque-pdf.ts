/**
 * The cheques of a printed payment run as one PDF (issue 24 item 2; DOMAIN-NOTES §7.3), rendered on the
 * server with pdfkit like the report engine's PDFs (no browser): one page per cheque — the §3 default
 * company's name and address, the cheque number and date, "Pay to the order of" the vendor, the amount in
 * figures and in words ("One thousand two hundred thirty-four and 56/100 dollars"), the bank, and a stub
 * listing the documents paid (document, vendor's number, payment, discount). The MICR line (Standard 006,
 * E-13B) is the cheque stock's, not drawn here. Written to a stream; a page is drawn per cheque read.
 */
import type { PassThrough } from 'node:stream';
import PDFDocument from 'pdfkit';
import { toUnits, type Decimal } from '@erp/shared/decimal';
import { formatCalendarDate } from '@erp/shared/format';
import { cjkFont, isWinAnsi } from '@erp/server/reports/fonts';
import type { Letterhead } from '@erp/server/reports/letterhead';

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [bigint, string][] = [
  [1_000_000_000n, 'billion'],
  [1_000_000n, 'million'],
  [1_000n, 'thousand'],
];

function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) {
    parts.push(`${ONES[Math.floor(n / 100)]} hundred`);
    n %= 100;
  }
  if (n >= 20) {
    parts.push(n % 10 === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}`);
  } else if (n > 0) parts.push(ONES[n]!);
  return parts.join(' ');
}

/** A whole number of dollars in English words ("one thousand two hundred thirty-four"). */
export function numberInWords(value: bigint): string {
  if (value === 0n) return 'zero';
  const parts: string[] = [];
  let rest = value;
  for (const [scale, name] of SCALES) {
    if (rest >= scale) {
      parts.push(`${numberInWords(rest / scale)} ${name}`);
      rest %= scale;
    }
  }
  if (rest > 0n) parts.push(belowThousand(Number(rest)));
  return parts.join(' ');
}

/** A cheque's amount in words: "One thousand two hundred thirty-four and 56/100 dollars". */
export function amountInWords(amount: Decimal): string {
  const cents = toUnits(amount, 2);
  const words = numberInWords(cents / 100n);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} and ${String(cents % 100n).padStart(2, '0')}/100 dollars`;
}

export interface PrintedCheque {
  chequeNo: number;
  date: string;
  payee: string;
  amount: Decimal;
  bankName: string;
  status: string;
  stub: { documentNo: string; vendorDocNo: string; payment: Decimal; discount: Decimal }[];
  /** The stub's column headings when they are not a vendor payment's (a pay cheque: item, hours, current, year to date). */
  stubHeadings?: readonly [string, string, string, string];
}

/** `1234.5` → `1,234.50` (cheques are written in figures the bank reads, whatever the user's language). */
export function figures(amount: Decimal): string {
  const [whole = '0', cents = '00'] = amount.replace('-', '').split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0').slice(0, 2)}`;
}

export async function writeChequesPdf(out: PassThrough, letterhead: Letterhead | null, cheques: AsyncIterable<PrintedCheque>): Promise<void> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 36, autoFirstPage: false, info: { Title: 'Cheques', Creator: 'ERP', Producer: 'ERP payables (pdfkit)' } });
  doc.registerFont('cjk', cjkFont() as unknown as string);
  doc.pipe(out);
  const font = (text: string, bold = false) => doc.font(isWinAnsi(text) ? (bold ? 'Helvetica-Bold' : 'Helvetica') : 'cjk');
  const write = (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}, bold = false) => {
    font(text, bold).text(text, x, y, { lineBreak: false, ...options });
  };
  for await (const cheque of cheques) {
    doc.addPage();
    const name = letterhead?.name ?? '';
    doc.fontSize(11);
    write(name, 36, 36, {}, true);
    doc.fontSize(8);
    (letterhead?.address ?? []).forEach((line, index) => write(line, 36, 52 + index * 10));
    doc.fontSize(10);
    write(`No. ${cheque.chequeNo}`, 440, 36, { width: 136, align: 'right' }, true);
    write(`Date ${cheque.date}`, 440, 54, { width: 136, align: 'right' });
    write(cheque.bankName, 36, 96);
    write('Pay to the order of', 36, 130);
    doc.fontSize(12);
    write(cheque.payee, 150, 128, {}, true);
    write(`$ ${figures(cheque.amount)}`, 440, 128, { width: 136, align: 'right' }, true);
    doc.fontSize(10);
    write(amountInWords(cheque.amount), 36, 160, { width: 540 });
    doc.moveTo(36, 176).lineTo(576, 176).stroke();
    if (cheque.status === 'Cancelled') write('VOID', 36, 190, {}, true);
    // The stub: the documents paid.
    doc.moveTo(36, 300).dash(3, { space: 3 }).lineTo(576, 300).stroke().undash();
    doc.fontSize(9);
    // The stub is read by the payee: its date as the cheque's English words write dates (issue 71 item 2); the face
    // keeps the numeric date the bank reads.
    write(`${cheque.payee} — No. ${cheque.chequeNo} — ${formatCalendarDate(cheque.date, 'en-CA')}`, 36, 312, {}, true);
    const columns = [36, 200, 360, 470];
    (cheque.stubHeadings ?? ['Document', 'Vendor document', 'Payment', 'Discount']).forEach((label, index) => write(label, columns[index]!, 332, index >= 2 ? { width: 100, align: 'right' } : {}, true));
    let y = 348;
    for (const line of cheque.stub) {
      if (y > 740) break;
      write(line.documentNo, columns[0]!, y);
      write(line.vendorDocNo, columns[1]!, y);
      write(figures(line.payment), columns[2]!, y, { width: 100, align: 'right' });
      write(figures(line.discount), columns[3]!, y, { width: 100, align: 'right' });
      y += 13;
    }
  }
  if (doc.bufferedPageRange().count === 0) doc.addPage();
  doc.end();
}
