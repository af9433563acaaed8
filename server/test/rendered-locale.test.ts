/**
 * Issue 71 item 2 (acceptance: generated checks), on SQLite and PostgreSQL (TEST_DATABASE=postgres): every document
 * the demo can print and e-mail, in en-CA and fr-CA, reads as a person reads — no ISO date, no unformatted amount,
 * no internal id. Generated from the registries, never a hand list: every entity that declares `print` (its print
 * report's PDF for a demo record in a print state), every entity that declares `email` (the mail sent to its firm,
 * in that firm's language) and every report that declares `email` (the statement: its PDF and its mail).
 * PDF text: the project's one extractor (tests/e2e/pdf-text.ts).
 */
import { allEntities } from '@erp/shared/entities/index';
import type { AnyEntity } from '@erp/shared/entities/define';
import type { ReportParameter } from '@erp/shared/reports/define';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredEntity } from '../src/entities/registry.ts';
import { loadServerModules } from '../src/modules/index.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { internalIds, isInternalId } from './helpers/internal-ids.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LOCALES = ['en-CA', 'fr-CA'] as const;
/** Every module's reports (the registry the server fills at start), known when the tests are generated. */
const reports = (await loadServerModules()).flatMap((module) => module.reports ?? []);
type Locale = (typeof LOCALES)[number];

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;

const post = (url: string, body: unknown, locale: Locale) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': locale, 'x-time-zone': 'America/Toronto' },
    payload: JSON.stringify(body),
  });

/**
 * What a person must not read in `text` written in `locale`: an ISO date, an amount without the language's grouping
 * or with another language's decimal separator, an internal id ("Payment ID: 5", "AR item 479").
 */
export function unreadable(text: string, locale: Locale): string[] {
  const found: string[] = [];
  const near = (index: number) => text.slice(Math.max(0, index - 30), index + 30).replace(/\s+/g, ' ');
  for (const match of text.matchAll(/\d{4}-\d{2}-\d{2}/g)) found.push(`ISO date "${match[0]}" in "${near(match.index)}"`);
  const decimal = locale === 'fr-CA' ? ',' : '\\.';
  // Four digits or more before the decimal separator with no group separator among them.
  for (const match of text.matchAll(new RegExp(`(?<![\\d,.\\u00a0\\u202f])\\d{4,}${decimal}\\d`, 'g'))) found.push(`ungrouped amount "${match[0]}" in "${near(match.index)}"`);
  // A figure the product wrote (a cell: the extractor joins items with spaces) — not a point inside a description's words ("(3.42 mm)").
  if (locale === 'fr-CA') for (const match of text.matchAll(/(?<=^|\s)-?[\d\u00a0\u202f]*\d\.\d+(?=\s|\u00a0?\$|$)/gm)) found.push(`point as decimal separator "${match[0]}" in "${near(match.index)}"`);
  // The screens' check too (tests/e2e/internal-ids.ts): a bare integer an id's label names.
  found.push(...internalIds(text));
  return found;
}

const column = (def: AnyEntity, field: string) => (def.fields[field] as { column?: string } | undefined)?.column ?? field;

/** The newest demo record of `def` in a print state (its key and the value its print report takes), or null. */
async function printableRecord(def: AnyEntity, addressedBy?: string): Promise<Json | null> {
  const print = def.print!;
  let query = db.selectFrom(def.table).selectAll().orderBy(column(def, def.key), 'desc').limit(1);
  if (print.states && def.states) query = query.where(column(def, def.states.field), 'in', [...print.states]);
  // A mail needs its recipient: a record that names one (a payment run for several vendors has none).
  if (addressedBy) query = query.where(column(def, addressedBy), 'is not', null);
  const row = (await query.executeTakeFirst()) as Json | undefined;
  return row ?? null;
}

/** A report parameter's default the way the report form resolves it (null: none this test can give). */
function defaultOf(parameter: ReportParameter): string | number | null {
  const today = new Date().toISOString().slice(0, 10);
  if (parameter.fixed !== undefined) return parameter.fixed;
  if (parameter.defaultValue === 'today') return today;
  if (parameter.defaultValue === 'yearStart') return `${today.slice(0, 4)}-01-01`;
  if (parameter.defaultValue === 'fiscalYear' || parameter.defaultValue === 'fiscalPeriod' || parameter.defaultValue === undefined) return null;
  return parameter.defaultValue;
}

/** Sets the recipient firm's language (its entity's `Language` field), so the mail is written in it. */
async function speaks(firmEntity: string, key: string, locale: Locale): Promise<void> {
  const firm = registeredEntity(firmEntity)?.def;
  expect(firm?.fields['Language'], `${firmEntity} has a Language field`).toBeDefined();
  expect(firm?.fields['Email'], `${firmEntity} has an Email field`).toBeDefined();
  const where = (query: Json) => query.where(column(firm!, firm!.key), '=', key);
  await where(db.updateTable(firm!.table).set({ [column(firm!, 'Language')]: locale })).execute();
  // A firm of the demo without an address gets one: the check is the mail's words, not its address.
  await where(db.updateTable(firm!.table).set({ [column(firm!, 'Email')]: `${key.toLowerCase()}@firm.example` })).where(column(firm!, 'Email'), 'is', null).execute();
}

/** The last mail captured (subject and text). */
async function lastMail(): Promise<{ subject: string; text: string }> {
  const row = (await db.selectFrom('captured_mails').selectAll().orderBy('mail_key', 'desc').limit(1).executeTakeFirst()) as Json | undefined;
  return { subject: String(row?.['subject'] ?? ''), text: String(row?.['body_text'] ?? '') };
}

/** Sends with the §5 question answered; the answer's status. */
async function sent(url: string, body: Json, locale: Locale): Promise<number> {
  const asked = (await post(url, body, locale)).json() as Json;
  if (asked['ResultStatus'] !== 3) return 0;
  return (await post(url, { ...body, Confirmations: [asked['Data'].Question.Id] }, locale)).statusCode;
}

beforeAll(async () => {
  // The demo's documents: the core seed with the demo ledger (posted invoices, payments, orders).
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
});
afterAll(async () => server?.stop());

describe('the checks themselves', () => {
  it('find an ISO date, an ungrouped amount, a French point and an internal id — and pass what a person reads', () => {
    expect(unreadable('dated 2026-11-28 for 15324.33 · Payment ID: 5 · AR item 479', 'en-CA')).toHaveLength(4);
    expect(unreadable('daté du 28 nov. 2026 : 15324,33 $ et 12.50', 'fr-CA')).toHaveLength(2);
    expect(unreadable('Tôle 10 ga (3.42 mm) 12,50', 'fr-CA')).toEqual([]);
    expect(unreadable('dated Nov 28, 2026 for $15,324.33 · Payment no.: 1001 · invoice AR000312', 'en-CA')).toEqual([]);
    expect(unreadable('daté du 28 nov. 2026 : 15\u00a0324,33 $ · N° du paiement : 1001', 'fr-CA')).toEqual([]);
    // Internal ids in the four languages, and what a person reads beside them: numbers, codes, quantities, positions.
    for (const text of ['ID 12', 'ID du paiement : 5', 'Élément C/C 479', 'No interne : 12', 'Credit AR item: 1,479', '付款 ID：5', '应收项目 479', '內部編號 7']) {
      expect(unreadable(text, 'en-CA'), text).toHaveLength(1);
    }
    expect(unreadable('AR000312 · PO200037 · V100 · Open · Line 1 · Cheque no. 1001 · ID: AR000312 · item 12.0000 · Quantity 12 · élément non compensé', 'en-CA')).toEqual([]);
    // A field or column (the screens' check): its label names an id and it shows a bare integer.
    expect([isInternalId('AR item — Line 1', '479'), isInternalId('Payment ID', '1,005'), isInternalId('付款 ID', '5')]).toEqual([true, true, true]);
    expect([isInternalId('Journal no.', '485'), isInternalId('Document', 'AR000312'), isInternalId('Quantity', '5'), isInternalId('AR item', '12.50')]).toEqual([false, false, false, false]);
  });
});

describe('every printed document, in en-CA and fr-CA (issue 71 item 2)', () => {
  const printed = allEntities().filter((def) => def.print);
  /** The print reports rendered: a document the demo has none of is covered by another of the same report. */
  const rendered = new Set<string>();

  it('the registry declares printed documents', () => {
    expect(printed.length).toBeGreaterThan(3);
  });

  for (const def of printed) {
    it(`${def.name}: its ${def.print!.report} PDF`, async () => {
      const record = await printableRecord(def);
      if (record === null) {
        // Generated in registry order: the documents sharing a report come after the one the demo has.
        expect(rendered, `the demo has a printable ${def.name} or another document printed by ${def.print!.report}`).toContain(def.print!.report);
        return;
      }
      rendered.add(def.print!.report);
      const value = record[column(def, def.print!.field ?? def.key)];
      for (const locale of LOCALES) {
        const answer = await post(`/api/reports/${def.print!.report}/pdf`, { Parameters: { [def.print!.parameter]: String(value) } }, locale);
        expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
        const text = await pdfText(answer.rawPayload);
        expect(text.length).toBeGreaterThan(100);
        expect(unreadable(text, locale), `${def.name} ${locale}`).toEqual([]);
        expect(text).not.toContain('..');
      }
    });
  }
});

describe('every e-mailed document, in its firm\'s language (issue 71 item 2)', () => {
  for (const def of allEntities().filter((one) => one.email && one.print)) {
    it(`${def.name}: the ${def.email!.template} mail`, async () => {
      const record = await printableRecord(def, def.email!.to);
      if (!record) {
        // No demo record names its recipient (the demo's payment runs are for several vendors): the same template is
        // checked through another document that mails it (the payment's remittance).
        const same = allEntities().filter((other) => other !== def && other.email?.template === def.email!.template && other.print);
        expect(same.length, `the demo has a ${def.name} with a recipient, or another document mails ${def.email!.template}`).toBeGreaterThan(0);
        return;
      }
      const firmEntity = (def.fields[def.email!.to] as { entity: string }).entity;
      const firmKey = String(record![column(def, def.email!.to)]);
      const id = String(record![column(def, def.key)]);
      for (const locale of LOCALES) {
        await speaks(firmEntity, firmKey, locale);
        expect(await sent(`/api/data/${def.name}/${id}/email`, {}, locale), `${def.name} ${id} to ${firmKey}`).toBe(200);
        const mail = await lastMail();
        expect(mail.text.length).toBeGreaterThan(20);
        expect(unreadable(`${mail.subject}\n${mail.text}`, locale), `${def.name} ${locale}`).toEqual([]);
      }
    });
  }

  for (const report of reports.filter((one) => one.def.email)) {
    it(`${report.def.name}: its PDF and the ${report.def.email!.template} mail`, async () => {
      const spec = report.def.email!;
      const firmEntity = report.def.parameters.find((p) => p.name === spec.to)!.entity!;
      // A firm a printed document of the demo is addressed to (the same entity as the report's recipient).
      const source = allEntities().find((def) => def.print && def.email && (def.fields[def.email.to] as { entity?: string }).entity === firmEntity);
      expect(source, `a printed document addressed to a ${firmEntity}`).toBeDefined();
      const firmKey = String((await printableRecord(source!))![column(source!, source!.email!.to)]);
      const parameters: Json = { [spec.to]: firmKey };
      for (const p of report.def.parameters) {
        const value = p.name === spec.to ? null : defaultOf(p);
        if (value !== null) parameters[p.name] = value;
      }
      for (const locale of LOCALES) {
        await speaks(firmEntity, firmKey, locale);
        const answer = await post(`/api/reports/${report.def.name}/pdf`, { Parameters: parameters }, locale);
        expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
        expect(unreadable(await pdfText(answer.rawPayload), locale), `${report.def.name} PDF ${locale}`).toEqual([]);
        expect(await sent(`/api/reports/${report.def.name}/email`, { Parameters: parameters }, locale)).toBe(200);
        const mail = await lastMail();
        expect(unreadable(`${mail.subject}\n${mail.text}`, locale), `${report.def.name} mail ${locale}`).toEqual([]);
      }
    });
  }
});
