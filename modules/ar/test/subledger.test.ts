/**
 * The AR subledger core (issue 14, CONTRACT-14; modules/ar/server/subledger.ts) on SQLite and PostgreSQL:
 * items with signed amounts and open balances, applications with the §5 "Payment plus discount cannot
 * exceed the balance." rule (spec text), the credit's remaining, the same-firm open-invoice rule, statuses,
 * and the GL integration account lookup with §8 "An account entered is not valid.".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import { addArItem, applyArItem, arAccount, arItem } from '../server/subledger.ts';
import { startServer, type TestServer } from '../../../server/test/helpers/app.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const tx = <T>(work: (trx: any) => Promise<T>) => server.app.erp.database.db.transaction().execute(work);

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof BusinessError) return messageIn('en-CA', error.issues[0]!.key, error.issues[0]!.params ?? {});
    throw error;
  }
  throw new Error('not refused');
}

const base = { documentDate: '2031-03-01', origin: { type: 'test', id: '1' }, userId: 'admin' };

describe('AR subledger core', () => {
  it('adds items and applies a credit to an invoice, closing both when fully applied', async () => {
    const invoice = await tx((trx) => addArItem(trx, { ...base, firmId: 'B100', itemType: 'Invoice', documentNo: 'T-INV-1', dueDate: '2031-03-31', discountDate: '2031-03-10', discountAvailable: '2.00', amount: '113.00' }));
    const receipt = await tx((trx) => addArItem(trx, { ...base, firmId: 'B100', itemType: 'Receipt', documentNo: 'T-RC-1', amount: '-150.00' }));
    const before = await tx((trx) => arItem(trx, invoice));
    expect(before).toMatchObject({ itemType: 'Invoice', amount: '113.00', openBalance: '113.00', status: 'Open', dueDate: '2031-03-31', discountAvailable: '2.00' });

    expect(await refusal(tx((trx) => applyArItem(trx, { ...base, fromItemId: receipt, toItemId: invoice, date: '2031-03-05', amount: '112.00', discount: '2.00' })))).toBe(
      'Payment plus discount cannot exceed the balance.',
    );
    const id = await tx((trx) => applyArItem(trx, { ...base, fromItemId: receipt, toItemId: invoice, date: '2031-03-05', amount: '111.00', discount: '2.00' }));
    expect(id).toBeGreaterThan(0);
    expect(await tx((trx) => arItem(trx, invoice))).toMatchObject({ openBalance: '0.00', status: 'Closed' });
    expect(await tx((trx) => arItem(trx, receipt))).toMatchObject({ openBalance: '-39.00', status: 'Open' });
    // A closed invoice takes no more.
    expect(await refusal(tx((trx) => applyArItem(trx, { ...base, fromItemId: receipt, toItemId: invoice, date: '2031-03-05', amount: '1.00', discount: '0.00' })))).toMatch(/open invoice/);
  });

  it("refuses more than the credit's remaining, another firm's invoice, and rolls back", async () => {
    const invoice = await tx((trx) => addArItem(trx, { ...base, firmId: 'B100', itemType: 'Invoice', documentNo: 'T-INV-2', amount: '500.00' }));
    const other = await tx((trx) => addArItem(trx, { ...base, firmId: 'B200', itemType: 'Invoice', documentNo: 'T-INV-3', amount: '500.00' }));
    const credit = await tx((trx) => addArItem(trx, { ...base, firmId: 'B100', itemType: 'CreditNote', documentNo: 'T-CN-1', amount: '-50.00' }));
    expect(await refusal(tx((trx) => applyArItem(trx, { ...base, fromItemId: credit, toItemId: invoice, date: '2031-03-05', amount: '50.01', discount: '0.00' })))).toMatch(/credit remaining/);
    expect(await refusal(tx((trx) => applyArItem(trx, { ...base, fromItemId: credit, toItemId: other, date: '2031-03-05', amount: '10.00', discount: '0.00' })))).toMatch(/open invoice/);
    expect(await tx((trx) => arItem(trx, invoice))).toMatchObject({ openBalance: '500.00' });
    await tx((trx) => applyArItem(trx, { ...base, fromItemId: credit, toItemId: invoice, date: '2031-03-05', amount: '50.00', discount: '0.00' }));
    expect(await tx((trx) => arItem(trx, invoice))).toMatchObject({ openBalance: '450.00', status: 'Open' });
    expect(await tx((trx) => arItem(trx, credit))).toMatchObject({ openBalance: '0.00', status: 'Closed' });
  });

  it('reads the GL integration accounts of AR and refuses a missing one', async () => {
    expect(await tx((trx) => arAccount(trx, 'RECEIVABLE'))).toBe('1100');
    expect(await refusal(tx((trx) => arAccount(trx, 'NO-SUCH-TYPE')))).toBe('An account entered is not valid.');
  });
});
