/**
 * Waste Disposal's part of the large-data generator (`npm run seed:large -- --wd [orders]`, default 20,000
 * service orders; issue 27 item 7 and the scheduling and invoicing benchmark): `insertServiceOrders(config,
 * options)` writes into a migrated, seeded database (the demo's services, waste classes and control record),
 * through Kysely in batches of one transaction each, service orders `GWD0000001` … over the active bill-to firms
 * (the demo's when none is generated) and their sites (a ship-to of theirs, else the firm itself), the active
 * services and waste classes, priced at the service's own price (exact decimals; a flat service once).
 *
 * States by the order's number, so the mix is exact (n mod 20): 10 % Entered (requested within the next 30
 * days, no crew), 15 % Scheduled, 25 % Completed, 45 % Invoiced, 5 % Cancelled. Scheduled orders fill the
 * control record's crews up to their daily capacity on the coming working days (the calendar the scheduler
 * uses, ./calendar.ts), for 20 working days at most — beyond that an order is Invoiced instead; the others
 * are dated over the two years before today, spread over the crews. Like the other modules' generators these
 * orders post nothing: an Invoiced order names a generated invoice number (`GWI…`) that no AR invoice has.
 *
 * `crews: n` first sets the control record's crews to CREW01 … CREWn (the benchmark's 20 crews).
 */
import { mul, round, type Decimal } from '@erp/shared/decimal';
import { sql } from 'kysely';
import type { DatabaseConfig } from '@erp/server/config';
import { openDatabase } from '@erp/server/db/connection';
import { schemaView } from '@erp/server/db/migration-db';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { WD_CONTROL_ID } from '../definitions/masters.ts';
import { addDays, loadCalendar, nextWorkingDay } from './calendar.ts';
import { wdDb } from './tables.generated.ts';

export interface ServiceOrderOptions {
  orders?: number;
  crews?: number;
  onProgress?(written: number): void;
}

type Kind = 'Entered' | 'Scheduled' | 'Completed' | 'Invoiced' | 'Cancelled';

const BATCH_ORDERS = 1000;
const SCHEDULED_DAYS = 20;
const WHO = 'seed:large';

/** The state of order n (see the header). */
function kindOf(n: number): Kind {
  const k = n % 20;
  return k < 2 ? 'Entered' : k < 5 ? 'Scheduled' : k < 10 ? 'Completed' : k < 19 ? 'Invoiced' : 'Cancelled';
}

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A quantity fit for the service's unit, as an exact decimal of 4 places. */
function quantityFor(unit: string, next: () => number): Decimal {
  const whole = unit === 'Litre' ? 100 + Math.floor(next() * 1900) : unit === 'Hour' ? 1 + Math.floor(next() * 8) : 1 + Math.floor(next() * 10);
  return `${whole}.0000`;
}

export async function insertServiceOrders(config: DatabaseConfig, options: ServiceOrderOptions = {}): Promise<{ orders: number; byStatus: Record<Kind, number>; seconds: number }> {
  const started = performance.now();
  const orders = options.orders ?? 20_000;
  const database = await openDatabase(config);
  // Bulk rows by table name, as the demo seeds write them.
  const db = schemaView(database.db);
  try {
    const flag = database.engine === 'postgres' ? true : 1;
    if (options.crews !== undefined) {
      const crews = Array.from({ length: options.crews }, (_, i) => `CREW${String(i + 1).padStart(2, '0')}`).join(', ');
      await db.updateTable('wd_control').set({ crews, updated_by: WHO, updated_on: new Date().toISOString(), version: sql`version + 1` }).where('control_id', '=', WD_CONTROL_ID).execute();
    }
    // Refuses (no control record) before anything is written.
    const calendar = await loadCalendar(wdDb(db));
    const customers = await wdDb(db).selectFrom('firms').select(['firm_id', 'name']).where('is_bill_to', '=', flag).where('is_active', '=', flag).orderBy('firm_id').limit(2000).execute();
    const shipTos = customers.length === 0
      ? []
      : await wdDb(db).selectFrom('firms').select(['firm_id', 'bill_to_id']).where('is_ship_to', '=', flag).where('is_active', '=', flag).where('bill_to_id', 'in', customers.map((c) => c.firm_id)).orderBy('firm_id').execute();
    const siteOf = new Map<string, string>();
    for (const row of shipTos) if (!siteOf.has(String(row.bill_to_id))) siteOf.set(String(row.bill_to_id), row.firm_id);
    const services = (await wdDb(db).selectFrom('wd_services').selectAll().where('is_active', '=', flag).orderBy('service_id').execute()).map((row) => ({
      id: row.service_id,
      unit: String(row.unit),
      flat: row.price_basis === 'Flat',
      price: decimalFromDb(db, row.unit_price, 4) ?? '0.0000',
    }));
    const classes = await wdDb(db).selectFrom('waste_classes').select(['class_id', 'hazard_class']).where('is_active', '=', flag).orderBy('class_id').execute();
    if (customers.length === 0 || services.length === 0 || calendar.crews.length === 0) {
      throw new Error('seed:large --wd needs active bill-to firms, services and the control record with crews (start the server once first)');
    }
    const crews = calendar.crews;
    const today = new Date().toISOString().slice(0, 10);
    // The coming working days' free slots, in order: the Scheduled orders take them one by one.
    const slots: { date: string; crew: string; sequence: number }[] = [];
    let day = nextWorkingDay(calendar, addDays(today, 1));
    for (let d = 0; d < SCHEDULED_DAYS; d += 1) {
      for (let sequence = 1; sequence <= calendar.capacity; sequence += 1) for (const crew of crews) slots.push({ date: day, crew, sequence });
      day = nextWorkingDay(calendar, addDays(day, 1));
    }
    const next = random(27);
    const now = new Date().toISOString();
    const trail = { created_by: WHO, created_on: now, updated_by: WHO, updated_on: now, version: 1 };
    const byStatus: Record<Kind, number> = { Entered: 0, Scheduled: 0, Completed: 0, Invoiced: 0, Cancelled: 0 };
    let slot = 0;
    for (let start = 0; start < orders; start += BATCH_ORDERS) {
      const count = Math.min(BATCH_ORDERS, orders - start);
      const rows = Array.from({ length: count }, (_, i) => {
        const n = start + i + 1;
        let kind = kindOf(n);
        if (kind === 'Scheduled' && slot >= slots.length) kind = 'Invoiced';
        byStatus[kind] += 1;
        const customer = customers[n % customers.length]!;
        const customerId = customer.firm_id;
        const service = services[n % services.length]!;
        const wasteClass = classes.length === 0 ? null : classes[Math.floor(next() * classes.length)]!;
        const quantity = quantityFor(service.unit, next);
        const amount = service.flat ? round(service.price, 2) : mul(quantity, service.price, 2);
        const crewAt = n % crews.length;
        // Past work: a working day of the two years before today.
        const past = nextWorkingDay(calendar, addDays(today, -730 + Math.floor(next() * 725)));
        const placed = kind === 'Scheduled' ? slots[slot++]! : kind === 'Entered' ? null : { date: past, crew: crews[crewAt]!, sequence: 1 + (Math.floor(n / crews.length) % calendar.capacity) };
        const work = placed?.date ?? addDays(today, Math.floor(next() * 30));
        const hazardous = wasteClass !== null && wasteClass.hazard_class !== 'None';
        const done = kind === 'Completed' || kind === 'Invoiced';
        return {
          order_no: `GWD${String(n).padStart(7, '0')}`,
          order_date: addDays(work, -7 - Math.floor(next() * 14)),
          status: kind,
          customer_id: customerId,
          customer_name: customer.name ?? '',
          site_id: n % 3 === 0 ? customerId : siteOf.get(customerId) ?? customerId,
          service_id: service.id,
          waste_class_id: wasteClass === null ? null : wasteClass.class_id,
          quantity: decimalToDb(db, quantity, 4),
          unit_price: decimalToDb(db, service.price, 4),
          amount: decimalToDb(db, amount, 2),
          requested_date: work,
          scheduled_date: placed?.date ?? null,
          crew_id: placed?.crew ?? null,
          vehicle: placed ? `TRUCK-${String(crews.indexOf(placed.crew) + 1).padStart(2, '0')}` : null,
          route_sequence: placed?.sequence ?? null,
          manifest_no: hazardous ? `GM${String(n).padStart(8, '0')}` : null,
          completed_date: done ? placed!.date : null,
          invoice_no: kind === 'Invoiced' ? `GWI${String(n).padStart(7, '0')}` : null,
          ...trail,
        };
      });
      await db.transaction().execute((trx: typeof db) => trx.insertInto('wd_orders').values(rows).execute());
      options.onProgress?.(start + count);
    }
    if (database.engine === 'postgres') await sql`vacuum analyze wd_orders`.execute(db);
    else await sql`analyze wd_orders`.execute(db);
    return { orders, byStatus, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
