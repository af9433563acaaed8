/**
 * Defaults on pick, declared once (issue 40 item 5), generated from the definitions: for every definition's
 * `defaults`, POST /api/defaults/<entity> answers each declared field, and for some record the field offers
 * (its lookup, as the field asks it) every declared field fills; a new record's defaults ('new') fill at once.
 * The save fills the same values when the client leaves them blank (a purchase order sent with its vendor
 * only saves the vendor's name, terms, bill-to and the required ship-to), and a pick answers nothing of a firm
 * the caller may not see. On the demo books: each trigger offers records (a vendor invoice's ReceiptId a posted receipt
 * not yet invoiced, whose lines it brings).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities } from '@erp/shared/entities/index';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  // The demo books (DEMO_LEDGER): the records the declared triggers offer — a posted receipt not yet invoiced for the
  // vendor invoice's ReceiptId (modules/po/server/seed.ts receives the orders, modules/ap/server/seed.ts invoices the
  // first three only).
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

// An empty collection is blank too: a default that brings no lines fills nothing.
const blank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

async function defaultsOf(entity: string, field: string, values: Json = {}, token = admin, line?: Json) {
  const response = await call(server.app, 'POST', `/api/defaults/${entity}`, token, { Field: field, Values: values, ...(line ? { Line: line } : {}) });
  return { status: response.statusCode, body: response.json() as Json };
}

const declared = allEntities().flatMap((def) => Object.entries(def.defaults).map(([trigger, fields]) => ({ def, trigger, fields })));

describe('every declared default fills on pick (generated from the definitions)', () => {
  it('declares some', () => {
    expect(declared.map(({ def, trigger }) => `${def.name}.${trigger}`)).toEqual(expect.arrayContaining(['purchase-order.VendorId', 'purchase-order.Lines.ProductId', 'sales-order.BillToId', 'ap-payment-batch.new', 'ap-invoice.ReceiptId']));
  });

  for (const { def, trigger, fields } of declared) {
    it(`${def.name}: ${trigger} fills ${fields.join(', ')}`, async () => {
      if (trigger === 'new') {
        const { status, body } = await defaultsOf(def.name, 'new');
        expect(status).toBe(200);
        for (const field of fields) expect(blank(body.Data[field]), field).toBe(false);
        return;
      }
      // A line trigger ('Lines.ProductId') names a lookup of the line; its pick sends the line apart from the header.
      const [collection, lineField] = trigger.split('.') as [string, string | undefined];
      const target = (lineField ? (def.fields[collection] as { fields: Record<string, unknown> }).fields[lineField] : def.fields[trigger]) as { entity: string };
      const offered = await call(server.app, 'GET', `/api/lookup/${target.entity}?From=${def.name}&Field=${trigger}`, admin);
      const values = ((offered.json().List ?? []) as Json[]).map((option) => String(option.Value));
      expect(values.length, `${def.name}.${trigger} offers records`).toBeGreaterThan(0);
      let filled: string | null = null;
      for (const value of values) {
        const { status, body } = lineField ? await defaultsOf(def.name, trigger, {}, admin, { [lineField]: value }) : await defaultsOf(def.name, trigger, { [trigger]: value });
        expect(status).toBe(200);
        expect(Object.keys(body.Data).sort()).toEqual([...fields].sort());
        if (fields.every((field) => !blank(body.Data[field]))) {
          filled = value;
          break;
        }
      }
      expect(filled, `some ${target.entity} fills every default of ${def.name}.${trigger}`).not.toBeNull();
    });
  }

  it('refuses a field that declares no defaults', async () => {
    expect((await defaultsOf('purchase-order', 'TermsCode')).status).toBe(400);
  });
});

describe('the save fills what the pick shows', () => {
  it('a purchase order sent with its vendor only saves its name, terms, bill-to and ship-to as the pick answered them', async () => {
    const picked = (await defaultsOf('purchase-order', 'VendorId', { VendorId: 'V100' })).body.Data as Json;
    expect(picked).toMatchObject({ VendorName: expect.any(String), ShipToId: expect.any(String), BillToId: expect.any(String) });
    const created = await call(server.app, 'POST', '/api/data/purchase-order', admin, { VendorId: 'V100', OrderDate: new Date().toISOString().slice(0, 10), Lines: [] });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    const saved = created.json().Data as Json;
    for (const [field, value] of Object.entries(picked)) expect(saved[field], field).toBe(value);
  });

  it('a purchase order line sent without its price is saved at the price its pick shows (the vendor\'s last cost)', async () => {
    const product = (await call(server.app, 'GET', '/api/lookup/product?From=purchase-order&Field=Lines.ProductId', admin)).json().List as Json[];
    let priced: { product: string; price: string } | null = null;
    for (const option of product) {
      const price = (await defaultsOf('purchase-order', 'Lines.ProductId', { VendorId: 'V100' }, admin, { ProductId: option.Value })).body.Data.UnitPrice as string | null;
      if (price) {
        priced = { product: String(option.Value), price };
        break;
      }
    }
    expect(priced, 'some product has a last cost').not.toBeNull();
    const created = await call(server.app, 'POST', '/api/data/purchase-order', admin, { VendorId: 'V100', OrderDate: new Date().toISOString().slice(0, 10), Lines: [{ ProductId: priced!.product, QuantityOrdered: '2' }] });
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    const saved = created.json().Data as Json;
    expect(saved.Lines[0].UnitPrice).toBe(priced!.price);
    // A price the user typed stays.
    const typed = await call(server.app, 'POST', '/api/data/purchase-order', admin, { VendorId: 'V100', OrderDate: new Date().toISOString().slice(0, 10), Lines: [{ ProductId: priced!.product, QuantityOrdered: '1', UnitPrice: '0.0100' }] });
    expect(typed.json().Data.Lines[0].UnitPrice).toBe('0.0100');
    // …and is the vendor's last cost the next pick of that product shows.
    expect((await defaultsOf('purchase-order', 'Lines.ProductId', { VendorId: 'V100' }, admin, { ProductId: priced!.product })).body.Data.UnitPrice).toBe('0.0100');
  });

  it('a new payment run takes the only bank, else the one payments are made from, else the last run\'s, and today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const picked = (await defaultsOf('ap-payment-batch', 'new')).body.Data as Json;
    expect(picked).toMatchObject({ BankAccountId: 'OPERATING', PaymentDate: today, PayThroughDate: today });
    // A second bank in the home currency, on another G/L account: the run still takes the payments bank
    // (G/L integration AP PAYMENT-BANK), the one choice the books make.
    expect((await call(server.app, 'POST', '/api/data/gl-account', admin, { AccountId: '1090', Description: 'Savings', AccountType: 'asset' })).statusCode).toBe(201);
    const second = await call(server.app, 'POST', '/api/data/bank-account', admin, { BankAccountId: 'SAVINGS', Name: 'Savings', GlAccountId: '1090', CurrencyCode: 'CAD', EftStatus: 'Active' });
    expect(second.statusCode, second.body).toBe(201);
    expect(((await defaultsOf('ap-payment-batch', 'new')).body.Data as Json).BankAccountId).toBe('OPERATING');
    // A payroll bank on the payments account too: no single choice there, so the bank of the last run.
    const payroll = await call(server.app, 'POST', '/api/data/bank-account', admin, { BankAccountId: 'PAYROLL', Name: 'Payroll', GlAccountId: '1000', CurrencyCode: 'CAD', EftStatus: 'Active' });
    expect(payroll.statusCode, payroll.body).toBe(201);
    for (const bank of ['PAYROLL', 'OPERATING']) {
      const run = await call(server.app, 'POST', '/api/data/ap-payment-batch', admin, { BankAccountId: bank, PaymentMethod: 'Cheque', PaymentDate: today, PayThroughDate: today, Lines: [] });
      expect(run.statusCode, run.body).toBe(201);
      expect(((await defaultsOf('ap-payment-batch', 'new')).body.Data as Json).BankAccountId).toBe(bank);
    }
  });
});
