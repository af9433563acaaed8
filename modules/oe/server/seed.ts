/**
 * Order Entry demo data (issue 25 item 5), each table filled only while it is empty (users' changes are never
 * overwritten):
 * - a jobber, J100 Great Lakes Metal Jobbers (a bill-to), named as B300's jobber when B300 has none;
 * - price tables: B100 (Northshore, 5 % off list on everything; quantity breaks on steel tube and EMT
 *   conduit: 1–99, 100–499, 500+), B200 (Laurentian, 10 % off list on the electrical products; a cost-plus
 *   row on wire), JOBBER-J100 (the jobber's: 3 % off list, breaks on hot-rolled sheet) — all with a review
 *   date; products named by rows must exist when the rows are read (the portal's products are adopted into
 *   the master after the modules' demo data: rows naming a missing product simply never match);
 * - discount tables CONTRACT5 (5 % on every product) and ELEC (8 % on class SHEET), CONTRACT5 named by B300;
 * - customer SKUs of B100 (one with a contract price), tariffs (a steel surcharge per unit, to year end),
 *   holidays (Canadian statutory holidays of this year and next), delivery routes, two email templates,
 *   suppliers and forms of payment (POLO).
 */
import { sql } from 'kysely';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { flag } from '@erp/server/db/schema';
import type { SeedDb } from '@erp/server/db/migration-db';

const trail = (now: string) => ({ created_by: 'seed', created_on: now, updated_by: 'seed', updated_on: now, version: 1 });

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(sql`1`.as('one')).limit(1).execute()).length === 0;
}

const year = new Date().getUTCFullYear();
const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysFromNow = (days: number) => iso(new Date(Date.now() + days * 86_400_000));

/** [table, description, customer, review in days, rows: [product | null, type, from, to | null, price]]. */
type RangeRow = [product: string | null, type: string, from: string, to: string | null, price: string];
const TABLES: [string, string, string, number, RangeRow[]][] = [
  [
    'B100',
    'Northshore Metals contract prices',
    'B100',
    45,
    [
      [null, 'Discount', '0', null, '5'],
      ['ST-A500-TB2X2', 'Each', '1', '99', '93.81'],
      ['ST-A500-TB2X2', 'Each', '100', '499', '89.00'],
      ['ST-A500-TB2X2', 'Each', '500', null, '84.50'],
      ['EL-EMT-075', 'Each', '1', '99', '11.83'],
      ['EL-EMT-075', 'Each', '100', null, '10.95'],
    ],
  ],
  [
    'B200',
    'Laurentian Electrical prices',
    'B200',
    -10,
    [
      ['EL-EMT-075', 'Discount', '0', null, '10'],
      ['EL-BOX-4SQ', 'Discount', '0', null, '10'],
      ['EL-BRK-20A1P', 'Discount', '0', null, '10'],
      ['EL-THHN-12BK', 'Discount', '0', '49', '10'],
      ['EL-THHN-12BK', 'Each', '50', null, '99.90'],
    ],
  ],
  [
    'JOBBER-J100',
    'Great Lakes jobber prices',
    'J100',
    120,
    [
      [null, 'Discount', '0', null, '3'],
      ['HRS-10GA-48X96', 'Each', '1', '24', '104.00'],
      ['HRS-10GA-48X96', 'Each', '25', null, '98.50'],
    ],
  ],
];

async function seedPriceTables(db: SeedDb, now: string): Promise<void> {
  if (!(await isEmpty(db, 'price_tables'))) return;
  const firms = new Set(((await db.selectFrom('firms').select('firm_id').execute()) as { firm_id: string }[]).map((r) => r.firm_id));
  for (const [id, description, customer, review, rows] of TABLES) {
    if (!firms.has(customer)) continue;
    await db
      .insertInto('price_tables')
      .values({ price_table_id: id, description, customer_id: customer, currency: 'CAD', cost_basis: 'Average', effective_date: `${year}-01-01`, review_date: daysFromNow(review), is_active: flag(true), ...trail(now) })
      .execute();
    await db
      .insertInto('price_table_ranges')
      .values(
        rows.map(([product, type, from, to, price]) => ({
          price_table_id: id,
          product_id: product,
          price_type: type,
          from_quantity: decimalToDb(db, from, 4),
          to_quantity: to === null ? null : decimalToDb(db, to, 4),
          price: decimalToDb(db, price, 4),
        })),
      )
      .execute();
  }
}

async function seedJobber(db: SeedDb, now: string): Promise<void> {
  const b300 = (await db.selectFrom('firms').select(['firm_id', 'jobber_firm_id']).where('firm_id', '=', 'B300').executeTakeFirst()) as { jobber_firm_id: string | null } | undefined;
  if (!b300) return;
  if (!(await db.selectFrom('firms').select('firm_id').where('firm_id', '=', 'J100').executeTakeFirst())) {
    await db
      .insertInto('firms')
      .values({
        firm_id: 'J100',
        name: 'Great Lakes Metal Jobbers',
        is_active: flag(true),
        is_bill_to: flag(true),
        is_ship_to: flag(false),
        is_vendor: flag(false),
        for_external_users: flag(false),
        is_sales_manager: flag(false),
        city: 'Windsor',
        province_code: 'ON',
        ...trail(now),
      })
      .execute();
  }
  if (b300.jobber_firm_id === null) await db.updateTable('firms').set({ jobber_firm_id: 'J100', discount_table: 'CONTRACT5' }).where('firm_id', '=', 'B300').execute();
}

async function fill(db: SeedDb, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length > 0 && (await isEmpty(db, table))) await db.insertInto(table).values(rows).execute();
}

/** Canadian statutory holidays of `y` (the fixed ones and the Monday / Friday ones computed). */
function holidaysOf(y: number): [string, string][] {
  const nthMonday = (month: number, n: number) => {
    const first = new Date(Date.UTC(y, month, 1));
    const offset = (8 - first.getUTCDay()) % 7;
    return iso(new Date(Date.UTC(y, month, 1 + offset + (n - 1) * 7)));
  };
  // Easter (anonymous Gregorian algorithm), then Good Friday two days before.
  const a = y % 19, b = Math.floor(y / 100), c = y % 100, d = Math.floor(b / 4), e = b % 4, f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30, i = Math.floor(c / 4), k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31) - 1, day = ((h + l - 7 * m + 114) % 31) + 1;
  const goodFriday = iso(new Date(Date.UTC(y, month, day - 2)));
  // Victoria Day: the Monday before May 25.
  const may24 = new Date(Date.UTC(y, 4, 24));
  const victoria = iso(new Date(Date.UTC(y, 4, 24 - ((may24.getUTCDay() + 6) % 7))));
  return [
    [`${y}-01-01`, "New Year's Day"],
    [goodFriday, 'Good Friday'],
    [victoria, 'Victoria Day'],
    [`${y}-07-01`, 'Canada Day'],
    [nthMonday(8, 1), 'Labour Day'],
    [nthMonday(9, 2), 'Thanksgiving'],
    [`${y}-12-25`, 'Christmas Day'],
    [`${y}-12-26`, 'Boxing Day'],
  ];
}

export async function seedOe(db: SeedDb): Promise<void> {
  const now = new Date().toISOString();
  await seedJobber(db, now);
  await seedPriceTables(db, now);
  const t = trail(now);
  if (await isEmpty(db, 'discount_tables')) {
    await fill(db, 'discount_tables', [
      { discount_table_id: 'CONTRACT5', description: 'Contractor 5 %', is_active: flag(true), ...t },
      { discount_table_id: 'ELEC', description: 'Sheet promotion 8 %', is_active: flag(true), ...t },
    ]);
    await db
      .insertInto('discount_table_lines')
      .values([
        { discount_table_id: 'CONTRACT5', product_id: null, class_id: null, percent: decimalToDb(db, '5', 4) },
        { discount_table_id: 'ELEC', product_id: null, class_id: 'SHEET', percent: decimalToDb(db, '8', 4) },
      ])
      .execute();
  }
  const products = new Set(((await db.selectFrom('products').select('product_id').execute()) as { product_id: string }[]).map((r) => r.product_id));
  const firms = new Set(((await db.selectFrom('firms').select('firm_id').execute()) as { firm_id: string }[]).map((r) => r.firm_id));
  await fill(
    db,
    'customer_skus',
    [
      ['B100', 'HRS-10GA-48X96', 'NS-SHEET-10', 'Northshore 10 ga sheet', '101.25'],
      ['B100', 'BAR-FL-A36-250X2', 'NS-FB-14X2', 'Northshore flat bar', null],
      ['B200', 'BAR-RD-1018-0750', 'LE-RB-34', 'Laurentian round bar', null],
    ]
      .filter(([customer, product]) => firms.has(customer!) && products.has(product!))
      .map(([customer, product, sku, description, price]) => ({ customer_id: customer, product_id: product, customer_sku: sku, description, price: price ? decimalToDb(db, price, 4) : null, ...t })),
  );
  await fill(db, 'tariffs', [
    { tariff_id: 'STEEL-SUR', description: 'Steel surcharge (coil)', class_id: products.size > 0 ? 'COIL' : null, product_id: null, kind: 'PerUnit', rate: decimalToDb(db, '0.05', 4), effective_date: `${year}-01-01`, expiry_date: `${year}-12-31`, is_active: flag(true), ...t },
    { tariff_id: 'ALU-DUTY', description: 'Aluminum duty (expired)', class_id: null, product_id: null, kind: 'Percent', rate: decimalToDb(db, '10', 4), effective_date: `${year - 1}-01-01`, expiry_date: `${year - 1}-12-31`, is_active: flag(true), ...t },
  ]);
  await fill(db, 'holidays', [...holidaysOf(year), ...holidaysOf(year + 1)].map(([date, description]) => ({ holiday_date: date, description, is_active: flag(true), ...t })));
  const days = (list: string) => Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day, i) => [day, flag(list[i] === 'x')]));
  await fill(db, 'delivery_routes', [
    { route_id: 'GTA-W', description: 'Toronto west and Mississauga', driver: 'Jean Tremblay', truck: 'T-12', ...days('x.x.x..'), is_active: flag(true), ...t },
    { route_id: 'HAM', description: 'Hamilton and Niagara', driver: 'Andrew Kowalski', truck: 'T-07', ...days('.x.x...'), is_active: flag(true), ...t },
    { route_id: 'MTL', description: 'Montréal and Laval', driver: 'Sophie Gagnon', truck: 'T-21', ...days('xxxxx..'), is_active: flag(true), ...t },
  ]);
  await fill(db, 'email_templates', [
    {
      template_id: 'INVOICE',
      description: 'Invoice sent',
      subject: 'Invoice {{InvoiceNo}} from {{CompanyName}}',
      body: 'Hello {{ContactName}},\n\nPlease find attached invoice {{InvoiceNo}} dated {{DocumentDate}} for {{Amount}}, due {{DueDate}}.\n\nThank you for your business,\n{{CompanyName}}',
      translates: null,
      language: null,
      is_active: flag(true),
      ...t,
    },
    {
      // Issue 40 item 4: a purchase order e-mailed to its vendor from its screen.
      template_id: 'PURCHASE-ORDER',
      description: 'Purchase order sent',
      subject: 'Purchase order {{OrderNo}} from {{CompanyName}}',
      body: 'Hello {{ContactName}},\n\nPlease find attached our purchase order {{OrderNo}} dated {{DocumentDate}} for {{Amount}}.\n\n{{CompanyName}}',
      translates: null,
      language: null,
      is_active: flag(true),
      ...t,
    },
    {
      // Issue 40 item 4: the AR statement e-mailed to its customer, in French to a French-speaking one.
      template_id: 'STATEMENT',
      description: 'Statement of account sent',
      subject: 'Statement of account from {{CompanyName}}',
      body: 'Hello {{ContactName}},\n\nPlease find attached your statement of account as of {{DocumentDate}}.\n\nThank you,\n{{CompanyName}}',
      translates: null,
      language: null,
      is_active: flag(true),
      ...t,
    },
    {
      template_id: 'STATEMENT-FR',
      description: 'Relevé de compte envoyé',
      subject: 'Relevé de compte de {{CompanyName}}',
      body: 'Bonjour {{ContactName}},\n\nVous trouverez ci-joint votre relevé de compte au {{DocumentDate}}.\n\nMerci,\n{{CompanyName}}',
      translates: 'STATEMENT',
      language: 'fr-CA',
      is_active: flag(true),
      ...t,
    },
    {
      // Issue 40 item 4: the AP remittance advice e-mailed to the vendor a payment paid.
      template_id: 'REMITTANCE',
      description: 'Remittance advice sent',
      subject: 'Payment {{PaymentNo}} from {{CompanyName}}',
      body: 'Hello {{ContactName}},\n\nPlease find attached the remittance advice of our payment {{PaymentNo}} dated {{DocumentDate}} for {{Amount}}.\n\n{{CompanyName}}',
      translates: null,
      language: null,
      is_active: flag(true),
      ...t,
    },
    {
      template_id: 'REMITTANCE-FR',
      description: 'Avis de paiement envoyé',
      subject: 'Paiement {{PaymentNo}} de {{CompanyName}}',
      body: 'Bonjour {{ContactName}},\n\nVous trouverez ci-joint l’avis de paiement de notre paiement {{PaymentNo}} du {{DocumentDate}} pour {{Amount}}.\n\n{{CompanyName}}',
      translates: 'REMITTANCE',
      language: 'fr-CA',
      is_active: flag(true),
      ...t,
    },
    {
      template_id: 'ORDER-CONF',
      description: 'Order confirmation',
      subject: 'We received your order {{OrderNo}}',
      body: 'Hello {{CustomerName}},\n\nYour order {{OrderNo}} was received on {{DocumentDate}}. We will let you know when it ships.\n\n{{CompanyName}}',
      translates: null,
      language: null,
      is_active: flag(true),
      ...t,
    },
  ]);
  await fill(db, 'suppliers', [
    { supplier_id: 'ALCAN', name: 'Alcan Rolled Products', city: 'Kingston', province_code: 'ON', phone: '613-555-0140', is_active: flag(true), ...t },
    { supplier_id: 'STELCO', name: 'Stelco Flat Rolled', city: 'Hamilton', province_code: 'ON', phone: '905-555-0188', is_active: flag(true), ...t },
  ]);
  await fill(db, 'forms_of_payment', [
    { payment_id: 'CASH', description: 'Cash', kind: 'Cash', is_active: flag(true), ...t },
    { payment_id: 'CHQ', description: 'Cheque', kind: 'Cheque', is_active: flag(true), ...t },
    { payment_id: 'VISA', description: 'Visa', kind: 'Card', is_active: flag(true), ...t },
    { payment_id: 'ACCT', description: 'On account', kind: 'Account', is_active: flag(true), ...t },
  ]);
}
