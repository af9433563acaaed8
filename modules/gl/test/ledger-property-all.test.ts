/**
 * The ledger property test over every source (issue 22 "Tests"), on SQLite and PostgreSQL: seeded random rounds
 * of parallel requests through the HTTP API, as clients send them — journal entries, A/R invoices and credit
 * notes, cash receipts applying to them with discounts within and beyond what the terms allow, USD receipts at
 * the rate of their date, inventory tickets (receipts and issues, Commit then Close), period closes (their
 * journals first) and reopens — then the first year closed by parallel year-end runs while documents keep
 * coming. After it:
 * - no answer is a 500 (every refusal a 4xx Call result), and no discount beyond the terms ever posts;
 * - debits = credits per journal and overall;
 * - stored balances (gl_balances) = the sum of the entries per account and period;
 * - the A/R aged trial balance (its report) = the receivables control account;
 * - each inventory account = the stock ledger's value of the products whose class maps to it;
 * - no open journal is dated in a period closed for the G/L, nothing posts into the closed year after its year
 *   end, and the P&L of the closed year is 0.
 * The seed is LEDGER_PROPERTY_SEED (default fixed): a failure names it, and the same seed sends the same requests.
 */
import { add, cmp, mul, sub, type Decimal } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { signIn, startServer, type TestServer } from '../../../server/test/helpers/app.ts';
import {
  cents,
  dbOf,
  expectLedgerInvariants,
  ledgerCalls,
  moneyOf,
  plusDays,
  prng,
  randomDate,
  randomLines,
  type Json,
  type LedgerCalls,
  type Random,
} from './ledger-property-kit.ts';

let server: TestServer;
let ledger: LedgerCalls;

const SEED = Number(process.env['LEDGER_PROPERTY_SEED'] ?? 220122);
const Y1 = 2095;
const Y2 = 2096;
const ROUNDS = 16;
const PARALLEL = 16;
const GL_ACCOUNTS = ['79000', '79100', '79400', '79600'] as const;
const CUSTOMER = 'PB22'; // 2N30 terms: a discount to take (and to overreach)
const USD_CUSTOMER = 'B200';
const PRODUCTS = ['PROP-A', 'PROP-B'] as const;
const WAREHOUSE = 'TOR-01';
/** Every answer of 500 or more (there must be none). */
const failures: string[] = [];
/** Receipts whose discount the terms did not allow: each must be refused at save or post. */
const overreaching: string[] = [];
const overreachPosted: string[] = [];

const db = () => dbOf(server);
const money = (raw: unknown): Decimal => moneyOf(server, raw);
const api: LedgerCalls['api'] = (method, url, body) => ledger.api(method, url, body);

/** Posted invoices the receipts and credits pick from (filled as the rounds go). */
const invoices: Json[] = [];

async function arInvoice(date: string, amounts: Decimal[], creditNote: boolean): Promise<void> {
  const Lines = amounts.map((UnitPrice, index) => ({ Description: `Property ${index}`, AccountId: '4100', Quantity: '1', UnitPrice }));
  const created = await api('POST', '/api/data/ar-invoice', { DocumentType: creditNote ? 'CreditNote' : 'Invoice', InvoiceDate: date, BillToId: CUSTOMER, Lines });
  if (created.statusCode !== 201) return;
  const draft = created.json().Data;
  const posted = await api('POST', `/api/data/ar-invoice/${draft.InvoiceId}/actions/post`, { Version: draft.Version });
  if (posted.statusCode === 200 && !creditNote) invoices.push(posted.json().Data);
}

async function creditInvoice(invoice: Json, days: number): Promise<void> {
  const current = (await api('GET', `/api/data/ar-invoice/${invoice['InvoiceId']}`)).json().Data;
  await api('POST', `/api/data/ar-invoice/${invoice['InvoiceId']}/actions/credit`, { Version: current.Version, Date: plusDays(String(invoice['InvoiceDate']), days) });
}

/**
 * A receipt paying part of `invoice` on its date + `days`, taking the discount the terms allow, or (overreach)
 * a cent more, or a discount after the discount date.
 */
async function receipt(invoice: Json, days: number, share: number, overreach: boolean): Promise<void> {
  const invoiceDate = String(invoice['InvoiceDate']);
  const yearEnd = `${invoiceDate.slice(0, 4)}-12-31`;
  const date = plusDays(invoiceDate, days) > yearEnd ? yearEnd : plusDays(invoiceDate, days);
  // The balance the client sees on the receipt line now (other receipts may be applying to it meanwhile).
  const item = (await db().selectFrom('ar_items').select('open_balance').where('document_no', '=', String(invoice['DocumentNo'])).executeTakeFirst()) as Json | undefined;
  const balance = money(item?.['open_balance']);
  const available = String(invoice['DiscountAvailable'] ?? '0.00');
  const inTerms = invoice['DiscountDate'] !== null && date <= String(invoice['DiscountDate']);
  const allowed = inTerms ? available : '0.00';
  const discount = overreach ? (inTerms ? add(allowed, '0.01') : cmp(available, '0.00') > 0 ? available : '0.01') : allowed;
  const payment = mul(sub(balance, discount), share === 1 ? '1' : '0.5', 2);
  if (cmp(payment, '0.00') <= 0) return;
  const body = { FirmId: CUSTOMER, BankAccountId: 'OPERATING', ReceiptDate: date, Amount: payment, Lines: [{ InvoiceNo: invoice['DocumentNo'], Payment: payment, Discount: discount }] };
  const created = await api('POST', '/api/data/cash-receipt', body);
  if (overreach) overreaching.push(`${invoice['DocumentNo']} on ${date}: ${discount}`);
  if (created.statusCode !== 201) return;
  const draft = created.json().Data;
  const posted = await api('POST', `/api/data/cash-receipt/${draft.ReceiptId}/actions/post`, { Version: draft.Version });
  if (overreach && posted.statusCode === 200) overreachPosted.push(`${invoice['DocumentNo']} on ${date}: ${discount}`);
}

/** A USD receipt on account (A/R invoices are CAD only): posted at the rate of its date. */
async function usdReceipt(date: string, amount: Decimal): Promise<void> {
  const created = await api('POST', '/api/data/cash-receipt', { FirmId: USD_CUSTOMER, BankAccountId: 'USD', ReceiptDate: date, Amount: amount, Unapplied: amount });
  if (created.statusCode !== 201) return;
  const draft = created.json().Data;
  await api('POST', `/api/data/cash-receipt/${draft.ReceiptId}/actions/post`, { Version: draft.Version });
}

async function inventoryTicket(date: string, issue: boolean, product: string, quantity: string, unitCost: Decimal): Promise<void> {
  const line = issue ? { ProductId: product, Quantity: quantity } : { ProductId: product, Quantity: quantity, UnitCost: unitCost };
  const body = { TicketDate: date, WarehouseId: WAREHOUSE, TicketType: issue ? 'Issue' : 'Receipt', SubType: issue ? 'Consumption' : 'Purchase', Lines: [line] };
  const created = await api('POST', '/api/data/inventory-ticket', body);
  if (created.statusCode !== 201) return;
  const draft = created.json().Data;
  const committed = await api('POST', `/api/data/inventory-ticket/${draft.TicketId}/actions/commit`, { Version: draft.Version });
  if (committed.statusCode !== 200) return;
  const ticket = committed.json().Data;
  await api('POST', `/api/data/inventory-ticket/${ticket.TicketId}/actions/close`, { Version: ticket.Version });
}

/** One random operation of any source, its arguments drawn now (so the seed alone fixes the requests). */
function randomOperation(r: Random, years: readonly number[]): () => Promise<unknown> {
  const roll = r.int(20);
  const year = r.pick(years);
  const date = randomDate(r, year);
  if (roll < 4) {
    const lines = randomLines(r, GL_ACCOUNTS);
    return () => ledger.journalEntry(date, lines);
  }
  if (roll < 8) {
    const amounts = Array.from({ length: 1 + r.int(2) }, () => cents(r, 3000));
    const creditNote = r.int(6) === 0;
    return () => arInvoice(date, amounts, creditNote);
  }
  if (roll < 12) {
    const [pick, days, share, overreach] = [r.int(1000), r.int(20), 1 + r.int(2), r.int(3) === 0];
    return async () => {
      if (invoices.length > 0) await receipt(invoices[pick % invoices.length]!, days, share, overreach);
    };
  }
  if (roll < 13) {
    const [pick, days] = [r.int(1000), r.int(15)];
    return async () => {
      if (invoices.length > 0) await creditInvoice(invoices[pick % invoices.length]!, days);
    };
  }
  if (roll < 14) {
    const amount = cents(r, 2000);
    return () => usdReceipt(date, amount);
  }
  if (roll < 17) {
    const [issue, product, quantity, cost] = [r.int(3) === 0, r.pick(PRODUCTS), `${1 + r.int(20)}.${r.int(10)}000`, `${1 + r.int(90)}.${String(r.int(10000)).padStart(4, '0')}`];
    return () => inventoryTicket(date, issue, product, quantity, cost);
  }
  const periodNo = 1 + r.int(12);
  return roll < 18 ? () => ledger.closePeriod(year, periodNo) : () => ledger.reopenPeriod(year, periodNo);
}

/** Net (debit − credit) of `accounts` over every stored balance, by account. */
async function balancesOf(accounts: string[]): Promise<Map<string, Decimal>> {
  const out = new Map<string, Decimal>();
  if (accounts.length === 0) return out;
  for (const row of (await db().selectFrom('gl_balances').select(['account_id', 'debit', 'credit']).where('account_id', 'in', accounts).execute()) as Json[]) {
    const account = String(row['account_id']);
    out.set(account, add(out.get(account) ?? '0.00', sub(money(row['debit']), money(row['credit']))));
  }
  return out;
}

beforeAll(async () => {
  server = await startServer();
  const admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  ledger = ledgerCalls(server, admin, (method, url, status) => {
    if (status >= 500) failures.push(`${method} ${url} ${status}`);
  });
  for (const [id, type] of [[GL_ACCOUNTS[0], 'asset'], [GL_ACCOUNTS[1], 'asset'], [GL_ACCOUNTS[2], 'revenue'], [GL_ACCOUNTS[3], 'expense']] as const) {
    expect((await api('POST', '/api/data/gl-account', { AccountId: id, Description: `Property ${type}`, AccountType: type })).statusCode).toBe(201);
  }
  for (const year of [Y1, Y2]) expect((await api('POST', '/api/data/accounting-period/fiscal-years', { FiscalYear: year })).statusCode).toBe(201);
  const firm = await api('POST', '/api/data/firm', { FirmId: CUSTOMER, Name: 'Property customer', FirmTypes: ['bill-to'], ProvinceCode: 'ON', AccountTerms: '2N30' });
  expect(firm.statusCode, firm.body).toBe(201);
  const productClass = await api('POST', '/api/data/product-class', { ClassId: 'PROPSTEEL', Description: 'Property class', InventoryAccount: 'INVENTORY-STEEL' });
  expect(productClass.statusCode, productClass.body).toBe(201);
  for (const product of PRODUCTS) {
    const created = await api('POST', '/api/data/product', { ProductId: product, Description: `Property ${product}`, ClassId: 'PROPSTEEL', KitType: 'None', TrackInventory: true });
    expect(created.statusCode, created.body).toBe(201);
  }
});

afterAll(async () => {
  await server?.stop();
});

describe(`the ledger's invariants over every source after random parallel work (seed ${SEED})`, () => {
  it('hold: no 500, balanced journals, balances = entries, A/R = control, inventory = stock, nothing in closed periods, P&L of the closed year 0', async () => {
    const r = prng(SEED);
    for (let round = 0; round < ROUNDS; round++) {
      const operations = Array.from({ length: PARALLEL }, () => randomOperation(r, [Y1, Y2]));
      await Promise.all(operations.map((operation) => operation()));
    }

    // Year end of Y1 in parallel with documents of every source into both years and a reopen attempt.
    const racing = [...Array.from({ length: 8 }, () => randomOperation(r, [Y1, Y2])), () => ledger.reopenPeriod(Y1, 1 + r.int(12))];
    await ledger.closeYearWhileRacing(Y1, SEED, 4, racing);
    const closedCount = await ledger.entryCount(Y1);
    // After the year end nothing posts into Y1 any more, from any source (period changes are refused too).
    await Promise.all(Array.from({ length: PARALLEL }, () => randomOperation(r, [Y1])).map((operation) => operation()));
    expect(await ledger.entryCount(Y1), `seed ${SEED}`).toBe(closedCount);

    // No 500 whatever happened; every source was exercised and reached the ledger.
    expect(failures, `seed ${SEED}`).toEqual([]);
    const sources = ((await db().selectFrom('gl_entries').select('source').distinct().execute()) as Json[]).map((row) => String(row['source'])).sort();
    expect(sources, `seed ${SEED}`).toEqual(expect.arrayContaining(['AR', 'GL', 'IC', 'YE']));

    // A discount beyond the terms is refused, never posted; in the subledger the discounts taken on an invoice
    // stay within its discount available, none after its discount date.
    expect(overreaching.length, `seed ${SEED}`).toBeGreaterThan(0);
    expect(overreachPosted, `seed ${SEED}`).toEqual([]);
    const taken = (await db()
      .selectFrom('ar_applications as a')
      .innerJoin('ar_items as i', 'i.item_id', 'a.to_item_id')
      .select(['i.document_no', 'i.discount_date', 'i.discount_available', 'a.application_date', 'a.discount'])
      .execute()) as Json[];
    const discounts = new Map<string, Decimal>();
    for (const row of taken) {
      if (cmp(money(row['discount']), '0.00') === 0) continue;
      expect(row['discount_date'] !== null && String(row['application_date']) <= String(row['discount_date']), `seed ${SEED}, ${row['document_no']} on ${row['application_date']}`).toBe(true);
      const documentNo = String(row['document_no']);
      discounts.set(documentNo, add(discounts.get(documentNo) ?? '0.00', money(row['discount'])));
      expect(cmp(discounts.get(documentNo)!, money(row['discount_available'])), `seed ${SEED}, ${documentNo}`).toBeLessThanOrEqual(0);
    }
    expect(discounts.size, `seed ${SEED}: some discount within terms was taken`).toBeGreaterThan(0);

    // USD receipts posted their CAD equivalent at the rate of their date (the latest rate on or before it).
    const usd = (await db().selectFrom('ar_cash_receipts').selectAll().where('currency_code', '=', 'USD').where('status', '=', 'Posted').execute()) as Json[];
    expect(usd.length, `seed ${SEED}: a USD receipt posted`).toBeGreaterThan(0);
    for (const row of usd) {
      const date = String(row['receipt_date']).slice(0, 10);
      const rate = (await db().selectFrom('fx_rates').select('rate').where('from_currency', '=', 'USD').where('to_currency', '=', 'CAD').where('effective_date', '<=', date).orderBy('effective_date', 'desc').limit(1).executeTakeFirstOrThrow()) as Json;
      const expected = decimalFromDb(server.app.erp.database.engine, rate['rate'], 6)!;
      expect(decimalFromDb(server.app.erp.database.engine, row['exchange_rate'], 6), `seed ${SEED}, ${row['document_no']}`).toBe(expected);
      expect(money(row['home_amount']), `seed ${SEED}, ${row['document_no']}`).toBe(mul(money(row['amount']), expected, 2));
    }

    // A/R aged trial balance (the report, as of the last day of the last year) = the receivables control.
    const receivable = String(
      ((await db().selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'AR').where('transaction_type', '=', 'RECEIVABLE').executeTakeFirstOrThrow()) as Json)['account_id'],
    );
    const aged = await api('POST', '/api/reports/ar-aged-trial-balance/run', { Parameters: { AsOfDate: `${Y2}-12-31`, AgeBy: 'due', PeriodDays: 30 } });
    expect(aged.statusCode, aged.body).toBe(200);
    const control = (await balancesOf([receivable])).get(receivable) ?? '0.00';
    expect(cmp(control, '0.00'), `seed ${SEED}: receivables were posted`).not.toBe(0);
    expect(aged.json().Totals.Total, `seed ${SEED}`).toBe(control);

    // Each inventory account = the stock value of the products whose class maps to it (the class's integration
    // row, else INVENTORY-<class>, else INVENTORY — the stock ledger's rule).
    const integration = new Map(
      ((await db().selectFrom('gl_integration').select(['transaction_type', 'account_id']).where('sub_ledger', '=', 'IC').execute()) as Json[]).map((row) => [String(row['transaction_type']).toUpperCase(), String(row['account_id'])]),
    );
    const products = (await db().selectFrom('products as p').leftJoin('product_classes as c', 'c.class_id', 'p.class_id').select(['p.product_id', 'p.class_id', 'c.inventory_account']).execute()) as Json[];
    const accountOf = new Map<string, string>();
    for (const p of products) {
      const wanted = p['inventory_account'] ? String(p['inventory_account']).toUpperCase() : p['class_id'] ? `INVENTORY-${String(p['class_id']).toUpperCase()}` : 'INVENTORY';
      accountOf.set(String(p['product_id']), integration.get(wanted) ?? integration.get('INVENTORY')!);
    }
    const stock = new Map<string, Decimal>();
    for (const row of (await db().selectFrom('stock_balances').select(['product_id', 'value']).execute()) as Json[]) {
      const account = accountOf.get(String(row['product_id']))!;
      stock.set(account, add(stock.get(account) ?? '0.00', money(row['value'])));
    }
    const inventory = [...new Set(accountOf.values())].sort();
    const booked = await balancesOf(inventory);
    expect(cmp(stock.get(accountOf.get(PRODUCTS[0])!) ?? '0.00', '0.00'), `seed ${SEED}: stock was received`).toBe(1);
    for (const account of inventory) expect(booked.get(account) ?? '0.00', `seed ${SEED}, inventory account ${account}`).toBe(stock.get(account) ?? '0.00');

    await expectLedgerInvariants(server, SEED, Y1);
  }, 120_000); // a failure budget for a fixed amount of work (about 10 s here), not a timing
});
