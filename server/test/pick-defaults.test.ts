/**
 * Defaults on pick, declared once (issue 40 item 5), generated from the definitions: for every definition's
 * `defaults`, POST /api/defaults/<entity> answers each declared field, and for some record the field offers
 * (its lookup, as the field asks it) every declared field fills; a new record's defaults ('new') fill at once.
 * The save fills the same values when the client leaves them blank (a purchase order sent with its vendor
 * only saves the vendor's name, terms, bill-to and the required ship-to), and a pick answers nothing of a firm
 * the caller may not see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities } from '@erp/shared/entities/index';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
});

const blank = (value: unknown) => value === undefined || value === null || value === '';

async function defaultsOf(entity: string, field: string, values: Json = {}, token = admin) {
  const response = await call(server.app, 'POST', `/api/defaults/${entity}`, token, { Field: field, Values: values });
  return { status: response.statusCode, body: response.json() as Json };
}

const declared = allEntities().flatMap((def) => Object.entries(def.defaults).map(([trigger, fields]) => ({ def, trigger, fields })));

describe('every declared default fills on pick (generated from the definitions)', () => {
  it('declares some', () => {
    expect(declared.map(({ def, trigger }) => `${def.name}.${trigger}`)).toEqual(expect.arrayContaining(['purchase-order.VendorId', 'sales-order.BillToId', 'ap-payment-batch.new']));
  });

  for (const { def, trigger, fields } of declared) {
    it(`${def.name}: ${trigger} fills ${fields.join(', ')}`, async () => {
      if (trigger === 'new') {
        const { status, body } = await defaultsOf(def.name, 'new');
        expect(status).toBe(200);
        for (const field of fields) expect(blank(body.Data[field]), field).toBe(false);
        return;
      }
      const target = def.fields[trigger] as { entity: string };
      const offered = await call(server.app, 'GET', `/api/lookup/${target.entity}?From=${def.name}&Field=${trigger}`, admin);
      const values = ((offered.json().List ?? []) as Json[]).map((option) => String(option.Value));
      expect(values.length, `${def.name}.${trigger} offers records`).toBeGreaterThan(0);
      let filled: string | null = null;
      for (const value of values) {
        const { status, body } = await defaultsOf(def.name, trigger, { [trigger]: value });
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

  it('a new payment run takes the only bank and today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const picked = (await defaultsOf('ap-payment-batch', 'new')).body.Data as Json;
    expect(picked).toMatchObject({ PaymentDate: today, PayThroughDate: today });
  });
});
