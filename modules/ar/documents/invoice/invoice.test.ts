/**
 * AR invoices and credit notes (issue 14 item 2; `ar-invoice`, modules/ar/documents/invoice/server) on SQLite and
 * PostgreSQL: §5/§8 bill-to and ship-to rules with the spec texts, taxes of the ship-to's province per line
 * and by effective date, terms dates, the posting (Dr AR control, Cr revenue, Cr HST 13 % for Ontario) through
 * the posting service with the A/R period flag, the AR item, immutability once posted, the credit note
 * reversal, "Period is closed (A/R)" while a GL entry on the same date posts, and the sum checks (the trial
 * balance balances; the open AR items equal the receivables control account).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { signIn, startServer, type TestServer } from '../../../../server/test/helpers/app.ts';
import { call } from '../../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const put = (url: string, body: unknown) => call(server.app, 'PUT', url, admin, body);
const get = (url: string) => call(server.app, 'GET', url, admin);
const del = (url: string) => call(server.app, 'DELETE', url, admin);
const json = (response: { json(): unknown }) => response.json() as Json;

const YEAR = 2034;
const line = (Description: string, Quantity: string, UnitPrice: string, extra: Json = {}) => ({ Description, AccountId: '4100', Quantity, UnitPrice, ...extra });

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  const year = await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR });
  expect(year.statusCode, JSON.stringify(year.json())).toBe(201);
  for (const firm of [
    { FirmId: 'TB1', Name: 'Test bill-to Ontario', FirmTypes: ['bill-to'], ProvinceCode: 'ON', AccountTerms: '2N30' },
    { FirmId: 'TB2', Name: 'Test bill-to inactive', FirmTypes: ['bill-to'], ProvinceCode: 'ON', IsActive: false },
    { FirmId: 'TS1', Name: 'Test ship-to Nova Scotia', FirmTypes: ['ship-to'], BillToId: 'TB1', ProvinceCode: 'NS' },
    { FirmId: 'TS2', Name: 'Test ship-to inactive', FirmTypes: ['ship-to'], BillToId: 'TB1', ProvinceCode: 'ON', IsActive: false },
  ]) {
    const created = await post('/api/data/firm', firm);
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
  }
});

afterAll(async () => {
  await server?.stop();
});

async function create(body: Json): Promise<Json> {
  const created = await post('/api/data/ar-invoice', body);
  expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
  return json(created).Data;
}

const action = (invoice: Json, name: string, extra: Json = {}) => post(`/api/data/ar-invoice/${invoice.InvoiceId}/actions/${name}`, { Version: invoice.Version, ...extra });

async function entries(documentNo: string): Promise<Record<string, string>> {
  const rows = (await server.app.erp.database.db
    .selectFrom('gl_entries' as never)
    .select(['account_id', 'amount', 'source'] as never)
    .where('document_no' as never, '=', documentNo as never)
    .execute()) as Json[];
  const out: Record<string, string> = {};
  for (const row of rows) {
    expect(row.source).toBe('AR');
    out[row.account_id] = decimalFromDb(server.app.erp.database.engine, row.amount, 2)!;
  }
  return out;
}

async function arItems(documentNo: string): Promise<Json[]> {
  const rows = (await server.app.erp.database.db.selectFrom('ar_items' as never).selectAll().where('document_no' as never, '=', documentNo as never).execute()) as Json[];
  const engine = server.app.erp.database.engine;
  return rows.map((row) => ({ ...row, amount: decimalFromDb(engine, row.amount, 2), open_balance: decimalFromDb(engine, row.open_balance, 2), discount_available: decimalFromDb(engine, row.discount_available, 2) }));
}

describe('bill-to and ship-to (§5, §8)', () => {
  it('refuses an inactive or unknown bill-to with "Bill To is invalid."', async () => {
    for (const BillToId of ['TB2', 'NOSUCH', 'S101']) {
      const refused = await post('/api/data/ar-invoice', { InvoiceDate: `${YEAR}-01-10`, BillToId, Lines: [line('Sheet', '1', '100')] });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).Message).toBe('Bill To is invalid.');
      expect(json(refused).Data.Errors[0].field).toBe('BillToId');
    }
  });

  it('refuses an inactive ship-to or another customer\'s with "Ship To is invalid."', async () => {
    for (const ShipToId of ['TS2', 'S201', 'NOSUCH']) {
      const refused = await post('/api/data/ar-invoice', { InvoiceDate: `${YEAR}-01-10`, BillToId: 'TB1', ShipToId, Lines: [line('Sheet', '1', '100')] });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).Message).toBe('Ship To is invalid.');
      expect(json(refused).Data.Errors[0].field).toBe('ShipToId');
    }
  });
});

describe('invoice entry, taxes and posting', () => {
  it('computes HST 13 % per line for an Ontario ship-to, terms dates, and posts Dr AR / Cr revenue / Cr HST', async () => {
    const invoice = await create({
      InvoiceDate: `${YEAR}-01-15`,
      BillToId: 'B100',
      ShipToId: 'S101',
      Reference: 'PO-7781',
      Lines: [line('Hot-rolled sheet', '3', '186.50'), line('Angle 3x3', '2', '0.25')],
    });
    expect(invoice).toMatchObject({ Status: 'Draft', DocumentType: 'Invoice', ProvinceCode: 'ON', TermsCode: 'NET30', SalesRep: 'SR01', DueDate: `${YEAR}-02-14`, DiscountDate: null });
    expect(invoice.DocumentNo).toMatch(/^AR\d+$/);
    expect(invoice.Lines.map((l: Json) => [l.Amount, l.TaxAmount, l.TaxCodes])).toEqual([
      ['559.50', '72.74', 'HST 13%'],
      ['0.50', '0.07', 'HST 13%'],
    ]);
    expect(invoice).toMatchObject({ SubTotal: '560.00', TaxTotal: '72.81', Total: '632.81' });

    const posted = await action(invoice, 'post');
    expect(posted.statusCode, JSON.stringify(posted.json())).toBe(200);
    expect(json(posted).Data.Status).toBe('Posted');
    expect(await entries(invoice.DocumentNo)).toEqual({ '1100': '632.81', '4100': '-560.00', '2200': '-72.81' });
    const [item] = await arItems(invoice.DocumentNo);
    expect(item).toMatchObject({ firm_id: 'B100', ship_to_id: 'S101', item_type: 'Invoice', amount: '632.81', open_balance: '632.81', status: 'Open', due_date: `${YEAR}-02-14` });

    // Posted = immutable: no edit, no delete, no second posting.
    const current = json(await get(`/api/data/ar-invoice/${invoice.InvoiceId}`)).Data;
    const edit = await put(`/api/data/ar-invoice/${invoice.InvoiceId}`, { Reference: 'changed', Version: current.Version });
    expect(edit.statusCode).toBe(409);
    expect((await del(`/api/data/ar-invoice/${invoice.InvoiceId}`)).statusCode).toBe(409);
    expect((await action(current, 'post')).statusCode).toBe(409);
  });

  it("taxes by the ship-to's province (NS), the terms' discount, and tax groups (EXEMPT, GSTONLY)", async () => {
    const invoice = await create({
      InvoiceDate: `${YEAR}-01-20`,
      BillToId: 'TB1',
      ShipToId: 'TS1',
      Lines: [line('Coil', '10', '100'), line('Resale item', '1', '100', { TaxGroup: 'EXEMPT' })],
    });
    expect(invoice.ProvinceCode).toBe('NS');
    expect(invoice.Lines.map((l: Json) => [l.TaxAmount, l.TaxCodes])).toEqual([['140.00', 'HST 14%'], ['0.00', null]]);
    // 2N30: 2 % of the total if paid within 10 days, due in 30.
    expect(invoice).toMatchObject({ Total: '1240.00', DueDate: `${YEAR}-02-19`, DiscountDate: `${YEAR}-01-30`, DiscountAvailable: '24.80' });

    const quebec = await create({ InvoiceDate: `${YEAR}-01-20`, BillToId: 'B200', Lines: [line('Wire', '1', '100'), line('Wire for resale', '1', '100', { TaxGroup: 'GSTONLY' })] });
    expect(quebec.ProvinceCode).toBe('QC');
    expect(quebec.Lines.map((l: Json) => [l.TaxAmount, l.TaxCodes])).toEqual([['14.98', 'GST 5%, QST 9.975%'], ['5.00', 'GST 5%']]);
    const posted = await action(quebec, 'post');
    expect(posted.statusCode, JSON.stringify(posted.json())).toBe(200);
    expect(await entries(quebec.DocumentNo)).toEqual({ '1100': '219.98', '4100': '-200.00', '2200': '-10.00', '2210': '-9.98' });
  });

  it('picks the rate in force on the invoice date (a new rate from its effective date)', async () => {
    const rate = await post('/api/data/sales-tax-rate', { AuthorityId: 'HST', ProvinceCode: 'ON', EffectiveDate: `${YEAR}-03-01`, RatePercent: '15.000', AccountId: '2200' });
    expect(rate.statusCode, JSON.stringify(rate.json())).toBe(201);
    const before = await create({ InvoiceDate: `${YEAR}-02-28`, BillToId: 'TB1', Lines: [line('Sheet', '1', '100')] });
    const after = await create({ InvoiceDate: `${YEAR}-03-01`, BillToId: 'TB1', Lines: [line('Sheet', '1', '100')] });
    expect(before.Lines[0]).toMatchObject({ TaxAmount: '13.00', TaxCodes: 'HST 13%' });
    expect(after.Lines[0]).toMatchObject({ TaxAmount: '15.00', TaxCodes: 'HST 15%' });
    // A rate entered after the save, in force on the document's date, is the one posted (and shown).
    const draft = await create({ InvoiceDate: `${YEAR}-05-10`, BillToId: 'TB1', Lines: [line('Sheet', '1', '100')] });
    expect(draft.Total).toBe('115.00');
    const later = await post('/api/data/sales-tax-rate', { AuthorityId: 'HST', ProvinceCode: 'ON', EffectiveDate: `${YEAR}-05-01`, RatePercent: '14.000', AccountId: '2200' });
    expect(later.statusCode).toBe(201);
    const posted = await action(draft, 'post');
    expect(posted.statusCode, JSON.stringify(posted.json())).toBe(200);
    expect(json(posted).Data).toMatchObject({ TaxTotal: '14.00', Total: '114.00' });
    expect(json(posted).Data.Lines[0]).toMatchObject({ TaxAmount: '14.00', TaxCodes: 'HST 14%' });
    expect(await entries(draft.DocumentNo)).toEqual({ '1100': '114.00', '4100': '-100.00', '2200': '-14.00' });
  });

  it('refuses to post a line on the receivables control account: it is posted through its sub-ledger (issue 22 item 6)', async () => {
    const invoice = await create({ InvoiceDate: `${YEAR}-01-16`, BillToId: 'B100', ShipToId: 'S101', Lines: [line('On the control account', '1', '10', { AccountId: '1100' })] });
    const refused = await action(invoice, 'post');
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('Account 1100 is a control account');
    expect(await entries(invoice.DocumentNo)).toEqual({});
  });

  it('refuses a line amount or total beyond the money columns at save, not a 500 (issue 22 item 10)', async () => {
    const huge = await post('/api/data/ar-invoice', { InvoiceDate: `${YEAR}-02-01`, BillToId: 'B100', Lines: [line('Coil', '9999999999.9999', '99999999999.9999')] });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(json(huge).Data.Errors[0]).toMatchObject({ field: 'Lines[0].Amount', message: 'Amount can have at most 13 digits before the decimal point.' });
    // Lines that fit, whose total with taxes does not.
    const total = await post('/api/data/ar-invoice', { InvoiceDate: `${YEAR}-02-01`, BillToId: 'B100', Lines: [line('Coil', '1000000', '9000000'), line('Coil', '1000000', '9000000')] });
    expect(total.statusCode, total.body).toBe(400);
    expect(json(total).Data.Errors.map((error: Json) => error.field)).toEqual(expect.arrayContaining(['SubTotal', 'Total']));
  });

  it('reverses a posted invoice by a credit note applied to its balance', async () => {
    const invoice = await create({ InvoiceDate: `${YEAR}-01-25`, BillToId: 'B100', Lines: [line('Plate', '1', '1000')] });
    const posted = json(await action(invoice, 'post')).Data;
    const credited = await action(posted, 'credit');
    expect(credited.statusCode, JSON.stringify(credited.json())).toBe(200);
    const body = json(credited).Data;
    expect(body.Status).toBe('Credited');
    const creditNo = body.ActionResult.DocumentNo as string;
    expect(creditNo).toMatch(/^CN\d+$/);
    expect(body.CreditedBy).toBe(creditNo);
    expect(await entries(creditNo)).toEqual({ '1100': '-1130.00', '4100': '1000.00', '2200': '130.00' });
    const credit = json(await get(`/api/data/ar-invoice/${body.ActionResult.InvoiceId}`)).Data;
    expect(credit).toMatchObject({ DocumentType: 'CreditNote', Status: 'Posted', CreditOf: invoice.DocumentNo, Total: '1130.00' });
    expect((await arItems(invoice.DocumentNo))[0]).toMatchObject({ open_balance: '0.00', status: 'Closed' });
    expect((await arItems(creditNo))[0]).toMatchObject({ item_type: 'CreditNote', amount: '-1130.00', open_balance: '0.00', status: 'Closed' });
    // A credit note is not credited again, nor is a credited invoice.
    expect((await action(credit, 'credit')).statusCode).toBe(409);
    expect((await action(body, 'credit')).statusCode).toBe(409);
  });

  it('shows an invoice a receipt paid in full as Paid, one paid in part as Posted until the rest is paid (issue 21 item 8)', async () => {
    const full = json(await action(await create({ InvoiceDate: `${YEAR}-01-26`, BillToId: 'B100', Lines: [line('Plate', '1', '100')] }), 'post')).Data;
    const part = json(await action(await create({ InvoiceDate: `${YEAR}-01-26`, BillToId: 'B100', Lines: [line('Plate', '1', '200')] }), 'post')).Data;
    const receipt = await post('/api/data/cash-receipt', {
      FirmId: 'B100',
      BankAccountId: 'OPERATING',
      ReceiptDate: `${YEAR}-01-27`,
      Amount: '213.00',
      Lines: [
        { InvoiceNo: full.DocumentNo, Payment: full.Total, Discount: '0.00' },
        { InvoiceNo: part.DocumentNo, Payment: '100.00', Discount: '0.00' },
      ],
    });
    expect(receipt.statusCode, JSON.stringify(receipt.json())).toBe(201);
    const draft = json(receipt).Data;
    const posted = await post(`/api/data/cash-receipt/${draft.ReceiptId}/actions/post`, { Version: draft.Version });
    expect(posted.statusCode, JSON.stringify(posted.json())).toBe(200);
    const paid = json(await get(`/api/data/ar-invoice/${full.InvoiceId}`)).Data;
    expect(paid.Status).toBe('Paid');
    expect(json(await get(`/api/data/ar-invoice/${part.InvoiceId}`)).Data.Status).toBe('Posted');
    // The list shows it so too, and filters by it.
    const listed = json(await get(`/api/data/ar-invoice?filter.Status=Paid&PageSize=250`)).List as Json[];
    expect(listed.map((row) => [row.DocumentNo, row.Status])).toContainEqual([full.DocumentNo, 'Paid']);
    expect(listed.map((row) => row.DocumentNo)).not.toContain(part.DocumentNo);
    // The rest paid by a second receipt: Paid too (the year's open items stay as the sum check counts them).
    const rest = json(await post('/api/data/cash-receipt', { FirmId: 'B100', BankAccountId: 'OPERATING', ReceiptDate: `${YEAR}-01-28`, Amount: '126.00', Lines: [{ InvoiceNo: part.DocumentNo, Payment: '126.00', Discount: '0.00' }] })).Data;
    expect((await post(`/api/data/cash-receipt/${rest.ReceiptId}/actions/post`, { Version: rest.Version })).statusCode).toBe(200);
    expect(json(await get(`/api/data/ar-invoice/${part.InvoiceId}`)).Data.Status).toBe('Paid');
  });

  it("dates the credit note by the credit action's Date (issue 22 item 12: the body schema accepts it)", async () => {
    const invoice = await create({ InvoiceDate: `${YEAR}-02-03`, BillToId: 'B100', Lines: [line('Bar', '1', '10')] });
    const posted = json(await action(invoice, 'post')).Data;
    const bogus = await action(posted, 'credit', { Date: `${YEAR}-02-30` });
    expect(bogus.statusCode).toBe(400);
    expect(json(bogus).Data.Errors[0].field).toBe('Date');
    const early = await action(posted, 'credit', { Date: `${YEAR}-02-02` });
    expect(early.statusCode).toBe(400);
    expect(json(early).Message).toBe(`A credit note cannot be dated before its invoice (Feb 3, ${YEAR}).`);
    const credited = await action(posted, 'credit', { Date: `${YEAR}-02-10` });
    expect(credited.statusCode, JSON.stringify(credited.json())).toBe(200);
    const credit = json(await get(`/api/data/ar-invoice/${json(credited).Data.ActionResult.InvoiceId}`)).Data;
    expect(credit).toMatchObject({ DocumentType: 'CreditNote', InvoiceDate: `${YEAR}-02-10`, CreditOf: invoice.DocumentNo });
    const journal = (await server.app.erp.database.db.selectFrom('gl_entries' as never).select('entry_date' as never).where('document_no' as never, '=', credit.DocumentNo as never).execute()) as Json[];
    expect(new Set(journal.map((row) => String(row.entry_date).slice(0, 10)))).toEqual(new Set([`${YEAR}-02-10`]));
  });

  it('posts a stand-alone credit note as an open credit (Dr revenue and tax, Cr AR)', async () => {
    const note = await create({ DocumentType: 'CreditNote', InvoiceDate: `${YEAR}-01-26`, BillToId: 'B100', Lines: [line('Returned sheet', '1', '200')] });
    expect(note.DocumentNo).toMatch(/^CN\d+$/);
    const posted = await action(note, 'post');
    expect(posted.statusCode, JSON.stringify(posted.json())).toBe(200);
    expect(await entries(note.DocumentNo)).toEqual({ '1100': '-226.00', '4100': '200.00', '2200': '26.00' });
    expect((await arItems(note.DocumentNo))[0]).toMatchObject({ item_type: 'CreditNote', amount: '-226.00', open_balance: '-226.00', status: 'Open' });
  });
});

describe('the A/R period flag', () => {
  it('refuses "Period is closed (A/R)" while a GL entry on the same date posts', async () => {
    const draft = await create({ InvoiceDate: `${YEAR}-04-10`, BillToId: 'B100', Lines: [line('Sheet', '1', '50')] });
    const periods = json(await get(`/api/data/accounting-period?filter.FiscalYear=${YEAR}&SortFields=PeriodNo`)).List as Json[];
    const april = periods.find((p) => p.PeriodNo === 4)!;
    const closed = await put(`/api/data/accounting-period/${april.PeriodId}`, { ClosedAr: true, Version: april.Version });
    expect(closed.statusCode, JSON.stringify(closed.json())).toBe(200);

    const refusedPost = await action(draft, 'post');
    expect(refusedPost.statusCode).toBe(400);
    expect(json(refusedPost).Message).toBe(`Period is closed (A/R): period 4 of fiscal year ${YEAR} (Apr 1, ${YEAR} to Apr 30, ${YEAR})`);
    const refusedSave = await post('/api/data/ar-invoice', { InvoiceDate: `${YEAR}-04-11`, BillToId: 'B100', Lines: [line('Sheet', '1', '50')] });
    expect(refusedSave.statusCode).toBe(400);
    expect(json(refusedSave).Message).toBe(`Period is closed (A/R): period 4 of fiscal year ${YEAR} (Apr 1, ${YEAR} to Apr 30, ${YEAR})`);

    const entry = await post('/api/data/gl-journal-entry', {
      EntryDate: `${YEAR}-04-10`,
      Description: 'GL entry in a period closed for A/R only',
      Lines: [{ AccountId: '6600', Debit: '10.00' }, { AccountId: '1000', Credit: '10.00' }],
    });
    expect(entry.statusCode, JSON.stringify(entry.json())).toBe(201);
    const glPosted = await post(`/api/data/gl-journal-entry/${json(entry).Data.EntryId}/actions/post`, { Version: json(entry).Data.Version });
    expect(glPosted.statusCode, JSON.stringify(glPosted.json())).toBe(200);
  });
});

describe('users restricted to assigned customers (§6)', () => {
  it("see only their customers' invoices and cannot open or invoice another customer", async () => {
    const quebec = await create({ InvoiceDate: `${YEAR}-01-28`, BillToId: 'B200', Lines: [line('Wire', '1', '10')] });
    const me = json(await get('/api/data/user/admin')).Data;
    const restricted = await put('/api/data/user/admin', { RestrictedToAssignedCustomers: true, AssignedCustomers: ['B100'], Version: me.Version });
    expect(restricted.statusCode, JSON.stringify(restricted.json())).toBe(200);
    try {
      const list = json(await get('/api/data/ar-invoice?PageSize=250')).List as Json[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((invoice) => invoice.BillToId === 'B100')).toBe(true);
      const other = await get(`/api/data/ar-invoice/${quebec.InvoiceId}`);
      expect(other.statusCode).toBe(403);
      expect(json(other).Message).toBe('Sorry, this Firm cannot be viewed. You are not assigned to this customer.');
      expect((await action(quebec, 'post')).statusCode).toBe(403);
      const refused = await post('/api/data/ar-invoice', { InvoiceDate: `${YEAR}-01-28`, BillToId: 'B200', Lines: [line('Wire', '1', '10')] });
      expect(refused.statusCode).toBe(403);
      expect(json(refused).Message).toBe('Sorry, this Firm cannot be viewed. You are not assigned to this customer.');
    } finally {
      const back = json(await get('/api/data/user/admin')).Data;
      await put('/api/data/user/admin', { RestrictedToAssignedCustomers: false, AssignedCustomers: [], Version: back.Version });
    }
  });
});

describe('sum checks', () => {
  it('the trial balance balances and the open AR items equal the receivables control account', async () => {
    const db = server.app.erp.database.db;
    const engine = server.app.erp.database.engine;
    const totals = (await db.selectFrom('gl_balances' as never).select((eb: any) => [eb.fn.sum('debit').as('debit'), eb.fn.sum('credit').as('credit')]).executeTakeFirst()) as Json; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(decimalFromDb(engine, totals.debit, 2)).toBe(decimalFromDb(engine, totals.credit, 2));
    const control = (await db.selectFrom('gl_entries' as never).select((eb: any) => eb.fn.sum('amount').as('total')).where('account_id' as never, '=', '1100' as never).executeTakeFirst()) as Json; // eslint-disable-line @typescript-eslint/no-explicit-any
    const open = (await db.selectFrom('ar_items' as never).select((eb: any) => eb.fn.sum('open_balance').as('total')).executeTakeFirst()) as Json; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(decimalFromDb(engine, open.total, 2)).toBe(decimalFromDb(engine, control.total, 2));
    // Open: the first Ontario invoice, the Quebec invoice and the May invoice, less the open stand-alone credit note.
    expect(decimalFromDb(engine, control.total, 2)).toBe('740.79');
  });
});
