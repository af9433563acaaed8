/**
 * Scheduling and invoice processing (issue 27 items 4–5; definitions modules/wd/definitions/reports.ts). Each
 * item runs in its own transaction and only while the order is still in the state the preview showed.
 *
 * Scheduling: the first working day (./calendar.ts: the control record's weekdays, never a holiday) on or after
 * the later of the chosen start and the order's requested date, on the crew with the fewest jobs that day —
 * ties in the control record's crew order — while below the crews' daily capacity; a day every crew has full
 * moves to the next working day. The order's route sequence is its place in the crew's day.
 *
 * Invoice processing: one posted AR invoice per completed order through Receivables' `createPostedInvoice` (a
 * batch: `createPostedInvoices`; the same pricing, taxes of the site's province, posting — Dr AR / Cr revenue / Cr taxes — and AR item as a
 * typed invoice; its period check refuses a closed A/R period); revenue: the service's account, else the
 * control record's; terms: the control record's, else the customer's. The order becomes Invoiced with the
 * invoice's number.
 */
import type { Decimal } from '@erp/shared/decimal';
import { createPostedInvoice, createPostedInvoices, type NewInvoice } from '@erp/modules/ar/server/api';
import { assertPeriodOpen } from '@erp/modules/gl/server/api';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import { decimalFromDb, type Connection } from '@erp/server/db/decimal-codec';
import type { ItemOutcome, ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import type { ReportRow } from '@erp/server/reports/engine';
import { sql, type Transaction } from 'kysely';
import { invoiceProcessing, scheduling, serializeWorkLoad } from '../definitions/reports.ts';
import { addDays, loadCalendar, nextWorkingDay, type WdCalendar } from './calendar.ts';
import { servicesOf, type ServiceFacts } from './pricing.ts';
import { wdDb, type WdDatabase, type WdOrderRow } from './tables.generated.ts';

type WdTransaction = Transaction<WdDatabase>;

function refused(ctx: ProcessContext, error: unknown, id: number): ItemOutcome {
  if (error instanceof BusinessError) {
    const issue = error.issues[0];
    return { ResultStatus: 2, ResultCode: error.code, Message: messageIn(ctx.locale, issue?.key ?? error.code, issue?.params ?? {}), EntityId: id };
  }
  throw error;
}

function ordersIn(ctx: ProcessContext, status: 'Entered' | 'Completed') {
  let query = wdDb(ctx.db)
    .selectFrom('wd_orders as o')
    .where('o.status', '=', status)
    .select([
      'o.order_id as OrderId',
      'o.order_no as OrderNo',
      'o.order_date as OrderDate',
      'o.customer_id as CustomerId',
      'o.customer_name as CustomerName',
      'o.site_id as SiteId',
      'o.service_id as ServiceId',
      'o.waste_class_id as WasteClassId',
      'o.requested_date as RequestedDate',
      'o.completed_date as CompletedDate',
      'o.quantity as Quantity',
      'o.amount as Amount',
    ]);
  const customer = ctx.params['CustomerId'];
  if (typeof customer === 'string' && customer !== '') query = query.where('o.customer_id', '=', customer);
  return query;
}

/** Jobs per crew on `date` (orders scheduled or done that day). */
async function loads(trx: WdTransaction, date: string): Promise<Map<string, number>> {
  const rows = (await trx
    .selectFrom('wd_orders')
    .select(['crew_id'])
    .select((eb) => eb.fn.countAll().as('jobs'))
    .where('scheduled_date', '=', date)
    .where('status', 'in', ['Scheduled', 'Completed', 'Invoiced'])
    .groupBy('crew_id')
    .execute());
  return new Map(rows.map((row) => [String(row['crew_id']), Number(row['jobs'])]));
}

/** The crew with the fewest jobs in `load` below the capacity (ties: the control record's order), or null. */
function chooseCrew(calendar: WdCalendar, load: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  for (const crew of calendar.crews) {
    const jobs = load.get(crew) ?? 0;
    if (jobs < calendar.capacity && (best === null || jobs < (load.get(best) ?? 0))) best = crew;
  }
  return best;
}

/** The day and crew for a job that may start on `start` (see the header). */
export async function proposeSlot(trx: WdTransaction, calendar: WdCalendar, start: string): Promise<{ date: string; crew: string; sequence: number }> {
  if (calendar.crews.length === 0) throw BusinessError.of(409, 'no_crews', 'wd:rules.noCrews');
  let day = nextWorkingDay(calendar, start);
  for (let i = 0; i < 366; i += 1) {
    const load = await loads(trx, day);
    const best = chooseCrew(calendar, load);
    if (best !== null) return { date: day, crew: best, sequence: (load.get(best) ?? 0) + 1 };
    day = nextWorkingDay(calendar, addDays(day, 1));
  }
  throw BusinessError.of(409, 'no_working_day', 'wd:rules.noWorkingDay');
}

/**
 * proposeSlot on loads held in memory (day → crew → jobs, every day from the batch's earliest start), which
 * it counts the slot into: a batch reads the loads once and plans its orders one after the other, as runItem
 * would one transaction after the other.
 */
function planSlot(calendar: WdCalendar, days: Map<string, Map<string, number>>, start: string): { date: string; crew: string; sequence: number } {
  if (calendar.crews.length === 0) throw BusinessError.of(409, 'no_crews', 'wd:rules.noCrews');
  let day = nextWorkingDay(calendar, start);
  for (let i = 0; i < 366; i += 1) {
    let load = days.get(day);
    if (!load) days.set(day, (load = new Map()));
    const best = chooseCrew(calendar, load);
    if (best !== null) {
      const sequence = (load.get(best) ?? 0) + 1;
      load.set(best, sequence);
      return { date: day, crew: best, sequence };
    }
    day = nextWorkingDay(calendar, addDays(day, 1));
  }
  throw BusinessError.of(409, 'no_working_day', 'wd:rules.noWorkingDay');
}

/** Jobs per crew per day on and after `from` (orders scheduled or done), for planSlot. */
async function loadsFrom(trx: WdTransaction, from: string): Promise<Map<string, Map<string, number>>> {
  const rows = (await trx
    .selectFrom('wd_orders')
    .select(['scheduled_date', 'crew_id'])
    .select((eb) => eb.fn.countAll().as('jobs'))
    .where('scheduled_date', '>=', from)
    .where('status', 'in', ['Scheduled', 'Completed', 'Invoiced'])
    .groupBy(['scheduled_date', 'crew_id'])
    .execute());
  const days = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const day = String(row['scheduled_date']);
    let load = days.get(day);
    if (!load) days.set(day, (load = new Map()));
    load.set(String(row['crew_id']), Number(row['jobs']));
  }
  return days;
}

/** The typed VALUES list of a bulk update (`update … from (values …) as v`, columns column1…, both engines). */
function valuesList(rows: readonly (readonly [number, ...string[]])[], integerColumns: ReadonlySet<number> = new Set()) {
  return sql.join(
    rows.map(([id, ...texts]) => sql`(cast(${id} as integer), ${sql.join(texts.map((text, i) => (integerColumns.has(i + 2) ? sql`cast(${Number(text)} as integer)` : sql`cast(${text} as text)`)))})`),
  );
}

/** Rows per bulk UPDATE: a few bound values each, far below both engines' limits. */
const UPDATE_CHUNK = 1000;

const schedulingProcess: ServerProcess = {
  def: scheduling,
  preview: (ctx) => ordersIn(ctx, 'Entered').orderBy('o.order_id'),
  async runItem(ctx, row) {
    const id = Number(row['OrderId']);
    try {
      return await wdDb(ctx.db).transaction().execute(async (trx) => {
        const calendar = await loadCalendar(trx);
        const from = String(ctx.params['FromDate']);
        const requested = typeof row['RequestedDate'] === 'string' ? row['RequestedDate'] : '';
        const slot = await proposeSlot(trx, calendar, requested > from ? requested : from);
        const updated = await trx
          .updateTable('wd_orders')
          .set((eb) => ({
            status: 'Scheduled',
            scheduled_date: slot.date,
            crew_id: slot.crew,
            route_sequence: slot.sequence,
            updated_by: ctx.user.userId,
            updated_on: new Date().toISOString(),
            version: eb('version', '+', 1),
          }))
          .where('order_id', '=', id)
          .where('status', '=', 'Entered')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return { ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'wd:reports.scheduling.changed'), EntityId: id };
        return { ResultStatus: 1, ResultCode: 'scheduled', Message: messageIn(ctx.locale, 'wd:reports.scheduling.done', { date: slot.date, crew: slot.crew }), EntityId: id };
      });
    } catch (error) {
      return refused(ctx, error, id);
    }
  },
  /**
   * The same plan for a batch in one transaction without a query per order: the calendar, the orders still
   * Entered and the loads from the earliest start are read once, the slots planned in memory in the rows'
   * order, and the orders written by one UPDATE per thousand (each only while still Entered).
   */
  async runBatch(ctx, rows) {
    const from = String(ctx.params['FromDate']);
    const ids = rows.map((row) => Number(row['OrderId']));
    return wdDb(ctx.db).transaction().execute(async (trx) => {
      const calendar = await loadCalendar(trx);
      const entered = new Set(
        ((await trx.selectFrom('wd_orders').select('order_id').where('order_id', 'in', ids).where('status', '=', 'Entered').execute())).map((row) => Number(row['order_id'])),
      );
      const startOf = (row: ReportRow) => {
        const requested = typeof row['RequestedDate'] === 'string' ? row['RequestedDate'] : '';
        return requested > from ? requested : from;
      };
      const days = await loadsFrom(trx, from);
      const outcomes: ItemOutcome[] = [];
      const writes: [number, string, string, string][] = [];
      for (const [index, row] of rows.entries()) {
        const id = ids[index]!;
        if (!entered.has(id)) {
          outcomes.push({ ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'wd:reports.scheduling.changed'), EntityId: id });
          continue;
        }
        try {
          const slot = planSlot(calendar, days, startOf(row));
          writes.push([id, slot.date, slot.crew, String(slot.sequence)]);
          outcomes.push({ ResultStatus: 1, ResultCode: 'scheduled', Message: messageIn(ctx.locale, 'wd:reports.scheduling.done', { date: slot.date, crew: slot.crew }), EntityId: id });
        } catch (error) {
          outcomes.push(refused(ctx, error, id));
        }
      }
      const now = new Date().toISOString();
      for (let start = 0; start < writes.length; start += UPDATE_CHUNK) {
        const chunk = writes.slice(start, start + UPDATE_CHUNK);
        const result = await sql`update wd_orders set status = 'Scheduled', scheduled_date = v.column2, crew_id = v.column3, route_sequence = v.column4,
            updated_by = ${ctx.user.userId}, updated_on = ${now}, version = wd_orders.version + 1
          from (values ${valuesList(chunk, new Set([4]))}) as v
          where wd_orders.order_id = v.column1 and wd_orders.status = 'Entered'`.execute(trx);
        // Read as Entered above in this transaction: a difference means someone else's write; run item by item.
        if (Number(result.numAffectedRows ?? chunk.length) !== chunk.length) throw new Error('wd-scheduling: orders changed during the batch');
      }
      return outcomes;
    });
  },
};

/** The Receivables invoice of a completed order (see the header). */
function invoiceInput(order: WdOrderRow, calendar: WdCalendar, service: ServiceFacts | undefined, date: string, engine: Connection): NewInvoice {
  const quantity = decimalFromDb(engine, order['quantity'], 4) ?? '0.0000';
  const price = decimalFromDb(engine, order['unit_price'], 4) ?? '0.0000';
  const manifest = order['manifest_no'] ? ` · ${String(order['manifest_no'])}` : '';
  const name = service?.name ?? String(order['service_id']);
  return {
    date,
    billToId: String(order['customer_id']),
    shipToId: String(order['site_id'] ?? order['customer_id']),
    termsCode: calendar.termsCode,
    reference: String(order['order_no']),
    description: `${String(order['order_no'])} ${name}`.slice(0, 100),
    lines: [
      {
        Description: `${name}${manifest}`.slice(0, 100),
        AccountId: service?.revenueAccount ?? calendar.revenueAccount,
        Quantity: (service?.flat ? '1.0000' : quantity) as Decimal,
        UnitPrice: price,
      },
    ],
  };
}

/** Invoices one completed order in `trx` (see the header); answers the invoice number. */
export async function invoiceOrder(trx: WdTransaction, orderId: number, date: string, userId: string): Promise<string | null> {
  const order = (await trx.selectFrom('wd_orders').selectAll().where('order_id', '=', orderId).where('status', '=', 'Completed').executeTakeFirst());
  if (!order) return null;
  const calendar = await loadCalendar(trx);
  const service = (await servicesOf(trx, [String(order['service_id'])])).get(String(order['service_id']));
  const invoice = await createPostedInvoice(trx, invoiceInput(order, calendar, service, date, trx), userId);
  await trx
    .updateTable('wd_orders')
    .set((eb) => ({ status: 'Invoiced', invoice_no: invoice.documentNo, updated_by: userId, updated_on: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('order_id', '=', orderId)
    .execute();
  return invoice.documentNo;
}

const invoicingProcess: ServerProcess = {
  def: invoiceProcessing,
  preview: (ctx) => ordersIn(ctx, 'Completed').where('o.completed_date', '<=', String(ctx.params['CompletedTo'])).orderBy('o.order_id'),
  async runItem(ctx, row) {
    const id = Number(row['OrderId']);
    try {
      const invoiceNo = await wdDb(ctx.db).transaction().execute((trx) => invoiceOrder(trx, id, String(ctx.params['InvoiceDate']), ctx.user.userId));
      if (invoiceNo === null) return { ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'wd:reports.invoiceProcessing.changed'), EntityId: id };
      return { ResultStatus: 1, ResultCode: 'invoiced', Message: messageIn(ctx.locale, 'wd:reports.invoiceProcessing.done', { invoice: invoiceNo }), EntityId: id };
    } catch (error) {
      return refused(ctx, error, id);
    }
  },
  /**
   * A batch in one transaction: the orders, services, calendar and the A/R period read once; the invoices
   * created and posted by Receivables' bulk path (`createPostedInvoices`: each order's invoice checked alone — a
   * refused customer or site refuses its orders only — then all written at once, one `postMany`); the orders
   * marked Invoiced by one UPDATE per thousand. Anything else that throws undoes the batch, and the engine runs
   * its items one by one.
   */
  async runBatch(ctx, rows) {
    const date = String(ctx.params['InvoiceDate']);
    const userId = ctx.user.userId;
    const ids = rows.map((row) => Number(row['OrderId']));
    const changed = (id: number): ItemOutcome => ({ ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'wd:reports.invoiceProcessing.changed'), EntityId: id });
    return wdDb(ctx.db).transaction().execute(async (trx) => {
      try {
        await assertPeriodOpen(trx, date, 'ar', 'InvoiceDate');
      } catch (error) {
        return ids.map((id) => refused(ctx, error, id));
      }
      const calendar = await loadCalendar(trx);
      const orders = new Map(
        ((await trx.selectFrom('wd_orders').selectAll().where('order_id', 'in', ids).where('status', '=', 'Completed').execute())).map((order) => [Number(order['order_id']), order]),
      );
      const services = await servicesOf(trx, [...orders.values()].map((order) => String(order['service_id'])));
      const found = ids.filter((id) => orders.has(id));
      const invoiced = await createPostedInvoices(
        trx,
        found.map((id) => {
          const order = orders.get(id)!;
          return invoiceInput(order, calendar, services.get(String(order['service_id'])), date, trx);
        }),
        userId,
      );
      const byOrder = new Map(found.map((id, index) => [id, invoiced[index]!]));
      const outcomes: ItemOutcome[] = [];
      const writes: [number, string][] = [];
      for (const id of ids) {
        const outcome = byOrder.get(id);
        if (!outcome) outcomes.push(changed(id));
        else if (outcome.refused) outcomes.push(refused(ctx, outcome.refused, id));
        else {
          writes.push([id, outcome.invoice.documentNo]);
          outcomes.push({ ResultStatus: 1, ResultCode: 'invoiced', Message: messageIn(ctx.locale, 'wd:reports.invoiceProcessing.done', { invoice: outcome.invoice.documentNo }), EntityId: id });
        }
      }
      const now = new Date().toISOString();
      for (let start = 0; start < writes.length; start += UPDATE_CHUNK) {
        const chunk = writes.slice(start, start + UPDATE_CHUNK);
        const result = await sql`update wd_orders set status = 'Invoiced', invoice_no = v.column2, updated_by = ${userId}, updated_on = ${now}, version = wd_orders.version + 1
          from (values ${valuesList(chunk)}) as v where wd_orders.order_id = v.column1 and wd_orders.status = 'Completed'`.execute(trx);
        // Read as Completed above: a difference is someone else's write meanwhile; undo, and run item by item.
        if (Number(result.numAffectedRows ?? chunk.length) !== chunk.length) throw new Error('wd-invoice-processing: orders changed during the batch');
      }
      return outcomes;
    });
  },
};

/**
 * Serialize work load: a crew's jobs of the day (Scheduled or done) numbered 1… in route order — by the site's
 * postal code, then city, then order — so neighbouring sites follow each other.
 */
const serializeProcess: ServerProcess = {
  def: serializeWorkLoad,
  preview: (ctx) =>
    wdDb(ctx.db)
      .selectFrom('wd_orders')
      .where('scheduled_date', '=', String(ctx.params['WorkDate']))
      .where('status', 'in', ['Scheduled', 'Completed'])
      .where('crew_id', 'is not', null)
      .select(['crew_id as CrewId'])
      .select((eb) => eb.fn.countAll().as('Jobs'))
      .groupBy('crew_id')
      .orderBy('crew_id'),
  async runItem(ctx, row) {
    const crew = String(row['CrewId']);
    const jobs = await wdDb(ctx.db).transaction().execute(async (trx) => {
      const rows = (await trx
        .selectFrom('wd_orders as o')
        .leftJoin('firms as s', 's.firm_id', 'o.site_id')
        .select(['o.order_id'])
        .where('o.scheduled_date', '=', String(ctx.params['WorkDate']))
        .where('o.crew_id', '=', crew)
        .where('o.status', 'in', ['Scheduled', 'Completed'])
        .orderBy('s.postal_code')
        .orderBy('s.city')
        .orderBy('o.order_id')
        .execute());
      for (const [index, job] of rows.entries()) {
        await trx
          .updateTable('wd_orders')
          .set((eb) => ({ route_sequence: index + 1, updated_by: ctx.user.userId, updated_on: new Date().toISOString(), version: eb('version', '+', 1) }))
          .where('order_id', '=', Number(job['order_id']))
          .execute();
      }
      return rows.length;
    });
    return { ResultStatus: 1, ResultCode: 'serialized', Message: messageIn(ctx.locale, 'wd:reports.serializeWorkLoad.done', { count: jobs }), EntityId: crew };
  },
};

export const WD_PROCESSES: readonly ServerProcess[] = [schedulingProcess, invoicingProcess, serializeProcess];
