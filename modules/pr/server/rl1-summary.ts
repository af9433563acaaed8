/**
 * The RLZ-1.S, Revenu Québec's "Summary of Source Deductions and Employer Contributions" (issue 68 item 8), as a
 * printed summary rendered on the server with pdfkit (as the cheques and report PDFs: no browser). RQ publishes no
 * XML schema for it (standards/rq-rl-xsd-2025/SOURCE.md: T01 is the relevés group's record, not this summary): it
 * is filed as RQ's form, so this is the form's figures to copy or attach, from the RL-1 slips as filed.
 *
 *   POST /api/pr/rl1-summary  { Parameters: { Year } }   the year's RLZ-1.S as a PDF (`RLZ-1.S-<year>.pdf`), for
 *       the payroll role (the RL-1 slips screen's button beside the RL-1 file). 400 when no RL-1 slip of the year
 *       was filed (the summary is "the total of box … from all the RL-1 slips you filed") or the employer's RQ
 *       accounts are missing.
 *
 * The slips filed: for each employee, the last slip sent (an original or an amendment) unless it was cancelled —
 * the amounts recorded with each file (pr_rl1_file_slips). The lines they decide are RQ's ("How to complete the RL-1
 * summary", revenuquebec.ca): rl1-xml.ts `rlz1sLines` (21–24 QPP, 28–29 QPIP, 35 Québec income tax, 50.1 the total
 * payroll). The page also lists each box's total over the slips filed and the number of slips, and says which parts
 * the payroll does not compute (the statements of duties by period, the Health Services Fund's rate and
 * contribution, the labour-standards contribution, the WSDRF) and how many slips changed since the last file.
 * Amounts are written as RQ asks on paper: no dollar sign or spaces, a point before the cents.
 */
import type { PassThrough } from 'node:stream';
import PDFDocument from 'pdfkit';
import { sum, toFixedScale, type Decimal } from '@erp/shared/decimal';
import { cjkFont, isWinAnsi } from '@erp/server/reports/fonts';
import type { Kysely } from 'kysely';
import { RL1_AMOUNTS, rl1DigestBoxes, rlz1sLines, type Rl1Employer } from './rl1-xml.ts';
import type { PrDatabase } from './tables.generated.ts';

/** The lines printed, in the form's order (each label under `pr:rl1Summary.line<n>`, 50.1 → line50_1). */
export const RLZ1S_LINES: readonly string[] = ['21', '22', '23', '24', '28', '29', '35', '50.1'];

export interface Rl1Filed {
  /** Slips filed and in force (not cancelled). */
  slips: number;
  /** Each box's total over them (RL1_AMOUNTS' boxes). */
  boxes: Record<string, Decimal>;
}

/** The slips of the year as filed: each employee's last slip sent, unless cancelled; their boxes' totals. */
export async function filedRl1(db: Kysely<PrDatabase>, year: number): Promise<Rl1Filed> {
  const rows = await db
    .selectFrom('pr_rl1_file_slips as s')
    .innerJoin('pr_rl1_files as f', 'f.file_id', 's.file_id')
    .where('f.year', '=', year)
    .select(['s.employee_id', 's.slip_type', 's.amounts'])
    .orderBy('f.file_id')
    .execute();
  const last = new Map(rows.map((row) => [row.employee_id, row]));
  const inForce = [...last.values()].filter((row) => row.slip_type !== 'D').map((row) => rl1DigestBoxes(row.amounts));
  const boxes = Object.fromEntries(RL1_AMOUNTS.map(([box]) => [box, sum(inForce.map((slip) => slip[box] ?? '0.00'), 2)]));
  return { slips: inForce.length, boxes };
}

export interface Rl1SummaryPage {
  year: number;
  employer: Rl1Employer;
  filed: Rl1Filed;
  /** The employer's QPIP rate of the year (the pay tables' QC QPIP_EMPLOYER_RATE): line 29. */
  qpipEmployerRate: Decimal;
  /** Slips not yet filed (R / A / D) when the summary is printed: said on the page. */
  pending: number;
  /** The page's words in the caller's language: a key under `pr:` (`rl1Summary.title`) → text. */
  text: (key: string, params?: Record<string, unknown>) => string;
  /** A box's name in the caller's language (`pr:rl1BoxNames`: "B.A – QPP contributions …"). */
  boxName: (box: string) => string;
}

const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;
const AMOUNT_WIDTH = 110;

/** The summary's page: identification, the lines the slips decide, the slips' box totals, what is not computed. */
export async function writeRl1SummaryPdf(out: PassThrough, page: Rl1SummaryPage): Promise<void> {
  const title = page.text('rl1Summary.title');
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: `RLZ-1.S ${page.year}`, Creator: 'ERP', Producer: 'ERP payroll (pdfkit)' } });
  doc.registerFont('cjk', cjkFont() as unknown as string);
  doc.pipe(out);
  let y = MARGIN;
  const write = (value: string, x: number, options: PDFKit.Mixins.TextOptions = {}, bold = false) => {
    doc.font(isWinAnsi(value) ? (bold ? 'Helvetica-Bold' : 'Helvetica') : 'cjk').text(value, x, y, { lineBreak: false, ...options });
  };
  // A line: its number, its label (wrapped when long, never cut), its amount on the label's first line.
  const line = (label: string, amount: string, number = '') => {
    const labelWidth = WIDTH - 44 - AMOUNT_WIDTH - 8;
    write(number, MARGIN, { width: 40 }, true);
    doc.font(isWinAnsi(label) ? 'Helvetica' : 'cjk');
    const height = doc.heightOfString(label, { width: labelWidth });
    doc.text(label, MARGIN + 44, y, { width: labelWidth });
    write(amount, MARGIN + WIDTH - AMOUNT_WIDTH, { width: AMOUNT_WIDTH, align: 'right' });
    y += Math.max(15, height + 4);
  };
  // An identification line: its label, then its value beside it (wrapped when long).
  const info = (label: string, value: string) => {
    write(label, MARGIN + 44, { width: 150 });
    doc.font(isWinAnsi(value) ? 'Helvetica' : 'cjk');
    const height = doc.heightOfString(value, { width: WIDTH - 200 });
    doc.text(value, MARGIN + 200, y, { width: WIDTH - 200 });
    y += Math.max(15, height + 4);
  };
  // A part's heading, ruled under its text (the Chinese font's lines are taller than Helvetica's).
  const heading = (value: string) => {
    y += 8;
    doc.fontSize(11).font(isWinAnsi(value) ? 'Helvetica-Bold' : 'cjk');
    const height = doc.heightOfString(value, { width: WIDTH });
    doc.text(value, MARGIN, y, { width: WIDTH });
    y += height + 1;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.5).stroke();
    y += 5;
    doc.fontSize(9);
  };
  const money = (value: Decimal | undefined) => toFixedScale(value ?? '0.00', 2);

  doc.fontSize(14);
  write(`RLZ-1.S ${page.year}`, MARGIN, {}, true);
  y += 20;
  doc.fontSize(11);
  write(title, MARGIN, { width: WIDTH });
  y += 22;

  const employer = page.employer;
  const account = employer.rqIdNumber.replace(/\s/g, '').toUpperCase();
  heading(page.text('rl1Summary.employer'));
  info(page.text('rl1Summary.name'), employer.name);
  info(page.text('rl1Summary.address'), [employer.address, employer.city, employer.province, employer.postalCode].filter((part) => part.trim() !== '').join(', '));
  info(page.text('rl1Summary.identification'), account.slice(0, 10));
  info(page.text('rl1Summary.file'), `RS ${account.slice(12, 16)}`);
  if (employer.neq.trim() !== '') info(page.text('rl1Summary.neq'), employer.neq.trim());
  info(page.text('rl1Summary.year'), String(page.year));
  info(page.text('rl1Summary.slips'), String(page.filed.slips));

  const lines = rlz1sLines(page.filed.boxes, page.qpipEmployerRate);
  heading(page.text('rl1Summary.part3'));
  for (const number of RLZ1S_LINES.filter((number) => number !== '50.1')) line(page.text(`rl1Summary.line${number.replace('.', '_')}`), lines[number]!, number);
  heading(page.text('rl1Summary.part4'));
  line(page.text('rl1Summary.line50_1'), lines['50.1']!, '50.1');

  heading(page.text('rl1Summary.boxTotals'));
  for (const [box] of RL1_AMOUNTS) line(page.boxName(box), money(page.filed.boxes[box]));

  heading(page.text('rl1Summary.notes'));
  doc.font(isWinAnsi(page.text('rl1Summary.notComputed')) ? 'Helvetica' : 'cjk');
  doc.text(page.text('rl1Summary.notComputed'), MARGIN, y, { width: WIDTH });
  y = doc.y + 6;
  if (page.pending > 0) {
    doc.font('Helvetica-Bold');
    const warning = page.text('rl1Summary.pending', { count: page.pending });
    doc.font(isWinAnsi(warning) ? 'Helvetica-Bold' : 'cjk').text(warning, MARGIN, y, { width: WIDTH });
  }
  doc.end();
}
