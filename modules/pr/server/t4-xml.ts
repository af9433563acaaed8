/**
 * The T4 return as XML for CRA's Internet File Transfer (issue 45 item 1): a `Submission` with its T619
 * transmitter record, the T4 slips and the T4 Summary.
 *
 * Follows CRA's information-return XML schemas **version 1-24-1 (October 2023)** — `layout-topologie.xsd` 1.23,
 * `t4.xsd` 1.16, kept in the repository's standards/cra-xml-1-24-1/. CRA revises them most years for the coming filing
 * season; the material at hand holds only 1-24-1, so whether a later version (1-25-x / 1-26-x) changes the T4
 * for the 2026 returns could not be checked here: compare CRA's change list before the 2027 filing season.
 *
 * Field rules the schema does not enforce, from CRA's T4 XML specifications (RC4157 / T4 "XML specifications"):
 * - amounts are written only when not zero: CRA refuses an optional amount that is zero or empty;
 * - the SIN passes its check digit (Luhn), the business number (BN9) too, with its program identifier RP and a
 *   four-digit reference (BN15, e.g. 123456782RP0001);
 * - the Summary's totals equal the sums of its slips; its slip count is the slips in the return;
 * - report type O (original), A (amended) or C (cancelled, slips only: the slip as filed, marked C).
 */
import { add, isZero, sub, sum, type Decimal } from '@erp/shared/decimal';
import { isValidSin, sinDigits } from '../definitions/sin.ts';

/** A slip's amounts by T4 box (14, 16, 16A, 17, 17A, 18, 20, 22, 24, 26, 44, 55, 56, 52 …). */
export type SlipBoxes = Record<string, Decimal>;

/** The employee as a slip names them. */
export interface SlipPerson {
  employeeId: string;
  lastName: string;
  firstName: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  sin: string;
}

export interface T4Slip extends SlipPerson {
  /** Province of employment (box 10). */
  employmentProvince: string;
  boxes: SlipBoxes;
  employerCpp: Decimal;
  employerEi: Decimal;
  /** O, A or C. */
  type: 'O' | 'A' | 'C';
}

/** The employer as a government return names it: its address, its transmitter number and whom to call. */
export interface Filer {
  name: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  /** The transmitter number the government assigns (CRA: MM + 6 digits, MM555555 for a filer without its own; RQ: NP + 6 digits). */
  transmitterNo: string;
  contactName: string;
  /** 3 digits, and NNN-NNNN. */
  contactArea: string;
  contactPhone: string;
  contactEmail: string;
}

export interface T4Employer extends Filer {
  /** BN15: BN9 + RP + reference. */
  payrollAccount: string;
  language: 'E' | 'F';
}

export interface T4Return {
  year: number;
  /** The submission's reference (1–8 characters), unique per file sent. */
  reference: string;
  /** O for the first filing, A for corrections after it. */
  type: 'O' | 'A';
  employer: T4Employer;
  slips: readonly T4Slip[];
  /** The Summary's totals: of every slip on file (an amended summary restates the whole return). */
  totalsOf: readonly T4Slip[];
}

/** T4_AMT's elements in box order: [box, element]. Box 52 (pension adjustment) is not computed by payroll. */
export const T4_AMOUNTS: readonly (readonly [string, string])[] = [
  ['14', 'empt_incamt'],
  ['16', 'cpp_cntrb_amt'],
  ['16A', 'cppe_cntrb_amt'],
  ['17', 'qpp_cntrb_amt'],
  ['17A', 'qppe_cntrb_amt'],
  ['18', 'empe_eip_amt'],
  ['20', 'rpp_cntrb_amt'],
  ['22', 'itx_ddct_amt'],
  ['24', 'ei_insu_ern_amt'],
  ['26', 'cpp_qpp_ern_amt'],
  ['44', 'unn_dues_amt'],
  ['55', 'prov_pip_amt'],
  ['56', 'prov_insu_ern_amt'],
];

/** BN9 check digit: the SIN's Luhn rule (CRA's business number uses the same mod-10 check). */
export function isValidPayrollAccount(value: string): boolean {
  const match = /^(\d{9})RP(\d{4})$/.exec(value.replace(/\s/g, '').toUpperCase());
  return match !== null && match[1] !== '000000000' && isValidSin(match[1]!) && match[2] !== '0000';
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
/** The schema's charNNType: 1..N characters — trimmed to N, left out when empty. */
const cut = (text: string, length: number) => text.trim().slice(0, length);
const element = (name: string, value: string) => (value === '' ? '' : `<${name}>${escape(value)}</${name}>`);
/** Amounts without sign or grouping, two decimals (decimalNType: \d{0,N}\.\d{2}); zero left out. */
const amount = (name: string, value: Decimal | undefined) => (value === undefined || isZero(value) ? '' : `<${name}>${value}</${name}>`);
const postal = (code: string) => code.replace(/\s/g, '').toUpperCase();

function address(parts: { address: string; city: string; province: string; postalCode: string }): string {
  const inner = element('addr_l1_txt', cut(parts.address, 30)) + element('cty_nm', cut(parts.city, 28)) + element('prov_cd', parts.province) + element('cntry_cd', 'CAN') + element('pstl_cd', cut(postal(parts.postalCode), 10));
  return inner;
}

function slipXml(slip: T4Slip, bn: string): string {
  const amounts = T4_AMOUNTS.map(([box, name]) => amount(name, slip.boxes[box])).join('');
  const pensionable = add(slip.boxes['26'] ?? '0.00', '0.00');
  const insurable = slip.boxes['24'] ?? '0.00';
  return (
    '<T4Slip>' +
    `<EMPE_NM>${element('snm', cut(slip.lastName, 20))}${element('gvn_nm', cut(slip.firstName, 12))}</EMPE_NM>` +
    `<EMPE_ADDR>${address(slip)}</EMPE_ADDR>` +
    element('sin', sinDigits(slip.sin) ?? slip.sin) +
    element('empe_nbr', cut(slip.employeeId, 20)) +
    element('bn', bn) +
    // Exempt codes: 1 when no pensionable / insurable earnings (the box 28 exemptions).
    element('cpp_qpp_xmpt_cd', isZero(pensionable) ? '1' : '0') +
    element('ei_xmpt_cd', isZero(insurable) ? '1' : '0') +
    (slip.employmentProvince === 'QC' ? element('prov_pip_xmpt_cd', isZero(slip.boxes['56'] ?? '0.00') ? '1' : '0') : '') +
    element('rpt_tcd', slip.type) +
    element('empt_prov_cd', slip.employmentProvince) +
    (amounts === '' ? '' : `<T4_AMT>${amounts}</T4_AMT>`) +
    '</T4Slip>'
  );
}

/** The Summary's totals (T4_TAMT), each the sum of its slips' box; employer CPP/EI from the cheques. */
export function summaryTotals(slips: readonly T4Slip[]): Record<string, Decimal> {
  const box = (name: string) => sum(slips.map((slip) => slip.boxes[name] ?? '0.00'), 2);
  // Employer CPP (line 27) and CPP2 (27A) match the employees'; Québec's QPP is on the RL-1 summary, not here.
  const outsideQc = slips.filter((slip) => slip.employmentProvince !== 'QC');
  const employerCpp2 = sum(outsideQc.map((slip) => slip.boxes['16A'] ?? '0.00'), 2);
  return {
    tot_empt_incamt: box('14'),
    tot_empe_cpp_amt: box('16'),
    tot_empe_cppe_amt: box('16A'),
    tot_empe_eip_amt: box('18'),
    tot_rpp_cntrb_amt: box('20'),
    tot_itx_ddct_amt: box('22'),
    tot_padj_amt: box('52'),
    tot_empr_cpp_amt: sub(sum(outsideQc.map((slip) => slip.employerCpp), 2), employerCpp2),
    tot_empr_cppe_amt: employerCpp2,
    tot_empr_eip_amt: sum(slips.map((slip) => slip.employerEi), 2),
  };
}

/** The whole file (UTF-8, no BOM). */
export function buildT4Xml(file: T4Return): string {
  const employer = file.employer;
  const bn = employer.payrollAccount.replace(/\s/g, '').toUpperCase();
  const totals = summaryTotals(file.totalsOf);
  const totalXml = Object.entries(totals)
    .map(([name, value]) => amount(name, value))
    .join('');
  const transmitter =
    '<T619>' +
    element('sbmt_ref_id', cut(file.reference, 8)) +
    element('rpt_tcd', file.type) +
    element('trnmtr_nbr', employer.transmitterNo) +
    // 1: the transmitter files its own returns.
    element('trnmtr_tcd', '1') +
    element('summ_cnt', '1') +
    element('lang_cd', employer.language) +
    `<TRNMTR_NM>${element('l1_nm', cut(employer.name, 30))}</TRNMTR_NM>` +
    `<TRNMTR_ADDR>${address(employer)}</TRNMTR_ADDR>` +
    `<CNTC>${element('cntc_nm', cut(employer.contactName, 22))}${element('cntc_area_cd', employer.contactArea)}${element('cntc_phn_nbr', employer.contactPhone)}${element('cntc_email_area', cut(employer.contactEmail, 60))}</CNTC>` +
    '</T619>';
  const summary =
    '<T4Summary>' +
    element('bn', bn) +
    `<EMPR_NM>${element('l1_nm', cut(employer.name, 30))}</EMPR_NM>` +
    `<EMPR_ADDR>${address(employer)}</EMPR_ADDR>` +
    `<CNTC>${element('cntc_nm', cut(employer.contactName, 22))}${element('cntc_area_cd', employer.contactArea)}${element('cntc_phn_nbr', employer.contactPhone)}</CNTC>` +
    element('tx_yr', String(file.year)) +
    element('slp_cnt', String(file.slips.length)) +
    element('rpt_tcd', file.type) +
    (totalXml === '' ? '' : `<T4_TAMT>${totalXml}</T4_TAMT>`) +
    '</T4Summary>';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Submission xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="layout-topologie.xsd">${transmitter}<Return><T4>${file.slips.map((slip) => slipXml(slip, bn)).join('')}${summary}</T4></Return></Submission>\n`;
}

/**
 * What the server refuses to write (the rules the schema leaves to CRA's validation): each problem an i18n key
 * under `pr:t4File.` with the employee where it is a slip's.
 */
export function t4Problems(file: T4Return): { key: string; employeeId?: string }[] {
  const problems: { key: string; employeeId?: string }[] = [];
  if (!isValidPayrollAccount(file.employer.payrollAccount)) problems.push({ key: 'payrollAccountInvalid' });
  if (!/^MM\d{6}$/.test(file.employer.transmitterNo)) problems.push({ key: 'transmitterInvalid' });
  if (!/^\d{3}$/.test(file.employer.contactArea) || !/^\d{3}-\d{4}$/.test(file.employer.contactPhone) || file.employer.contactName.trim() === '') problems.push({ key: 'contactMissing' });
  if (file.slips.length === 0) problems.push({ key: 'noSlips' });
  for (const slip of file.slips) {
    if (!isValidSin(slip.sin)) problems.push({ key: 'sinInvalid', employeeId: slip.employeeId });
    if (slip.lastName.trim() === '') problems.push({ key: 'nameMissing', employeeId: slip.employeeId });
  }
  return problems;
}

/** A slip as filed, to compare generations and to cancel it as filed: its province and boxes with an amount. */
export function slipDigest(slip: T4Slip): string {
  return JSON.stringify({ province: slip.employmentProvince, boxes: T4_AMOUNTS.filter(([box]) => !isZero(slip.boxes[box] ?? '0.00')).map(([box]) => [box, slip.boxes[box]]) });
}

/** The province and boxes of a slip's digest. */
export function digestSlip(digest: string): { province: string; boxes: SlipBoxes } {
  const parsed = JSON.parse(digest) as { province: string; boxes: [string, Decimal][] };
  return { province: parsed.province, boxes: Object.fromEntries(parsed.boxes) };
}
