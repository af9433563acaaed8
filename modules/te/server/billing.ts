/**
 * Trades billing on the server (issue 28 item 4; SCREENS.md TE-19 … TE-21, TE-23; DOMAIN-NOTES §8.1, §8.3).
 * Every invoice is a posted AR invoice written by Receivables' `createPostedInvoice` (its pricing, the taxes of
 * the builder's province, its posting through the GL posting service — source AR, the A/R period flag — and
 * its AR item); no posting code here. Accounts: GL integration TE CONTRACT-REVENUE and TE HOLDBACK-RECEIVABLE.
 *
 * An invoice that retains holdback carries three lines: the current due (revenue, taxed), the holdback
 * (revenue, untaxed) and the holdback receivable (−holdback, untaxed). So Dr AR = current due + tax,
 * Dr holdback receivable = holdback, Cr revenue = earned, Cr GST/HST on the current due only (§8.1: tax on
 * holdback is due when it becomes payable). The holdback billing later invoices it: Dr AR (holdback + tax),
 * Cr holdback receivable, Cr GST/HST.
 */
import { add, cmp, isZero, mul, neg, sub, type Decimal } from '@erp/shared/decimal';
import { createPostedInvoice } from '@erp/modules/ar/server/api';
import { addDays } from '@erp/modules/ar/definitions/index';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { changedExactly } from '@erp/server/exactly-once/compare-and-set';
import type { Transaction } from 'kysely';
import type { Change, EntityHooks, WireRecord } from '@erp/server/entities/hooks';
import { percentOf, progressFigures } from '../definitions/progress.ts';
import { LIEN_PERIOD_DAYS } from '../definitions/common.ts';
import { linesOf, money, notFound, refuse, text } from './records.ts';
import { setField } from '@erp/server/entities/hooks';
import { requiredIntegrationAccount } from '@erp/modules/gl/server/api';
import { teDb, type JobSiteRow, type LotOptionRow, type TeDatabase, type TeLotRow } from './tables.generated.ts';

type TeTransaction = Transaction<TeDatabase>;


/** A tax group with no authority: the line is not taxed. */
const UNTAXED = 'EXEMPT';

export function teAccount(trx: TeTransaction, transactionType: 'CONTRACT-REVENUE' | 'HOLDBACK-RECEIVABLE'): Promise<string> {
  return requiredIntegrationAccount(trx, 'TE', transactionType, `TE ${transactionType}`);
}

interface Invoiced {
  invoiceNo: string;
  tax: Decimal;
  total: Decimal;
}

/** One posted AR invoice of `due` (taxed) plus `holdback` retained (see the header). */
export async function invoiceWithHoldback(
  trx: TeTransaction,
  input: { date: string; billToId: string; reference: string; description: string; due: Decimal; holdback: Decimal },
  userId: string,
): Promise<Invoiced> {
  const revenue = await teAccount(trx, 'CONTRACT-REVENUE');
  const lines = [{ Description: input.description.slice(0, 100), AccountId: revenue, Quantity: '1', UnitPrice: input.due }];
  if (!isZero(input.holdback)) {
    const receivable = await teAccount(trx, 'HOLDBACK-RECEIVABLE');
    lines.push(
      { Description: `${input.reference} holdback retained`.slice(0, 100), AccountId: revenue, Quantity: '1', UnitPrice: input.holdback, TaxGroup: UNTAXED } as (typeof lines)[number],
      { Description: `${input.reference} holdback receivable`.slice(0, 100), AccountId: receivable, Quantity: '1', UnitPrice: neg(input.holdback), TaxGroup: UNTAXED } as (typeof lines)[number],
    );
  }
  const invoice = await createPostedInvoice(trx, { date: input.date, billToId: input.billToId, reference: input.reference, description: input.description.slice(0, 100), lines }, userId);
  return { invoiceNo: invoice.documentNo, tax: sub(invoice.total, input.due), total: invoice.total };
}

async function lotOf(trx: TeTransaction, lotId: string): Promise<TeLotRow> {
  const lot = await trx.selectFrom('te_lots').selectAll().where('lot_id', '=', lotId).executeTakeFirst();
  if (!lot) notFound('LotId');
  return lot;
}

async function siteOf(trx: TeTransaction, siteId: string): Promise<JobSiteRow> {
  const site = await trx.selectFrom('te_job_sites').selectAll().where('site_id', '=', siteId).executeTakeFirst();
  if (!site) notFound('SiteId');
  return site;
}

/** The bill-to defaults to the site's builder. */
function defaultBillTo(change: Change, site: JobSiteRow): void {
  if (text(change.next['BillToId']) === '') setField(change, 'BillToId', site['builder_id']);
}

/** The lot, locked until the transaction ends on PostgreSQL (SQLite runs one write transaction at a time). */
async function lockedLot(trx: TeTransaction, lotId: string): Promise<TeLotRow> {
  let query = trx.selectFrom('te_lots').selectAll().where('lot_id', '=', lotId);
  if (engineOf(trx) === 'postgres') query = query.forUpdate();
  const lot = await query.executeTakeFirst();
  if (!lot) notFound('LotId');
  return lot;
}

/**
 * Adds `amount` to what the lot has billed: a compare-and-set on the billed amount read, so a billing that raced
 * another of the same lot rolls back instead of losing the other's amount.
 */
async function addBilled(trx: TeTransaction, lotId: string, amount: Decimal, userId: string, now: string): Promise<void> {
  const lot = await lotOf(trx, lotId);
  const engine = engineOf(trx);
  const result = await trx
    .updateTable('te_lots')
    .set((eb) => ({ billed_amount: decimalToDb(engine, add(money(trx, lot['billed_amount']), amount), 2), updated_by: userId, updated_on: now, version: eb('version', '+', 1) }))
    .where('lot_id', '=', lotId)
    .where('billed_amount', '=', decimalToDb(engine, money(trx, lot['billed_amount']), 2))
    .executeTakeFirst();
  changedExactly(result, 1);
}

export const contractBillingHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = teDb(engineTrx);
    const lot = await lotOf(trx, text(change.next['LotId']));
    const site = await siteOf(trx, text(lot['site_id']));
    setField(change, 'SiteId', lot['site_id']);
    defaultBillTo(change, site);
    const open = sub(money(trx, lot['contract_price']), money(trx, lot['billed_amount']));
    const typed = text(change.next['Amount']);
    const amount = typed === '' ? open : typed;
    if (cmp(amount, '0') <= 0) refuse([{ field: 'Amount', key: 'te:rules.nothingToBill' }]);
    if (cmp(amount, open) > 0) refuse([{ field: 'Amount', key: 'te:rules.overBilled', params: { open } }]);
    const percent = text(change.next['HoldbackPercent']) === '' ? money(trx, site['holdback_percent']) : text(change.next['HoldbackPercent']);
    const holdback = percentOf(amount, percent);
    setField(change, 'Amount', amount);
    setField(change, 'HoldbackPercent', percent);
    setField(change, 'Holdback', holdback);
    setField(change, 'NetAmount', sub(amount, holdback));
  },
  actions: {
    invoice: {
      async effect(ctx, run) {
        const { record, now } = run;
        const trx = teDb(run.trx);
        const amount = text(record['Amount']);
        const holdback = text(record['Holdback']);
        // The draft checked the lot's open amount when it was saved; another billing of the lot may have been
        // invoiced since, so it is checked again here, the lot locked, before anything is billed.
        const lot = await lockedLot(trx, text(record['LotId']));
        const open = sub(money(trx, lot['contract_price']), money(trx, lot['billed_amount']));
        if (cmp(amount, open) > 0) refuse([{ field: 'Amount', key: 'te:rules.overBilled', params: { open } }]);
        const invoice = await invoiceWithHoldback(
          trx,
          { date: text(record['BillingDate']), billToId: text(record['BillToId']), reference: text(record['BillingNo']), description: `${text(record['BillingNo'])} lot ${text(record['LotId'])}`, due: sub(amount, holdback), holdback },
          ctx.user.userId,
        );
        await addBilled(trx, text(record['LotId']), amount, ctx.user.userId, now);
        return {
          set: { InvoiceNo: invoice.invoiceNo, TaxAmount: invoice.tax, TotalDue: invoice.total },
          touched: ['te_lots', 'ar_invoices'],
          messageKey: 'te:result.invoiced',
          messageParams: { invoice: invoice.invoiceNo },
        };
      },
    },
  },
};

/** The price of a lot's option: what the lot option says, else the site's, else the list price. */
async function lotOptionPrices(trx: TeTransaction, lot: TeLotRow): Promise<Map<string, LotOptionRow>> {
  const rows = await trx.selectFrom('te_lot_options').selectAll().where('lot_id', '=', text(lot['lot_id'])).execute();
  return new Map(rows.map((row) => [text(row['option_id']), row]));
}

export const optionBillingHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = teDb(engineTrx);
    const lot = await lotOf(trx, text(change.next['LotId']));
    const site = await siteOf(trx, text(lot['site_id']));
    setField(change, 'SiteId', lot['site_id']);
    defaultBillTo(change, site);
    const chosen = await lotOptionPrices(trx, lot);
    let lines = linesOf(change.next);
    // A new billing without lines bills the lot's options not yet billed.
    if (change.mode === 'create' && lines.length === 0) {
      lines = [...chosen.values()]
        .filter((row) => text(row['billing_no']) === '')
        .map((row) => ({ OptionId: row['option_id'], Quantity: Number(row['quantity']), Price: money(trx, row['price']) }));
    }
    let total = '0.00';
    const priced: WireRecord[] = [];
    for (const [index, line] of lines.entries()) {
      const own = chosen.get(text(line['OptionId']));
      if (!own) refuse([{ field: `Lines.${index}.OptionId`, key: 'te:rules.optionNotOnLot', params: { option: line['OptionId'] } }]);
      if (own && text(own['billing_no']) !== '' && text(own['billing_no']) !== text(change.next['BillingNo'])) {
        refuse([{ field: `Lines.${index}.OptionId`, key: 'te:rules.optionBilled', params: { billing: own['billing_no'] } }]);
      }
      const price = text(line['Price']) === '' ? money(trx, own!['price']) : text(line['Price']);
      const amount = mul(price, String(line['Quantity'] ?? '1'), 2);
      total = add(total, amount);
      priced.push({ ...line, Price: price, Amount: amount });
    }
    setField(change, 'Lines', priced);
    setField(change, 'Amount', total);
  },
  actions: {
    invoice: {
      async guard(_ctx, run) {
        if (linesOf(run.record).length === 0) throw BusinessError.of(400, 'no_lines', 'te:rules.noLines', {}, 'Lines');
      },
      async effect(ctx, run) {
        const { record, now } = run;
        const trx = teDb(run.trx);
        const revenue = await teAccount(trx, 'CONTRACT-REVENUE');
        const billingNo = text(record['BillingNo']);
        const lines = linesOf(record);
        const invoice = await createPostedInvoice(
          trx,
          {
            date: text(record['BillingDate']),
            billToId: text(record['BillToId']),
            reference: billingNo,
            description: `${billingNo} options lot ${text(record['LotId'])}`,
            lines: lines.map((line) => ({ Description: `${text(line['OptionId'])} lot ${text(record['LotId'])}`, AccountId: revenue, Quantity: String(line['Quantity']), UnitPrice: text(line['Price']) })),
          },
          ctx.user.userId,
        );
        await trx
          .updateTable('te_lot_options')
          .set({ billing_no: billingNo, updated_by: ctx.user.userId, updated_on: now })
          .where('lot_id', '=', text(record['LotId']))
          .where('option_id', 'in', lines.map((line) => text(line['OptionId'])))
          .execute();
        const amount = text(record['Amount']);
        await addBilled(trx, text(record['LotId']), amount, ctx.user.userId, now);
        return {
          set: { InvoiceNo: invoice.documentNo, TaxAmount: sub(invoice.total, amount), TotalDue: invoice.total },
          touched: ['te_lots', 'te_lot_options', 'ar_invoices'],
          messageKey: 'te:result.invoiced',
          messageParams: { invoice: invoice.documentNo },
        };
      },
    },
  },
};

/**
 * What the contract (site and building) has billed before: the latest certified or invoiced billing other than
 * `billingId` carries it all — its earned less holdback is everything billed so far, its holdback to date all
 * that was retained.
 */
async function previousBillings(trx: TeTransaction, siteId: string, buildingId: string, billingId: number | null): Promise<{ count: number; billed: Decimal; holdback: Decimal }> {
  let query = trx
    .selectFrom('te_progress_billings')
    .select(['net_earned', 'holdback_to_date'])
    .where('site_id', '=', siteId)
    .where('status', 'in', ['Certified', 'Invoiced']);
  query = buildingId === '' ? query.where('building_id', 'is', null) : query.where('building_id', '=', buildingId);
  if (billingId !== null) query = query.where('billing_id', '<>', billingId);
  const latest = await query.orderBy('billing_date', 'desc').orderBy('billing_id', 'desc').limit(1).executeTakeFirst();
  if (!latest) return { count: 0, billed: '0.00', holdback: '0.00' };
  return { count: 1, billed: money(trx, latest['net_earned']), holdback: money(trx, latest['holdback_to_date']) };
}

/** The §8.3 figures of a progress billing record (wire form), previous billings as given. */
function figuresOf(record: WireRecord, previousBilled: Decimal, previousHoldback: Decimal) {
  return progressFigures({
    contract: text(record['ContractAmount']) || '0.00',
    lines: linesOf(record).map((line) => ({ scheduledValue: text(line['ScheduledValue']) || '0.00', percentComplete: text(line['PercentComplete']) || '0.00' })),
    holdbackPercent: text(record['HoldbackPercent']) || '0.00',
    previousBilled,
    previousHoldback,
  });
}

export const progressBillingHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = teDb(engineTrx);
    const site = await siteOf(trx, text(change.next['SiteId']));
    const buildingId = text(change.next['BuildingId']);
    if (buildingId !== '') {
      const building = await trx.selectFrom('te_site_buildings').select('site_id').where('building_id', '=', buildingId).executeTakeFirst();
      if (!building || building['site_id'] !== site['site_id']) notFound('BuildingId');
    }
    defaultBillTo(change, site);
    if (text(change.next['HoldbackPercent']) === '') setField(change, 'HoldbackPercent', money(trx, site['holdback_percent']));
    const lines = linesOf(change.next);
    let scheduled = '0.00';
    for (const line of lines) scheduled = add(scheduled, text(line['ScheduledValue']) || '0.00');
    if (lines.length > 0 && cmp(scheduled, text(change.next['ContractAmount']) || '0') !== 0) {
      refuse([{ field: 'ContractAmount', key: 'te:rules.scheduleOfValues', params: { scheduled, contract: change.next['ContractAmount'] } }]);
    }
    // Earlier billings of the contract decide the previous figures; the first billing keeps what was typed.
    const previous = await previousBillings(trx, text(site['site_id']), buildingId, change.id === null ? null : Number(change.id));
    const previousBilled = previous.count > 0 ? previous.billed : text(change.next['PreviousBilled']) || '0.00';
    const previousHoldback = previous.count > 0 ? previous.holdback : text(change.next['PreviousHoldback']) || '0.00';
    const figures = figuresOf(change.next, previousBilled, previousHoldback);
    setField(change, 'PreviousBilled', previousBilled);
    setField(change, 'PreviousHoldback', previousHoldback);
    setField(change, 'Lines', lines.map((line, index) => ({ ...line, EarnedToDate: figures.lineEarned[index] })));
    setField(change, 'EarnedToDate', figures.earnedToDate);
    setField(change, 'HoldbackToDate', figures.holdbackToDate);
    setField(change, 'NetEarned', figures.netEarned);
    setField(change, 'CurrentDue', figures.currentDue);
    setField(change, 'HoldbackThisBilling', figures.holdbackThisBilling);
    setField(change, 'BalanceToFinish', figures.balanceToFinish);
    // §8.2 prompt payment (Ontario): due 28 days after the proper invoice is received; notice of non-payment within 14.
    const received = text(change.next['ProperInvoiceDate']) || text(change.next['BillingDate']);
    setField(change, 'ProperInvoiceDate', received);
    setField(change, 'PaymentDueDate', addDays(received, 28));
    setField(change, 'NonPaymentNoticeBy', addDays(received, 14));
  },
  actions: {
    certify: {
      async guard(_ctx, run) {
        if (linesOf(run.record).length === 0) throw BusinessError.of(400, 'no_lines', 'te:rules.noLines', {}, 'Lines');
        const previous = await previousBillings(teDb(run.trx), text(run.record['SiteId']), text(run.record['BuildingId']), Number(run.record['BillingId']));
        const billed = previous.count > 0 ? previous.billed : text(run.record['PreviousBilled']) || '0.00';
        const holdback = previous.count > 0 ? previous.holdback : text(run.record['PreviousHoldback']) || '0.00';
        // Another billing of the contract certified since this one was saved: save it again first.
        if (cmp(billed, text(run.record['PreviousBilled']) || '0') !== 0 || cmp(holdback, text(run.record['PreviousHoldback']) || '0') !== 0) {
          throw BusinessError.of(409, 'previous_changed', 'te:rules.previousChanged', {}, 'PreviousBilled');
        }
        if (cmp(text(run.record['CurrentDue']) || '0', '0') < 0) throw BusinessError.of(400, 'negative_due', 'te:rules.negativeDue', {}, 'CurrentDue');
      },
    },
    invoice: {
      async effect(ctx, run) {
        const { record } = run;
        const trx = teDb(run.trx);
        const invoice = await invoiceWithHoldback(
          trx,
          {
            date: text(record['BillingDate']),
            billToId: text(record['BillToId']),
            reference: text(record['BillingNo']),
            description: `${text(record['BillingNo'])} progress ${text(record['SiteId'])}${record['BuildingId'] ? ` ${text(record['BuildingId'])}` : ''}`,
            due: text(record['CurrentDue']),
            holdback: text(record['HoldbackThisBilling']),
          },
          ctx.user.userId,
        );
        return {
          set: { InvoiceNo: invoice.invoiceNo, TaxAmount: invoice.tax, TotalDue: invoice.total },
          touched: ['ar_invoices'],
          messageKey: 'te:result.invoiced',
          messageParams: { invoice: invoice.invoiceNo },
        };
      },
    },
  },
};

/** The holdback retained and not yet claimed: a site's (building's) progress billings, or a lot's contract billings. */
async function retained(trx: TeTransaction, record: WireRecord): Promise<{ amount: Decimal; table: 'te_contract_billings' | 'te_progress_billings'; ids: number[] }> {
  const residential = record['Kind'] === 'Residential';
  const table = residential ? 'te_contract_billings' : 'te_progress_billings';
  // Two tables, two queries (their holdback columns differ); the same SQL as one built on the table's name.
  let rows: { billing_id: number; hb: unknown }[];
  if (residential) {
    rows = await trx
      .selectFrom('te_contract_billings')
      .select(['billing_id', 'holdback as hb'])
      .where('status', '=', 'Invoiced')
      .where('holdback_billing_no', 'is', null)
      .where('lot_id', '=', text(record['LotId']))
      .execute();
  } else {
    let query = trx
      .selectFrom('te_progress_billings')
      .select(['billing_id', 'holdback_this_billing as hb'])
      .where('status', '=', 'Invoiced')
      .where('holdback_billing_no', 'is', null)
      .where('site_id', '=', text(record['SiteId']));
    if (text(record['BuildingId']) !== '') query = query.where('building_id', '=', text(record['BuildingId']));
    rows = await query.execute();
  }
  let amount = '0.00';
  for (const row of rows) amount = add(amount, money(trx, row.hb));
  return { amount, table, ids: rows.map((row) => row.billing_id) };
}

export const holdbackBillingHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = teDb(engineTrx);
    const site = await siteOf(trx, text(change.next['SiteId']));
    defaultBillTo(change, site);
    if (change.next['Kind'] === 'Residential') {
      if (text(change.next['LotId']) === '') refuse([{ field: 'LotId', key: 'te:rules.lotRequired' }]);
      const lot = await lotOf(trx, text(change.next['LotId']));
      if (lot['site_id'] !== site['site_id']) notFound('LotId');
    }
    const { amount } = await retained(trx, change.next);
    if (isZero(amount)) refuse([{ field: 'Amount', key: 'te:rules.noHoldback' }]);
    setField(change, 'Amount', amount);
  },
  actions: {
    release: {
      async guard(_ctx, run) {
        // DOMAIN-NOTES §8.1: released only after the 60-day lien period from the certificate's publication, and
        // never while a lien is preserved.
        const published = text(run.record['PublishedOn']);
        const release = text(run.record['ReleaseDate']);
        if (published === '') refuse([{ field: 'PublishedOn', key: 'te:rules.publishedOnRequired' }]);
        if (release === '') refuse([{ field: 'ReleaseDate', key: 'te:rules.releaseDateRequired' }]);
        const lienPeriodEnd = addDays(published, LIEN_PERIOD_DAYS);
        if (release <= lienPeriodEnd) refuse([{ field: 'ReleaseDate', key: 'te:rules.lienPeriodOpen', params: { end: lienPeriodEnd } }]);
        if (run.record['LienPreserved'] === true) refuse([{ field: 'LienPreserved', key: 'te:rules.lienPreserved' }]);
      },
    },
    invoice: {
      async effect(ctx, run) {
        const { record, now } = run;
        const trx = teDb(run.trx);
        const held = await retained(trx, record);
        if (isZero(held.amount)) refuse([{ field: 'Amount', key: 'te:rules.noHoldback' }]);
        const billingNo = text(record['BillingNo']);
        const receivable = await teAccount(trx, 'HOLDBACK-RECEIVABLE');
        const invoice = await createPostedInvoice(
          trx,
          {
            date: text(record['BillingDate']),
            billToId: text(record['BillToId']),
            reference: billingNo,
            description: `${billingNo} holdback release ${text(record['SiteId'])}${record['LotId'] ? ` ${text(record['LotId'])}` : ''}`,
            lines: [{ Description: `${billingNo} holdback release`, AccountId: receivable, Quantity: '1', UnitPrice: held.amount }],
          },
          ctx.user.userId,
        );
        const claimed = { holdback_billing_no: billingNo, updated_by: ctx.user.userId, updated_on: now };
        if (held.table === 'te_contract_billings') await trx.updateTable('te_contract_billings').set(claimed).where('billing_id', 'in', held.ids).execute();
        else await trx.updateTable('te_progress_billings').set(claimed).where('billing_id', 'in', held.ids).execute();
        return {
          set: { Amount: held.amount, InvoiceNo: invoice.documentNo, TaxAmount: sub(invoice.total, held.amount), TotalDue: invoice.total },
          touched: [held.table, 'ar_invoices'],
          messageKey: 'te:result.invoiced',
          messageParams: { invoice: invoice.documentNo },
        };
      },
    },
  },
};

