/**
 * Waste Disposal demo data (issue 27 item 7), each table filled only while it is empty:
 * - revenue account 4400 "Waste disposal services" (when the chart exists and lacks it);
 * - services (bin pickup, liquid hazardous waste by the litre, drum disposal, a flat-priced site assessment),
 *   the control record (crews CREW1–CREW3, six jobs a day, Monday to Friday, NET30), waste classes
 *   (non-hazardous; used oil, class 3, and acids, class 8, both needing a certificate), certificates (some due
 *   for renewal within 60 days, one already revoked), two quotation templates;
 * - three quotes (Quoted, Accepted, Lost) and a month of service orders around today in every state: past
 *   ones Completed and, with the demo ledger and where the A/R period is open, Invoiced through Receivables; coming ones Scheduled on
 *   working days or still Entered; one Cancelled.
 * Needs the shell's demo customers (B100, B200, B300 and their ship-tos); without them only the masters load.
 */
import { sql } from 'kysely';
import { mul, round } from '@erp/shared/decimal';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import { addDays, loadCalendar, nextWorkingDay } from './calendar.ts';
import type { SeedConfig } from '@erp/server/modules/part';
import { invoiceOrder } from './processes.ts';
import { wdDb } from './tables.generated.ts';
import type { SeedDb } from '@erp/server/db/migration-db';

const trail = (now: string) => ({ created_by: 'seed', created_on: now, updated_by: 'seed', updated_on: now, version: 1 });

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(sql`1`.as('one')).limit(1).execute()).length === 0;
}

const today = () => new Date().toISOString().slice(0, 10);

/** [id, name, unit, basis, price]. */
const SERVICES: [string, string, string, string, string][] = [
  ['BIN-PICKUP', 'Bin pickup (6 yd³)', 'Each', 'PerUnit', '185.0000'],
  ['LIQ-HAZ', 'Liquid hazardous waste pickup', 'Litre', 'PerUnit', '0.8500'],
  ['DRUM', 'Drum disposal (205 L)', 'Each', 'PerUnit', '120.0000'],
  ['ASSESS', 'Site assessment', 'Hour', 'Flat', '450.0000'],
];

/** [id, name, hazard class, certificate required, notes]. */
const CLASSES: [string, string, string, boolean, string][] = [
  ['NONHAZ', 'Non-hazardous solid waste', 'None', false, 'Bagged or binned; no manifest.'],
  ['OIL', 'Used oil and oily water', '3', true, 'Flammable liquid: grounded transfer, spill kit on the truck, manifest required.'],
  ['ACID', 'Spent acids', '8', true, 'Corrosive: acid-resistant drums, face shield, never mix with bases.'],
];

export async function seedWasteDisposal(db: SeedDb, config: SeedConfig): Promise<void> {
  const now = new Date().toISOString();
  const hasChart = !(await isEmpty(db, 'gl_accounts'));
  const revenue = hasChart ? '4400' : null;
  if (hasChart && !(await db.selectFrom('gl_accounts').select('account_id').where('account_id', '=', '4400').executeTakeFirst())) {
    await db
      .insertInto('gl_accounts')
      .values({ account_id: '4400', description: 'Waste disposal services', account_type: 'revenue', currency_code: 'CAD', is_postable: 1, is_control: 0, is_active: 1, ...trail(now) })
      .execute();
  }
  if (await isEmpty(db, 'wd_services')) {
    await db
      .insertInto('wd_services')
      .values(SERVICES.map(([id, name, unit, basis, price]) => ({ service_id: id, name, unit, price_basis: basis, unit_price: decimalToDb(db, price, 4), revenue_account: revenue, is_active: 1, ...trail(now) })))
      .execute();
  }
  if (revenue && (await isEmpty(db, 'wd_control'))) {
    const terms = await db.selectFrom('ar_account_terms').select('terms_code').where('terms_code', '=', 'NET30').executeTakeFirst();
    await db
      .insertInto('wd_control')
      .values({
        control_id: 'WD',
        revenue_account: revenue,
        terms_code: terms ? 'NET30' : null,
        crews: 'CREW1, CREW2, CREW3',
        jobs_per_crew_per_day: 6,
        sunday: 0,
        monday: 1,
        tuesday: 1,
        wednesday: 1,
        thursday: 1,
        friday: 1,
        saturday: 0,
        renewal_horizon_days: 60,
        ...trail(now),
      })
      .execute();
  }
  if (await isEmpty(db, 'waste_classes')) {
    await db
      .insertInto('waste_classes')
      .values(CLASSES.map(([id, name, hazard, required, notes]) => ({ class_id: id, name, hazard_class: hazard, certificate_required: required ? 1 : 0, handling_notes: notes, is_active: 1, ...trail(now) })))
      .execute();
  }
  const base = today();
  if (await isEmpty(db, 'wd_certificates')) {
    const cert = (type: string, holderType: string, holder: string, wasteClass: string | null, number: string, issuer: string, issued: number, expires: number, status = 'Active') => ({
      certificate_type: type,
      holder_type: holderType,
      holder_id: holder,
      waste_class_id: wasteClass,
      number,
      issuer,
      issued_on: addDays(base, issued),
      expires_on: addDays(base, expires),
      renewal_lead_days: 30,
      status,
      ...trail(now),
    });
    await db
      .insertInto('wd_certificates')
      .values([
        cert('GeneratorRegistration', 'customer', 'B100', 'OIL', 'ON1234567', 'RPRA Registry', -345, 20),
        cert('GeneratorRegistration', 'site', 'S101', 'ACID', 'ON7654321', 'RPRA Registry', -320, 45),
        cert('Eca', 'customer', 'B200', null, 'ECA-8842-QC', 'MELCCFP', -200, 530),
        cert('VehiclePermit', 'vehicle', 'TRUCK-07', null, 'CVOR-118-552', 'MTO', -355, 10),
        cert('Wsib', 'subcontractor', 'HAULCO', null, 'WSIB-CLR-55120', 'WSIB', -80, 10),
        cert('Easr', 'customer', 'B300', 'OIL', 'EASR-2210', 'MECP', -700, 30, 'Revoked'),
        cert('GeneratorRegistration', 'customer', 'B300', 'OIL', 'SK-55-0091', 'Saskatchewan Environment', -30, 700),
      ])
      .execute();
  }
  if (await isEmpty(db, 'wd_quotation_templates')) {
    await db
      .insertInto('wd_quotation_templates')
      .values([
        { template_id: 'QT-OIL', name: 'Used oil pickup', notes: 'Pumped from the customer’s tank; drums taken away.', is_active: 1, ...trail(now) },
        { template_id: 'QT-BIN', name: 'Bin service with site assessment', notes: null, is_active: 1, ...trail(now) },
      ])
      .execute();
    const line = (template: string, service: string, wasteClass: string | null, quantity: string, description: string | null) => ({
      template_id: template,
      service_id: service,
      waste_class_id: wasteClass,
      quantity: decimalToDb(db, quantity, 4),
      description,
    });
    await db
      .insertInto('wd_quotation_template_lines')
      .values([
        line('QT-OIL', 'LIQ-HAZ', 'OIL', '500.0000', null),
        line('QT-OIL', 'DRUM', 'OIL', '4.0000', 'Oily rags and filters in drums'),
        line('QT-BIN', 'ASSESS', null, '1.0000', null),
        line('QT-BIN', 'BIN-PICKUP', 'NONHAZ', '2.0000', null),
      ])
      .execute();
  }
  const customers = (await db.selectFrom('firms').select('firm_id').where('firm_id', 'in', ['B100', 'B200', 'B300', 'S101', 'S102', 'S201', 'S301']).execute()).length;
  if (customers < 7 || !revenue || !(await isEmpty(db, 'wd_orders'))) return;
  await seedDocuments(db, base, now, config.demoLedger);
}

async function seedDocuments(db: SeedDb, base: string, now: string, invoice: boolean): Promise<void> {
  const prices = new Map(SERVICES.map(([id, , , basis, price]) => [id, { price, flat: basis === 'Flat' }]));
  const amount = (service: string, quantity: string) => {
    const { price, flat } = prices.get(service)!;
    return flat ? round(price, 2) : mul(quantity, price, 2);
  };
  let quoteNo = 0;
  const quote = async (customer: string, site: string, status: string, lines: [string, string | null, string][], orderNos: string | null) => {
    quoteNo += 1;
    let total = '0.00';
    for (const [service, , quantity] of lines) total = round(String(Number(total) + Number(amount(service, quantity))), 2);
    const [row] = (await db
      .insertInto('wd_quotes')
      .values({
        quote_no: `WQ${String(900000 + quoteNo)}`,
        quote_date: addDays(base, -20 + quoteNo),
        status,
        template_id: null,
        customer_id: customer,
        customer_name: null,
        site_id: site,
        valid_until: addDays(base, 40),
        order_nos: orderNos,
        total: decimalToDb(db, total, 2),
        ...trail(now),
      })
      .returning('quote_id')
      .execute()) as { quote_id: number }[];
    await db
      .insertInto('wd_quote_lines')
      .values(
        lines.map(([service, wasteClass, quantity]) => ({
          quote_id: Number(row!.quote_id),
          service_id: service,
          waste_class_id: wasteClass,
          quantity: decimalToDb(db, quantity, 4),
          unit_price: decimalToDb(db, prices.get(service)!.price, 4),
          amount: decimalToDb(db, amount(service, quantity), 2),
        })),
      )
      .execute();
  };
  await quote('B100', 'S101', 'Quoted', [['LIQ-HAZ', 'OIL', '800.0000'], ['DRUM', 'OIL', '6.0000']], null);
  await quote('B200', 'S201', 'Accepted', [['BIN-PICKUP', 'NONHAZ', '3.0000']], 'WDO900001');
  await quote('B300', 'S301', 'Lost', [['ASSESS', null, '1.0000']], null);
  await db.updateTable('wd_quotes').set({ customer_name: sql`(select name from firms where firms.firm_id = wd_quotes.customer_id)` }).execute();

  const calendar = await loadCalendar(wdDb(db));
  const plan: [string, string, string, string | null, string][] = [
    ['B100', 'S101', 'LIQ-HAZ', 'OIL', '400.0000'],
    ['B100', 'S102', 'BIN-PICKUP', 'NONHAZ', '2.0000'],
    ['B200', 'S201', 'BIN-PICKUP', 'NONHAZ', '3.0000'],
    ['B200', 'B200', 'DRUM', 'OIL', '5.0000'],
    ['B300', 'S301', 'ASSESS', null, '1.0000'],
    ['B300', 'S301', 'LIQ-HAZ', 'OIL', '1200.0000'],
  ];
  let n = 0;
  for (let offset = -24; offset <= 10; offset += 2) {
    const [customer, site, service, wasteClass, quantity] = plan[n % plan.length]!;
    n += 1;
    const day = nextWorkingDay(calendar, addDays(base, offset));
    const past = day < base;
    const status = n === 7 ? 'Cancelled' : past ? 'Completed' : offset >= 6 ? 'Entered' : 'Scheduled';
    const orderNo = `WDO${String(900000 + n)}`;
    await db
      .insertInto('wd_orders')
      .values({
        order_no: orderNo,
        order_date: addDays(day, -7),
        status,
        customer_id: customer,
        customer_name: null,
        site_id: site,
        service_id: service,
        waste_class_id: wasteClass,
        quantity: decimalToDb(db, quantity, 4),
        unit_price: decimalToDb(db, prices.get(service)!.price, 4),
        amount: decimalToDb(db, amount(service, quantity), 2),
        requested_date: day,
        scheduled_date: status === 'Entered' ? null : day,
        crew_id: status === 'Entered' ? null : `CREW${(n % 3) + 1}`,
        vehicle: status === 'Entered' ? null : `TRUCK-0${(n % 3) + 5}`,
        route_sequence: status === 'Entered' ? null : 1,
        manifest_no: wasteClass === 'OIL' ? `M${String(4400000 + n)}` : null,
        completed_date: status === 'Completed' ? day : null,
        quote_no: n === 1 ? 'WQ900002' : null,
        ...trail(now),
      })
      .execute();
  }
  await db.updateTable('wd_orders').set({ customer_name: sql`(select name from firms where firms.firm_id = wd_orders.customer_id)` }).execute();
  // The older half of the completed orders invoiced through Receivables (each alone: a closed period skips it) —
  // with the demo ledger only: without it (DEMO_LEDGER=0, the server tests) the ledger stays empty.
  if (!invoice) return;
  const completed = (await db.selectFrom('wd_orders').select(['order_id', 'completed_date']).where('status', '=', 'Completed').orderBy('order_id').execute()) as { order_id: number; completed_date: string }[];
  for (const order of completed.slice(0, Math.floor(completed.length / 2))) {
    try {
      await db.transaction().execute((trx) => invoiceOrder(wdDb(trx), Number(order.order_id), order.completed_date, 'seed'));
    } catch {
      // A closed or missing A/R period: the order stays Completed, for Invoice processing to show.
    }
  }
}
