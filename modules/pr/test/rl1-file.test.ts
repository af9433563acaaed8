/**
 * The RL-1 XML file (issue 45 items 2 and 6) for the demo year. Revenu Québec's own XSD is not in the material at
 * hand, so the structural check is the project's reconstruction of the relevés structure (rl1-structure.xsd, its
 * sources cited there and in server/rl1-xml.ts), run with xmllint on every file the server writes. Then the rules
 * a schema cannot express: the summary's slip count and the RLZ-1.S totals equal the slips, no zero optional
 * amount, one kind of slip per transmission and its TypeEnvoi, the slip numbers' modulo-7 check digit, the Québec
 * identification number's check digit, SIN check digits — each check also run on a file broken on purpose. Then
 * the history: a file regenerated after a correction is an amended transmission (A, a new number, the replaced one
 * in NoReleveDerniereTrans); an employee whose pays are all cancelled gets a cancellation (D) under the number
 * filed; nothing changed is refused; every generation is listed with who, when and which slips.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isZero, sum } from '@erp/shared/decimal';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { isValidSin } from '../definitions/sin.ts';
import { RL1_AMOUNTS, RL1_REQUIRED_AMOUNTS, TYPE_ENVOI, isValidRqAccount, isValidSlipNumber, rl1Problems, rqIdCheckDigit, slipCheckDigit, slipNumberAt, type Rl1Return, type Rl1Slip } from '../server/rl1-xml.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { caller } from '../../../server/test/helpers/entities.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SCHEMA = resolve(__dirname, 'rl1-structure.xsd');
const YEAR = new Date().getUTCFullYear();
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
    for (const [, name, value] of (blocks(body, 'Montants')[0] ?? '').matchAll(/<([A-Z]_[A-Za-z]+)>([^<]*)</g)) {
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

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  quebec = String(((await db().selectFrom('pr_cheques').select('employee_id').where('province', '=', 'QC').where('status', '<>', 'Cancelled').limit(1).executeTakeFirst()) as Row).employee_id);
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

  it('refuses a transmission mixing kinds of slip, a negative amount or box B.B it cannot name', () => {
    const employer = { rqIdNumber: '1234567892RS0001', neq: '', name: 'Co', address: '1 rue', city: 'Montréal', province: 'QC', postalCode: 'H2X1Y4', transmitterNo: 'NP000001', contactName: 'A B', contactArea: '514', contactPhone: '555-0100', contactEmail: '', certificationNo: 'RQ-26-99-999', partnerId: '0000000000000000', productId: '0000000000000000' };
    const slip: Rl1Slip = { employeeId: 'E1', lastName: 'Roy', firstName: 'Ana', address: '2 rue', city: 'Laval', province: 'QC', postalCode: 'H7N1A1', sin: '046454286', boxes: { A: '100.00' }, employerQpp: '0.00', employerQpip: '0.00', type: 'R', slipNumber: '100000003', previousNumber: '' };
    const file = (slips: Rl1Slip[]): Rl1Return => ({ year: 2026, employer, slips, softwareName: 'x', softwareVersion: '1' });
    expect(rl1Problems(file([slip]))).toEqual([]);
    expect(rl1Problems(file([slip, { ...slip, employeeId: 'E2', type: 'A', slipNumber: '100000014', previousNumber: '100000003' }])).map((p) => p.key)).toEqual(['mixedTypes']);
    expect(rl1Problems(file([{ ...slip, boxes: { A: '-1.00' } }])).map((p) => p.key)).toEqual(['negativeAmount']);
    expect(rl1Problems(file([{ ...slip, boxes: { A: '100.00', 'B.B': '12.00' } }])).map((p) => p.key)).toEqual(['boxBBUnsupported']);
    expect(rl1Problems(file([{ ...slip, slipNumber: '100000004' }])).map((p) => p.key)).toEqual(['slipNumberInvalid']);
    expect(rl1Problems({ ...file([slip]), employer: { ...employer, certificationNo: '' } }).map((p) => p.key)).toEqual(['softwareIdsMissing']);
  });
});

describe('the RL-1 XML file (relevés structure reconstructed in rl1-structure.xsd)', () => {
  let original = '';

  it("writes the demo year's original transmission (R slips and the T summary), valid against the structure — once, however many ask at once", async () => {
    // Exactly once (issue 39): four requests at once record one file; the others find it recorded (nothing new).
    const answers = await Promise.all([generate(), generate(), generate(), generate()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.ResultCode)).toEqual(['rl1_unchanged', 'rl1_unchanged', 'rl1_unchanged']);
    expect(Number(((await db().selectFrom('pr_rl1_files').select((eb: Row) => eb.fn.countAll().as('n')).executeTakeFirst()) as Row).n)).toBe(1);
    const file = answers.find((answer) => answer.status === 200)!;
    expect(file.filename).toMatch(new RegExp(`RL1-${YEAR}-\\d{6}\\.xml`));
    original = file.xml;
    expect(schemaErrors(original)).toBe('');
    expect(original).toContain(`<Transmission VersionSchema="${YEAR}.1" xmlns="http://www.mrq.gouv.qc.ca/T5">`);
    expect(all(original, 'TypeEnvoi')).toEqual(['1']);
    // The demo's Québec employee: one slip, the first number of the demo's range.
    expect(slipsOf(original).map((slip) => [slip.kind, all(slip.body, 'No')[0], all(slip.body, 'NoReleve')[0]])).toEqual([['R', quebec, '100000003']]);
    expect(all(blocks(original, 'T')[0]!, 'NoId')).toEqual(['1234567892']);
    expect(all(blocks(original, 'T')[0]!, 'NbReleves')).toEqual(['1']);
    expect(all(original, 'Annee')).toEqual(Array(3).fill(String(YEAR)));
  });

  it('keeps the rules the structure does not: count, kinds, amounts, check digits — each check fails when broken', () => {
    expect(ruleErrors(original)).toEqual([]);
    const number = all(original, 'NoReleve')[0]!;
    const badNumber = `${number.slice(0, 8)}${(Number(number[8]) + 1) % 7}`;
    expect(ruleErrors(original.replace(`<NoReleve>${number}`, `<NoReleve>${badNumber}`))).toContain(`slip number ${badNumber} fails its check digit`);
    expect(ruleErrors(original.replace(/<A_RevenuEmploi>[^<]*</, '<A_RevenuEmploi>0.00<'))).toContain('zero or empty amount A_RevenuEmploi');
    const nas = all(original, 'NAS')[0]!;
    const badNas = `${nas.slice(0, 8)}${(Number(nas[8]) + 1) % 10}`;
    expect(ruleErrors(original.replace(`<NAS>${nas}</NAS>`, `<NAS>${badNas}</NAS>`))).toContain(`NAS ${badNas} fails its check digit`);
    expect(ruleErrors(original.replace('<NoId>1234567892</NoId>', '<NoId>1234567890</NoId>'))).toContain('NoId 1234567890RS0001 fails its check digit or RS file');
    expect(ruleErrors(original.replace('<NbReleves>1</NbReleves>', '<NbReleves>2</NbReleves>'))).toContain('NbReleves ≠ slips');
    expect(ruleErrors(original.replace('<TypeEnvoi>1</TypeEnvoi>', '<TypeEnvoi>4</TypeEnvoi>'))).toContain('TypeEnvoi ≠ R');
    // The structural check fails too: a slip without its number, amounts out of order, a cancelled slip with amounts.
    expect(schemaErrors(original.replace(/<NoReleve>[^<]*<\/NoReleve>/, ''))).not.toBe('');
    expect(schemaErrors(original.replace(/<G_SalaireAdmisRRQ>[^<]*<\/G_SalaireAdmisRRQ>/, ''))).not.toBe('');
    expect(schemaErrors(original.replaceAll('<R>', '<D>').replaceAll('</R>', '</D>'))).not.toBe('');
  });

  it("records the RLZ-1.S totals of the year's slips, equal to the slips", async () => {
    const list = await history();
    const summary = list.List[0].Summary as Record<string, string>;
    for (const [box, element] of RL1_AMOUNTS) expect([box, summary[box]]).toEqual([box, boxTotal(original, element)]);
    // And to the RL-1 report's columns for the year.
    const rows = ((await as(admin).post('/api/reports/pr-rl1/run', { Parameters: { Year: YEAR } })).json() as Row).List as Row[];
    expect(rows.map((row) => row.EmployeeId)).toEqual([quebec]);
    for (const [box, column] of [['A', 'BoxA'], ['B.A', 'BoxBA'], ['C', 'BoxC'], ['E', 'BoxE'], ['G', 'BoxG'], ['H', 'BoxH'], ['I', 'BoxI'], ['EmployerQpp', 'EmployerQpp'], ['EmployerQpip', 'EmployerQpip']] as const) {
      expect([box, summary[box]]).toEqual([box, sum(rows.map((row) => String(row[column])), 2)]);
    }
    expect(isZero(summary['EmployerQpp']!)).toBe(false);
  });

  it('records each generation; after a correction the next transmission amends the slip (A) under a new number', async () => {
    expect((await generate()).body.ResultCode).toBe('rl1_unchanged');
    const cheque = (await db().selectFrom('pr_cheques').select(['cheque_id']).where('employee_id', '=', quebec).where('status', '<>', 'Cancelled').orderBy('cheque_id').limit(1).executeTakeFirst()) as Row;
    await db().updateTable('pr_cheques').set({ provincial_tax: decimalToDb(db(), '1.23', 2) }).where('cheque_id', '=', cheque.cheque_id).execute();
    const amended = await generate();
    expect(amended.status).toBe(200);
    expect(schemaErrors(amended.xml)).toBe('');
    expect(ruleErrors(amended.xml)).toEqual([]);
    expect(all(amended.xml, 'TypeEnvoi')).toEqual(['4']);
    expect(slipsOf(amended.xml).map((slip) => [slip.kind, all(slip.body, 'NoReleve')[0], all(slip.body, 'NoReleveDerniereTrans')[0]])).toEqual([['A', '100000014', '100000003']]);
    const list = await history();
    expect(list.List.map((row: Row) => [row.TransmissionType, row.Slips, row.Changed, row.CreatedBy !== '' && row.CreatedOn !== ''])).toEqual([
      ['R', 1, '', true],
      ['A', 1, `${quebec} A`, true],
    ]);
    expect(list.List[1].SlipNumbers).toEqual([{ EmployeeId: quebec, Type: 'A', Number: '100000014' }]);
    expect(list.Pending).toEqual({ R: 0, A: 0, D: 0 });
  });

  let statuses: Row[] = [];

  it('cancels (D) under the number filed the slip of an employee with no RL-1 any more', async () => {
    statuses = (await db().selectFrom('pr_cheques').select(['cheque_id', 'status']).where('employee_id', '=', quebec).execute()) as Row[];
    await db().updateTable('pr_cheques').set({ status: 'Cancelled' }).where('employee_id', '=', quebec).execute();
    expect((await history()).Pending).toEqual({ R: 0, A: 0, D: 1 });
    const cancelled = await generate();
    expect(cancelled.status).toBe(200);
    expect(schemaErrors(cancelled.xml)).toBe('');
    expect(ruleErrors(cancelled.xml)).toEqual([]);
    expect(all(cancelled.xml, 'TypeEnvoi')).toEqual(['6']);
    expect(slipsOf(cancelled.xml).map((slip) => [slip.kind, all(slip.body, 'NoReleve')[0]])).toEqual([['D', '100000014']]);
    expect(cancelled.xml).not.toContain('<Montants>');
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
