/**
 * The RL-1 return as XML for Revenu Québec (issue 45 item 2; issue 68 item 8): a `Transmission` holding its header
 * (P: the year, the kind of transmission, the preparer, contacts and the software's RQ identifiers) and the group of
 * RL-1 slips (Groupe01: the slips — R original, A amended, D cancelled — then T, the group's record: slip count and
 * employer).
 *
 * FOLLOWS Revenu Québec's relevés schema set **version 2025.1** (tax years 2025 and 2026), carried in the repository
 * at standards/rq-rl-xsd-2025/ (its SOURCE.md: where the copy came from). The test validates every file the server
 * writes against its `Transmission.xsd` with xmllint. From the schema:
 * - `Transmission VersionSchema="2025.1"` (fixed), P, then Groupe01; every `Annee` equals P's (a key and keyref);
 *   `Annee` is 2025 or 2026 (`AnImpositionType`): another year is refused (`yearNotCovered`) until RQ's next set;
 * - P (P.xsd): Annee, TypeEnvoi (1, 4 or 6), Preparateur (No NP + 6 digits, Type 1–3, Nom1, Adresse),
 *   Informatique, Comptabilite (Nom, IndRegional, Tel NNN-NNNN), NoCertification RQ-NN-XX-XXX, NomLogiciel (40),
 *   VersionLogiciel (15), CourrielResponsable (60), IdPartenaireReleves and IdProduitReleves (16 characters);
 * - R (R01.xsd): Annee, NoReleve (9 digits), Identification/Employe (NAS, No, NomFamille, Prenom), Adresse,
 *   Montants (R01MntStruct: A_RevenuEmploi, BA_CotisationRRQ, BB_CotisationRRQSuppl, C_ … I_, each optional,
 *   `\d{1,7}\.\d{2}`), up to 4 CaseRensCompl (code, data of 1–15 characters);
 * - A (A01.xsd): an R then NoReleveDerniereTrans; D (D01.xsd): Annee, NoReleve, Employe (NAS, NomFamille, Prenom);
 * - T (T01.xsd): Annee, NbReleves, Employeur (NoId 10 digits, TypeDossier RS, NoDossier 4 digits, NEQ, Nom1, Adresse).
 *
 * RQ's rules the schema leaves out, from its RL-1 guide pages (revenuquebec.ca, "RL-1 slip" and "RL-1 summary"):
 * - slip codes: R original, A amended, D cancelled; an amended slip is a whole new slip under a new number with the
 *   number of the slip it replaces (the last one sent for the employee) in NoReleveDerniereTrans; a cancelled slip
 *   names the slip as last sent (its number); one kind per transmission (TypeEnvoi 1 → R, 4 → A, 6 → D);
 * - box B.A holds the base and first additional QPP contributions, B.B the second additional ones (since 2024);
 *   boxes G and I are entered even at 0; an amount over 9,999,999.99 is split over several slips (refused here:
 *   `amountTooLarge`);
 * - code D-2 / D-3 (CaseRensCompl): the part of box D for service before 1990, while a contributor or not (the T4's
 *   boxes 74 and 75, DOMAIN-NOTES §1.7).
 *
 * The RLZ-1.S summary (employer's QPP, QPIP, the Health Services Fund …) is not part of the relevés file and has no
 * published schema: RQ takes it as its printed form. `rlz1sLines` computes its lines from the slips (rl1-summary.ts
 * prints it).
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
import { cmp, isNegative, isZero, mul, sum, toFixedScale, type Decimal } from '@erp/shared/decimal';
import { isValidSin, sinDigits } from '../definitions/sin.ts';
import type { Filer, SlipPerson } from './t4-xml.ts';

/** The schema set followed (standards/rq-rl-xsd-2025/Transmission.xsd: `VersionSchema` fixed). */
export const RQ_SCHEMA_VERSION = '2025.1';
/** The tax years that set takes (SimpleEvolutif.xsd, `AnImpositionType`). */
export const RQ_SCHEMA_YEARS: readonly number[] = [2025, 2026];
export const RQ_NAMESPACE = 'http://www.mrq.gouv.qc.ca/T5';

/** The slip's boxes as the payroll computes them (RL1_BOXES, definitions/reports.ts). */
export type Rl1Boxes = Record<string, Decimal>;

/** Montants' elements in their order (R01MntStruct): [box, element]. Boxes G and I are written even at 0. */
export const RL1_AMOUNTS: readonly (readonly [string, string])[] = [
  ['A', 'A_RevenuEmploi'],
  ['B.A', 'BA_CotisationRRQ'],
  ['B.B', 'BB_CotisationRRQSuppl'],
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
/**
 * The additional-information codes the payroll produces (CaseRensCompl, at most 4 a slip), kept in a slip's boxes
 * under their code: D-2 and D-3, the part of box D for service before 1990 while a contributor or not.
 */
export const RL1_CODES: readonly string[] = ['D-2', 'D-3'];
/** The largest amount a slip's box takes (Decimal9Type: 7 digits and 2 decimals). */
const MAX_AMOUNT = '9999999.99';

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
const money = (value: Decimal | undefined) => toFixedScale(value ?? '0.00', 2);

function addressXml(parts: { address: string; city: string; province: string; postalCode: string }): string {
  return `<Adresse>${element('Ligne1', cut(parts.address, 30))}${element('Ville', cut(parts.city, 30))}${element('Province', cut(parts.province, 20))}${element('CodePostal', cut(postal(parts.postalCode), 6))}</Adresse>`;
}

/** Montants: each box with an amount, G and I always (two decimals, no sign or grouping). */
function amountsXml(boxes: Rl1Boxes): string {
  return RL1_AMOUNTS.map(([box, name]) => {
    const value = money(boxes[box]);
    return isZero(value) && !RL1_REQUIRED_AMOUNTS.includes(box) ? '' : `<${name}>${value}</${name}>`;
  }).join('');
}

/** CaseRensCompl: each additional-information code with an amount (code, then the amount as its data). */
function codesXml(boxes: Rl1Boxes): string {
  return RL1_CODES.filter((code) => !isZero(money(boxes[code])))
    .map((code) => `<CaseRensCompl><CodeRensCompl>${code}</CodeRensCompl><DonneeRensCompl>${money(boxes[code])}</DonneeRensCompl></CaseRensCompl>`)
    .join('');
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
    (cancelled ? '' : `<Montants>${amountsXml(slip.boxes)}</Montants>${codesXml(slip.boxes)}`) +
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
    element('NomLogiciel', cut(file.softwareName, 40)) +
    element('VersionLogiciel', cut(file.softwareVersion, 15)) +
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
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Transmission VersionSchema="${RQ_SCHEMA_VERSION}" xmlns="${RQ_NAMESPACE}">${header}<Groupe01>${file.slips.map((slip) => slipXml(slip, file.year)).join('')}${summary}</Groupe01></Transmission>\n`;
}

/** The RLZ-1.S lines the slips give: each box's total, and the employer's QPP and QPIP on the same pays. */
export function rlz1sTotals(slips: readonly Rl1Slip[]): Record<string, Decimal> {
  const totals: Record<string, Decimal> = {};
  for (const [box] of RL1_AMOUNTS) totals[box] = sum(slips.map((slip) => slip.boxes[box] ?? '0.00'), 2);
  totals['EmployerQpp'] = sum(slips.map((slip) => slip.employerQpp), 2);
  totals['EmployerQpip'] = sum(slips.map((slip) => slip.employerQpip), 2);
  return totals;
}

/**
 * The RLZ-1.S's lines the RL-1 slips decide, as RQ's "How to complete the RL-1 summary" pages say (Part 3, lines
 * 21 to 48; Part 4, line 50.1), from the totals of the slips filed (`boxes`: each box's total over the slips):
 * 21 employees' QPP (box B.A), 22 the employer's (= 21), 23 employees' second additional QPP (B.B), 24 the
 * employer's (= 23), 28 employees' QPIP (H), 29 the employer's (box I × the employer's rate for the year), 35 Québec
 * income tax withheld (E; RL-25 slips are not issued by this payroll), 50.1 the total payroll that sets the Health
 * Services Fund rate (A, when none of the guide's special cases applies).
 */
export function rlz1sLines(boxes: Record<string, Decimal>, qpipEmployerRate: Decimal): Record<string, Decimal> {
  const box = (name: string) => money(boxes[name]);
  return {
    '21': box('B.A'),
    '22': box('B.A'),
    '23': box('B.B'),
    '24': box('B.B'),
    '28': box('H'),
    '29': mul(box('I'), qpipEmployerRate, 2),
    '35': box('E'),
    '50.1': box('A'),
  };
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
  if (!RQ_SCHEMA_YEARS.includes(file.year)) problems.push({ key: 'yearNotCovered' });
  if (file.slips.length === 0) problems.push({ key: 'noSlips' });
  if (new Set(file.slips.map((slip) => slip.type)).size > 1) problems.push({ key: 'mixedTypes' });
  for (const slip of file.slips) {
    if (!isValidSin(slip.sin)) problems.push({ key: 'sinInvalid', employeeId: slip.employeeId });
    if (slip.lastName.trim() === '' || slip.firstName.trim() === '') problems.push({ key: 'nameMissing', employeeId: slip.employeeId });
    if (!isValidSlipNumber(slip.slipNumber) || (slip.type === 'A' && !isValidSlipNumber(slip.previousNumber))) problems.push({ key: 'slipNumberInvalid', employeeId: slip.employeeId });
    if (slip.type !== 'D') {
      if (Object.values(slip.boxes).some((value) => isNegative(value))) problems.push({ key: 'negativeAmount', employeeId: slip.employeeId });
      if (Object.values(slip.boxes).some((value) => cmp(value, MAX_AMOUNT) > 0)) problems.push({ key: 'amountTooLarge', employeeId: slip.employeeId });
      if (slip.address.trim() === '') problems.push({ key: 'addressMissing', employeeId: slip.employeeId });
    }
  }
  return problems;
}

/** A slip as filed, to compare generations and to total the slips filed: its boxes and codes with an amount. */
export function rl1Digest(slip: Rl1Slip): string {
  return JSON.stringify([...RL1_AMOUNTS.map(([box]) => box), ...RL1_CODES].filter((box) => !isZero(money(slip.boxes[box]))).map((box) => [box, money(slip.boxes[box])]));
}

/** The boxes a digest holds (rl1Digest's inverse): the slip as filed. */
export function rl1DigestBoxes(digest: string): Rl1Boxes {
  return Object.fromEntries(JSON.parse(digest) as [string, Decimal][]);
}
