/**
 * The RL-1 XML file (issue 45 items 2 and 6; issue 68 item 8) for the demo year, validated with xmllint against
 * Revenu Québec's own relevés schema set 2025.1 as carried in the repository (standards/rq-rl-xsd-2025/, entry
 * point Transmission.xsd) — every file the server writes: the original transmission of a year in which the Québec
 * employee pays QPP second additional contributions (box B.B) and past-service RPP contributions (code D-2), the
 * amended one and the cancelled one. Then the rules a schema cannot express: the group's slip count and the RLZ-1.S
 * totals equal the slips, no zero optional amount, one kind of slip per transmission and its TypeEnvoi, the slip
 * numbers' modulo-7 check digit, the Québec identification number's check digit, SIN check digits — each check also
 * run on a file broken on purpose. Then the history (amended A under a new number with the replaced one in
 * NoReleveDerniereTrans, cancelled D under the number last sent, nothing changed refused) and the RLZ-1.S summary
 * PDF, whose lines equal the totals of the slips filed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, isZero, mul, round, sub, sum } from '@erp/shared/decimal';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { isValidSin } from '../definitions/sin.ts';
import type { RateItem } from '../definitions/common.ts';
import { loadTables, rateOf } from '../server/deductions.ts';
import { RL1_AMOUNTS, RL1_REQUIRED_AMOUNTS, RQ_SCHEMA_YEARS, TYPE_ENVOI, isValidRqAccount, isValidSlipNumber, rl1Problems, rqIdCheckDigit, slipCheckDigit, slipNumberAt, type Rl1Return, type Rl1Slip } from '../server/rl1-xml.ts';
import en from '../locales/en-CA/pr.json';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { caller } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Revenu Québec's schema set as carried in the repository (standards/README.md): a clone tests on its own.
const SCHEMA = resolve(__dirname, '../../../standards/rq-rl-xsd-2025/Transmission.xsd');
// This year while RQ's set takes it (2025.1: tax years 2025 and 2026); after, its last year (the demo's pays of the
// six months before today reach back into it until mid-2027).
const YEAR = Math.min(new Date().getUTCFullYear(), Math.max(...RQ_SCHEMA_YEARS));
let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const as = (token: string) => caller(server.app, token);
const folder = mkdtempSync(join(tmpdir(), 'rl1-xml-'));

/** xmllint's verdict on a file: '' when it validates, else its messages. */
function schemaErrors(xml: string): string {
  const path = join(folder, `f${Math.random().toString(16).slice(2)}.xml`);
  writeFileSync(path, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', SCHEMA, path], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]!);
const blocks = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>(.*?)</${tag}>`, 'gs'))].map((match) => match[1]!);
const slipsOf = (xml: string) => ['R', 'A', 'D'].flatMap((kind) => blocks(blocks(xml, 'Groupe01')[0] ?? '', kind).map((body) => ({ kind, body })));

/** Business rules the structure cannot express: each broken rule one message. */
function ruleErrors(xml: string): string[] {
  const errors: string[] = [];
  const slips = slipsOf(xml);
  const summary = blocks(xml, 'T')[0] ?? '';
  if (all(summary, 'NbReleves')[0] !== String(slips.length)) errors.push('NbReleves ≠ slips');
  const kinds = new Set(slips.map((slip) => slip.kind));
  if (kinds.size !== 1) errors.push('one kind of slip per transmission');
  const kind = [...kinds][0] as 'R' | 'A' | 'D';
  if (all(blocks(xml, 'P')[0] ?? '', 'TypeEnvoi')[0] !== TYPE_ENVOI[kind]) errors.push(`TypeEnvoi ≠ ${kind}`);
  const required = new Set(RL1_AMOUNTS.filter(([box]) => RL1_REQUIRED_AMOUNTS.includes(box)).map(([, name]) => name));
  for (const { body } of slips) {
    for (const [, name, value] of (blocks(body, 'Montants')[0] ?? '').matchAll(/<([A-Z]{1,2}_[A-Za-z]+)>([^<]*)</g)) {
      if (value!.trim() === '' || (isZero(value!) && !required.has(name!))) errors.push(`zero or empty amount ${name}`);
    }
    for (const number of [...all(body, 'NoReleve'), ...all(body, 'NoReleveDerniereTrans')]) if (!isValidSlipNumber(number)) errors.push(`slip number ${number} fails its check digit`);
  }
  for (const nas of all(xml, 'NAS')) if (!isValidSin(nas)) errors.push(`NAS ${nas} fails its check digit`);
  const account = `${all(summary, 'NoId')[0]}RS${all(summary, 'NoDossier')[0]}`;
  if (!isValidRqAccount(account)) errors.push(`NoId ${account} fails its check digit or RS file`);
  return errors;
}

/** The Montants element of a box, summed over a file's slips. */
const boxTotal = (xml: string, element: string) => sum(slipsOf(xml).map(({ body }) => all(body, element)[0] ?? '0.00'), 2);

async function generate(): Promise<{ status: number; xml: string; body: Row; filename: string }> {
  const response = await as(admin).post('/api/pr/rl1-file', { Parameters: { Year: YEAR } });
  return { status: response.statusCode, xml: response.body, body: response.statusCode === 200 ? {} : response.json(), filename: String(response.headers['content-disposition'] ?? '') };
}

const history = async () => (await as(admin).get(`/api/pr/rl1-files?Year=${YEAR}`)).json() as Row;

let quebec: string;
/** The Québec employee's year as set up: box G's pensionable total, box B.B's contributions, code D-2. */
const QPP2 = ['41.20', '38.80'];
const PAST_SERVICE = '150.00';
let pensionable = '';

/** A rate of the pay tables in force at the year's end (pr_statutory_rates, read as the payroll reads them). */
async function rate(jurisdiction: string, item: RateItem): Promise<string> {
  const tables = await db().transaction().execute((trx: Row) => loadTables(trx as never, `${YEAR}-12-31`, [jurisdiction]));
  return rateOf(tables, jurisdiction, item)!;
}

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  quebec = String(((await db().selectFrom('pr_cheques').select('employee_id').where('province', '=', 'QC').where('status', '<>', 'Cancelled').limit(1).executeTakeFirst()) as Row).employee_id);
  // A year in which the Québec employee earns past the year's maximum pensionable earnings (YMPE) and pays QPP
  // second additional contributions (box B.B) on the part above it, and past-service RPP contributions (code D-2):
  // her last two pays of the year carry them (the engine's own QPP2 arithmetic is deductions.test.ts's).
  const cheques = (await db().selectFrom('pr_cheques').select(['cheque_id', 'pensionable', 'rpp']).where('employee_id', '=', quebec).where('status', '<>', 'Cancelled').where('pay_date', '>=', `${YEAR}-01-01`).where('pay_date', '<=', `${YEAR}-12-31`).orderBy('pay_date', 'desc').limit(2).execute()) as Row[];
  const before = ((await as(admin).post('/api/reports/pr-rl1/run', { Parameters: { Year: YEAR } })).json() as Row).List.find((row: Row) => row.EmployeeId === quebec).BoxG as string;
  // Box G then holds her pensionable earnings, between the YMPE and the additional maximum (YAMPE).
  pensionable = round(add(await rate('CA', 'PENSION_YMPE'), '5000.00'), 2);
  const last = decimalFromDb(db(), cheques[0]!.pensionable, 2)!;
  await db().updateTable('pr_cheques').set({ pensionable: decimalToDb(db(), add(last, sub(pensionable, before)), 2) }).where('cheque_id', '=', cheques[0]!.cheque_id).execute();
  for (const [index, cheque] of cheques.entries()) {
    await db().updateTable('pr_cheques').set({ qpp2: decimalToDb(db(), QPP2[index]!, 2), rpp: decimalToDb(db(), '200.00', 2) }).where('cheque_id', '=', cheque.cheque_id).execute();
  }
  await db().updateTable('pr_employees').set({ past_service74: decimalToDb(db(), PAST_SERVICE, 2) }).where('employee_id', '=', quebec).execute();
  // Six months of demo pay runs: slow on PostgreSQL on a shared machine.
}, 300_000);

afterAll(async () => {
  await server?.stop();
  // The files xmllint read: the run leaves nothing in the temporary folder.
  rmSync(folder, { recursive: true, force: true });
});

describe('check digits (rl1-xml.ts)', () => {
  it('numbers RL slips with the remainder of their first 8 digits modulo 7', () => {
    expect(slipCheckDigit('10000000')).toBe('3');
    expect(slipCheckDigit('12345678')).toBe('2');
    expect(slipNumberAt('10000000', 0)).toBe('100000003');
    expect(slipNumberAt('10000000', 1)).toBe('100000014');
    expect(slipNumberAt('99999999', 1)).toBeNull();
    expect(isValidSlipNumber('123456782')).toBe(true);
    expect(isValidSlipNumber('123456783')).toBe(false);
    expect(isValidSlipNumber('12345678')).toBe(false);
    expect(isValidSlipNumber('000000000')).toBe(false);
  });

  it('checks the Québec identification number (weights 4 3 2 7 6 5 4 3 2, modulo 11) with its RS file', () => {
    // The QST validator's published examples (same identification number, TQ file): 1224002901 and 1214326422.
    expect(rqIdCheckDigit('122400290')).toBe('1');
    expect(rqIdCheckDigit('121432642')).toBe('2');
    expect(isValidRqAccount('1224002901RS0001')).toBe(true);
    expect(isValidRqAccount('1234567892 RS 0001')).toBe(true);
    expect(isValidRqAccount('1224002902RS0001')).toBe(false);
    expect(isValidRqAccount('1234567890RS0001')).toBe(false);
    expect(isValidRqAccount('1234567892RS0000')).toBe(false);
    expect(isValidRqAccount('1234567892TQ0001')).toBe(false);
  });

  it('refuses a transmission mixing kinds of slip, a negative amount, an amount past the schema, a year the schema does not take', () => {
    const employer = { rqIdNumber: '1234567892RS0001', neq: '', name: 'Co', address: '1 rue', city: 'Montréal', province: 'QC', postalCode: 'H2X1Y4', transmitterNo: 'NP000001', contactName: 'A B', contactArea: '514', contactPhone: '555-0100', contactEmail: '', certificationNo: 'RQ-26-99-999', partnerId: '0000000000000000', productId: '0000000000000000' };
    const slip: Rl1Slip = { employeeId: 'E1', lastName: 'Roy', firstName: 'Ana', address: '2 rue', city: 'Laval', province: 'QC', postalCode: 'H7N1A1', sin: '046454286', boxes: { A: '100.00' }, employerQpp: '0.00', employerQpip: '0.00', type: 'R', slipNumber: '100000003', previousNumber: '' };
    const file = (slips: Rl1Slip[]): Rl1Return => ({ year: 2026, employer, slips, softwareName: 'x', softwareVersion: '1' });
    expect(rl1Problems(file([slip]))).toEqual([]);
    // Box B.B (QPP2) is written (issue 68 item 8: it was refused before).
    expect(rl1Problems(file([{ ...slip, boxes: { A: '100.00', 'B.B': '12.00' } }]))).toEqual([]);
    expect(rl1Problems(file([slip, { ...slip, employeeId: 'E2', type: 'A', slipNumber: '100000014', previousNumber: '100000003' }])).map((p) => p.key)).toEqual(['mixedTypes']);
    expect(rl1Problems(file([{ ...slip, boxes: { A: '-1.00' } }])).map((p) => p.key)).toEqual(['negativeAmount']);
    expect(rl1Problems(file([{ ...slip, boxes: { A: '10000000.00' } }])).map((p) => p.key)).toEqual(['amountTooLarge']);
    expect(rl1Problems({ ...file([slip]), year: 2027 }).map((p) => p.key)).toEqual(['yearNotCovered']);
    expect(rl1Problems(file([{ ...slip, slipNumber: '100000004' }])).map((p) => p.key)).toEqual(['slipNumberInvalid']);
    expect(rl1Problems({ ...file([slip]), employer: { ...employer, certificationNo: '' } }).map((p) => p.key)).toEqual(['softwareIdsMissing']);
  });
});

const summaryPdf = () => as(admin).post('/api/pr/rl1-summary', { Parameters: { Year: YEAR } });

/** The RLZ-1.S's lines as the PDF prints them: "21 <label> 1234.56" → { '21': '1234.56' }. */
async function summaryLines(bytes: Uint8Array): Promise<{ text: string; lines: Record<string, string> }> {
  const text = (await pdfText(bytes)).replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
  const lines: Record<string, string> = {};
  for (const number of ['21', '22', '23', '24', '28', '29', '35', '50.1']) {
    const label = (en.rl1Summary as Record<string, string>)[`line${number.replace('.', '_')}`]!;
    const found = new RegExp(`${number.replace('.', '\\.')} ${label.replace(/[()×.]/g, '\\$&')} (\\d+\\.\\d{2})`).exec(text);
    if (found) lines[number] = found[1]!;
  }
  return { text, lines };
}

describe("the RL-1 XML file (Revenu Québec's relevés schema 2025.1, standards/rq-rl-xsd-2025)", () => {
  let original = '';

  it('prints no RLZ-1.S before a slip of the year is filed', async () => {
    const refused = await summaryPdf();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ResultCode).toBe('rl1_summaryNothingFiled');
  });

  it("writes the year's original transmission — box B.B, code D-2, box G up to the additional maximum — valid against Transmission.xsd, once however many ask at once", async () => {
    // Exactly once (issue 39): four requests at once record one file; the others find it recorded (nothing new).
    const answers = await Promise.all([generate(), generate(), generate(), generate()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.ResultCode)).toEqual(['rl1_unchanged', 'rl1_unchanged', 'rl1_unchanged']);
    expect(Number(((await db().selectFrom('pr_rl1_files').select((eb: Row) => eb.fn.countAll().as('n')).executeTakeFirst()) as Row).n)).toBe(1);
    const file = answers.find((answer) => answer.status === 200)!;
    expect(file.filename).toMatch(new RegExp(`RL1-${YEAR}-\\d{6}\\.xml`));
    original = file.xml;
    expect(schemaErrors(original)).toBe('');
    expect(original).toContain('<Transmission VersionSchema="2025.1" xmlns="http://www.mrq.gouv.qc.ca/T5">');
    expect(all(original, 'TypeEnvoi')).toEqual(['1']);
    // The demo's Québec employee: one slip, the first number of the demo's range.
    expect(slipsOf(original).map((slip) => [slip.kind, all(slip.body, 'No')[0], all(slip.body, 'NoReleve')[0]])).toEqual([['R', quebec, '100000003']]);
    const slip = slipsOf(original)[0]!.body;
    expect(all(slip, 'BB_CotisationRRQSuppl')).toEqual([sum(QPP2, 2)]);
    expect(all(slip, 'G_SalaireAdmisRRQ')).toEqual([pensionable]);
    expect(blocks(slip, 'CaseRensCompl')).toEqual([`<CodeRensCompl>D-2</CodeRensCompl><DonneeRensCompl>${PAST_SERVICE}</DonneeRensCompl>`]);
    expect(all(blocks(original, 'T')[0]!, 'NoId')).toEqual(['1234567892']);
    expect(all(blocks(original, 'T')[0]!, 'NbReleves')).toEqual(['1']);
    expect(all(original, 'Annee')).toEqual(Array(3).fill(String(YEAR)));
  });

  it('keeps the rules the schema does not: count, kinds, amounts, check digits — each check fails when broken', () => {
    expect(ruleErrors(original)).toEqual([]);
    const number = all(original, 'NoReleve')[0]!;
    const badNumber = `${number.slice(0, 8)}${(Number(number[8]) + 1) % 7}`;
    expect(ruleErrors(original.replace(`<NoReleve>${number}`, `<NoReleve>${badNumber}`))).toContain(`slip number ${badNumber} fails its check digit`);
    expect(ruleErrors(original.replace(/<A_RevenuEmploi>[^<]*</, '<A_RevenuEmploi>0.00<'))).toContain('zero or empty amount A_RevenuEmploi');
    expect(ruleErrors(original.replace(/<BB_CotisationRRQSuppl>[^<]*</, '<BB_CotisationRRQSuppl>0.00<'))).toContain('zero or empty amount BB_CotisationRRQSuppl');
    const nas = all(original, 'NAS')[0]!;
    const badNas = `${nas.slice(0, 8)}${(Number(nas[8]) + 1) % 10}`;
    expect(ruleErrors(original.replace(`<NAS>${nas}</NAS>`, `<NAS>${badNas}</NAS>`))).toContain(`NAS ${badNas} fails its check digit`);
    expect(ruleErrors(original.replace('<NoId>1234567892</NoId>', '<NoId>1234567890</NoId>'))).toContain('NoId 1234567890RS0001 fails its check digit or RS file');
    expect(ruleErrors(original.replace('<NbReleves>1</NbReleves>', '<NbReleves>2</NbReleves>'))).toContain('NbReleves ≠ slips');
    expect(ruleErrors(original.replace('<TypeEnvoi>1</TypeEnvoi>', '<TypeEnvoi>4</TypeEnvoi>'))).toContain('TypeEnvoi ≠ R');
    // RQ's schema refuses a slip without its number, a cancelled slip with amounts, the element names of the former
    // reconstruction (B_CotisationRRQ), another schema version, a year the set does not take, boxes out of order.
    expect(schemaErrors(original.replace(/<NoReleve>[^<]*<\/NoReleve>/, ''))).not.toBe('');
    expect(schemaErrors(original.replaceAll('<R>', '<D>').replaceAll('</R>', '</D>'))).not.toBe('');
    expect(schemaErrors(original.replaceAll('BA_CotisationRRQ>', 'B_CotisationRRQ>'))).not.toBe('');
    expect(schemaErrors(original.replace('VersionSchema="2025.1"', `VersionSchema="${YEAR}.2"`))).not.toBe('');
    expect(schemaErrors(original.replaceAll(`<Annee>${YEAR}</Annee>`, '<Annee>2024</Annee>'))).not.toBe('');
    const bb = /<BB_CotisationRRQSuppl>[^<]*<\/BB_CotisationRRQSuppl>/.exec(original)![0];
    expect(schemaErrors(original.replace(bb, '').replace('</Montants>', `${bb}</Montants>`))).not.toBe('');
  });

  it("records the RLZ-1.S totals of the year's slips, equal to the slips and to the RL-1 report", async () => {
    const list = await history();
    const summary = list.List[0].Summary as Record<string, string>;
    for (const [box, element] of RL1_AMOUNTS) expect([box, summary[box]]).toEqual([box, boxTotal(original, element)]);
    // And to the RL-1 report's columns for the year.
    const rows = ((await as(admin).post('/api/reports/pr-rl1/run', { Parameters: { Year: YEAR } })).json() as Row).List as Row[];
    expect(rows.map((row) => row.EmployeeId)).toEqual([quebec]);
    for (const [box, column] of [['A', 'BoxA'], ['B.A', 'BoxBA'], ['B.B', 'BoxBB'], ['C', 'BoxC'], ['D', 'BoxD'], ['E', 'BoxE'], ['G', 'BoxG'], ['H', 'BoxH'], ['I', 'BoxI'], ['EmployerQpp', 'EmployerQpp'], ['EmployerQpip', 'EmployerQpip']] as const) {
      expect([box, summary[box]]).toEqual([box, sum(rows.map((row) => String(row[column])), 2)]);
    }
    expect(isZero(summary['EmployerQpp']!)).toBe(false);
  });

  let amended = '';

  it('records each generation; after a correction the next transmission amends the slip (A) under a new number', async () => {
    expect((await generate()).body.ResultCode).toBe('rl1_unchanged');
    const cheque = (await db().selectFrom('pr_cheques').select(['cheque_id']).where('employee_id', '=', quebec).where('status', '<>', 'Cancelled').orderBy('cheque_id').limit(1).executeTakeFirst()) as Row;
    await db().updateTable('pr_cheques').set({ provincial_tax: decimalToDb(db(), '1.23', 2) }).where('cheque_id', '=', cheque.cheque_id).execute();
    const file = await generate();
    expect(file.status).toBe(200);
    amended = file.xml;
    expect(schemaErrors(amended)).toBe('');
    expect(ruleErrors(amended)).toEqual([]);
    expect(all(amended, 'TypeEnvoi')).toEqual(['4']);
    expect(slipsOf(amended).map((slip) => [slip.kind, all(slip.body, 'NoReleve')[0], all(slip.body, 'NoReleveDerniereTrans')[0]])).toEqual([['A', '100000014', '100000003']]);
    // An amended slip is whole: every box and code again, B.B included.
    expect(all(amended, 'BB_CotisationRRQSuppl')).toEqual([sum(QPP2, 2)]);
    expect(all(amended, 'CodeRensCompl')).toEqual(['D-2']);
    const list = await history();
    expect(list.List.map((row: Row) => [row.TransmissionType, row.Slips, row.Changed, row.CreatedBy !== '' && row.CreatedOn !== ''])).toEqual([
      ['R', 1, '', true],
      ['A', 1, `${quebec} A`, true],
    ]);
    expect(list.List[1].SlipNumbers).toEqual([{ EmployeeId: quebec, Type: 'A', Number: '100000014' }]);
    expect(list.Pending).toEqual({ R: 0, A: 0, D: 0 });
  });

  it('prints the RLZ-1.S from the slips filed: each line the total of its box over the slips in force (the amended one)', async () => {
    const response = await summaryPdf();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain(`RLZ-1.S-${YEAR}.pdf`);
    const { text, lines } = await summaryLines(response.rawPayload);
    const box = (element: string) => boxTotal(amended, element);
    const qpip = await rate('QC', 'QPIP_EMPLOYER_RATE');
    expect(lines).toEqual({
      '21': box('BA_CotisationRRQ'),
      '22': box('BA_CotisationRRQ'),
      '23': box('BB_CotisationRRQSuppl'),
      '24': box('BB_CotisationRRQSuppl'),
      '28': box('H_CotisationRQAP'),
      '29': mul(box('I_SalaireAdmisRQAP'), qpip, 2),
      '35': box('E_ImpotQue'),
      '50.1': box('A_RevenuEmploi'),
    });
    // The amended slip's tax, not the original's.
    expect(box('E_ImpotQue')).not.toBe(boxTotal(original, 'E_ImpotQue'));
    expect(lines['23']).toBe(sum(QPP2, 2));
    // Each box's total over the slips filed, under the slip's box names.
    expect(text).toContain(`${en.rl1BoxNames['B.B']} ${sum(QPP2, 2)}`);
    expect(text).toContain(`${en.rl1BoxNames.G} ${pensionable}`);
    expect(text).toContain(`${en.rl1Summary.slips} 1`);
    expect(text).toContain(`${en.rl1Summary.identification} 1234567892`);
    expect(text).not.toContain('changed since the last file');
  });

  let statuses: Row[] = [];

  it('cancels (D) under the number last sent the slip of an employee with no RL-1 any more', async () => {
    statuses = (await db().selectFrom('pr_cheques').select(['cheque_id', 'status']).where('employee_id', '=', quebec).execute()) as Row[];
    await db().updateTable('pr_cheques').set({ status: 'Cancelled' }).where('employee_id', '=', quebec).execute();
    expect((await history()).Pending).toEqual({ R: 0, A: 0, D: 1 });
    // The summary printed meanwhile says a slip is not filed yet.
    expect((await summaryLines((await summaryPdf()).rawPayload)).text).toContain('1 RL-1 slip changed since the last file');
    const cancelled = await generate();
    expect(cancelled.status).toBe(200);
    expect(schemaErrors(cancelled.xml)).toBe('');
    expect(ruleErrors(cancelled.xml)).toEqual([]);
    expect(all(cancelled.xml, 'TypeEnvoi')).toEqual(['6']);
    expect(slipsOf(cancelled.xml).map((slip) => [slip.kind, all(slip.body, 'NoReleve')[0]])).toEqual([['D', '100000014']]);
    expect(cancelled.xml).not.toContain('<Montants>');
    // No slip in force: nothing for the summary to total.
    expect((await summaryPdf()).json().ResultCode).toBe('rl1_summaryNothingFiled');
  });

  it("refuses a file the rules forbid, in the caller's language: a SIN failing its check digit, the employer's account", async () => {
    // The employee's pays back: a new original slip (R) is pending; with a bad SIN it is refused.
    for (const row of statuses) await db().updateTable('pr_cheques').set({ status: row.status }).where('cheque_id', '=', row.cheque_id).execute();
    expect((await history()).Pending).toEqual({ R: 1, A: 0, D: 0 });
    await db().updateTable('pr_employees').set({ sin: '123456789' }).where('employee_id', '=', quebec).execute();
    const refused = await generate();
    expect(refused.status).toBe(400);
    expect(refused.body.ResultCode).toBe('rl1_sinInvalid');
    expect(refused.body.Message).toContain(quebec);
    await db().updateTable('pr_employer').set({ rq_id_number: '1234567890RS0001' }).execute();
    expect((await generate()).body.ResultCode).toBe('rl1_rqAccountInvalid');
    // Nothing was recorded by a refusal.
    expect((await history()).List).toHaveLength(3);
  });
});
