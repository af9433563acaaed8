/**
 * The GL module's demo data at start: the masters (seed.ts), then fiscal years 2025 and 2026 with twelve
 * monthly periods each, and — on an empty ledger only — 22 months of posted activity (2025-01 … 2026-10) of a
 * Canadian distributor, written through the one posting service (modules/gl/server/ledger/posting.ts) so journals,
 * entries and balances are exactly what a user's postings leave: an opening balance, then per month rent,
 * utilities, fuel, bank charges and depreciation; the modules add theirs (A/P's purchases and payments, payroll:
 * `postDemoDocuments`, issue 41). Every report then shows real figures; November and December 2026 are left empty for the
 * users' own entries. The customer invoices and receipts of those months are real AR documents with their
 * taxes (modules/ar/documents/invoice/server/seed.ts, ar/receipts/seed.ts, issue 14), posted after this seed.
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
import { mul, neg, sum, type Decimal } from '@erp/shared/decimal';
import { sql, type Transaction } from 'kysely';
import { engineOf } from '@erp/server/db/decimal-codec';
import { post } from './ledger/posting.ts';
import type { PostingRequest } from './ledger/types.ts';
import { DEMO_CHART, seedGlMasters } from './seed.ts';
import { seedFinancialStatementFormats } from './financial-statements/seed.ts';
import type { MigrationTables, SeedDb } from '@erp/server/db/migration-db';

/** A transaction of the demo's untyped view (`SeedDb`). */
type AnyTrx = Transaction<MigrationTables>;

const ACTOR = 'seed';
/** The demo's opening balance: the mark that the demo ledger was written. */
const OPENING = 'DEMO-OPENING';
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

/** A document of the demo ledger, posted through the posting service with origin `demo`. */
export type DemoDocument = Omit<PostingRequest, 'userId' | 'dataType' | 'origin'>;

/** One month of the demo's activity: `YYYY-MM`, its activity factor, its last day. */
export interface DemoMonth {
  index: number;
  ym: string;
  factor: Decimal;
  lastDay: number;
}

/** The demo's months, 2025-01 … 2026-10. */
export function demoMonths(): DemoMonth[] {
  return Array.from({ length: DEMO_MONTHS }, (_, index) => {
    const year = 2025 + Math.floor(index / 12);
    const month = index % 12;
    return { index, ym: `${year}-${pad(month + 1)}`, factor: factor(index), lastDay: Number(monthEnd(year, month + 1).slice(8)) };
  });
}

/** Document `DEMO-<ym>-<kind>` of `month` on `day`, lines [account, signed amount] (balanced: see `balanced`). */
export function demoDocument(month: DemoMonth, source: PostingRequest['source'], subLedger: PostingRequest['subLedger'], day: number, kind: string, description: string, lines: readonly (readonly [string, Decimal])[]): DemoDocument {
  return { source, subLedger, date: `${month.ym}-${pad(day)}`, documentNo: `DEMO-${month.ym}-${kind}`, description, lines: lines.map(([accountId, amount]) => ({ accountId, amount })) };
}

export { balanced as balancedLines };

/**
 * The G/L's own demo documents, in date order: the opening balance, then each month's rent, utilities, fuel and
 * bank charges and its depreciation. The sub-ledgers' months (A/P's purchases and payments, payroll) are theirs,
 * posted by their modules with `postDemoDocuments`; the customer invoices and receipts are real AR documents.
 */
export function demoDocuments(): DemoDocument[] {
  const line = (account: string, amount: Decimal) => [account, amount] as const;
  const documents: DemoDocument[] = [
    {
      source: 'GL',
      subLedger: 'gl',
      date: '2025-01-01',
      documentNo: OPENING,
      description: 'Opening balances',
      lines: balanced(
        [line('1000', '525000.00'), line('1500', '120000.00'), line('1510', '-30000.00'), line('3100', '-100000.00')],
        '3200',
      ).map(([accountId, amount]) => ({ accountId, amount })),
    },
  ];
  for (const month of demoMonths()) {
    const utilities = mul('1840.00', month.factor, 2);
    const fuel = mul('3125.00', month.factor, 2);
    documents.push(
      demoDocument(month, 'GL', 'gl', 28, 'EXPENSES', 'Rent, utilities, fuel and bank charges', balanced([line('6200', '8500.00'), line('1310', '1105.00'), line('6300', utilities), line('6400', fuel), line('6600', '212.40')], '1000')),
      demoDocument(month, 'GL', 'gl', month.lastDay, 'DEPRECIATION', 'Depreciation of equipment and vehicles', [['6700', '2000.00'], ['1510', '-2000.00']]),
    );
  }
  return documents;
}

const postedDemo = async (trx: AnyTrx, documentNo: string) =>
  (await trx.selectFrom('gl_entries').select('entry_id').where('origin_type', '=', 'demo').where('origin_id', '=', documentNo).limit(1).executeTakeFirst()) !== undefined;

/**
 * Posts a module's share of the demo ledger, once: only where the G/L's own demo was written (its opening balance,
 * on an empty ledger with the demo chart and calendar) and while the first of `documents` is not posted.
 */
export async function postDemoDocuments(db: SeedDb, documents: readonly DemoDocument[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (documents.length === 0 || !(await postedDemo(trx, OPENING)) || (await postedDemo(trx, documents[0]!.documentNo))) return false;
    for (const document of documents) await post(trx, { ...document, dataType: 'Actual', origin: { type: 'demo', id: document.documentNo }, userId: ACTOR });
    return true;
  });
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
export async function seedGl(db: SeedDb, config: { demoLedger: boolean } = { demoLedger: true }): Promise<void> {
  await seedGlMasters(db);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await seedPeriods(trx, now);
    if (config.demoLedger) await seedEntries(trx);
  });
  await seedFinancialStatementFormats(db, now);
}
