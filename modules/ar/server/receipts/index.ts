/**
 * Cash receipts and applications — server side, owned by h14c (issue 14 item 3): entity hooks (rules that need the database) and demo data of
 * this part. The module's index (../index.ts) runs every part.
 * - receipt.ts: `cash-receipt` (save rules, auto-apply, post); credit-application.ts: `ar-credit-application`;
 *   write-off.ts: `ar-write-off` (issue 22 item 7);
 * - applications.ts: what both share (lines against open invoices, §6, bill-to); seed.ts: demo receipts.
 */
import type { ModulePart } from '@erp/server/modules/part';
import { creditApplicationHooks } from './credit-application.ts';
import { cashReceiptHooks } from './receipt.ts';
import { writeOffHooks } from './write-off.ts';
import { seedReceipts } from './seed.ts';

export const AR_RECEIPT_PART: ModulePart = {
  hooks: { 'cash-receipt': cashReceiptHooks, 'ar-credit-application': creditApplicationHooks, 'ar-write-off': writeOffHooks },
  seed: seedReceipts,
};
