/**
 * Issue 71 item 2, Cash Receipts' bank default (SQLite and PostgreSQL): a new receipt takes the bank the user
 * deposited their last receipt to, else the company's deposit bank (the one bank on A/R's RECEIPT-BANK account),
 * else the only bank of the home currency; and today's date. The form asks POST /api/defaults/cash-receipt
 * ('new'); a save without a bank takes the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { apiAs, signedInServer } from '../../../server/test/helpers/api.ts';

let server: TestServer;
let admin: string;
const { post, json, created } = apiAs(() => server, () => admin);

const newReceipt = async () => json(await post('/api/defaults/cash-receipt', { Field: 'new', Values: {} })).Data;

beforeAll(async () => ({ server, tokens: { admin } } = await signedInServer('admin')));
afterAll(() => server?.stop());

describe("a new cash receipt's bank (issue 71 item 2)", () => {
  it("is the company's deposit bank, then the user's last one; the date is today", async () => {
    // Another bank in Canadian dollars beside the demo's operating account: the deposit account still decides.
    await created('/api/data/bank-account', { BankAccountId: 'LOCKBOX', Name: 'Lockbox deposits', CurrencyCode: 'CAD', GlAccountId: '1050', EftStatus: 'Inactive' });
    const first = await newReceipt();
    expect(first).toEqual({ BankAccountId: 'OPERATING', ReceiptDate: new Date().toISOString().slice(0, 10) });

    // Saved without a bank, a receipt takes the same default.
    const saved = await created('/api/data/cash-receipt', { FirmId: 'B100', ReceiptDate: '2025-06-10', Amount: '10.00', Unapplied: '10.00', Lines: [] });
    expect(saved.BankAccountId).toBe('OPERATING');

    // The user's last deposit is their next receipt's bank.
    await created('/api/data/cash-receipt', { FirmId: 'B100', BankAccountId: 'LOCKBOX', ReceiptDate: '2025-06-11', Amount: '12.00', Unapplied: '12.00', Lines: [] });
    expect((await newReceipt()).BankAccountId).toBe('LOCKBOX');
  });
});
