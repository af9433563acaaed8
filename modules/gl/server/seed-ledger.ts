/**
 * The GL module's demo data at start: the masters (seed.ts), then fiscal years 2025 and 2026 with twelve
 * monthly periods each, and — on an empty ledger only — 22 months of posted activity (2025-01 … 2026-10) of a
 * Canadian distributor, written through the one posting service (modules/gl/server/ledger/posting.ts) so journals,
 * entries and balances are exactly what a user's postings leave: an opening balance, then per month AP
 * purchases with input tax credits and payments, payroll, rent, utilities, fuel, bank charges and
 * depreciation. Every report then shows real figures; November and December 2026 are left empty for the
 * users' own entries. The customer invoices and receipts of those months are real AR documents with their
 * taxes (modules/ar/server/invoices/seed.ts, ar/receipts/seed.ts, issue 14), posted after this seed.
 *
 * Inventory (issue 15): nothing here posts to an inventory account of a product class (1200, 1210); their
 * balance comes only from stock movements (the demo tickets and work orders, ic/stock/seed.ts and
 * ic/production/seed.ts, through ic/stock/ledger.ts), so it equals the stock value. The opening balance
 * therefore holds no inventory (its former 275 000 of stock is in the bank line; the stock demo's Opening
 * receipts take the stock on against retained earnings: IC TICKET-OPENING in gl/seed.ts), and the monthly
 * vendor invoices are goods bought for the month's sales, charged to cost of goods sold (5100, 5200).
 *
 * Amounts are exact decimals (shared/src/decimal.ts): a month's figures come from a fixed base times a
 * deterministic factor, taxes are `mul(net, '0.13', 2)` (half-up per line), and every document balances by
 * construction (its last line is minus the sum of the others).
 *
 * Contract: each part fills only what is empty (periods: the year has none; entries: gl_entries is empty and
 * every demo account and period is there), in one transaction, so a second start changes nothing.
 */
import { add, mul, neg, sum, type Decimal } from '@erp/shared/decimal';
import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '@erp/server/db/decimal-codec';
import { post } from './ledger/posting.ts';
import type { PostingRequest } from './ledger/types.ts';
import { DEMO_CHART, seedGlMasters } from './seed.ts';
import { seedFinancialStatementFormats } from './financial-statements/seed.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTrx = Transaction<any>;

const ACTOR = 'seed';
export const DEMO_FISCAL_YEARS = [2025, 2026] as const;
/** The months that get activity: 2025-01 … 2026-10 (index 0 … 21). */
export const DEMO_MONTHS = 22;

const pad = (n: number) => String(n).padStart(2, '0');
const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** Twelve monthly periods of each demo fiscal year that has none. */
async function seedPeriods(trx: AnyTrx, now: string): Promise<boolean> {
  const flag = (value: boolean) => (engineOf(trx) === 'postgres' ? value : value ? 1 : 0);
  let filled = false;
  for (const year of DEMO_FISCAL_YEARS) {
    const existing = await trx.selectFrom('fiscal_periods').select('period_id').where('fiscal_year', '=', year).limit(1).executeTakeFirst();
    if (existing) continue;
    await trx
      .insertInto('fiscal_periods')
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          fiscal_year: year,
          period_no: index + 1,
          start_date: `${year}-${pad(index + 1)}-01`,
          end_date: monthEnd(year, index + 1),
          // Open for every sub-ledger: the modules' flags by their columns' default (false).
          closed_gl: flag(false),
          created_by: ACTOR,
          created_on: now,
          updated_by: ACTOR,
          updated_on: now,
          version: 1,
        })),
      )
      .execute();
    filled = true;
  }
  return filled;
}

/** A document's lines: [account, signed amount]…; the balancing line (last account) gets minus the rest. */
function balanced(lines: readonly (readonly [string, Decimal])[], balancingAccount: string): [string, Decimal][] {
  const total = sum(
    lines.map(([, amount]) => amount),
    2,
  );
  return [...lines.map(([account, amount]): [string, Decimal] => [account, amount]), [balancingAccount, neg(total)]];
}

/** The month's activity level: a fixed pattern (busier spring and autumn, a little growth in 2026). */
function factor(index: number): Decimal {
  const seasonal = ['0.82', '0.86', '1.04', '1.12', '1.18', '1.10', '0.94', '0.97', '1.15', '1.16', '1.02', '0.78'][index % 12]!;
  return index >= 12 ? mul(seasonal, '1.06', 4) : seasonal;
}

/** Every demo document, in date order. */
export function demoDocuments(): Omit<PostingRequest, 'userId' | 'dataType' | 'origin'>[] {
  const documents: Omit<PostingRequest, 'userId' | 'dataType' | 'origin'>[] = [];
  const line = (account: string, amount: Decimal) => [account, amount] as const;
  documents.push({
    source: 'GL',
    subLedger: 'gl',
    date: '2025-01-01',
    documentNo: 'DEMO-OPENING',
    description: 'Opening balances',
    lines: balanced(
      [line('1000', '525000.00'), line('1500', '120000.00'), line('1510', '-30000.00'), line('3100', '-100000.00')],
      '3200',
    ).map(([accountId, amount]) => ({ accountId, amount })),
  });
  for (let index = 0; index < DEMO_MONTHS; index++) {
    const year = 2025 + Math.floor(index / 12);
    const month = index % 12;
    const ym = `${year}-${pad(month + 1)}`;
    const f = factor(index);
    // About 71 % and 67 % of the AR demo's monthly steel and electrical sales (≈ 75 000 and 51 000).
    const buySteel = mul('51000.00', f, 2);
    const buyElectrical = mul('33000.00', f, 2);
    const itc = add(mul(buySteel, '0.13', 2), mul(buyElectrical, '0.13', 2));
    const billed = add(add(buySteel, buyElectrical), itc);
    const paid = mul(billed, '0.95', 2);
    const wages = index >= 12 ? '41800.00' : '39600.00';
    const deductions = mul(wages, '0.24', 2);
    const utilities = mul('1840.00', f, 2);
    const fuel = mul('3125.00', f, 2);
    const doc = (source: PostingRequest['source'], subLedger: PostingRequest['subLedger'], day: number, kind: string, description: string, lines: [string, Decimal][]) =>
      documents.push({
        source,
        subLedger,
        date: `${ym}-${pad(day)}`,
        documentNo: `DEMO-${ym}-${kind}`,
        description,
        lines: lines.map(([accountId, amount]) => ({ accountId, amount })),
      });
    // Bought for the month's sales and charged to cost of goods sold: the inventory accounts are the stock ledger's (issue 15).
    doc('AP', 'ap', 5, 'AP-INV', 'Vendor invoices for goods sold (steel mill, electrical wholesaler)', balanced([line('5100', buySteel), line('5200', buyElectrical), line('1310', itc)], '2100'));
    // Customer invoices: real AR invoices (modules/ar/server/invoices/seed.ts) replace the monthly AR-INV (issue 14).
    doc('PR', 'pr', 15, 'PAYROLL', 'Payroll', balanced([line('6100', wages), line('2310', neg(deductions))], '1000'));
    doc('AP', 'ap', 20, 'AP-PAY', 'Vendor payments', [['2100', paid], ['1000', neg(paid)]]);
    // Customer receipts: real cash receipts (modules/ar/server/receipts/seed.ts) replace the monthly AR-REC posting.
    doc(
      'GL',
      'gl',
      28,
      'EXPENSES',
      'Rent, utilities, fuel and bank charges',
      balanced([line('6200', '8500.00'), line('1310', '1105.00'), line('6300', utilities), line('6400', fuel), line('6600', '212.40')], '1000'),
    );
    const last = Number(monthEnd(year, month + 1).slice(8));
    doc('GL', 'gl', last, 'DEPRECIATION', 'Depreciation of equipment and vehicles', [['6700', '2000.00'], ['1510', '-2000.00']]);
  }
  return documents;
}

/** Posts the demo activity when the ledger is empty and every account and period it needs is there. */
async function seedEntries(trx: AnyTrx): Promise<boolean> {
  const any = await trx.selectFrom('gl_entries').select('entry_id').limit(1).executeTakeFirst();
  if (any) return false;
  const accounts = await trx.selectFrom('gl_accounts').select(sql<number>`count(*)`.as('n')).where('account_id', 'in', DEMO_CHART.map(([id]) => id)).executeTakeFirst();
  const periods = await trx.selectFrom('fiscal_periods').select(sql<number>`count(*)`.as('n')).where('fiscal_year', 'in', [...DEMO_FISCAL_YEARS]).executeTakeFirst();
  // Users changed the chart or the calendar: the demo would not post cleanly, so none is written.
  if (Number(accounts?.n) !== DEMO_CHART.length || Number(periods?.n) !== 12 * DEMO_FISCAL_YEARS.length) return false;
  for (const document of demoDocuments()) {
    await post(trx, { ...document, dataType: 'Actual', origin: { type: 'demo', id: document.documentNo }, userId: ACTOR });
  }
  return true;
}

/**
 * The GL demo data (called at every start by server/src/modules/index.ts); the posted activity only with
 * `demoLedger` (DEMO_LEDGER, on by default; the server tests turn it off unless they ask for it).
 */
export async function seedGl(db: AnyDb, config: { demoLedger: boolean } = { demoLedger: true }): Promise<void> {
  await seedGlMasters(db);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await seedPeriods(trx, now);
    if (config.demoLedger) await seedEntries(trx);
  });
  await seedFinancialStatementFormats(db, now);
}
