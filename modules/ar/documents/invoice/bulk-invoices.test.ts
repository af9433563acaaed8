/**
 * Receivables' bulk path (`createPostedInvoices`, modules/ar/documents/invoice/server/rules.ts; issues 26 and 27
 * "Performance") on SQLite and PostgreSQL: a batch of documents written at once gives, document for document,
 * the same header, lines, G/L entries (balanced, through the posting service) and AR item as the same documents
 * created one by one (`createPostedInvoice`, each in its own transaction); a refused document (§5/§8 "Bill To is
 * invalid.", issue 22 a control account as revenue, §8 "Period is closed (A/R)") is answered alone and the others
 * are written; the numbers are a block per sequence, unique, ascending, and skip a number claimed before (the
 * counter only moves forward); afterwards the trial balance balances and the open AR items equal the
 * receivables control account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, isZero } from '@erp/shared/decimal';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { CONTROL_ACCOUNT_KEY, periodClosedKey } from '@erp/modules/gl/server/api';
import { createPostedInvoice, createPostedInvoices, type NewInvoice } from '@erp/modules/ar/documents/invoice/server/rules';
import { signIn, startServer, type TestServer } from '../../../../server/test/helpers/app.ts';
import { call } from '../../../../server/test/helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const YEAR = 2036;
const D = (md: string) => `${YEAR}-${md}`;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const engine = () => server.app.erp.database.engine;
const money = (raw: unknown) => decimalFromDb(engine(), raw, 2);

beforeAll(async () => {
  server = await startServer();
  const admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
  for (const firm of [
    { FirmId: 'KB1', Name: 'Bulk bill-to Ontario', FirmTypes: ['bill-to'], ProvinceCode: 'ON', AccountTerms: '2N30' },
    { FirmId: 'KS1', Name: 'Bulk ship-to Nova Scotia', FirmTypes: ['ship-to'], BillToId: 'KB1', ProvinceCode: 'NS' },
    { FirmId: 'KB2', Name: 'Bulk bill-to Quebec', FirmTypes: ['bill-to'], ProvinceCode: 'QC' },
    { FirmId: 'KB3', Name: 'Bulk bill-to inactive', FirmTypes: ['bill-to'], ProvinceCode: 'ON', IsActive: false },
  ]) {
    const created = await post('/api/data/firm', firm);
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
  }
  // March closed for A/R: a document dated then is refused.
  await db().updateTable('fiscal_periods').set({ closed_ar: 1 }).where('fiscal_year', '=', YEAR).where('period_no', '=', 3).execute();
});

afterAll(async () => {
  await server?.stop();
});

const line = (Description: string, Quantity: string, UnitPrice: string, AccountId = '4100') => ({ Description, AccountId, Quantity, UnitPrice });

/** Documents of every kind, and three the rules refuse (indexes 2, 4 and 6). */
const inputs: NewInvoice[] = [
  { date: D('02-10'), billToId: 'KB1', reference: 'B-1', lines: [line('Sheet', '3.0000', '12.3456'), line('Wire', '2.5000', '0.3333', '4200')] },
  { date: D('02-10'), billToId: 'KB1', shipToId: 'KS1', reference: 'B-2', description: 'Nova Scotia site', lines: [line('Angle', '7.0000', '19.9950')] },
  { date: D('02-10'), billToId: 'KB3', reference: 'B-3', lines: [line('Refused: inactive customer', '1.0000', '10.0000')] },
  { documentType: 'CreditNote', date: D('02-11'), billToId: 'KB2', reference: 'B-4', lines: [line('Returned', '1.0000', '45.6700')] },
  { date: D('02-11'), billToId: 'KB2', reference: 'B-5', lines: [line('Refused: control account as revenue', '1.0000', '10.0000', '1100')] },
  { date: D('02-12'), billToId: 'KB2', termsCode: '2N30', reference: 'B-6', lines: [line('Plate', '11.0000', '412.0000'), line('Freight', '1.0000', '85.0000', '4300')] },
  { date: D('03-02'), billToId: 'KB1', reference: 'B-7', lines: [line('Refused: closed A/R period', '1.0000', '10.0000')] },
];
const REFUSED = new Map([
  [2, 'ar:rules.billToInvalid'],
  [4, CONTROL_ACCOUNT_KEY],
  [6, periodClosedKey('ar')],
]);

/** A document as written, without what differs between two copies (ids, number, journal, times). */
async function documentOf(documentNo: string): Promise<Json> {
  const header = await db().selectFrom('ar_invoices').selectAll().where('document_no', '=', documentNo).executeTakeFirstOrThrow();
  const lines = await db().selectFrom('ar_invoice_lines').selectAll().where('invoice_id', '=', header.invoice_id).orderBy('line_id').execute();
  const entries = await db().selectFrom('gl_entries').selectAll().where('document_no', '=', documentNo).orderBy('line_no').execute();
  const items = await db().selectFrom('ar_items').selectAll().where('document_no', '=', documentNo).execute();
  expect(header.journal_id).not.toBeNull();
  expect(entries.every((entry: Json) => entry.journal_id === header.journal_id && entry.origin_id === String(header.invoice_id))).toBe(true);
  expect(items.map((item: Json) => [item.journal_id, item.origin_id])).toEqual([[header.journal_id, String(header.invoice_id)]]);
  const { invoice_id: _i, document_no: _n, journal_id: _j, created_on: _c, updated_on: _u, reference: _r, ...rest } = header;
  return {
    header: { ...rest, total: money(rest.total), sub_total: money(rest.sub_total), tax_total: money(rest.tax_total), discount_available: money(rest.discount_available) },
    lines: lines.map((row: Json) => [row.description, row.account_id, decimalFromDb(engine(), row.quantity, 4), decimalFromDb(engine(), row.unit_price, 4), money(row.amount), money(row.tax_amount), row.tax_codes]),
    entries: entries.map((row: Json) => [row.line_no, row.account_id, money(row.amount), row.description, row.source, row.entry_date, row.period_no, row.origin_type]),
    items: items.map((row: Json) => [row.firm_id, row.ship_to_id, row.item_type, row.document_date, row.due_date, row.discount_date, money(row.discount_available), money(row.amount), money(row.open_balance), row.status]),
  };
}

describe('createPostedInvoices (the bulk path)', () => {
  let batch: Awaited<ReturnType<typeof createPostedInvoices>>;
  const single: ({ documentNo: string } | { key: string })[] = [];

  it('writes the documents it accepts and answers each refusal on its own document', async () => {
    batch = await db().transaction().execute((trx: never) => createPostedInvoices(trx, inputs, 'admin'));
    expect(batch.map((outcome, index) => (outcome.refused ? outcome.refused.issues[0]?.key : index))).toEqual([0, 1, REFUSED.get(2), 3, REFUSED.get(4), 5, REFUSED.get(6)]);
    // Numbers: one block per sequence, in the documents' order (AR… invoices, CN… credit notes), consecutive.
    const numbers = batch.flatMap((outcome) => (outcome.invoice ? [outcome.invoice.documentNo] : []));
    expect(numbers.map((no) => no.slice(0, 2))).toEqual(['AR', 'AR', 'CN', 'AR']);
    const invoiceNumbers = numbers.filter((no) => no.startsWith('AR')).map((no) => Number(no.slice(2)));
    expect(invoiceNumbers).toEqual([invoiceNumbers[0], invoiceNumbers[0]! + 1, invoiceNumbers[0]! + 2]);
    // Nothing of a refused document was written.
    for (const reference of ['B-3', 'B-5', 'B-7']) expect(await db().selectFrom('ar_invoices').select('invoice_id').where('reference', '=', reference).execute()).toEqual([]);
  });

  it('gives the same headers, lines, G/L entries and AR items as the documents created one by one', async () => {
    for (const input of inputs) {
      try {
        const created = await db().transaction().execute((trx: never) => createPostedInvoice(trx, { ...input, reference: `${input.reference}-single` }, 'admin'));
        single.push({ documentNo: created.documentNo });
      } catch (error) {
        single.push({ key: (error as { issues: { key: string }[] }).issues[0]!.key });
      }
    }
    for (const [index, outcome] of batch.entries()) {
      const alone = single[index]!;
      if (outcome.refused) {
        expect(alone).toEqual({ key: outcome.refused.issues[0]!.key });
        continue;
      }
      expect('documentNo' in alone).toBe(true);
      const one = await documentOf((alone as { documentNo: string }).documentNo);
      const many = await documentOf(outcome.invoice.documentNo);
      expect(many).toEqual(one);
      // Balanced, and the AR item equals the document's receivables entry (sub-ledger = control account).
      let sum = '0.00';
      for (const entry of many.entries) sum = add(sum, entry[2]);
      expect(isZero(sum)).toBe(true);
      expect(many.entries.find((entry: unknown[]) => entry[1] === '1100')![2]).toBe(many.items[0][7]);
      expect(many.items[0][7]).toBe(many.header.document_type === 'CreditNote' ? `-${many.header.total}` : many.header.total);
    }
    // One by one after the batch: the numbers only moved forward.
    const lastBatch = Math.max(...batch.flatMap((outcome) => (outcome.invoice?.documentNo.startsWith('AR') ? [Number(outcome.invoice.documentNo.slice(2))] : [])));
    const firstSingle = Number((single[0] as { documentNo: string }).documentNo.slice(2));
    expect(firstSingle).toBe(lastBatch + 1);
  });

  it('skips a number claimed before: numbers stay unique and only move forward', async () => {
    const counter = await db().selectFrom('sequence_counters').selectAll().where('sequence_id', '=', 'AR-INVOICE').executeTakeFirstOrThrow();
    const next = Number(counter.next_number);
    const width = Number(counter.width);
    const taken = `AR${String(next + 1).padStart(width, '0')}`;
    await db().insertInto('document_numbers').values({ document_no: taken, sequence_id: 'AR-INVOICE', number: next + 1 }).execute();
    const accepted = inputs.filter((_, index) => !REFUSED.has(index) && inputs[index]!.documentType !== 'CreditNote');
    const outcomes: Awaited<ReturnType<typeof createPostedInvoices>> = await db().transaction().execute((trx: never) => createPostedInvoices(trx, accepted, 'admin'));
    const numbers = outcomes.map((outcome) => outcome.invoice!.documentNo);
    expect(numbers).not.toContain(taken);
    expect(new Set(numbers).size).toBe(numbers.length);
    const values = numbers.map((no) => Number(no.slice(2)));
    expect(values[0]).toBe(next);
    expect(values.every((value, index) => index === 0 || value > values[index - 1]!)).toBe(true);
    expect(Number((await db().selectFrom('sequence_counters').select('next_number').where('sequence_id', '=', 'AR-INVOICE').executeTakeFirstOrThrow()).next_number)).toBe(values.at(-1)! + 1);
  });

  it('the trial balance balances and the open AR items equal the receivables control account', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const totals = await db().selectFrom('gl_balances').select((eb: any) => [eb.fn.sum('debit').as('debit'), eb.fn.sum('credit').as('credit')]).executeTakeFirst();
    expect(money(totals.debit)).toBe(money(totals.credit));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const control = await db().selectFrom('gl_entries').select((eb: any) => eb.fn.sum('amount').as('total')).where('account_id', '=', '1100').executeTakeFirst();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const open = await db().selectFrom('ar_items').select((eb: any) => eb.fn.sum('open_balance').as('total')).executeTakeFirst();
    expect(money(open.total)).toBe(money(control.total));
  });
});
