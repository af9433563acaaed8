/**
 * The AR account statement ready to mail (issue 21 item 10, AR-08): on each customer's statement the §3
 * letterhead, the customer's bill-to address, the aging summary (current plus the aged trial balance's
 * buckets, 30 days by due date) and, at the foot of the customer's last page, the remittance stub (customer,
 * statement date, amount due, an "amount enclosed" box) — in English and French.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postArItem } from './posted-item.ts';
import type { TestServer } from '../../../server/test/helpers/app.ts';
import { inLanguage, signedInServer } from '../../../server/test/helpers/api.ts';
import { call } from '../../../server/test/helpers/entities.ts';
import { pdfText } from '../../../server/test/helpers/pdf-text.ts';

let server: TestServer;
let admin: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;

const AS_OF = '2026-10-31';

/** An invoice (+) or a receipt (−) with its posting, Dr/Cr receivables. */
async function item(firmId: string, itemType: 'Invoice' | 'Receipt', documentNo: string, date: string, amount: string, dueDate = date) {
  const origin = { type: 'ar-statement-test', id: documentNo };
  const other = itemType === 'Invoice' ? '4100' : '1000';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  await db.transaction().execute((trx: any) => postArItem(trx, { firmId, itemType, documentNo, documentDate: date, dueDate, amount, origin, userId: 'admin' }, other, documentNo));
}

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  // B100 as of 2026-10-31: current 500.00, period 1 (16 days) 200.00 − 250.00 (a receipt 11 days old),
  // period 5 (122 days) 1,000.00; amount due 1,450.00.
  await item('B100', 'Invoice', 'S-INV-1', '2026-06-01', '1000.00', '2026-07-01');
  await item('B100', 'Invoice', 'S-INV-2', '2026-10-01', '500.00', '2026-10-31');
  await item('B100', 'Invoice', 'S-INV-3', '2026-09-15', '200.00', '2026-10-15');
  await item('B100', 'Receipt', 'S-RC-1', '2026-10-20', '-250.00');
  // B200: period 8 (259 days) 75.25.
  await item('B200', 'Invoice', 'S-INV-5', '2026-01-15', '75.25', '2026-02-14');
});

afterAll(() => server?.stop());

const asLanguage = <T>(language: string, action: () => Promise<T>) => inLanguage(db, language, action);

const statement = (parameters: Record<string, unknown>) => call(server.app, 'POST', '/api/reports/ar-account-statement/pdf', admin, { Parameters: { StatementDate: AS_OF, ...parameters } });
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the account statement ready to mail (issue 21 item 10)', () => {
  it('has the letterhead, the bill-to address, the aging summary and the remittance stub', async () => {
    const response = await statement({ CustomerId: 'B100' });
    expect(response.statusCode).toBe(200);
    const pages = (await pdfText(response.rawPayload)).split('\n').map(spaced);
    const text = pages.join('\n');
    // Letterhead: the default company's name and address.
    expect(pages[0]).toContain('Novus Metals & Electrical Supply Inc.');
    expect(pages[0]).toContain('200 Queens Quay W, Suite 1400');
    // The customer's bill-to address.
    expect(text).toMatch(/Bill to\s+Customer: B100\s+Northshore Metals Ltd\.\s+Statement date: Oct 31, 2026\s+1450 Burlington St E\s+Hamilton ON L8H 3L3/);
    // The aging summary: the buckets' labels, then each bucket's figure in its place.
    expect(text).toMatch(/Aging summary\s+Current\s+1–30 days\s+31–60 days\s+61–90 days\s+91–120 days\s+121–150 days\s+151–180 days\s+181–210 days\s+Over 210 days/);
    expect(text).toMatch(/Over 210 days\s+500\.00\s+-50\.00\s+0\.00\s+0\.00\s+0\.00\s+1,000\.00\s+0\.00\s+0\.00\s+0\.00/);
    // The remittance stub at the foot of the last page.
    const last = pages.at(-1)!;
    expect(last).toMatch(/Remittance — please return this part with your payment\s+Customer\s+B100 — Northshore Metals Ltd\.\s+Statement date\s+Oct 31, 2026\s+Amount due\s+1,450\.00\s+Amount enclosed/);
    // A statement is a document, not a report: no batch totals after the stub.
    expect(text).not.toContain('Report totals');
  });

  it('gives every customer of the batch their own statement, each with its stub and aging', async () => {
    const response = await statement({});
    expect(response.statusCode).toBe(200);
    const pages = (await pdfText(response.rawPayload)).split('\n').map(spaced);
    const laurentian = pages.filter((page) => page.includes('Customer: B200'));
    expect(laurentian).toHaveLength(1);
    expect(laurentian[0]).toContain('2200 boul. Industriel');
    expect(laurentian[0]).toMatch(/Over 210 days\s+0\.00\s+0\.00\s+0\.00\s+0\.00\s+0\.00\s+0\.00\s+0\.00\s+0\.00\s+75\.25/);
    expect(laurentian[0]).toMatch(/Amount due\s+75\.25\s+Amount enclosed/);
    expect(pages.filter((page) => page.includes('Amount enclosed'))).toHaveLength(2);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
  });

  it('is in the user’s language', async () => {
    const response = await asLanguage('fr-CA', () => statement({ CustomerId: 'B100' }));
    const text = spaced(await pdfText(response.rawPayload));
    expect(text).toContain('Facturer à');
    expect(text).toContain('Client : B100');
    expect(text).toContain('Date du relevé : 31 oct. 2026');
    expect(text).toContain('Sommaire chronologique');
    expect(text).toMatch(/Montant dû\s+1 450,00\s+Montant joint/);
    expect(text).not.toMatch(/Amount|Aging|Bill to/);
  });
});
