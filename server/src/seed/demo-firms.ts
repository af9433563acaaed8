/**
 * Demo and benchmark firms (§3 Firm), generated deterministically from their number: firm n is always
 * the same firm, whichever run or range creates it. IDs are `F000001`, `F000002` …
 *
 * - `seedDemoFirms(db, count)`: the demo database's firms (DEMO_FIRMS, default 2,000), added once to a
 *   database that has none of them (an administrator's later deletions are not undone on restart).
 * - `insertFirms(db, from, to)`: firms `from`..`to` (1-based, inclusive) with their accounts, in batches of
 *   one transaction each — `npm run seed:large` (seed/large.ts) and the server benchmark use it.
 *
 * Mix: 55 % bill-to, 35 % ship-to (each names an earlier bill-to), 7 % vendors, 3 % bill-to and vendor;
 * 95 % active; Canadian cities, terms, credit limits, sales reps SR01–SR20.
 */
import type { Kysely } from 'kysely';
import { decimalToDb, type Connection } from '../db/decimal-codec.ts';
import type { DB } from '../db/schema.ts';

export const DEMO_FIRM_ACTOR = 'demo';
const BATCH = 500;

/** The firm's money columns through the decimal codec (SQLite: integer cents; PostgreSQL: NUMERIC). */
export function firmDecimals(db: Connection, row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const column of ['credit_limit', 'commission_percent']) {
    if (typeof out[column] === 'number') out[column] = decimalToDb(db, (out[column] as number).toFixed(2), 2);
  }
  return out;
}

/**
 * Mulberry32: a small seeded generator, so a firm's data depends only on its number (the server benchmark
 * draws its random pages with it too).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Northshore', 'Laurentian', 'Prairie', 'Maritime', 'Rideau', 'Fraser', 'Algonquin', 'Cascade', 'Boreal', 'Niagara', 'Okanagan', 'Superior', 'Chinook', 'Saguenay', 'Muskoka', 'Kootenay', 'Acadia', 'Huron', 'Yukon', 'Gaspé'];
const SECOND = ['Metals', 'Electrical', 'Steel', 'Fabricators', 'Contractors', 'Supply', 'Wire & Cable', 'Aluminium', 'Builders', 'Mechanical', 'Welding', 'Iron Works', 'Power Systems', 'Industrial', 'Construction'];
const SUFFIX = ['Ltd.', 'Inc.', 'Corp.', 'Ltée', 'LLP', 'Co.'];
const CITIES: readonly (readonly [string, string, string])[] = [
  ['Toronto', 'ON', 'M5V'], ['Hamilton', 'ON', 'L8H'], ['Mississauga', 'ON', 'L5N'], ['Ottawa', 'ON', 'K1P'], ['London', 'ON', 'N6A'],
  ['Montréal', 'QC', 'H2N'], ['Laval', 'QC', 'H7S'], ['Québec', 'QC', 'G1K'], ['Gatineau', 'QC', 'J8X'], ['Vancouver', 'BC', 'V6B'],
  ['Burnaby', 'BC', 'V5C'], ['Surrey', 'BC', 'V3T'], ['Calgary', 'AB', 'T2C'], ['Edmonton', 'AB', 'T5J'], ['Saskatoon', 'SK', 'S7K'],
  ['Regina', 'SK', 'S4P'], ['Winnipeg', 'MB', 'R3C'], ['Halifax', 'NS', 'B3H'], ['Moncton', 'NB', 'E1C'], ["St. John's", 'NL', 'A1C'],
];
const TERMS = ['COD', 'NET15', 'NET30', 'NET30', 'NET60'];
const STREETS = ['King St W', 'Rue Principale', 'Industrial Rd', 'Main St', 'Boul. Industriel'];
const AREA_CODES = ['416', '905', '514', '450', '604', '403', '306', '204', '902'];

export function firmId(n: number): string {
  return `F${String(n).padStart(6, '0')}`;
}

/** Firm number `n` (1-based): its row of `firms` and its account types. */
export function demoFirm(n: number, now: string): { row: Record<string, unknown>; accountTypes: string[] } {
  const random = seededRandom(n * 2654435761);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const [city, province, fsa] = pick(CITIES);
  const kind = random();
  const accountTypes = kind < 0.55 ? ['bill-to'] : kind < 0.9 ? ['ship-to'] : kind < 0.97 ? ['vendor'] : ['bill-to', 'vendor'];
  const shipTo = accountTypes.includes('ship-to');
  // A ship-to names an earlier firm as its bill-to (the first few have none).
  const billTo = shipTo && n > 10 ? firmId(1 + Math.floor(random() * (n - 1))) : null;
  const row = {
    firm_id: firmId(n),
    name: `${pick(FIRST)} ${pick(SECOND)} ${pick(SUFFIX)}${shipTo ? ` - ${city} site ${n % 97}` : ''}`,
    is_active: random() < 0.95 ? 1 : 0,
    is_bill_to: accountTypes.includes('bill-to') ? 1 : 0,
    is_ship_to: shipTo ? 1 : 0,
    is_vendor: accountTypes.includes('vendor') ? 1 : 0,
    for_external_users: 0,
    is_sales_manager: 0,
    bill_to_id: billTo,
    account_terms: pick(TERMS),
    credit_limit: Math.round(random() * 500) * 1000,
    sales_rep: `SR${String(1 + (n % 20)).padStart(2, '0')}`,
    commission_percent: Math.round(random() * 500) / 100,
    address: `${1 + (n % 9000)} ${pick(STREETS)}`,
    city,
    province_code: province,
    postal_code: `${fsa} ${1 + (n % 9)}${String.fromCharCode(65 + (n % 26))}${n % 10}`,
    phone: `${AREA_CODES[n % AREA_CODES.length]}-555-${String(n % 10000).padStart(4, '0')}`,
    email: `ap${n}@firm${n}.example`,
    created_by: DEMO_FIRM_ACTOR,
    created_on: now,
    updated_by: DEMO_FIRM_ACTOR,
    updated_on: now,
    version: 1,
  };
  return { row, accountTypes };
}

/** Inserts firms `from`..`to` (inclusive) and their accounts; `onBatch` hears the last number written. */
export async function insertFirms(typed: Kysely<DB>, from: number, to: number, onBatch?: (last: number) => void): Promise<void> {
  // The firm table's detail columns come from the entity definition (schema-sync), not from DB's types.
  const db = typed as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const now = new Date().toISOString();
  for (let start = from; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1);
    const firms = Array.from({ length: end - start + 1 }, (_, i) => demoFirm(start + i, now));
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('firms').values(firms.map((firm) => firmDecimals(trx, firm.row))).execute();
      const accounts = firms.flatMap(({ row, accountTypes }) =>
        accountTypes.map((type) => ({
          firm_id: row.firm_id,
          account_type: type,
          created_by: DEMO_FIRM_ACTOR,
          created_on: now,
          updated_by: DEMO_FIRM_ACTOR,
          updated_on: now,
          version: 1,
        })),
      );
      await trx.insertInto('firm_accounts').values(accounts).execute();
    });
    onBatch?.(end);
  }
}

/** Adds `count` demo firms unless the database already has demo firms (see the module header). */
export async function seedDemoFirms(db: Kysely<DB>, count: number): Promise<boolean> {
  if (count <= 0) return false;
  const existing = await db.selectFrom('firms').select('firm_id').where('firm_id', '=', firmId(1)).executeTakeFirst();
  if (existing) return false;
  await insertFirms(db, 1, count);
  return true;
}
