/**
 * An A/R item as the invoicing or the cash desk leaves it, written straight through the services for tests that
 * need open items without the documents: its journal (receivables, 1100, for the item's signed amount against
 * `other`) and its open item carrying that journal.
 */
import { mul, neg, type Decimal } from '@erp/shared/decimal';
import { post } from '@erp/modules/gl/server/api';
import { addArItem, type NewArItem } from '../server/subledger.ts';

export const RECEIVABLE = '1100';

/** Posts `item` (Dr/Cr receivables against `other`) in `trx` and adds it; answers the item's id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function postArItem(trx: any, item: Omit<NewArItem, 'journalId'>, other: string, description?: string): Promise<number> {
  const { journalId } = await post(trx, {
    source: 'AR',
    subLedger: 'ar',
    dataType: 'Actual',
    date: item.documentDate,
    documentNo: item.documentNo,
    ...(description === undefined ? {} : { description }),
    origin: item.origin,
    lines: [
      { accountId: RECEIVABLE, amount: item.amount },
      { accountId: other, amount: neg(item.amount) },
    ],
    userId: item.userId,
  });
  return addArItem(trx, { ...item, journalId });
}

export interface TestInvoiceOptions {
  date: string;
  discount?: Decimal;
  discountDate?: string;
  currency?: string;
  /** A foreign invoice (issue 22 item 8): `amount` is in `currency`; it posts its home amount at this rate. */
  rate?: Decimal;
}

/** An open, posted invoice (Dr 1100 / Cr 4100) of `firm` numbered `documentNo`, due on its date, in a transaction of its own. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function postTestInvoice(db: any, firm: string, documentNo: string, amount: Decimal, options: TestInvoiceOptions): Promise<void> {
  const home = options.rate ? mul(amount, options.rate, 2) : amount;
  const item: Omit<NewArItem, 'journalId'> = {
    firmId: firm,
    itemType: 'Invoice',
    documentNo,
    documentDate: options.date,
    dueDate: options.date,
    discountDate: options.discountDate ?? null,
    discountAvailable: options.discount ?? '0.00',
    currency: options.currency ?? 'CAD',
    amount: home,
    foreign: options.rate ? { amount, rate: options.rate } : null,
    origin: { type: 'test-invoice', id: documentNo },
    userId: 'test',
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  await db.transaction().execute((trx: any) => postArItem(trx, item, '4100'));
}
