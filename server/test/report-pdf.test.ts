/**
 * What every report PDF carries (issue 21 item 10), on the known ledger of modules/gl/test/ledger-fixture.ts:
 * the §3 default company's name (and logo), "Page x of y" with the real page count, the print time in the
 * time zone the browser sends (header `X-Time-Zone`; an unknown zone is a 400, never a 500), and column headings
 * wrapped or set smaller rather than cut ("Débits de la p…" on the French trial balance).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLedgerFixture } from '../../modules/gl/test/ledger-fixture.ts';
import { PassThrough } from 'node:stream';
import type { Decimal } from '@erp/shared/decimal';
import { trialBalance } from '@erp/modules/gl/definitions/index';
import type { ReportEvent } from '../src/reports/engine.ts';
import { reportTranslator } from '../src/reports/messages.ts';
import { wrapHeading, writeReportPdf } from '../src/reports/pdf.ts';
import type { TestServer } from './helpers/app.ts';
import { inLanguage, signedInServer } from './helpers/api.ts';
import { pdfText } from './helpers/pdf-text.ts';

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;

const COMPANY = 'Letterhead Test Metals Inc.';
const LEDGER = { StartDate: '2032-01-01', EndDate: '2032-03-31', AccountFrom: '99001000', AccountTo: '99005000' };

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  await insertLedgerFixture(db);
  await db.updateTable('companies').set({ name: COMPANY }).where('is_default', '=', server.database.engine === 'postgres' ? true : 1).execute();
});

afterAll(() => server?.stop());

const asLanguage = <T>(language: string, action: () => Promise<T>) => inLanguage(db, language, action);

/** A report file; `zone` is sent as the report screen sends the browser's time zone. */
const file = (report: string, kind: 'pdf' | 'xlsx', parameters: Record<string, unknown>, zone?: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/reports/${report}/${kind}`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', ...(zone === undefined ? {} : { 'x-time-zone': zone }) },
    payload: JSON.stringify({ Parameters: parameters }),
  });
const pdf = (report: string, parameters: Record<string, unknown>, zone?: string) => file(report, 'pdf', parameters, zone);
/** How many images each page draws (pdfjs's operator list). */
async function imagesPerPage(bytes: Uint8Array): Promise<number[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const counts: number[] = [];
  for (let i = 1; i <= document.numPages; i++) {
    const operators = await (await document.getPage(i)).getOperatorList();
    counts.push(operators.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length);
  }
  await document.destroy();
  return counts;
}
/** pdfjs gives the no-break spaces as they are; the test compares words. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('every report PDF (issue 21 item 10)', () => {
  it('carries the default company’s name and logo, and "Page x of y" with the real page count on every page', async () => {
    const response = await asLanguage('fr-CA', () => pdf('gl-detailed-ledger', LEDGER));
    expect(response.statusCode).toBe(200);
    const pages = (await pdfText(response.rawPayload)).split('\n');
    // The French detailed ledger of the fixture takes more than one landscape page.
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(COMPANY);
      expect(page).toContain(`Page ${i + 1} de ${pages.length}`);
    });
    // The seeded logo is a PNG: embedded once, drawn on every page.
    expect(response.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(1);
    expect(await imagesPerPage(response.rawPayload)).toEqual(pages.map(() => 1));
  });

  it('writes the print time in the time zone the browser sends', async () => {
    const before = new Date();
    const response = await pdf('gl-trial-balance', { FiscalYear: 2032, PeriodNo: 3 }, 'Asia/Tokyo');
    const after = new Date();
    expect(response.statusCode).toBe(200);
    const text = spaced(await pdfText(response.rawPayload));
    const tokyo = (at: Date) =>
      spaced(
        new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Tokyo', timeZoneName: 'short' }).format(at),
      );
    // The call may straddle a minute: the time is one of the two.
    expect([tokyo(before), tokyo(after)].some((time) => text.includes(`Printed ${time}`))).toBe(true);
    expect(text).toContain('GMT+9');
    // Without a zone: UTC.
    const utc = spaced(await pdfText((await pdf('gl-trial-balance', { FiscalYear: 2032, PeriodNo: 3 })).rawPayload));
    expect(utc).toMatch(/Printed .* UTC/);
  });

  it('refuses an unknown or malformed time zone with a 400 (never a 500), on the PDF and the .xlsx', async () => {
    for (const kind of ['pdf', 'xlsx'] as const) {
      for (const zone of ['Mars/Olympus', '<script>', 'A'.repeat(65), '']) {
        const refused = await file('gl-trial-balance', kind, { FiscalYear: 2032, PeriodNo: 3 }, zone);
        expect(refused.statusCode, `${kind} ${zone}`).toBe(400);
        expect(refused.json().ResultCode).toBe('bad_request');
      }
      expect((await file('gl-trial-balance', kind, { FiscalYear: 2032, PeriodNo: 3 }, 'Etc/GMT+5')).statusCode, kind).toBe(200);
    }
  });

  it('sets the French trial balance’s column headings whole: wrapped, never cut', async () => {
    const response = await asLanguage('fr-CA', () => pdf('gl-trial-balance', { FiscalYear: 2032, PeriodNo: 3 }));
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).not.toContain('…');
    // "Débits de la période" on two lines.
    expect(text).toMatch(/Débits de la\s+période/);
    expect(text).toMatch(/Crédits de la\s+période/);
    expect(text).toContain('Description du compte');
  });
});

describe('a long report PDF', () => {
  it('leaves page by page while the rows are still being read, and numbers every page "x of y"', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const sent = () => chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    let sentMidway = 0;
    async function* events(): AsyncGenerator<ReportEvent, Record<string, Decimal | number>> {
      for (let i = 0; i < 4000; i++) {
        // The engine reads rows in batches from the database: a turn of the event loop per batch.
        if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
        if (i === 3000) sentMidway = sent();
        const row = { AccountId: String(10_000_000 + i), Description: `Account ${i}`, AccountType: 'asset', PeriodDebit: '1234.56', PeriodCredit: '0.00', Debit: '98765.43', Credit: '0.00' };
        yield { kind: 'row', row };
      }
      return {};
    }
    const options = { def: trialBalance, locale: 'en-CA' as const, translate: reportTranslator('en-CA'), parametersLine: '', printedOn: 'now', letterhead: null, parameters: {} };
    await writeReportPdf(out, options, events());
    // 3,000 lines are some 50 pages: their drawing has gone to the client (kept, it would be a few kB).
    expect(sentMidway).toBeGreaterThan(50_000);
    const pages = (await pdfText(Buffer.concat(chunks))).split('\n');
    expect(pages.length).toBeGreaterThan(50);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    expect(pages.at(-1)).toContain('10003999');
  });
});

describe('wrapHeading', () => {
  // A measure of 5 points per character at size 10, in proportion to the size.
  const measure = (text: string, size: number) => [...text].length * size * 0.5;

  it('keeps a heading that fits on one line', () => {
    expect(wrapHeading(measure, 'Debit', 100, 8)).toEqual({ lines: ['Debit'], size: 8 });
  });

  it('wraps words onto lines no wider than the column, every word kept', () => {
    const { lines, size } = wrapHeading(measure, 'Débits de la période', 50, 8);
    expect(size).toBe(8);
    expect(lines.join(' ')).toBe('Débits de la période');
    for (const line of lines) expect(measure(line, size)).toBeLessThanOrEqual(50);
  });

  it('sets a word longer than the column smaller, and breaks it between characters only at the smallest size', () => {
    const smaller = wrapHeading(measure, 'Amortissement', 40, 8);
    expect(smaller.size).toBeLessThan(8);
    expect(smaller.lines).toEqual(['Amortissement']);
    const broken = wrapHeading(measure, 'Amortissementcumulé', 20, 8);
    expect(broken.size).toBe(5);
    expect(broken.lines.join('')).toBe('Amortissementcumulé');
    for (const line of broken.lines) expect(measure(line, broken.size)).toBeLessThanOrEqual(20);
  });

  it('breaks Chinese headings between characters', () => {
    const { lines, size } = wrapHeading(measure, '本期借方发生额', 20, 8);
    expect(lines.join('')).toBe('本期借方发生额');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measure(line, size)).toBeLessThanOrEqual(20);
  });
});
