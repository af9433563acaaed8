/**
 * The RL-1 return as XML for Revenu Québec (issue 45 item 2): a `Transmission` holding its header (P: the year,
 * the kind of transmission, the preparer, contacts and the software's RQ identifiers) and the group of RL-1 slips
 * (Groupe01: the slips — R original, A amended, D cancelled — then T, the group's summary record: slip count and
 * employer).
 *
 * SOURCES AND WHAT IS NOT VERIFIED. Revenu Québec publishes the relevés' XSD and its "Spécifications techniques"
 * (RL-1 section, schema version `<year>.1`, namespace http://www.mrq.gouv.qc.ca/T5) to registered software
 * developers; neither is in the material at hand. The structure below is written from what could be read:
 * - three independent payroll products that write this file — Oracle E-Business Suite's RL-1 magnetic-media
 *   package (schema versions 2006.1.2 to 2009.1), Acumatica's payroll tax-form generator (schema 2020.1) and the
 *   Solstice+ payroll (ProGestion, 2008) — agreeing on the element names and their order: P (Annee, TypeEnvoi,
 *   Preparateur, Informatique, Comptabilite, NoCertification, NomLogiciel, VersionLogiciel, IdPartenaireReleves,
 *   IdProduitReleves), Groupe01 with R/A/D (Annee, NoReleve, Identification/Employe, Adresse, Montants with
 *   A_RevenuEmploi … I_SalaireAdmisRQAP, NoReleveDerniereTrans last in an A) and T (Annee, NbReleves, Employeur:
 *   NoId, TypeDossier RS, NoDossier, NEQ, Nom1, Adresse);
 * - a 2025 RL-3 generator validated against RQ's 2025 XSD (same P header, same R/A/D/T pattern): TypeEnvoi 1 → R,
 *   4 → A, 6 → D (one kind per transmission), no Langue in Informatique/Comptabilite, CourrielResponsable after
 *   VersionLogiciel, NoReleve 9 digits, NoReleveDerniereTrans required in an A, no Montants in a D;
 * - Oracle JD Edwards EnterpriseOne's "Relevé 1 XML and Audit File Build (P07770X)" processing options (docs.oracle.com,
 *   checked 2026-11-26): package type 1 original, 4 amended, 6 cancelled; transmitter number NP then six digits,
 *   assigned by RQ; transmitter type 1 (for itself), 2 (for others), 3 (both) — as written here.
 * RQ's own XSD and "Spécifications techniques" were searched for again (2026-11-26, public code, documentation and
 * web pages): not in the material at hand.
 * Unverified (check against RQ's 2026 specifications before filing): the 2026 schema version string; element
 * lengths (30 for names and address lines, 6 for the postal code); whether P's Langue elements are gone for the
 * RL-1 too; the element of box B.B (QPP second additional contributions, on the slip since 2024) — no source
 * names it, so a slip with B.B is refused rather than written under a guessed name; that boxes G and I are written
 * even at 0 (Oracle writes 0.00 for both; the paper slip prints them always).
 *
 * The RLZ-1.S summary (employer's QPP, QPIP, the Health Services Fund …) is not part of the relevés file: RQ
 * takes it separately. `rlz1sTotals` computes its slip totals from the same slips, recorded with each file.
 *
 * Check digits the schema cannot express, each refused before a file is written:
 * - the slip number (NoReleve): 8 digits from the range RQ assigns, then their remainder modulo 7 (Oracle EBS's
 *   RL-2 slip numbering writes the same rule);
 * - the Québec identification number (NoId): 10 digits, the 10th the check of the first nine weighted
 *   4 3 2 7 6 5 4 3 2 modulo 11, written (11 − sum mod 11) mod 10 — the rule of the QST number, the same
 *   identification number with its TQ file (stdnum-js ca/qst, citing RQ's QST validation page); with RS and a
 *   4-digit file number (e.g. 1234567892RS0001);
 * - the SIN (Luhn, ../definitions/sin.ts).
 */
import { isNegative, isZero, sum, toFixedScale, type Decimal } from '@erp/shared/decimal';
import { isValidSin, sinDigits } from '../definitions/sin.ts';
import type { Filer, SlipPerson } from './t4-xml.ts';

/** The schema version written for a tax year (RQ numbers them `<year>.<revision>`; revision unverified). */
export const schemaVersion = (year: number) => `${year}.1`;
export const RQ_NAMESPACE = 'http://www.mrq.gouv.qc.ca/T5';

/** The slip's boxes as the payroll computes them (RL1_BOXES, definitions/reports.ts). */
export type Rl1Boxes = Record<string, Decimal>;

/** Montants' elements in their order: [box, element]. Boxes G and I are written even at 0. */
export const RL1_AMOUNTS: readonly (readonly [string, string])[] = [
  ['A', 'A_RevenuEmploi'],
  ['B.A', 'B_CotisationRRQ'],
  ['C', 'C_CotisationAssEmploi'],
  ['D', 'D_CotisationRPA'],
  ['E', 'E_ImpotQue'],
  ['F', 'F_CotisationSyndicale'],
  ['G', 'G_SalaireAdmisRRQ'],
  ['H', 'H_CotisationRQAP'],
  ['I', 'I_SalaireAdmisRQAP'],
];
/** The boxes written even when 0 (every other amount only when not 0). */
export const RL1_REQUIRED_AMOUNTS: readonly string[] = ['G', 'I'];

/** R original, A amended (a new number; the one it replaces in NoReleveDerniereTrans), D cancelled (as filed). */
export type Rl1SlipType = 'R' | 'A' | 'D';
/** TypeEnvoi of each kind of slip: a transmission holds one kind only. */
export const TYPE_ENVOI: Record<Rl1SlipType, string> = { R: '1', A: '4', D: '6' };

export interface Rl1Slip extends SlipPerson {
  boxes: Rl1Boxes;
  /** Employer's QPP and QPIP on this employee's pays (the RLZ-1.S lines, not on the slip). */
  employerQpp: Decimal;
  employerQpip: Decimal;
  type: Rl1SlipType;
  /** 9 digits: 8 from RQ's range and their check digit. */
  slipNumber: string;
  /** An A: the number of the slip it replaces. */
  previousNumber: string;
}

export interface Rl1Employer extends Filer {
  /** 10 digits + RS + 4 digits: the Québec identification number and the source-deductions file. */
  rqIdNumber: string;
  /** Optional: the Québec enterprise number (10 digits). */
  neq: string;
  /** RQ's software identifiers: certification number (RQ-YY-NN-NNN) and partner / product ids (16 characters). */
  certificationNo: string;
  partnerId: string;
  productId: string;
}

export interface Rl1Return {
  year: number;
  employer: Rl1Employer;
  /** The slips of this transmission: all of one type. */
  slips: readonly Rl1Slip[];
  softwareName: string;
  softwareVersion: string;
}

/** An RL slip number's check digit: the first 8 digits modulo 7. */
export function slipCheckDigit(eight: string): string {
  return String(Number(eight) % 7);
}

/** Is this a valid RL slip number (9 digits, the 9th the remainder of the first 8 modulo 7, not 0)? */
export function isValidSlipNumber(value: string): boolean {
  return /^\d{9}$/.test(value) && Number(value.slice(0, 8)) > 0 && slipCheckDigit(value.slice(0, 8)) === value[8];
}

/** The slip number `offset` places after the first of RQ's range (8 digits), or null past 99999999. */
export function slipNumberAt(first: string, offset: number): string | null {
  const next = Number(first) + offset;
  if (!/^\d{8}$/.test(first) || next > 99_999_999) return null;
  const eight = String(next).padStart(8, '0');
  return `${eight}${slipCheckDigit(eight)}`;
}

const ID_WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The check digit of a Québec identification number's first nine digits. */
export function rqIdCheckDigit(nine: string): string {
  const total = ID_WEIGHTS.reduce((acc, weight, index) => acc + weight * Number(nine[index]), 0);
  return String((11 - (total % 11)) % 10);
}

/** Is this a valid source-deductions account: 10-digit identification number (check digit), RS, 4 digits ≠ 0000? */
export function isValidRqAccount(value: string): boolean {
  const match = /^(\d{10})RS(\d{4})$/.exec(value.replace(/\s/g, '').toUpperCase());
  return match !== null && match[1] !== '0000000000' && rqIdCheckDigit(match[1]!.slice(0, 9)) === match[1]![9] && match[2] !== '0000';
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
const cut = (text: string, length: number) => text.trim().slice(0, length);
const element = (name: string, value: string) => (value === '' ? '' : `<${name}>${escape(value)}</${name}>`);
const postal = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

function addressXml(parts: { address: string; city: string; province: string; postalCode: string }): string {
  return `<Adresse>${element('Ligne1', cut(parts.address, 30))}${element('Ville', cut(parts.city, 30))}${element('Province', cut(parts.province, 20))}${element('CodePostal', cut(postal(parts.postalCode), 6))}</Adresse>`;
}

/** Montants: each box with an amount, G and I always (two decimals, no sign or grouping). */
function amountsXml(boxes: Rl1Boxes): string {
  return RL1_AMOUNTS.map(([box, name]) => {
    const value = toFixedScale(boxes[box] ?? '0.00', 2);
    return isZero(value) && !RL1_REQUIRED_AMOUNTS.includes(box) ? '' : `<${name}>${value}</${name}>`;
  }).join('');
}

function contactXml(name: string, employer: Rl1Employer): string {
  return `<${name}>${element('Nom', cut(employer.contactName, 30))}${element('IndRegional', employer.contactArea)}${element('Tel', employer.contactPhone)}</${name}>`;
}

function slipXml(slip: Rl1Slip, year: number): string {
  const cancelled = slip.type === 'D';
  const employe =
    element('NAS', sinDigits(slip.sin) ?? slip.sin) +
    // A cancellation identifies the slip as filed: its number and the employee, no employee number or address.
    (cancelled ? '' : element('No', cut(slip.employeeId, 20))) +
    element('NomFamille', cut(slip.lastName, 30)) +
    element('Prenom', cut(slip.firstName, 30));
  return (
    `<${slip.type}>` +
    element('Annee', String(year)) +
    element('NoReleve', slip.slipNumber) +
    `<Identification><Employe>${employe}</Employe></Identification>` +
    (cancelled ? '' : addressXml(slip)) +
    (cancelled ? '' : `<Montants>${amountsXml(slip.boxes)}</Montants>`) +
    (slip.type === 'A' ? element('NoReleveDerniereTrans', slip.previousNumber) : '') +
    `</${slip.type}>`
  );
}

/** The whole file (UTF-8, no BOM). */
export function buildRl1Xml(file: Rl1Return): string {
  const employer = file.employer;
  const account = employer.rqIdNumber.replace(/\s/g, '').toUpperCase();
  const type = file.slips[0]?.type ?? 'R';
  const header =
    '<P>' +
    element('Annee', String(file.year)) +
    element('TypeEnvoi', TYPE_ENVOI[type]) +
    // Type 1: the preparer files its own slips.
    `<Preparateur>${element('No', employer.transmitterNo)}${element('Type', '1')}${element('Nom1', cut(employer.name, 30))}${addressXml(employer)}</Preparateur>` +
    contactXml('Informatique', employer) +
    contactXml('Comptabilite', employer) +
    element('NoCertification', employer.certificationNo) +
    element('NomLogiciel', cut(file.softwareName, 20)) +
    element('VersionLogiciel', cut(file.softwareVersion, 20)) +
    element('CourrielResponsable', cut(employer.contactEmail, 60)) +
    element('IdPartenaireReleves', employer.partnerId) +
    element('IdProduitReleves', employer.productId) +
    '</P>';
  const summary =
    '<T>' +
    element('Annee', String(file.year)) +
    element('NbReleves', String(file.slips.length)) +
    '<Employeur>' +
    element('NoId', account.slice(0, 10)) +
    element('TypeDossier', 'RS') +
    element('NoDossier', account.slice(12, 16)) +
    element('NEQ', employer.neq.trim()) +
    element('Nom1', cut(employer.name, 30)) +
    addressXml(employer) +
    '</Employeur></T>';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Transmission VersionSchema="${schemaVersion(file.year)}" xmlns="${RQ_NAMESPACE}">${header}<Groupe01>${file.slips.map((slip) => slipXml(slip, file.year)).join('')}${summary}</Groupe01></Transmission>\n`;
}

/** The RLZ-1.S lines the slips give: each box's total, and the employer's QPP and QPIP on the same pays. */
export function rlz1sTotals(slips: readonly Rl1Slip[]): Record<string, Decimal> {
  const totals: Record<string, Decimal> = {};
  for (const [box] of RL1_AMOUNTS) totals[box] = sum(slips.map((slip) => slip.boxes[box] ?? '0.00'), 2);
  totals['B.B'] = sum(slips.map((slip) => slip.boxes['B.B'] ?? '0.00'), 2);
  totals['EmployerQpp'] = sum(slips.map((slip) => slip.employerQpp), 2);
  totals['EmployerQpip'] = sum(slips.map((slip) => slip.employerQpip), 2);
  return totals;
}

/**
 * What the server refuses to write: each problem an i18n key under `pr:rl1File.` with the employee where it is a
 * slip's.
 */
export function rl1Problems(file: Rl1Return): { key: string; employeeId?: string }[] {
  const problems: { key: string; employeeId?: string }[] = [];
  const employer = file.employer;
  if (!isValidRqAccount(employer.rqIdNumber)) problems.push({ key: 'rqAccountInvalid' });
  if (employer.neq.trim() !== '' && !/^\d{10}$/.test(employer.neq.trim())) problems.push({ key: 'neqInvalid' });
  if (!/^NP\d{6}$/.test(employer.transmitterNo)) problems.push({ key: 'transmitterInvalid' });
  if (!/^\d{3}$/.test(employer.contactArea) || !/^\d{3}-\d{4}$/.test(employer.contactPhone) || employer.contactName.trim() === '') problems.push({ key: 'contactMissing' });
  if (!/^RQ-\d{2}-\d{2}-\d{3}$/.test(employer.certificationNo) || !/^[0-9A-Z]{16}$/.test(employer.partnerId) || !/^[0-9A-Z]{16}$/.test(employer.productId)) problems.push({ key: 'softwareIdsMissing' });
  if (employer.address.trim() === '') problems.push({ key: 'employerAddressMissing' });
  if (file.slips.length === 0) problems.push({ key: 'noSlips' });
  if (new Set(file.slips.map((slip) => slip.type)).size > 1) problems.push({ key: 'mixedTypes' });
  for (const slip of file.slips) {
    if (!isValidSin(slip.sin)) problems.push({ key: 'sinInvalid', employeeId: slip.employeeId });
    if (slip.lastName.trim() === '' || slip.firstName.trim() === '') problems.push({ key: 'nameMissing', employeeId: slip.employeeId });
    if (!isValidSlipNumber(slip.slipNumber) || (slip.type === 'A' && !isValidSlipNumber(slip.previousNumber))) problems.push({ key: 'slipNumberInvalid', employeeId: slip.employeeId });
    if (slip.type !== 'D') {
      if (Object.values(slip.boxes).some((value) => isNegative(value))) problems.push({ key: 'negativeAmount', employeeId: slip.employeeId });
      if (!isZero(slip.boxes['B.B'] ?? '0.00')) problems.push({ key: 'boxBBUnsupported', employeeId: slip.employeeId });
      if (slip.address.trim() === '') problems.push({ key: 'addressMissing', employeeId: slip.employeeId });
    }
  }
  return problems;
}

/** A slip as filed, to compare generations and to cancel it as filed: its boxes with an amount. */
export function rl1Digest(slip: Rl1Slip): string {
  return JSON.stringify([...RL1_AMOUNTS.map(([box]) => box), 'B.B'].filter((box) => !isZero(slip.boxes[box] ?? '0.00')).map((box) => [box, toFixedScale(slip.boxes[box]!, 2)]));
}
