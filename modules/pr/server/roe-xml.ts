/**
 * The Record of Employment as XML for ROE Web's payroll extract upload (issue 45 item 3).
 *
 * Follows Service Canada, "ROE Web user requirements – Appendix D – ROE payroll extract file transfer – XML file
 * layout and edit – **Version 2.0**" (canada.ca, …/ei-roe/user-requirements/appendix-d.html, with its December 3,
 * 2017 update of the block 16 / 17C / 19 codes). Service Canada gives its XSD to registered ROE Web users only; it is
 * not in the material at hand, so the layout below (and the structural check of modules/pr/test/roe-file.test.ts)
 * follows the documentation's tables, not the publisher's schema file.
 *
 * The file: `<ROEHEADER FileVersion="W-2.0" ProductName=…>` holding one `<ROE PrintingLanguage Issue>` per record,
 * its blocks in the documented order — B2 (serial of the ROE amended), B3 (payroll reference), B5 (CRA business
 * number, BN15 with RP), B6 (pay period type), B8 (SIN), B9 (name and address), B10 (first day worked), B11 (last
 * day for which paid), B12 (final pay period ending date), B13 (occupation), B14 (expected date of recall), B15A
 * (total insurable hours), B15C (insurable earnings by pay period: `<PP nbr="1"><AMT>`, 1 the final period), B16
 * (reason code and contact), B18 (comments), B20 (communication language). Blocks 17 (other monies) and 19 (special
 * payments) are not written: the payroll records no separation monies yet.
 *
 * Formats: dates YYYY-MM-DD; amounts without sign or grouping, a decimal point and two decimals, at most 9
 * characters; hours whole. Rules the layout leaves to ROE Web's edits, kept by `roeProblems`: the SIN passes its
 * check digit; the BN9 too, followed by RP and a reference above 0000; no more pay periods than the pay period type
 * allows (weekly 53, bi-weekly 27, semi-monthly 25, monthly 13); B15A the total of the periods' hours; no optional
 * amount written as zero (a pay period without insurable earnings is left out, its number kept); comments for the
 * "other" reasons K00 and K15.
 */
import { add, isZero, sum, type Decimal } from '@erp/shared/decimal';
import { isValidSin, sinDigits } from '../definitions/sin.ts';
import { REASONS_NEEDING_COMMENTS, ROE_REASON_CODES } from '../definitions/roe.ts';
import { isValidPayrollAccount } from './t4-xml.ts';

/** The documentation's FileVersion for layout 2.0. */
export const ROE_FILE_VERSION = 'W-2.0';

/** Block 6's pay period type by the employee's pay frequency (pays a year), and how many periods block 15C holds. */
export const PAY_PERIOD_TYPES: Record<string, { code: string; periods: number }> = {
  '52': { code: 'W', periods: 53 },
  '26': { code: 'B', periods: 27 },
  '24': { code: 'S', periods: 25 },
  '12': { code: 'M', periods: 13 },
};
/** The most pay periods block 15C may hold, by block 6 code (including the non-standard types ROE Web knows). */
export const MAX_PERIODS: Record<string, number> = { W: 53, B: 27, S: 25, E: 25, M: 13, O: 13, H: 14 };

export interface RoePeriod {
  /** 1 the final pay period, counting back. */
  nbr: number;
  hours: Decimal;
  earnings: Decimal;
}

export interface RoeRecord {
  /** Block 2: the ROE Web serial of the ROE this one amends (W or M + 8 digits), '' for none. */
  amendedSerial: string;
  /** Block 3: the payroll reference (the employee number). */
  payrollReference: string;
  /** Block 5: BN15. */
  businessNumber: string;
  /** Block 6 code. */
  payPeriodType: string;
  sin: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  firstDay: string;
  lastDayPaid: string;
  finalPeriodEnd: string;
  occupation: string;
  /** Block 14: '' when not known. */
  recallDate: string;
  periods: readonly RoePeriod[];
  reasonCode: string;
  contactFirstName: string;
  contactLastName: string;
  contactArea: string;
  /** Seven digits (NNN-NNNN accepted). */
  contactPhone: string;
  comments: string;
  /** E or F: printing and communication language. */
  language: 'E' | 'F';
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
/** A text block trimmed to its documented size; left out when empty (every optional block). */
const element = (name: string, value: string, size: number) => {
  const text = value.replace(/\s+/g, ' ').trim().slice(0, size);
  return text === '' ? '' : `<${name}>${escape(text)}</${name}>`;
};
const digits = (value: string) => value.replace(/\D/g, '');

/** The total of block 15A: the periods' hours, whole. */
export function totalHours(periods: readonly RoePeriod[]): string {
  const total = sum(
    periods.map((period) => period.hours),
    4,
  );
  return String(Math.round(Number(total)));
}

/** One ROE record. */
export function roeXml(record: RoeRecord): string {
  const periods = record.periods
    .filter((period) => !isZero(period.earnings))
    .map((period) => `<PP nbr="${period.nbr}"><AMT>${add(period.earnings, '0.00')}</AMT></PP>`)
    .join('');
  const recall = record.recallDate === '' ? '' : `<B14><CD>Y</CD><DT>${record.recallDate}</DT></B14>`;
  return (
    `<ROE PrintingLanguage="${record.language}" Issue="S">` +
    element('B2', record.amendedSerial.toUpperCase(), 9) +
    element('B3', record.payrollReference, 15) +
    element('B5', record.businessNumber.replace(/\s/g, '').toUpperCase(), 15) +
    element('B6', record.payPeriodType, 1) +
    element('B8', sinDigits(record.sin) ?? digits(record.sin), 9) +
    '<B9>' +
    element('FN', record.firstName, 20) +
    element('LN', record.lastName, 28) +
    element('A1', record.address, 35) +
    element('A2', record.city, 35) +
    element('A3', record.province, 35) +
    element('PC', record.postalCode.replace(/\s/g, '').toUpperCase(), 10) +
    '</B9>' +
    element('B10', record.firstDay, 10) +
    element('B11', record.lastDayPaid, 10) +
    element('B12', record.finalPeriodEnd, 10) +
    element('B13', record.occupation, 40) +
    recall +
    element('B15A', totalHours(record.periods), 4) +
    `<B15C>${periods}</B15C>` +
    '<B16>' +
    element('CD', record.reasonCode, 3) +
    element('FN', record.contactFirstName, 20) +
    element('LN', record.contactLastName, 28) +
    element('AC', digits(record.contactArea), 3) +
    element('TEL', digits(record.contactPhone), 7) +
    '</B16>' +
    element('B18', record.comments, 160) +
    element('B20', record.language, 1) +
    '</ROE>'
  );
}

/** The whole file (UTF-8, no BOM): the header and its records. */
export function buildRoeXml(records: readonly RoeRecord[], productName: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ROEHEADER FileVersion="${ROE_FILE_VERSION}" ProductName="${escape(productName.slice(0, 20))}">${records.map(roeXml).join('')}</ROEHEADER>\n`;
}

/**
 * What the server refuses to write (ROE Web's edits the layout cannot carry): each problem an i18n key under
 * `pr:roeFile.`.
 */
export function roeProblems(record: RoeRecord): string[] {
  const problems: string[] = [];
  if (!isValidPayrollAccount(record.businessNumber)) problems.push('businessNumberInvalid');
  if (!isValidSin(record.sin)) problems.push('sinInvalid');
  if (record.lastName.trim() === '' || record.firstName.trim() === '' || record.address.trim() === '') problems.push('nameMissing');
  if (!(record.payPeriodType in MAX_PERIODS)) problems.push('payPeriodTypeInvalid');
  if (record.periods.every((period) => isZero(period.earnings))) problems.push('noEarnings');
  if (record.periods.some((period) => period.nbr < 1 || period.nbr > (MAX_PERIODS[record.payPeriodType] ?? 0))) problems.push('tooManyPeriods');
  if (record.periods.some((period) => add(period.earnings, '0.00').length > 9) || totalHours(record.periods).length > 4) problems.push('amountTooLarge');
  if (record.firstDay === '' || record.firstDay > record.lastDayPaid) problems.push('firstDayInvalid');
  if (record.finalPeriodEnd < record.lastDayPaid) problems.push('finalPeriodInvalid');
  if (record.recallDate !== '' && record.recallDate <= record.lastDayPaid) problems.push('recallInvalid');
  if (!(ROE_REASON_CODES as readonly string[]).includes(record.reasonCode)) problems.push('reasonInvalid');
  if (REASONS_NEEDING_COMMENTS.includes(record.reasonCode) && record.comments.trim() === '') problems.push('commentsRequired');
  if (record.amendedSerial !== '' && !/^[WM]\d{8}$/i.test(record.amendedSerial)) problems.push('amendedSerialInvalid');
  if (record.contactLastName.trim() === '' || digits(record.contactArea).length !== 3 || digits(record.contactPhone).length !== 7) problems.push('contactMissing');
  return problems;
}

/** What a record says, block by block, to tell the next file of the same employee which blocks changed. */
export function roeDigest(record: RoeRecord): Record<string, string> {
  const xml = roeXml(record);
  const blocks: Record<string, string> = {};
  for (const match of xml.matchAll(/<(B\d+[A-Z]?)>(.*?)<\/\1>/gs)) blocks[match[1]!] = match[2]!;
  return blocks;
}

/** The blocks that differ between two digests (appeared, changed or gone), in block order. */
export function changedBlocks(before: Record<string, string>, now: Record<string, string>): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])];
  const order = (name: string) => Number(/\d+/.exec(name)![0]) * 10 + (name.endsWith('A') ? 1 : name.endsWith('C') ? 3 : 0);
  return names.filter((name) => before[name] !== now[name]).sort((a, b) => order(a) - order(b));
}
