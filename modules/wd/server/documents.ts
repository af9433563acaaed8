/**
 * Quotes and service orders on the server (issue 27 items 2–3; definitions modules/wd/definitions/documents.ts).
 *
 * Both, on save (in the transaction, so refusals speak the caller's language): the customer is an active bill-to
 * and the site (default: the customer) is the customer or one of its ship-tos — the Receivables rule and texts
 * (§5/§8 "Bill To is invalid.", "Ship To is invalid."); the customer's name is copied; prices and amounts are the
 * server's (./pricing.ts).
 * - quote: created from a template without lines → the template's lines; `accept` (Quoted → Accepted) creates
 *   one Entered service order per line (customer, site, service, class, quantity, price, the quote's number)
 *   and lists their numbers; refused without lines. `lose` ends it.
 * - order: a scheduled date while Scheduled must be a working day (./calendar.ts); `schedule` needs a date on
 *   a working day and a crew; `complete` (§8.4) refuses a waste class that requires a certificate unless the
 *   customer or the site holds an active certificate for that class (or for every class) valid on the
 *   scheduled date, and records that date as the completion date. Invoiced is set by Invoice processing only.
 */
import type { RuleIssue } from '@erp/shared/entities/define';
import { add, round } from '@erp/shared/decimal';
import { checkParties } from '@erp/modules/ar/server/api';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { Transaction } from 'kysely';
import type { Change, EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { isTruthyFlag } from '@erp/server/entities/wire';
import { wdOrder } from '../definitions/documents.ts';
import { isWorkingDay, loadCalendar } from './calendar.ts';
import { priceServices } from './pricing.ts';
import { insertRecord, linesOf, refuse } from './records.ts';
import { setField } from '@erp/server/entities/hooks';
import { wdDb, type WdDatabase } from './tables.generated.ts';

type WdTransaction = Transaction<WdDatabase>;

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** Checks the customer and site and copies the customer's name; answers the site. */
async function parties(trx: WdTransaction, change: Change): Promise<string> {
  const customerId = text(change.next['CustomerId']);
  if (text(change.next['SiteId']) === '') setField(change, 'SiteId', customerId);
  const siteId = text(change.next['SiteId']);
  await checkParties(trx, customerId, siteId);
  if (change.mode === 'create' || change.changed.has('CustomerId')) {
    const firm = await trx.selectFrom('firms').select('name').where('firm_id', '=', customerId).executeTakeFirst();
    setField(change, 'CustomerName', firm ? text(firm.name) : null);
  }
  return siteId;
}

async function templateLines(trx: WdTransaction, templateId: string) {
  const rows = await trx
    .selectFrom('wd_quotation_template_lines')
    .select(['service_id', 'waste_class_id', 'quantity', 'description'])
    .where('template_id', '=', templateId)
    .orderBy('line_id')
    .execute();
  return rows.map((row) => ({
    ServiceId: text(row.service_id),
    WasteClassId: row.waste_class_id ?? null,
    Quantity: decimalFromDb(trx, row.quantity, 4) ?? '0.0000',
    Description: row.description ?? null,
    UnitPrice: null,
  }));
}

export const quoteHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = wdDb(engineTrx);
    const siteId = await parties(trx, change);
    let lines = linesOf(change.next);
    const templateId = text(change.next['TemplateId']);
    if (change.mode === 'create' && lines.length === 0 && templateId !== '') lines = await templateLines(trx, templateId);
    const customerId = text(change.next['CustomerId']);
    const date = text(change.next['QuoteDate']);
    const prices = await priceServices(
      trx,
      customerId,
      siteId,
      date,
      lines.map((line) => ({ ServiceId: text(line['ServiceId']), Quantity: text(line['Quantity']), UnitPrice: (line['UnitPrice'] as string | null) ?? null })),
    );
    const priced = lines.map((line, index) => ({ ...line, ...prices[index] }));
    let total = '0.00';
    for (const line of priced) total = add(total, text(line.Amount));
    setField(change, 'Lines', priced);
    setField(change, 'Total', round(total, 2));
  },
  actions: {
    accept: {
      async guard(_ctx, run) {
        if (linesOf(run.record).length === 0) throw BusinessError.of(400, 'no_lines', 'wd:wd-quote.rules.noLines', {}, 'Lines');
      },
      async effect(ctx, run) {
        const { trx, record, now } = run;
        const numbers: string[] = [];
        for (const line of linesOf(record)) {
          const order = await insertRecord(
            trx,
            wdOrder,
            {
              OrderDate: now.slice(0, 10) < text(record['QuoteDate']) ? text(record['QuoteDate']) : now.slice(0, 10),
              Status: 'Entered',
              CustomerId: record['CustomerId'],
              CustomerName: record['CustomerName'],
              SiteId: record['SiteId'] ?? record['CustomerId'],
              ServiceId: line['ServiceId'],
              WasteClassId: line['WasteClassId'] ?? null,
              Quantity: line['Quantity'],
              UnitPrice: line['UnitPrice'],
              Amount: line['Amount'],
              QuoteNo: record['QuoteNo'],
              Notes: line['Description'] ?? null,
            },
            ctx.user.userId,
            now,
          );
          numbers.push(text(order['OrderNo']));
        }
        return {
          set: { OrderNos: numbers.join(', ') },
          touched: ['wd_orders'],
          messageKey: 'wd:wd-quote.result.accepted',
          messageParams: { orders: numbers.join(', '), count: numbers.length },
          data: { OrderNos: numbers },
        };
      },
    },
  },
};

/** §8.4: a valid certificate for the order's class, held by its customer or site, on `date`. */
export async function certificateIssue(trx: WdTransaction, record: WireRecord, date: string): Promise<RuleIssue | null> {
  const classId = text(record['WasteClassId']);
  if (classId === '') return null;
  const wasteClass = await trx.selectFrom('waste_classes').select(['certificate_required']).where('class_id', '=', classId).executeTakeFirst();
  if (!wasteClass || !isTruthyFlag(wasteClass.certificate_required)) return null;
  const holders = [...new Set([text(record['CustomerId']), text(record['SiteId'])].filter((id) => id !== ''))];
  const valid = await trx
    .selectFrom('wd_certificates')
    .select('certificate_id')
    .where('holder_type', 'in', ['customer', 'site'])
    .where('holder_id', 'in', holders)
    .where('status', '=', 'Active')
    .where('issued_on', '<=', date)
    .where('expires_on', '>=', date)
    .where((eb) => eb.or([eb('waste_class_id', 'is', null), eb('waste_class_id', '=', classId)]))
    .limit(1)
    .executeTakeFirst();
  return valid ? null : { field: 'WasteClassId', key: 'wd:wd-order.rules.certificateRequired', params: { wasteClass: classId, date } };
}

export const orderHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = wdDb(engineTrx);
    const siteId = await parties(trx, change);
    // Another service without a typed price takes that service's price.
    const typed = change.changed.has('ServiceId') && !change.changed.has('UnitPrice') && change.mode === 'update' ? null : ((change.next['UnitPrice'] as string | null) ?? null);
    const [price] = await priceServices(trx, text(change.next['CustomerId']), siteId, text(change.next['OrderDate']), [
      { ServiceId: text(change.next['ServiceId']), Quantity: text(change.next['Quantity']), UnitPrice: typed },
    ]);
    if (price) {
      if (change.next['UnitPrice'] !== price.UnitPrice) setField(change, 'UnitPrice', price.UnitPrice);
      if (change.next['Amount'] !== price.Amount) setField(change, 'Amount', price.Amount);
    }
    const date = text(change.next['ScheduledDate']);
    if (change.next['Status'] === 'Scheduled' && change.changed.has('ScheduledDate')) {
      if (date === '') refuse([{ field: 'ScheduledDate', key: 'wd:wd-order.rules.scheduleDate' }]);
      if (!isWorkingDay(await loadCalendar(trx), date)) refuse([{ field: 'ScheduledDate', key: 'wd:wd-order.rules.notWorkingDay', params: { date } }]);
    }
  },
  actions: {
    schedule: {
      async guard(_ctx, run) {
        const date = text(run.record['ScheduledDate']);
        const issues: RuleIssue[] = [];
        if (date === '') issues.push({ field: 'ScheduledDate', key: 'wd:wd-order.rules.scheduleDate' });
        else if (!isWorkingDay(await loadCalendar(wdDb(run.trx)), date)) issues.push({ field: 'ScheduledDate', key: 'wd:wd-order.rules.notWorkingDay', params: { date } });
        if (text(run.record['CrewId']) === '') issues.push({ field: 'CrewId', key: 'wd:wd-order.rules.crewRequired' });
        refuse(issues);
      },
    },
    complete: {
      async guard(_ctx, run) {
        const issue = await certificateIssue(wdDb(run.trx), run.record, text(run.record['ScheduledDate']));
        if (issue) refuse([issue]);
      },
      async effect(_ctx, run) {
        return { set: { CompletedDate: run.record['ScheduledDate'] } };
      },
    },
  },
};
