/**
 * Demo AR invoices (issue 14 item 6), only with `demoLedger` and only while ar_invoices is empty: a few
 * hundred posted invoices and some credit notes for B100, B200 and the generated demo bill-to firms, dated
 * from January 2025 (the GL demo's first month: its revenue and HST payable come from these) to
 * 2026-10-31 (the GL demo's last month), so the recent ones fall in every aging bucket, each through the same pricing
 * and posting as a user's (rules.ts `createPostedInvoice`: taxes of the ship-to's province, the posting
 * service with source AR, the AR item). Deterministic: the same data on every new database.
 * Runs after the GL demo (which creates the 2025 and 2026 periods); dates outside an open period are skipped.
 */
import { addDays } from '../../../definitions/setup/index.ts';
import { engineOf } from '@erp/server/db/decimal-codec';
import { createPostedInvoice, pricingMemo } from './rules.ts';
import type { SeedDb } from '@erp/server/db/migration-db';

const ACTOR = 'seed';
/** The demo invoices' dates: the GL demo's months (2025-01 … 2026-10; November and December 2026 stay empty). */
export const DEMO_INVOICES_START = '2025-01-06';
export const DEMO_INVOICES_END = '2026-10-31';
export const DEMO_INVOICE_COUNT = 300;

const PRODUCTS: readonly [string, string, string][] = [
  ['Hot-rolled steel sheet 10 ga, 4 x 8', '4100', '186.50'],
  ['Galvanized coil 20 ga (cwt)', '4100', '92.40'],
  ['Structural angle 3 x 3 x 1/4, 20 ft', '4100', '148.75'],
  ['Aluminum plate 6061 1/4 in', '4100', '412.00'],
  ['THHN copper wire 12 AWG, 500 ft', '4200', '118.90'],
  ['Load centre 200 A, 40 circuits', '4200', '264.35'],
  ['LED high-bay fixture 150 W', '4200', '189.00'],
  ['Freight and delivery', '4300', '85.00'],
];

function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    state ^= state >>> 13;
    return (state >>> 0) / 4294967296;
  };
}

async function openArPeriod(db: SeedDb, date: string): Promise<boolean> {
  const row = (await db.selectFrom('fiscal_periods').select(['closed_ar']).where('start_date', '<=', date).where('end_date', '>=', date).executeTakeFirst()) as { closed_ar: unknown } | undefined;
  return !!row && !(row.closed_ar === true || row.closed_ar === 1);
}

export async function seedArInvoices(db: SeedDb): Promise<void> {
  const any = await db.selectFrom('ar_invoices').select('invoice_id').limit(1).executeTakeFirst();
  if (any) return;
  const integration = await db.selectFrom('gl_integration').select('account_id').where('sub_ledger', '=', 'AR').where('transaction_type', '=', 'RECEIVABLE').executeTakeFirst();
  if (!integration) return;
  const yes = engineOf(db) === 'postgres' ? true : 1;
  // Customers: B100 and B200 (most documents), then active generated bill-to firms.
  const generated = (await db
    .selectFrom('firms')
    .select('firm_id')
    .where('is_bill_to', '=', yes)
    .where('is_active', '=', yes)
    .where('firm_id', 'like', 'F%')
    .orderBy('firm_id')
    .limit(40)
    .execute()) as { firm_id: string }[];
  const customers = ['B100', 'B200', ...generated.map((row) => row.firm_id)];
  const shipTos = (await db.selectFrom('firms').select(['firm_id', 'bill_to_id']).where('bill_to_id', 'in', customers).execute()) as { firm_id: string; bill_to_id: string }[];
  const random = generator(14014);
  const span = Math.round((Date.parse(DEMO_INVOICES_END) - Date.parse(DEMO_INVOICES_START)) / 86400000);
  const plans: { date: string; billToId: string; shipToId: string | null; lines: { Description: string; AccountId: string; Quantity: string; UnitPrice: string }[] }[] = [];
  for (let n = 0; n < DEMO_INVOICE_COUNT; n++) {
    const date = addDays(DEMO_INVOICES_START, Math.floor((n * span) / (DEMO_INVOICE_COUNT - 1)));
    const pick = random();
    const billToId = pick < 0.3 ? 'B100' : pick < 0.55 ? 'B200' : customers[2 + Math.floor(random() * Math.max(1, customers.length - 2))] ?? 'B100';
    const sites = shipTos.filter((row) => row.bill_to_id === billToId);
    const shipToId = sites.length > 0 && random() < 0.6 ? sites[Math.floor(random() * sites.length)]!.firm_id : null;
    const count = 1 + Math.floor(random() * 4);
    const lines = Array.from({ length: count }, () => {
      const [description, account, price] = PRODUCTS[Math.floor(random() * PRODUCTS.length)]!;
      return { Description: description, AccountId: account, Quantity: String(1 + Math.floor(random() * 40)), UnitPrice: price };
    });
    plans.push({ date, billToId, shipToId, lines });
  }
  await db.transaction().execute(async (trx) => {
    const memo = pricingMemo();
    const open = new Map<string, boolean>();
    for (const [index, plan] of plans.entries()) {
      const month = plan.date.slice(0, 7);
      if (!open.has(month)) open.set(month, await openArPeriod(trx, plan.date));
      if (!open.get(month)) continue;
      try {
        await createPostedInvoice(trx, { date: plan.date, billToId: plan.billToId, shipToId: plan.shipToId, reference: `PO-${41000 + index}`, lines: plan.lines }, ACTOR, memo);
      } catch (error) {
        // A customer a user made inactive (Bill To is invalid) is left out; anything else is a bug.
        if ((error as { name?: string }).name !== 'BusinessError') throw error;
        continue;
      }
      // Every 25th: a credit note for a returned item (an unapplied credit until a receipt applies it).
      if (index % 25 === 12) {
        await createPostedInvoice(trx, { documentType: 'CreditNote', date: plan.date, billToId: plan.billToId, shipToId: plan.shipToId, reference: `RMA-${index}`, description: 'Returned material', lines: [plan.lines[0]!] }, ACTOR, memo);
      }
    }
  });
}
