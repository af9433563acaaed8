/**
 * Payables demo data (issue 24 item 7). Setup, every start, each only while missing: the accounts A/P posts
 * beyond the GL demo chart (5350 purchase discounts taken, 5450 purchase price variance), their GL
 * integration rows (AP PRICE-VARIANCE, DISCOUNT-TAKEN), the match tolerance (configuration
 * AP_MATCH_TOLERANCE_PERCENT 1 %, AP_MATCH_TOLERANCE_AMOUNT $5 — SCREENS.md WP5 acceptance 2) and the demo
 * vendors' EFT details. With the demo ledger (and no A/P document yet): a card issuer, an employee, the fleet
 * card and the travel claim template; the GL demo's monthly payables adopted as the sub-ledger
 * (`adoptLedgerDemo`); vendor invoices matched to the purchasing demo's posted receipts (one at the PO price,
 * one within tolerance), non-PO invoices over the aging buckets, one credit note, a card charge and an expense
 * voucher, one printed payment run and one cancelled cheque — all through the same posting code as the
 * screens, so the aged trial balance equals the payables control account.
 */
import { add, cmp, isZero, mul, neg, round, sub } from '@erp/shared/decimal';
import { addDays } from '@erp/modules/ar/definitions/index';
import { decimalFromDb, engineOf } from '@erp/server/db/decimal-codec';
import type { SeedConfig } from '@erp/server/modules/part';
import type { Transaction } from 'kysely';
import type { SeedDb } from '@erp/server/db/migration-db';
import { apDb, type ApDatabase } from './tables.generated.ts';
import { apInvoice } from '../definitions/ap-invoice.ts';
import { apPaymentBatch } from '../documents/payment/definition.ts';
import { insertDocument } from '@erp/modules/po/server/api';
import { nextNumber } from '@erp/server/entities/numbering';
import { AP_BATCH_SEQUENCE, AP_INVOICE_SEQUENCE } from '../definitions/common.ts';
import { entityTransaction } from '@erp/server/entities/hooks';
import { apChequeHooks } from './cheques.ts';
import { loadReceipt, TOLERANCE_AMOUNT, TOLERANCE_PERCENT } from './invoices.ts';
import { createPostedDocument } from './vouchers.ts';
import { payRun, queue } from '../documents/payment/server/payments.ts';
import { addApItem, apAccount, applyApItem } from './subledger.ts';
import { balancedLines, demoDocument, demoMonths, postDemoDocuments } from '@erp/modules/gl/server/api';
import type { WireRecord } from '@erp/server/entities/hooks';

const ACTOR = 'seed';
const ACCOUNTS: readonly [string, string, string][] = [
  ['5350', 'Purchase discounts taken', 'expense'],
  ['5450', 'Purchase price variance', 'expense'],
];
const INTEGRATION: readonly [string, string, string][] = [
  ['PRICE-VARIANCE', 'Invoice price above or below the PO price', '5450'],
  ['DISCOUNT-TAKEN', 'Early-payment discounts taken', '5350'],
];
const VENDOR_BANKS: readonly [string, string, string, string][] = [
  ['V100', '001', '00011', '1234567'],
  ['V200', '815', '30045', '7654321'],
  ['V300', '003', '04410', '55500123'],
  ['V400', '004', '12345', '9988776'],
  ['V500', '010', '00910', '31415926'],
];

async function seedSetup(db: SeedDb, now: string): Promise<void> {
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  const chart = await db.selectFrom('gl_accounts').select('account_id').limit(1).executeTakeFirst();
  if (chart) {
    for (const [id, description, type] of ACCOUNTS) {
      if (await db.selectFrom('gl_accounts').select('account_id').where('account_id', '=', id).executeTakeFirst()) continue;
      await db.insertInto('gl_accounts').values({ account_id: id, description, account_type: type, currency_code: 'CAD', is_postable: 1, is_control: 0, is_active: 1, ...trail }).execute();
    }
    for (const [type, description, account] of INTEGRATION) {
      if (await db.selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'AP').where('transaction_type', '=', type).executeTakeFirst()) continue;
      await db.insertInto('gl_integration').values({ sub_ledger: 'AP', transaction_type: type, description, account_id: account, ...trail }).execute();
    }
  }
  for (const [id, value, description] of [
    [TOLERANCE_PERCENT, '1', 'Payables: invoice price tolerance, percent of the PO value'],
    [TOLERANCE_AMOUNT, '5', 'Payables: invoice price tolerance, amount'],
  ] as const) {
    if (!(await db.selectFrom('configurations').select('control_id').where('control_id', '=', id).executeTakeFirst())) {
      await db.insertInto('configurations').values({ control_id: id, control_value: value, description, ...trail }).execute();
    }
  }
  for (const [vendor, institution, transit, account] of VENDOR_BANKS) {
    if (!(await db.selectFrom('firms').select('firm_id').where('firm_id', '=', vendor).executeTakeFirst())) continue;
    if (!(await db.selectFrom('ap_vendor_banks').select('vendor_id').where('vendor_id', '=', vendor).executeTakeFirst())) {
      await db.insertInto('ap_vendor_banks').values({ vendor_id: vendor, institution, transit, account_no: account, ...trail }).execute();
    }
    // Their payables defaults: paid from the operating account, goods received in Ontario (ap-vendor-default).
    if (await db.selectFrom('ap_vendor_defaults').select('vendor_id').where('vendor_id', '=', vendor).executeTakeFirst()) continue;
    const bank = await db.selectFrom('bank_accounts').select('bank_account_id').where('bank_account_id', '=', 'OPERATING').executeTakeFirst();
    await db.insertInto('ap_vendor_defaults').values({ vendor_id: vendor, currency: 'CAD', ship_to_state: 'ON', bank_account_id: bank ? 'OPERATING' : null, ...trail }).execute();
  }
}

/** The demo ledger's masters: a card issuer, an employee, the fleet card and the travel claim template. */
async function seedDemoMasters(db: SeedDb, now: string): Promise<void> {
  const trail = { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
  // A card issuer and an employee who files expense claims: vendors (payees) of their own.
  for (const [id, name, terms] of [
    ['CARDCO', 'Northern Bank Card Services', 'NET30'],
    ['EMP-PAT', 'Pat Morin (employee)', 'NET15'],
  ] as const) {
    if (await db.selectFrom('firms').select('firm_id').where('firm_id', '=', id).executeTakeFirst()) continue;
    const known = await db.selectFrom('ar_account_terms').select('terms_code').where('terms_code', '=', terms).executeTakeFirst();
    await db.insertInto('firms').values({ firm_id: id, name, is_active: 1, is_bill_to: 0, is_ship_to: 0, is_vendor: 1, for_external_users: 0, is_sales_manager: 0, account_terms: known ? terms : null, province_code: 'ON', ...trail }).execute();
    await db.insertInto('firm_accounts').values({ firm_id: id, account_type: 'vendor', ...trail }).execute();
  }
  if (!(await db.selectFrom('ap_credit_cards').select('card_id').limit(1).executeTakeFirst())) {
    await db.insertInto('ap_credit_cards').values({ card_id: 'FLEET', description: 'Fleet fuel card', card_type: 'VISA', last4: '4242', holder_name: 'Novus Metals fleet', issuer_vendor_id: 'CARDCO', is_active: 1, ...trail }).execute();
  }
  if (!(await db.selectFrom('ap_expense_templates').select('template_id').limit(1).executeTakeFirst())) {
    await db.insertInto('ap_expense_templates').values({ template_id: 'TRAVEL', description: 'Travel and meals', is_active: 1, ...trail }).execute();
    const group = (await db.selectFrom('sales_tax_groups').select('group_id').where('group_id', '=', 'EXEMPT').executeTakeFirst()) ? 'EXEMPT' : null;
    await db
      .insertInto('ap_expense_template_columns')
      .values([
        { template_id: 'TRAVEL', column_no: 1, heading: 'Fuel and mileage', account_id: '6400', tax_group: null, ...trail },
        { template_id: 'TRAVEL', column_no: 2, heading: 'Meals', account_id: '6500', tax_group: group, ...trail },
        { template_id: 'TRAVEL', column_no: 3, heading: 'Supplies', account_id: '6500', tax_group: null, ...trail },
      ])
      .execute();
  }
}

/**
 * A/P's months of the demo ledger (issue 41: moved here from the G/L's), source AP: on the 5th the vendor invoices
 * of goods bought for the month's sales — about 71 % and 67 % of the AR demo's steel and electrical sales, charged
 * to cost of goods sold (the inventory accounts are the stock ledger's) with their input tax credits — and on the
 * 20th 95 % of them paid. `adoptLedgerDemo` then makes them the sub-ledger's items.
 */
function ledgerDemoDocuments() {
  return demoMonths().flatMap((month) => {
    const buySteel = mul('51000.00', month.factor, 2);
    const buyElectrical = mul('33000.00', month.factor, 2);
    const itc = add(mul(buySteel, '0.13', 2), mul(buyElectrical, '0.13', 2));
    const paid = mul(add(add(buySteel, buyElectrical), itc), '0.95', 2);
    return [
      demoDocument(month, 'AP', 'ap', 5, 'AP-INV', 'Vendor invoices for goods sold (steel mill, electrical wholesaler)', balancedLines([['5100', buySteel], ['5200', buyElectrical], ['1310', itc]], '2100')),
      demoDocument(month, 'AP', 'ap', 20, 'AP-PAY', 'Vendor payments', [['2100', paid], ['1000', neg(paid)]]),
    ];
  });
}

/** Writes and posts one A/P document as the screen would (vouchers.ts). */
function postDemo(trx: Transaction<ApDatabase>, input: WireRecord, now: string): Promise<WireRecord> {
  return createPostedDocument(trx, input, ACTOR, now);
}

/**
 * The demo ledger's monthly payables (the DEMO-…-AP-INV and DEMO-…-AP-PAY journals above, posted with source AP as
 * the G/L's demo once did) become the sub-ledger they stand for: each invoice line on the payables account an A/P
 * invoice of the steel mill V100 (no lines: its distribution is the GL demo's journal), each payment a payment
 * item applied to the oldest open invoices — nothing posted again, so the aged trial balance equals the
 * payables control account from the first demo month on.
 */
async function adoptLedgerDemo(trx: Transaction<ApDatabase>, bankId: string, now: string): Promise<void> {
  const vendor = await trx.selectFrom('firms').select('name').where('firm_id', '=', 'V100').executeTakeFirst();
  if (!vendor) return;
  const payable = await apAccount(trx, 'PAYABLE');
  const entries = await trx
    .selectFrom('gl_entries')
    .select(['document_no', 'entry_date', 'amount', 'journal_id'])
    .where('account_id', '=', payable)
    .where('document_no', 'like', 'DEMO-%')
    .orderBy('entry_date')
    .orderBy('entry_id')
    .execute();
  const open: { itemId: number; balance: string }[] = [];
  for (const entry of entries) {
    const amount = decimalFromDb(engineOf(trx), entry['amount'], 2) ?? '0.00';
    const date = String(entry['entry_date']);
    const documentNo = String(entry['document_no']);
    if (isZero(amount)) continue;
    if (cmp(amount, '0') < 0) {
      const owed = neg(amount);
      const written = await insertDocument(
        trx,
        apInvoice,
        {
          DocumentNo: await nextNumber(trx, AP_INVOICE_SEQUENCE, { prefix: 'AP', description: 'A/P documents' }),
          DocumentType: 'Invoice', Status: 'Posted', VendorId: 'V100', VendorName: vendor['name'], TransactionDate: date, DocDate: date, VendorDocNo: documentNo,
          Amount: owed, TermsCode: 'NET30', ShipToState: 'ON', BankAccountId: bankId, Currency: 'CAD', DueDate: addDays(date, 30), DiscountAvailable: '0.00',
          SubTotal: '0.00', TaxTotal: '0.00', Remaining: '0.00', Balance: owed, JournalId: Number(entry['journal_id']), Description: 'GL demo purchases', Lines: [],
        },
        ACTOR,
        now,
      );
      const itemId = await addApItem(trx, { firmId: 'V100', itemType: 'Invoice', documentNo: String(written['DocumentNo']), vendorDocNo: documentNo, documentDate: date, dueDate: addDays(date, 30), amount: owed, origin: { type: 'ap-invoice', id: String(written['InvoiceId']) }, journalId: Number(entry['journal_id']), userId: ACTOR });
      open.push({ itemId, balance: owed });
    } else {
      const paymentId = await addApItem(trx, { firmId: 'V100', itemType: 'Payment', documentNo, documentDate: date, amount: neg(amount), origin: { type: 'gl-demo', id: documentNo }, journalId: Number(entry['journal_id']), userId: ACTOR });
      let left = amount;
      while (!isZero(left) && open.length > 0) {
        const oldest = open[0]!;
        const applied = cmp(left, oldest.balance) < 0 ? left : oldest.balance;
        await applyApItem(trx, { fromItemId: paymentId, toItemId: oldest.itemId, date, amount: applied, discount: '0.00', origin: { type: 'gl-demo', id: documentNo }, userId: ACTOR });
        oldest.balance = sub(oldest.balance, applied);
        left = sub(left, applied);
        if (isZero(oldest.balance)) open.shift();
      }
    }
  }
}

async function seedDocuments(trx: Transaction<ApDatabase>, now: string): Promise<void> {
  // The latest six periods open for A/P that have started by today: the demo's documents are never in the future.
  const today = now.slice(0, 10);
  const periods = await trx
    .selectFrom('fiscal_periods')
    .select(['start_date', 'end_date'])
    .where('closed_ap', '=', 0 as never)
    .where('closed_gl', '=', 0 as never)
    .where('start_date', '<=', today)
    .orderBy('start_date', 'desc')
    .limit(6)
    .execute();
  if (periods.length === 0) return;
  const notAfterToday = (date: string) => (date > today ? today : date);
  const bank = await trx.selectFrom('bank_accounts').select('bank_account_id').where('currency_code', '=', 'CAD').orderBy('bank_account_id').limit(1).executeTakeFirst();
  if (!bank) return;
  const bankId = String(bank['bank_account_id']);
  await adoptLedgerDemo(trx, bankId, now);
  const base = { BankAccountId: bankId, TermsCode: 'NET30', ShipToState: 'ON' };
  // Invoices matched to the purchasing demo's posted receipts (the first three not yet invoiced); the later ones stay
  // to be invoiced — a clerk's Enter vendor invoice, and the records the generic pick test (server/test/pick-defaults)
  // offers for a vendor invoice's ReceiptId.
  const receipts = await trx.selectFrom('po_receipts').select(['receipt_id', 'receipt_date', 'vendor_id']).where('status', '=', 'Posted').orderBy('receipt_id').limit(3).execute();
  let n = 0;
  for (const receipt of receipts) {
    const loaded = await loadReceipt(trx, Number(receipt['receipt_id']));
    if (!loaded) continue;
    const date = notAfterToday(String(receipt['receipt_date']) > String(periods[periods.length - 1]!['start_date']) ? String(receipt['receipt_date']) : String(periods[periods.length - 1]!['start_date']));
    const province = await trx.selectFrom('firms').select('province_code').where('firm_id', '=', loaded.vendorId).executeTakeFirst();
    n++;
    // The second pays 0.5 % over the PO price: within the 1 % tolerance, a price variance.
    const lines = loaded.lines.map((line) => ({ ReceiptLineId: line.lineId, Quantity: sub(line.received, line.invoiced), UnitPrice: n === 2 ? round(mul(line.poPrice, '1.005', 6), 4) : line.poPrice }));
    await postDemo(trx, { ...base, ShipToState: String(province?.['province_code'] ?? 'ON'), VendorId: loaded.vendorId, ReceiptId: Number(receipt['receipt_id']), TransactionDate: date, DocDate: date, VendorDocNo: `INV-${loaded.receiptNo}`, Lines: lines }, now);
  }
  // Non-PO invoices over the aging buckets (rent, utilities, freight), and one credit note.
  const vendors = ['V400', 'V100', 'V300', 'V500', 'V200'];
  const expenses: [string, string, string][] = [
    ['6200', 'Warehouse rent', '4200.00'],
    ['6300', 'Hydro and gas', '812.40'],
    ['5300', 'Freight in', '655.00'],
    ['6500', 'Office supplies', '143.27'],
    ['6400', 'Fuel', '978.10'],
  ];
  for (let k = 0; k < 10; k++) {
    const period = periods[k % periods.length]!;
    const date = notAfterToday(String(period['start_date']).slice(0, 8) + String(5 + k).padStart(2, '0'));
    const [account, description, amount] = expenses[k % expenses.length]!;
    const vendor = vendors[k % vendors.length]!;
    if (!(await trx.selectFrom('firms').select('firm_id').where('firm_id', '=', vendor).executeTakeFirst())) continue;
    await postDemo(trx, { ...base, VendorId: vendor, TransactionDate: date, DocDate: date, VendorDocNo: `B-${2600 + k}`, Description: description, Lines: [{ AccountId: account, Description: description, Quantity: '1.0000', UnitPrice: amount }] }, now);
  }
  const creditDate = String(periods[0]!['start_date']);
  await postDemo(trx, { ...base, VendorId: 'V400', DocumentType: 'CreditNote', TransactionDate: creditDate, DocDate: creditDate, VendorDocNo: 'CR-88', Description: 'Returned fittings', Lines: [{ AccountId: '6500', Description: 'Returned fittings', Quantity: '1.0000', UnitPrice: '120.00' }] }, now);

  // A fleet-card charge (the issuer's payable) and an expense claim (the employee's voucher), posted as the screens post them.
  const last = notAfterToday(String(periods[0]!['start_date']).slice(0, 8) + '03');
  if (await trx.selectFrom('firms').select('firm_id').where('firm_id', '=', 'CARDCO').executeTakeFirst()) {
    await postDemo(trx, { ...base, VendorId: 'CARDCO', TransactionDate: last, DocDate: last, VendorDocNo: 'CC4242-DEMO-1', Description: 'Petro station fuel (fleet card)', Lines: [{ AccountId: '6400', Description: 'Fuel', Quantity: '1.0000', UnitPrice: '312.45' }] }, now);
    await postDemo(trx, { ...base, VendorId: 'EMP-PAT', TermsCode: 'NET15', TransactionDate: last, DocDate: last, VendorDocNo: 'EX-DEMO-1', Description: 'Expense report: customer visits', Lines: [{ AccountId: '6400', Description: 'Mileage', Quantity: '1.0000', UnitPrice: '86.40' }, { AccountId: '6500', Description: 'Meals', Quantity: '1.0000', UnitPrice: '54.10' }] }, now);
  }

  // One printed payment run of what is due two periods ago, and its first cheque cancelled.
  const payDate = String(periods[Math.min(1, periods.length - 1)]!['start_date']);
  const lines = await queue(trx, { BatchId: 0, BankAccountId: bankId, PayThroughDate: payDate, PaymentDate: payDate });
  if (lines.length === 0) return;
  const batchNo = await nextNumber(trx, AP_BATCH_SEQUENCE, { prefix: 'PAY', description: 'A/P payment runs' });
  const total = lines.reduce<string>((sum, line) => add(sum, String(line['Payment'])), '0.00');
  const discounts = lines.reduce<string>((sum, line) => add(sum, String(line['Discount'])), '0.00');
  const batch = await insertDocument(trx, apPaymentBatch, { BatchNo: batchNo, Total: total, DiscountTotal: discounts, Status: 'Approved', BankAccountId: bankId, PaymentMethod: 'Cheque', PayThroughDate: payDate, PaymentDate: payDate, Lines: lines }, ACTOR, now);
  const paid = await payRun(trx, batch, null, ACTOR);
  await trx.updateTable('ap_payment_batches').set({ status: 'Printed', first_cheque_no: paid.first, last_cheque_no: paid.last }).where('batch_id', '=', Number(batch['BatchId'])).execute();
  const cheque = await trx.selectFrom('ap_cheques').selectAll().where('batch_id', '=', Number(batch['BatchId'])).orderBy('cheque_no').limit(1).executeTakeFirst();
  if (cheque && today >= String(cheque['payment_date'])) {
    const record = { ChequeId: cheque['cheque_id'], ChequeNo: cheque['cheque_no'], VendorId: cheque['vendor_id'], PaymentDate: cheque['payment_date'] };
    const outcome = await apChequeHooks.actions!['cancel']!.effect!({ user: { userId: ACTOR } } as never, { trx: entityTransaction(trx), record, body: { CancelDate: payDate, CancelReason: 'Spoiled in the printer' }, confirmations: new Set(), now });
    await trx.updateTable('ap_cheques').set({ status: 'Cancelled', cancel_date: payDate, cancel_reason: 'Spoiled in the printer', cancel_journal_id: (outcome as { set: WireRecord }).set['CancelJournalId'] as number }).where('cheque_id', '=', Number(cheque['cheque_id'])).execute();
  }

}

export async function seedPayables(db: SeedDb, config: SeedConfig, now: string = new Date().toISOString()): Promise<void> {
  await seedSetup(db, now);
  if (!config.demoLedger) return;
  await postDemoDocuments(db, ledgerDemoDocuments());
  await seedDemoMasters(db, now);
  if (await db.selectFrom('ap_invoices').select('invoice_id').limit(1).executeTakeFirst()) return;
  await db.transaction().execute((trx) => seedDocuments(apDb(trx), now));
}
