/**
 * The ROE XML file (issue 45 items 3 and 6) against Service Canada's "ROE Web user requirements – Appendix D – ROE
 * payroll extract file transfer – XML file layout and edit – Version 2.0". Service Canada hands its XSD to ROE Web
 * registrants only; it is not in the material at hand, so the structural check below is written from the
 * documentation's layout (LAYOUT: element names, order, required elements, sizes and formats), not from a schema
 * file. Then the rules ROE Web's edits check beyond the layout: SIN and business-number check digits (BN15 with RP),
 * no more pay periods than the pay period type allows (weekly 53, bi-weekly 27, semi-monthly 25, monthly 13), B15A
 * the total of the periods' hours, amounts as digits with two decimals and none optional at zero — each check also
 * run on a file broken on purpose. Then the history: each generation recorded, the next says which blocks changed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isZero, sum } from '@erp/shared/decimal';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { isValidSin } from '../definitions/sin.ts';
import { REASONS_NEEDING_COMMENTS, ROE_REASON_CODES } from '../definitions/roe.ts';
import { isValidPayrollAccount } from '../server/t4-xml.ts';
import { MAX_PERIODS, PAY_PERIOD_TYPES, buildRoeXml, roeProblems, type RoeRecord } from '../server/roe-xml.ts';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import { caller } from '../../../server/test/helpers/entities.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// ——— A small XML reader: the file is elements, attributes and text only (no comments, CDATA or mixed content).
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => ENTITIES[entity]!);

function parseXml(xml: string): XmlNode {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '').trim();
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  for (const token of body.matchAll(/<(\/?)([A-Za-z0-9_]+)((?:\s+[A-Za-z]+="[^"]*")*)\s*(\/?)>|([^<]+)/g)) {
    const [, closing, name, attributes, selfClosing, text] = token;
    const top = stack.at(-1)!;
    if (text !== undefined) {
      top.text += unescape(text);
    } else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      const node: XmlNode = { name: name!, attributes: Object.fromEntries([...attributes!.matchAll(/([A-Za-z]+)="([^"]*)"/g)].map((match) => [match[1]!, unescape(match[2]!)])), children: [], text: '' };
      top.children.push(node);
      if (!selfClosing) stack.push(node);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is not closed`);
  return root;
}

// ——— The layout of Appendix D, version 2.0: each ROE block in order, required or not, its size and format.
type Format = 'text' | 'digits' | 'date' | 'amount' | 'code' | 'hours';
interface Leaf {
  name: string;
  required: boolean;
  min: number;
  max: number;
  format: Format;
  /** For codes: the values allowed. */
  values?: readonly string[];
}
interface Group {
  name: string;
  required: boolean;
  children: readonly Spec[];
  /** Repeated element (PP in B15C) with its attribute nbr. */
  repeat?: { max: number };
}
type Spec = Leaf | Group;
const leaf = (name: string, required: boolean, min: number, max: number, format: Format, values?: readonly string[]): Leaf => ({ name, required, min, max, format, ...(values ? { values } : {}) });
const isGroup = (spec: Spec): spec is Group => 'children' in spec;

const PERIOD_TYPES = Object.keys(MAX_PERIODS);
const LAYOUT: readonly Spec[] = [
  leaf('B2', false, 9, 9, 'text'),
  leaf('B3', false, 1, 15, 'text'),
  leaf('B5', true, 15, 15, 'text'),
  leaf('B6', true, 1, 1, 'code', PERIOD_TYPES),
  leaf('B8', true, 9, 9, 'digits'),
  { name: 'B9', required: true, children: [leaf('FN', true, 1, 20, 'text'), leaf('MN', false, 1, 4, 'text'), leaf('LN', true, 1, 28, 'text'), leaf('A1', true, 1, 35, 'text'), leaf('A2', false, 1, 35, 'text'), leaf('A3', false, 1, 35, 'text'), leaf('PC', false, 1, 10, 'text')] },
  leaf('B10', true, 10, 10, 'date'),
  leaf('B11', true, 10, 10, 'date'),
  leaf('B12', true, 10, 10, 'date'),
  leaf('B13', false, 1, 40, 'text'),
  { name: 'B14', required: false, children: [leaf('CD', true, 1, 1, 'code', ['Y', 'N', 'U']), leaf('DT', false, 10, 10, 'date')] },
  leaf('B15A', true, 1, 4, 'hours'),
  { name: 'B15C', required: true, children: [{ name: 'PP', required: true, repeat: { max: 53 }, children: [leaf('AMT', true, 4, 9, 'amount')] }] },
  { name: 'B16', required: true, children: [leaf('CD', true, 3, 3, 'code', ROE_REASON_CODES), leaf('FN', false, 1, 20, 'text'), leaf('LN', true, 1, 28, 'text'), leaf('AC', true, 3, 3, 'digits'), leaf('TEL', true, 7, 7, 'digits'), leaf('EXT', false, 1, 4, 'digits')] },
  leaf('B18', false, 1, 160, 'text'),
  leaf('B20', false, 1, 1, 'code', ['E', 'F']),
];

const FORMATS: Record<Format, RegExp> = {
  text: /^\S(.*\S)?$/s,
  digits: /^\d+$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  // No sign, no grouping, a decimal point and two decimals.
  amount: /^\d{1,6}\.\d{2}$/,
  code: /^[A-Z0-9]+$/,
  hours: /^\d{1,4}$/,
};

/** The children of `node` against `specs`, in order: every problem one message. */
function checkChildren(node: XmlNode, specs: readonly Spec[], path: string, errors: string[]): void {
  let index = 0;
  for (const spec of specs) {
    const found: XmlNode[] = [];
    while (node.children[index]?.name === spec.name) found.push(node.children[index++]!);
    if (found.length === 0 && spec.required) errors.push(`${path}/${spec.name} missing`);
    const repeat = isGroup(spec) ? spec.repeat : undefined;
    if (found.length > (repeat?.max ?? 1)) errors.push(`${path}/${spec.name} ${found.length} times`);
    for (const element of found) {
      const at = `${path}/${spec.name}`;
      if (isGroup(spec)) {
        if (repeat) {
          const nbr = Number(element.attributes['nbr']);
          if (!Number.isInteger(nbr) || nbr < 1 || nbr > repeat.max) errors.push(`${at} nbr ${element.attributes['nbr']}`);
        }
        if (element.text.trim() !== '') errors.push(`${at} has text`);
        checkChildren(element, spec.children, at, errors);
        continue;
      }
      if (element.children.length > 0) errors.push(`${at} has elements`);
      const value = element.text;
      if (value.length < spec.min || value.length > spec.max) errors.push(`${at} size ${value.length} not in ${spec.min}..${spec.max}`);
      if (!FORMATS[spec.format].test(value)) errors.push(`${at} "${value}" is not ${spec.format}`);
      if (spec.values && !spec.values.includes(value)) errors.push(`${at} "${value}" not a code`);
    }
  }
  for (const extra of node.children.slice(index)) errors.push(`${path}/${extra.name} unexpected or out of order`);
}

/** The file against the layout: '' problems when it follows it. */
function layoutErrors(xml: string): string[] {
  const errors: string[] = [];
  let document: XmlNode;
  try {
    document = parseXml(xml);
  } catch (error) {
    return [String(error)];
  }
  const header = document.children[0];
  if (document.children.length !== 1 || header?.name !== 'ROEHEADER') return ['the root is not one ROEHEADER'];
  if (header.attributes['FileVersion'] !== 'W-2.0') errors.push('FileVersion is not W-2.0');
  if (!header.attributes['ProductName']) errors.push('ProductName missing');
  if (header.children.length === 0) errors.push('no ROE');
  for (const roe of header.children) {
    if (roe.name !== 'ROE') errors.push(`ROEHEADER/${roe.name} unexpected`);
    if (!['E', 'F'].includes(roe.attributes['PrintingLanguage'] ?? '')) errors.push('ROE PrintingLanguage');
    if (!['S', 'D'].includes(roe.attributes['Issue'] ?? '')) errors.push('ROE Issue');
    checkChildren(roe, LAYOUT, 'ROE', errors);
  }
  return errors;
}

/** xmllint's verdict on well-formedness: '' when the file parses. */
const folder = mkdtempSync(join(tmpdir(), 'roe-xml-'));
function wellFormed(xml: string): string {
  const path = join(folder, `f${Math.random().toString(16).slice(2)}.xml`);
  writeFileSync(path, xml);
  try {
    execFileSync('xmllint', ['--noout', path], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]!);

/** ROE Web's edits beyond the layout, each broken rule one message; `hours` the periods' hours as the screen shows them. */
function ruleErrors(xml: string, hours?: string): string[] {
  const errors: string[] = [];
  for (const sin of all(xml, 'B8')) if (!isValidSin(sin)) errors.push(`SIN ${sin} fails its check digit`);
  for (const bn of all(xml, 'B5')) if (!isValidPayrollAccount(bn)) errors.push(`BN ${bn} fails its check digit or RP account`);
  const type = all(xml, 'B6')[0] ?? '';
  const periods = [...xml.matchAll(/<PP nbr="(\d+)">/g)].map((match) => Number(match[1]));
  if (periods.some((nbr) => nbr > (MAX_PERIODS[type] ?? 0))) errors.push(`more pay periods than ${type} allows`);
  if (new Set(periods).size !== periods.length) errors.push('a pay period twice');
  for (const value of [...all(xml, 'AMT')]) {
    if (!/^\d+\.\d{2}$/.test(value)) errors.push(`amount ${value} not digits and two decimals`);
    else if (isZero(value)) errors.push('zero amount');
  }
  if (hours !== undefined && all(xml, 'B15A')[0] !== String(Math.round(Number(hours)))) errors.push(`B15A ${all(xml, 'B15A')[0]} ≠ periods ${hours}`);
  const reason = all(xml, 'CD').find((code) => code.length === 3) ?? '';
  if (REASONS_NEEDING_COMMENTS.includes(reason) && all(xml, 'B18').length === 0) errors.push(`${reason} without comments`);
  return errors;
}

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const as = (token: string) => caller(server.app, token);
const TODAY = new Date().toISOString().slice(0, 10);
let employee = '';

async function generate(parameters: Row): Promise<{ status: number; xml: string; body: Row; fileName: string }> {
  const response = await as(admin).post('/api/pr/roe-file', { Parameters: { EmployeeId: employee, LastDay: TODAY, ReasonCode: 'A00', ...parameters } });
  return { status: response.statusCode, xml: response.body, body: response.statusCode === 200 ? {} : response.json(), fileName: String(response.headers['content-disposition'] ?? '') };
}

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  const paid = (await db().selectFrom('pr_cheques').select('employee_id').where('status', '<>', 'Cancelled').orderBy('employee_id').limit(1).executeTakeFirst()) as Row;
  employee = String(paid.employee_id);
  // Six months of demo pay runs: slow on PostgreSQL on a shared machine.
}, 300_000);

afterAll(async () => {
  await server?.stop();
  // The files xmllint read: the run leaves nothing in the temporary folder.
  rmSync(folder, { recursive: true, force: true });
});

describe('the ROE XML file (ROE Web payroll extract, Appendix D version 2.0)', () => {
  let original = '';

  it("writes the employee's ROE from the ROE screen's parameters, following the documented layout", async () => {
    const file = await generate({ RecallDate: '2099-01-05', Comments: 'Seasonal layoff' });
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(file.fileName).toMatch(/^attachment; filename="ROE-[A-Z0-9]+-\d{6}\.xml"$/);
    original = file.xml;
    expect(wellFormed(original)).toBe('');
    expect(layoutErrors(original)).toEqual([]);
    expect(original).toContain('<ROEHEADER FileVersion="W-2.0" ProductName="NOVUS Payroll"><ROE PrintingLanguage="E" Issue="S">');
    const person = (await db().selectFrom('pr_employees').selectAll().where('employee_id', '=', employee).executeTakeFirst()) as Row;
    expect(all(original, 'B3')).toEqual([employee]);
    expect(all(original, 'B5')).toEqual(['123456782RP0001']);
    expect(all(original, 'B6')).toEqual([PAY_PERIOD_TYPES[person.pay_frequency]!.code]);
    expect(all(original, 'B8')).toEqual([String(person.sin).replace(/\D/g, '')]);
    expect(all(original, 'B10')).toEqual([person.hire_date]);
    expect(all(original, 'B11')).toEqual([TODAY]);
    // Block 12: the end of the pay calendar's period holding the last day for which paid.
    const period = (await db().selectFrom('pr_pay_periods').select('period_end').where('period_start', '<=', TODAY).where('period_end', '>=', TODAY).executeTakeFirst()) as Row | undefined;
    expect(all(original, 'B12')).toEqual([period?.period_end ?? TODAY]);
    expect(original).toContain('<B14><CD>Y</CD><DT>2099-01-05</DT></B14>');
    expect(original).toContain('<B16><CD>A00</CD><FN>Payroll</FN><LN>Administrator</LN><AC>416</AC><TEL>5550100</TEL></B16><B18>Seasonal layoff</B18><B20>E</B20>');
  });

  it("holds the ROE screen's insurable earnings by pay period (15C) and their hours (15A)", async () => {
    const screen = (await as(admin).post('/api/reports/pr-roe/run', { Parameters: { EmployeeId: employee, LastDay: TODAY, ReasonCode: 'A00' } })).json() as Row;
    const rows = screen.List as Row[];
    expect(rows.length).toBeGreaterThan(5);
    const periods = [...original.matchAll(/<PP nbr="(\d+)"><AMT>([^<]*)<\/AMT><\/PP>/g)].map((match) => [Number(match[1]), match[2]]);
    expect(periods).toEqual(rows.filter((row) => !isZero(row.InsurableEarnings)).map((row) => [row.PayPeriod, row.InsurableEarnings]));
    expect(periods[0]![0]).toBe(1);
    expect(ruleErrors(original, screen.Totals.InsurableHours)).toEqual([]);
    expect(sum(all(original, 'AMT'), 2)).toBe(screen.Totals.InsurableEarnings);
  });

  it('keeps the rules the layout does not: check digits, periods per pay type, B15A total, amounts, comments — each check fails when broken', () => {
    const hours = String(all(original, 'B15A')[0]);
    const sin = all(original, 'B8')[0]!;
    const badSin = `${sin.slice(0, 8)}${(Number(sin[8]) + 1) % 10}`;
    expect(ruleErrors(original.replace(`<B8>${sin}</B8>`, `<B8>${badSin}</B8>`), hours)).toContain(`SIN ${badSin} fails its check digit`);
    expect(ruleErrors(original.replace('123456782RP0001', '123456782RT0001'), hours)).toContain('BN 123456782RT0001 fails its check digit or RP account');
    expect(ruleErrors(original.replace('123456782RP0001', '123456789RP0001'), hours)).toContain('BN 123456789RP0001 fails its check digit or RP account');
    expect(ruleErrors(original.replace('<PP nbr="1">', '<PP nbr="28">'), hours)).toContain('more pay periods than B allows');
    expect(ruleErrors(original.replace('<B6>B</B6>', '<B6>M</B6>').replace('<PP nbr="1">', '<PP nbr="14">'), hours)).toContain('more pay periods than M allows');
    expect(ruleErrors(original.replace(/<AMT>[^<]*<\/AMT>/, '<AMT>0.00</AMT>'), hours)).toContain('zero amount');
    expect(ruleErrors(original.replace(/<AMT>([^<]*)\.(\d\d)<\/AMT>/, '<AMT>1,$1.$2</AMT>'), hours)).toEqual([expect.stringMatching(/^amount 1,.* not digits and two decimals$/)]);
    expect(ruleErrors(original, String(Number(hours) + 1))).toEqual([`B15A ${hours} ≠ periods ${Number(hours) + 1}`]);
    expect(ruleErrors(original.replace('<CD>A00</CD>', '<CD>K00</CD>').replace(/<B18>[^<]*<\/B18>/, ''), hours)).toContain('K00 without comments');
    // And the layout check fails on a structural break: out of order, missing, too long, wrong format.
    expect(layoutErrors(original.replace(/(<B10>[^<]*<\/B10>)(<B11>[^<]*<\/B11>)/, '$2$1'))).toContain('ROE/B10 unexpected or out of order');
    expect(layoutErrors(original.replace(/<B8>[^<]*<\/B8>/, ''))).toContain('ROE/B8 missing');
    expect(layoutErrors(original.replace(/<B13>[^<]*<\/B13>/, `<B13>${'X'.repeat(41)}</B13>`))).toContain('ROE/B13 size 41 not in 1..40');
    expect(layoutErrors(original.replace(/<B11>(\d{4})-(\d{2})-(\d{2})<\/B11>/, '<B11>$3$2$1xx</B11>'))).toEqual([expect.stringMatching(/^ROE\/B11 ".*" is not date$/)]);
    expect(layoutErrors(original.replace('FileVersion="W-2.0"', 'FileVersion="W-1.0"'))).toEqual(['FileVersion is not W-2.0']);
  });

  it('records each generation; a file generated again after a correction says which blocks changed', async () => {
    const cheque = (await db().selectFrom('pr_cheques').select(['cheque_id', 'insurable']).where('employee_id', '=', employee).where('status', '<>', 'Cancelled').orderBy('pay_date', 'desc').limit(1).executeTakeFirst()) as Row;
    await db().updateTable('pr_cheques').set({ insurable: decimalToDb(db(), '1234.56', 2) }).where('cheque_id', '=', cheque.cheque_id).execute();
    const corrected = await generate({ RecallDate: '2099-01-05', Comments: 'Seasonal layoff', AmendedSerial: 'W12345678' });
    expect(corrected.status).toBe(200);
    expect(layoutErrors(corrected.xml)).toEqual([]);
    expect(all(corrected.xml, 'B2')).toEqual(['W12345678']);
    expect(corrected.xml).toContain('<PP nbr="1"><AMT>1234.56</AMT></PP>');
    const history = (await as(admin).get(`/api/pr/roe-files?EmployeeId=${employee}`)).json() as Row;
    expect(history.List.map((row: Row) => [row.EmployeeId, row.ReasonCode, row.AmendedSerial, row.Changed, row.CreatedBy !== '' && row.CreatedOn !== ''])).toEqual([
      [employee, 'A00', '', '', true],
      [employee, 'A00', 'W12345678', 'B2, B15C', true],
    ]);
    const reason = await generate({ ReasonCode: 'E00', AmendedSerial: 'W12345678' });
    expect(reason.status).toBe(200);
    const last = ((await as(admin).get(`/api/pr/roe-files?EmployeeId=${employee}`)).json() as Row).List.at(-1);
    expect(last.Changed).toBe('B14, B16, B18');
  });

  it('refuses what ROE Web would reject, in the caller’s language, and bad parameters without a 500', async () => {
    expect((await generate({ ReasonCode: 'K00' })).body.ResultCode).toBe('roe_commentsRequired');
    expect((await generate({ ReasonCode: 'X99' })).body.ResultCode).toBe('validation_failed');
    expect((await generate({ LastDay: '2026-02-30' })).status).toBe(400);
    expect((await generate({ AmendedSerial: 'X1' })).body.ResultCode).toBe('roe_amendedSerialInvalid');
    expect((await generate({ RecallDate: '2000-01-01' })).body.ResultCode).toBe('roe_recallInvalid');
    expect((await generate({ EmployeeId: 'NOBODY' })).status).toBe(400);
    expect((await as(admin).post('/api/pr/roe-file', { Parameters: 'x' })).statusCode).toBe(400);
    await db().updateTable('pr_employees').set({ sin: '123456789' }).where('employee_id', '=', employee).execute();
    const refused = await generate({});
    expect(refused.status).toBe(400);
    expect(refused.body.ResultCode).toBe('roe_sinInvalid');
    expect(refused.body.Message).toContain(employee);
  });
});

describe('ROE rules on a record (roe-xml.ts)', () => {
  const record = (periods: number, type: string): RoeRecord => ({
    amendedSerial: '',
    payrollReference: 'E1',
    businessNumber: '123456782RP0001',
    payPeriodType: type,
    sin: '046454286',
    firstName: 'Ann',
    lastName: 'Lee',
    address: '1 King St',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5V 1A1',
    firstDay: '2020-01-01',
    lastDayPaid: '2026-06-30',
    finalPeriodEnd: '2026-07-03',
    occupation: '',
    recallDate: '',
    periods: Array.from({ length: periods }, (_, index) => ({ nbr: index + 1, hours: '40.0000', earnings: index === 2 ? '0.00' : '1000.00' })),
    reasonCode: 'A00',
    contactFirstName: 'Pat',
    contactLastName: 'Doe',
    contactArea: '416',
    contactPhone: '555-0100',
    comments: '',
    language: 'E',
  });

  it('allows 53 weekly, 27 bi-weekly, 25 semi-monthly and 13 monthly pay periods, and no more', () => {
    // Pay frequency (pays a year) → block 6 code and block 15C's periods.
    expect(PAY_PERIOD_TYPES).toEqual({ '52': { code: 'W', periods: 53 }, '26': { code: 'B', periods: 27 }, '24': { code: 'S', periods: 25 }, '12': { code: 'M', periods: 13 } });
    for (const [code, max] of [['W', 53], ['B', 27], ['S', 25], ['M', 13]] as const) {
      expect(roeProblems(record(max, code))).toEqual([]);
      expect(roeProblems(record(max + 1, code))).toEqual(['tooManyPeriods']);
    }
  });

  it('writes B15A as the whole total of the hours, leaves a period without earnings out and keeps the numbering', () => {
    const xml = buildRoeXml([record(4, 'B')], 'Test');
    expect(layoutErrors(xml)).toEqual([]);
    expect(xml).toContain('<B15A>160</B15A><B15C><PP nbr="1"><AMT>1000.00</AMT></PP><PP nbr="2"><AMT>1000.00</AMT></PP><PP nbr="4"><AMT>1000.00</AMT></PP></B15C>');
    expect(ruleErrors(xml, '160')).toEqual([]);
    expect(roeProblems({ ...record(1, 'B'), periods: [{ nbr: 1, hours: '1', earnings: '1000000.00' }] })).toEqual(['amountTooLarge']);
    expect(roeProblems({ ...record(1, 'B'), reasonCode: 'K15' })).toEqual(['commentsRequired']);
    expect(roeProblems({ ...record(1, 'B'), businessNumber: '123456782RP0000' })).toEqual(['businessNumberInvalid']);
  });
});
