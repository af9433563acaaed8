/**
 * Control accounts for every source (issue 22 item 6; ledger/control-accounts.ts), on SQLite and PostgreSQL,
 * with the demo chart and GL integration: an account a sub-ledger owns — A/R's receivables (registered by the
 * A/R module), Inventory Control's inventory accounts (INVENTORY-*, a product class's own key) and
 * received-not-invoiced (registered by the IC and PO modules), A/P's flagged payables (named by its integration) —
 * takes postings from that sub-ledger only, whatever the source: a journal entry, a bank-reconciliation adjustment,
 * another sub-ledger, or a user-entered line of its own sub-ledger is refused with "posted through its
 * sub-ledger"; the owner's own postings go through. Received-not-invoiced has its own account, 2110 (issue 39
 * item 4), so 2300 Accrued liabilities takes an accountant's month-end accrual.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError } from '@erp/server/entities/call-result';
import { post as postToLedger, type PostingLine } from '../server/ledger/posting.ts';
import type { Source } from '../server/ledger/types.ts';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { signedInServer } from '../../../server/test/helpers/api.ts';
import { call } from '../../../server/test/helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const post = (url: string, body: unknown) => call(server.app, 'POST', url, admin, body);
const ledgerDb = () => server.app.erp.database.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const YEAR = 2081;
const DATE = `${YEAR}-04-15`;
let serial = 0;

async function journalEntry(account: string): Promise<{ statusCode: number; json(): Json }> {
  const created = await post('/api/data/gl-journal-entry', { EntryDate: DATE, Description: 'Control test', Lines: [{ AccountId: account, Debit: '5.00' }, { AccountId: '6600', Credit: '5.00' }] });
  expect(created.statusCode, created.body).toBe(201);
  const entry = created.json().Data;
  return post(`/api/data/gl-journal-entry/${entry.EntryId}/actions/post`, { Version: entry.Version });
}

/** A posting as a sub-ledger makes it, straight through the posting service: the refusal's message key, or null. */
async function posting(source: Source, lines: PostingLine[]): Promise<{ key: string; params: Record<string, unknown> } | null> {
  serial += 1;
  try {
    await ledgerDb().transaction().execute((trx) =>
      postToLedger(trx, { source, subLedger: 'gl', dataType: 'Actual', date: DATE, documentNo: `CT${serial}`, origin: { type: 'test', id: String(serial) }, lines, userId: 'admin' }),
    );
    return null;
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    return { key: error.issues[0]!.key, params: error.issues[0]!.params ?? {} };
  }
}

const pair = (account: string, other = '6600', entered = false): PostingLine[] => [
  { accountId: account, amount: '7.00', enteredAccount: entered },
  { accountId: other, amount: '-7.00' },
];

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  expect((await post('/api/data/accounting-period/fiscal-years', { FiscalYear: YEAR })).statusCode).toBe(201);
});

afterAll(() => server?.stop());

describe('control accounts are posted through their sub-ledger only', () => {
  it('refuses a journal entry on receivables, inventory, received-not-invoiced and payables, saying so', async () => {
    // Issue 21 items 5 and 6: the line's lookup (where IsControl false) refuses them at save already, saying
    // why (its whereKeys); the posting service's own refusal, naming the owner, is checked below.
    // Accounts flagged IsControl are refused at save; those only their owner's registry claims, at post.
    const flagged = new Set(['1100', '2100']);
    // 2110 is Purchasing's GRNI (issue 23), which receipts (IC) and A/P matching post.
    for (const [account, owner] of [['1100', 'AR'], ['1200', 'IC'], ['1210', 'IC'], ['2110', 'AP, IC, PO'], ['2100', 'AP']] as const) {
      const refused = flagged.has(account)
        ? await post('/api/data/gl-journal-entry', { EntryDate: DATE, Description: 'Control test', Lines: [{ AccountId: account, Debit: '5.00' }, { AccountId: '6600', Credit: '5.00' }] })
        : await journalEntry(account);
      expect(refused.statusCode, account).toBe(400);
      const only = flagged.has(account) ? 'only' : `(${owner}) only`;
      expect(refused.json().Message).toBe(`Account ${account} is a control account: it is posted through its sub-ledger ${only}.`);
      expect(refused.json().Data.Errors[0].field).toBe('Lines[0].AccountId');
    }
    expect((await journalEntry('1000')).statusCode).toBe(200);
  });

  it('keeps received-not-invoiced apart from accrued liabilities: 2300 takes a month-end accrual', async () => {
    const accounts = await ledgerDb().selectFrom('gl_accounts').select(['account_id', 'description', 'account_type', 'is_postable']).where('account_id', 'in', ['2110', '2300']).orderBy('account_id').execute();
    expect(accounts.map((row) => [row.account_id, row.description, row.account_type, Number(row.is_postable)])).toEqual([
      ['2110', 'Goods received not invoiced', 'liability', 1],
      ['2300', 'Accrued liabilities', 'liability', 1],
    ]);
    const grni = await ledgerDb().selectFrom('gl_integration').select(['sub_ledger', 'transaction_type']).where('account_id', '=', '2110').orderBy('sub_ledger').execute();
    expect(grni.map((row) => `${row.sub_ledger} ${row.transaction_type}`)).toEqual(['IC TICKET-PURCHASE', 'PO RECEIPT-ACCRUAL']);
    expect(await ledgerDb().selectFrom('gl_integration').select('transaction_type').where('account_id', '=', '2300').execute()).toEqual([]);
    const accrual = await journalEntry('2300');
    expect(accrual.statusCode, JSON.stringify(accrual.json())).toBe(200);
  });

  it('refuses a bank-reconciliation adjustment against the receivables control account', async () => {
    const bank = await post('/api/data/bank-account', { BankAccountId: 'CTLBANK', Name: 'Control test bank', CurrencyCode: 'CAD', GlAccountId: '1000', EftStatus: 'Inactive' });
    expect(bank.statusCode, bank.body).toBe(201);
    const refused = await post('/api/gl/bank-reconciliation/adjustments', { BankAccountId: 'CTLBANK', Date: DATE, Kind: 'returned', Amount: '20.00', AccountId: '1100' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe('Account 1100 is a control account: it is posted through its sub-ledger (AR) only.');
  });

  it('whatever the source: another sub-ledger is refused, the owner passes, a user-entered line of the owner is refused', async () => {
    expect(await posting('AR', pair('1200'))).toMatchObject({ key: 'gl:rules.controlAccount', params: { sources: 'IC' } });
    expect(await posting('IC', pair('1100'))).toMatchObject({ key: 'gl:rules.controlAccount', params: { sources: 'AR' } });
    expect(await posting('BK', pair('2100'))).toMatchObject({ key: 'gl:rules.controlAccount', params: { sources: 'AP' } });
    expect(await posting('AR', pair('1100'))).toBeNull();
    expect(await posting('IC', pair('1200'))).toBeNull();
    expect(await posting('IC', pair('2110'))).toBeNull();
    expect(await posting('PO', pair('2110'))).toBeNull();
    expect(await posting('AP', pair('2100'))).toBeNull();
    // An invoice's revenue line entered on the receivables account: A/R's own source, still refused.
    expect(await posting('AR', pair('1100', '6600', true))).toMatchObject({ key: 'gl:rules.controlAccount' });
  });

  it("a product class's own inventory key makes its account a control account of Inventory Control", async () => {
    expect((await post('/api/data/gl-account', { AccountId: '1230', Description: 'Coil stock', AccountType: 'asset' })).statusCode).toBe(201);
    expect((await journalEntry('1230')).statusCode).toBe(200);
    const integration = await post('/api/data/gl-integration', { SubLedger: 'IC', TransactionType: 'COIL-STOCK', Description: 'Coil stock', AccountId: '1230' });
    expect(integration.statusCode, integration.body).toBe(201);
    // Named by the integration only, not yet by a class: not a control account.
    expect((await journalEntry('1230')).statusCode).toBe(200);
    const productClass = await post('/api/data/product-class', { ClassId: 'COILS', Description: 'Coils', InventoryAccount: 'COIL-STOCK' });
    expect(productClass.statusCode, productClass.body).toBe(201);
    const refused = await journalEntry('1230');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe('Account 1230 is a control account: it is posted through its sub-ledger (IC) only.');
    expect(await posting('IC', pair('1230'))).toBeNull();
  });
});
