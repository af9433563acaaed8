/**
 * The T4 XML file (issue 45 items 1 and 6) for the demo year, against CRA's published schemas version 1-24-1
 * (the repository's standards/cra-xml-1-24-1/, entry point layout-topologie.xsd, T4 in t4.xsd) with xmllint, and the
 * rules the schema leaves to CRA's checks: the Summary's totals equal to its slips, no zero optional amount,
 * SIN and business-number check digits. Each rule's check is also run on a file broken on purpose, so a check
 * that passes everything fails here. The year holds second additional contributions (issue 68 item 8): an Ontario
 * employee's CPP2 (box 16A) and the Québec employee's QPP2 (17A), each past the YMPE, box 26 up to the YAMPE. Then
 * the history: a file regenerated after a correction is an amendment
 * (A) holding the changed slip only; a cancelled employee's slip comes back as C; nothing changed is refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, isZero, round, sub, sum } from '@erp/shared/decimal';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import type { RateItem } from '../definitions/common.ts';
import { isValidSin } from '../definitions/sin.ts';
import { loadTables, rateOf } from '../server/deductions.ts';
import { isValidPayrollAccount } from '../server/t4-xml.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { caller } from '../../../server/test/helpers/entities.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// The publisher's schemas as carried in the repository (standards/README.md): a clone tests on its own.
const SCHEMAS = resolve(__dirname, '../../../standards/cra-xml-1-24-1');
const YEAR = new Date().getUTCFullYear();
let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const as = (token: string) => caller(server.app, token);
const folder = mkdtempSync(join(tmpdir(), 't4-xml-'));

/** xmllint's verdict on a file: '' when it validates, else its messages. */
function schemaErrors(xml: string): string {
  const path = join(folder, `f${Math.random().toString(16).slice(2)}.xml`);
  writeFileSync(path, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', join(SCHEMAS, 'layout-topologie.xsd'), path], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]!);
const blocks = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>(.*?)</${tag}>`, 'gs'))].map((match) => match[1]!);

/** The Summary's totals that must equal the sum of a slip box (T4 XML specifications, T4 Summary lines). */
const TOTAL_OF: Record<string, string> = {
  tot_empt_incamt: 'empt_incamt',
  tot_empe_cpp_amt: 'cpp_cntrb_amt',
  tot_empe_cppe_amt: 'cppe_cntrb_amt',
  tot_empe_eip_amt: 'empe_eip_amt',
  tot_rpp_cntrb_amt: 'rpp_cntrb_amt',
  tot_itx_ddct_amt: 'itx_ddct_amt',
  tot_padj_amt: 'padj_amt',
};

/** Business rules the schema cannot express: each broken rule one message. */
function ruleErrors(xml: string): string[] {
  const errors: string[] = [];
  const slips = blocks(xml, 'T4Slip');
  const summary = blocks(xml, 'T4Summary')[0] ?? '';
  for (const [total, box] of Object.entries(TOTAL_OF)) {
    const expected = sum(slips.map((slip) => all(slip, box)[0] ?? '0.00'), 2);
    const stated = all(summary, total)[0] ?? '0.00';
    if (expected !== stated) errors.push(`${total} ${stated} ≠ slips ${expected}`);
  }
  if (all(summary, 'slp_cnt')[0] !== String(slips.length)) errors.push('slp_cnt ≠ slips');
  for (const [, name, value] of xml.matchAll(/<([a-z_0-9]*amt[a-z_0-9]*)>([^<]*)</g)) {
    if (value!.trim() === '' || isZero(value!)) errors.push(`zero or empty amount ${name}`);
  }
  for (const sin of all(xml, 'sin')) if (!isValidSin(sin)) errors.push(`SIN ${sin} fails its check digit`);
  for (const bn of all(xml, 'bn')) if (!isValidPayrollAccount(bn)) errors.push(`BN ${bn} fails its check digit or RP account`);
  return errors;
}

async function generate(): Promise<{ status: number; xml: string; body: Row }> {
  const response = await as(admin).post('/api/pr/t4-file', { Parameters: { Year: YEAR } });
  return { status: response.statusCode, xml: response.body, body: response.statusCode === 200 ? {} : response.json() };
}

/** A rate of the pay tables in force at the year's end (read as the payroll reads them). */
async function rate(item: RateItem): Promise<string> {
  const tables = await db().transaction().execute((trx: Row) => loadTables(trx as never, `${YEAR}-12-31`, ['CA']));
  return rateOf(tables, 'CA', item)!;
}

/** Second additional contributions: employee → [element, amount], and the pensionable earnings box 26 then holds. */
const SECOND: Record<string, [string, string]> = {};
let pensionable = '';

/** Gives an employee a year past the YMPE: pensionable earnings YMPE + 5,000 and `column` (cpp2, qpp2) on its last pay. */
async function pastTheYmpe(province: string, column: string, element: string, amount: string): Promise<void> {
  const cheque = (await db().selectFrom('pr_cheques').select(['cheque_id', 'employee_id', 'pensionable']).where('province', '=', province).where('status', '<>', 'Cancelled').where('pay_date', '>=', `${YEAR}-01-01`).orderBy('pay_date', 'desc').orderBy('employee_id').limit(1).executeTakeFirst()) as Row;
  const rows = ((await as(admin).post('/api/reports/pr-t4/run', { Parameters: { Year: YEAR } })).json() as Row).List as Row[];
  const before = String(rows.find((row) => row.EmployeeId === cheque.employee_id)!.Box26);
  const last = decimalFromDb(db(), cheque.pensionable, 2)!;
  await db()
    .updateTable('pr_cheques')
    .set({ pensionable: decimalToDb(db(), add(last, sub(pensionable, before)), 2), [column]: decimalToDb(db(), amount, 2) })
    .where('cheque_id', '=', cheque.cheque_id)
    .execute();
  SECOND[String(cheque.employee_id)] = [element, amount];
}

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  pensionable = round(add(await rate('PENSION_YMPE'), '5000.00'), 2);
  await pastTheYmpe('ON', 'cpp2', 'cppe_cntrb_amt', '200.00');
  await pastTheYmpe('QC', 'qpp2', 'qppe_cntrb_amt', '200.00');
  // Six months of demo pay runs: slow on PostgreSQL on a shared machine.
}, 300_000);

afterAll(async () => {
  await server?.stop();
  // The files xmllint read: the run leaves nothing in the temporary folder.
  rmSync(folder, { recursive: true, force: true });
});

describe('the T4 XML file (CRA schemas 1-24-1)', () => {
  let original = '';

  it("writes the demo year's original return, valid against layout-topologie.xsd", async () => {
    const file = await generate();
    expect(file.status).toBe(200);
    original = file.xml;
    expect(schemaErrors(original)).toBe('');
    expect(all(original, 'rpt_tcd')).toEqual(Array(blocks(original, 'T4Slip').length + 2).fill('O'));
    expect(blocks(original, 'T4Slip')).toHaveLength(30);
    expect(all(original, 'tx_yr')).toEqual([String(YEAR)]);
    expect(all(original, 'bn')[0]).toBe('123456782RP0001');
    // The second additional contributions (16A, 17A) and box 26 past the YMPE, up to the YAMPE.
    for (const [employee, [element, amount]] of Object.entries(SECOND)) {
      const slip = blocks(original, 'T4Slip').find((body) => all(body, 'empe_nbr')[0] === employee)!;
      expect([employee, all(slip, element), all(slip, 'cpp_qpp_ern_amt')]).toEqual([employee, [amount], [pensionable]]);
    }
    expect(all(original, 'tot_empe_cppe_amt')).toEqual(['200.00']);
  });

  it('keeps the rules the schema does not: totals equal the slips, no zero amounts, check digits', () => {
    expect(ruleErrors(original)).toEqual([]);
    // Each check fails when its rule breaks.
    const firstIncome = all(original, 'empt_incamt')[0]!;
    expect(ruleErrors(original.replace(`<empt_incamt>${firstIncome}</empt_incamt>`, '<empt_incamt>1.00</empt_incamt>')).some((e) => e.startsWith('tot_empt_incamt'))).toBe(true);
    expect(ruleErrors(original.replace('<T4_AMT>', '<T4_AMT><padj_amt>0.00</padj_amt>'))).toContain('zero or empty amount padj_amt');
    const sin = all(original, 'sin')[0]!;
    const badSin = `${sin.slice(0, 8)}${(Number(sin[8]) + 1) % 10}`;
    expect(ruleErrors(original.replace(`<sin>${sin}</sin>`, `<sin>${badSin}</sin>`))).toContain(`SIN ${badSin} fails its check digit`);
    expect(ruleErrors(original.replaceAll('123456782RP0001', '123456789RP0001'))).toContain('BN 123456789RP0001 fails its check digit or RP account');
    // The schema check fails too on a structural break (a slip without its business number).
    expect(schemaErrors(original.replace(/<bn>[^<]*<\/bn>/, ''))).not.toBe('');
  });

  it('records each generation; after a correction the next file amends the changed slip only (A), a vanished slip is cancelled (C)', async () => {
    expect((await generate()).body.ResultCode).toBe('t4_unchanged');
    const cheque = (await db().selectFrom('pr_cheques').select(['cheque_id', 'employee_id', 'federal_tax']).where('status', '<>', 'Cancelled').where('pay_date', '>=', `${YEAR}-01-01`).orderBy('cheque_id').limit(1).executeTakeFirst()) as Row;
    await db().updateTable('pr_cheques').set({ federal_tax: decimalToDb(db(), '1.23', 2) }).where('cheque_id', '=', cheque.cheque_id).execute();
    const amended = await generate();
    expect(amended.status).toBe(200);
    expect(schemaErrors(amended.xml)).toBe('');
    expect(all(amended.xml, 'empe_nbr')).toEqual([cheque.employee_id]);
    expect(all(amended.xml, 'rpt_tcd')).toEqual(['A', 'A', 'A']);
    const history = (await as(admin).get(`/api/pr/t4-files?Year=${YEAR}`)).json() as Row;
    expect(history.List.map((row: Row) => [row.ReportType, row.Slips, row.Changed, row.CreatedBy !== ''])).toEqual([
      ['O', 30, '', true],
      ['A', 1, `${cheque.employee_id} A`, true],
    ]);
    // Which slips each file held: every employee's O in the original, the amended slip in the amendment.
    expect(history.List[0].SlipsFiled).toHaveLength(30);
    expect(new Set(history.List[0].SlipsFiled.map((slip: Row) => slip.Type))).toEqual(new Set(['O']));
    expect(history.List[1].SlipsFiled).toEqual([{ EmployeeId: cheque.employee_id, Type: 'A' }]);
    // Every cheque of another employee cancelled: its slip is cancelled as filed.
    const other = (await db().selectFrom('pr_cheques').select('employee_id').where('employee_id', '<>', cheque.employee_id).orderBy('employee_id').limit(1).executeTakeFirst()) as Row;
    await db().updateTable('pr_cheques').set({ status: 'Cancelled' }).where('employee_id', '=', other.employee_id).execute();
    const cancelled = await generate();
    expect(cancelled.status).toBe(200);
    expect(schemaErrors(cancelled.xml)).toBe('');
    expect(blocks(cancelled.xml, 'T4Slip').map((slip) => all(slip, 'rpt_tcd')[0])).toEqual(['C']);
  });

  it('refuses a file with an employee whose SIN fails its check digit', async () => {
    const employee = (await db().selectFrom('pr_cheques').select('employee_id').where('status', '<>', 'Cancelled').orderBy('employee_id', 'desc').limit(1).executeTakeFirst()) as Row;
    await db().updateTable('pr_employees').set({ sin: '123456789' }).where('employee_id', '=', employee.employee_id).execute();
    // Its slip changes too (an amendment holds the changed slips only, and each is checked).
    await db().updateTable('pr_cheques').set({ federal_tax: decimalToDb(db(), '2.34', 2) }).where('employee_id', '=', employee.employee_id).where('status', '<>', 'Cancelled').execute();
    const refused = await generate();
    expect(refused.status).toBe(400);
    expect(refused.body.ResultCode).toBe('t4_sinInvalid');
  });
});
