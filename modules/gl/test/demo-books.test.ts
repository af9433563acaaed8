/**
 * The demo books read like a going concern (issue 40 item 1), on a fresh demo database as a first start makes
 * it (demo firms and the demo ledger of every module): every journal balanced and the trial balance at zero;
 * the operating bank not overdrawn; GST/HST and QST payable at most the current period's collections and the
 * payroll liabilities at most the current remitting period's (earlier periods remitted); A/R and A/P equal to
 * their control accounts and no more than a quarter's invoices (weeks of sales and purchases, not years).
 */
import { add, cmp, neg, sum, type Decimal } from '@erp/shared/decimal';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remittances } from '../definitions/ledger-sources.ts';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { startServer, type TestServer } from '../../../server/test/helpers/app.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const money = (raw: unknown): Decimal => decimalFromDb(db(), raw, 2) ?? '0.00';
const today = new Date().toISOString().slice(0, 10);
const daysBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1', DEMO_FIRMS: '2000' });
}, 600_000);

afterAll(async () => {
  await server?.stop();
});

/** The GL integration account of a sub-ledger's transaction type. */
async function integration(subLedger: string, type: string): Promise<string> {
  const row = (await db().selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', subLedger).where('transaction_type', '=', type).executeTakeFirst()) as Row | undefined;
  expect(row, `${subLedger} ${type}`).toBeDefined();
  return String(row!.account_id);
}

/** Σ amounts (debit +) of an account, optionally only from a date on and only one sign. */
async function balance(accountId: string, options: { from?: string; credits?: boolean } = {}): Promise<Decimal> {
  let query = db().selectFrom('gl_entries').select((eb: Row) => eb.fn.sum('amount').as('total')).where('account_id', '=', accountId).where('data_type', '=', 'Actual');
  if (options.from) query = query.where('entry_date', '>=', options.from);
  if (options.credits) query = query.where('amount', '<', 0);
  return money(((await query.executeTakeFirst()) as Row).total ?? 0);
}

/** The first day of the period holding today (the current remitting period). */
async function currentPeriodStart(): Promise<string> {
  const row = (await db().selectFrom('fiscal_periods').select('start_date').where('start_date', '<=', today).where('end_date', '>=', today).executeTakeFirst()) as Row | undefined;
  return row ? String(row.start_date).slice(0, 10) : today;
}

describe('the demo books', () => {
  it('balance: every journal and the trial balance sum to zero', async () => {
    const unbalanced = (await db().selectFrom('gl_entries').select(['journal_id', (eb: Row) => eb.fn.sum('amount').as('total')]).groupBy('journal_id').execute()) as Row[];
    expect(unbalanced.length).toBeGreaterThan(100);
    expect(unbalanced.filter((row) => cmp(money(row.total), '0.00') !== 0)).toEqual([]);
    const total = (await db().selectFrom('gl_entries').select((eb: Row) => eb.fn.sum('amount').as('total')).executeTakeFirst()) as Row;
    expect(money(total.total)).toBe('0.00');
  });

  it('keep the operating bank in funds', async () => {
    const bank = await balance(await integration('AP', 'PAYMENT-BANK'));
    expect(cmp(bank, '0.00'), `bank ${bank}`).toBeGreaterThanOrEqual(0);
  });

  it('are remitted as the modules declare (their ledger sources\' shares), the G/L naming none of them', () => {
    const byCode = new Map(remittances().map((remittance) => [remittance.code, remittance]));
    expect([...byCode.keys()]).toEqual(['GST', 'QST', 'PST', 'PD7A', 'QPIP', 'UNION', 'WSIB']);
    // The GST/HST return nets what A/R collected against A/P's input tax credits, paid from A/P's bank.
    expect(byCode.get('GST')).toEqual({
      code: 'GST',
      description: 'GST/HST return — Receiver General',
      bank: ['AP', 'PAYMENT-BANK'],
      accounts: [['AR', 'GST-HST'], ['AP', 'GST-HST-ITC']],
    });
    expect(byCode.get('PD7A')?.bank).toEqual(['PR', 'PAYROLL-BANK']);
    const seedFile = readFileSync(new URL('../server/seed-remittances.ts', import.meta.url), 'utf8');
    expect(seedFile).not.toMatch(/'(AR|AP|PR)'/);
  });

  it('remit GST/HST and QST: the payables hold at most the current period’s collections', async () => {
    const from = await currentPeriodStart();
    for (const type of ['GST-HST', 'QST']) {
      const account = await integration('AR', type);
      const owed = neg(await balance(account));
      const collected = neg(await balance(account, { from, credits: true }));
      expect(cmp(owed, collected), `${type} ${account}: owed ${owed}, collected since ${from} ${collected}`).toBeLessThanOrEqual(0);
    }
  });

  it('remit source deductions: the payroll liabilities hold at most the current remitting period', async () => {
    const from = await currentPeriodStart();
    for (const type of ['DEDUCTIONS', 'PENSION-PAYABLE', 'EI-PAYABLE', 'TAX-PAYABLE', 'QPIP-PAYABLE', 'UNION-PAYABLE', 'WSIB-PAYABLE']) {
      const account = await integration('PR', type);
      const owed = neg(await balance(account));
      const withheld = neg(await balance(account, { from, credits: true }));
      expect(cmp(owed, withheld), `${type} ${account}: owed ${owed}, withheld since ${from} ${withheld}`).toBeLessThanOrEqual(0);
    }
  });

  it('keep A/R and A/P equal to their control accounts and within a quarter of invoices', async () => {
    const quarter = daysBefore(92);
    const arControl = await balance(await integration('AR', 'RECEIVABLE'));
    const arItems = (await db().selectFrom('ar_items').select(['item_type', 'document_date', 'amount', 'open_balance']).execute()) as Row[];
    expect(sum(arItems.map((row) => money(row.open_balance)), 2)).toBe(arControl);
    const sales = arItems.filter((row) => row.item_type === 'Invoice' && String(row.document_date) >= quarter).reduce<Decimal>((total, row) => add(total, money(row.amount)), '0.00');
    expect(cmp(arControl, sales), `A/R ${arControl}, invoiced in 92 days ${sales}`).toBeLessThanOrEqual(0);

    const apControl = neg(await balance(await integration('AP', 'PAYABLE')));
    const apItems = (await db().selectFrom('ap_items').select(['item_type', 'document_date', 'amount', 'open_balance']).execute()) as Row[];
    expect(sum(apItems.map((row) => money(row.open_balance)), 2)).toBe(apControl);
    const purchases = apItems.filter((row) => row.item_type === 'Invoice' && String(row.document_date) >= quarter).reduce<Decimal>((total, row) => add(total, money(row.amount)), '0.00');
    expect(cmp(apControl, purchases), `A/P ${apControl}, billed in 92 days ${purchases}`).toBeLessThanOrEqual(0);
  });
});
