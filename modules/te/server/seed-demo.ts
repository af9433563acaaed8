/**
 * Trades demo data (issue 28 item 6), written once — while there is no job site:
 * - options, two inspectors (INS-BAR Barrie, INS-LAV Laval);
 * - two builders — with the demo firms (DEMO_FIRMS), two of their own (BLD100 Maple Valley Homes, Barrie ON;
 *   BLD200 Habitations Laval, Laval QC), so their billings leave the other demo customers' balances alone; without,
 *   the shell's B100 and B200 —, two sites (Maple Valley, freehold lots of the first; Lakeview Towers, the
 *   second's two buildings with floor schedules), four models with options and contract prices on their
 *   site, site prices of two options, 100 lots in every stage (two owners on most, options on some, prices as
 *   the server computes them), inspection requests in every state (a pass on each Inspected lot);
 * - with the demo ledger (and an open A/R period): Lakeview Tower A's progress billings — two invoiced (holdback
 *   retained on them: a holdback billing Retained), one draft —, Tower B's first one certified; Maple Valley's
 *   closed lots billed with holdback, one holdback billing released and invoiced, one released.
 */
import { add, mul, type Decimal } from '@erp/shared/decimal';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { nextNumber } from '@erp/server/entities/numbering';
import type { SeedConfig } from '@erp/server/modules/part';
import type { Transaction } from 'kysely';
import type { MigrationTables } from '@erp/server/db/migration-db';
import { teDb } from './tables.generated.ts';
import {
  CONTRACT_BILLING_SEQUENCE,
  HOLDBACK_BILLING_SEQUENCE,
  INSPECTION_SEQUENCE,
  LOT_STAGES,
  PROGRESS_BILLING_SEQUENCE,
} from '../definitions/common.ts';
import { percentOf, progressFigures } from '../definitions/progress.ts';
import { invoiceWithHoldback, teAccount } from './billing.ts';
import { createPostedInvoice, writeDemoReceipt } from '@erp/modules/ar/server/api';
import { addDays } from '@erp/modules/ar/definitions/index';
import type { SeedDb } from '@erp/server/db/migration-db';

const ACTOR = 'seed';
const trail = (now: string) => ({ created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 });

const OPTIONS: [string, string, string][] = [
  ['DECK', 'Rear deck, pressure-treated', '8000.00'],
  ['FIRE', 'Gas fireplace', '4500.00'],
  ['BSMT', 'Finished basement', '32000.00'],
  ['GRANITE', 'Granite kitchen counters', '6500.00'],
  ['BALCONY', 'Enclosed balcony', '12000.00'],
];
/** [model, description, builder (0: Maple Valley's, 1: Lakeview's), base price, square feet, options]. */
const MODELS: [string, string, 0 | 1, string, number, string[]][] = [
  ['OAK', 'The Oak — two-storey, 4 bedrooms', 0, '450000.00', 2400, ['DECK', 'FIRE', 'BSMT']],
  ['PINE', 'The Pine — bungalow, 3 bedrooms', 0, '380000.00', 1600, ['DECK', 'GRANITE']],
  ['SUITE1', 'One-bedroom suite', 1, '520000.00', 650, ['GRANITE', 'BALCONY']],
  ['SUITE2', 'Two-bedroom corner suite', 1, '640000.00', 900, ['GRANITE', 'BALCONY', 'FIRE']],
];
/** The builders of the demo firms' databases: [id, name, address, city, province, postal code]. */
const OWN_BUILDERS: [string, string, string, string, string, string][] = [
  ['BLD100', 'Maple Valley Homes Ltd.', '40 Bayfield St', 'Barrie', 'ON', 'L4M 3A5'],
  ['BLD200', 'Habitations Laval inc.', '1800 boul. Le Corbusier', 'Laval', 'QC', 'H7S 2K1'],
];

/** The two builders (see the header), or null when the shell's are missing too. */
async function demoBuilders(db: SeedDb, config: SeedConfig, now: string): Promise<[string, string] | null> {
  if ((config.demoFirms ?? 0) > 0) {
    for (const [id, name, address, city, province, postal] of OWN_BUILDERS) {
      if (await db.selectFrom('firms').select('firm_id').where('firm_id', '=', id).executeTakeFirst()) continue;
      await db
        .insertInto('firms')
        .values({
          firm_id: id, name, is_active: 1, is_bill_to: 1, is_ship_to: 0, is_vendor: 0, for_external_users: 0, is_sales_manager: 0, account_terms: 'NET30',
          credit_limit: decimalToDb(db, '10000000.00', 2), address, city, province_code: province, postal_code: postal, ...trail(now),
        })
        .execute();
      await db.insertInto('firm_accounts').values({ firm_id: id, account_type: 'bill-to', ...trail(now) }).execute();
    }
    return [OWN_BUILDERS[0]![0], OWN_BUILDERS[1]![0]];
  }
  const found = (await db.selectFrom('firms').select('firm_id').where('firm_id', 'in', ['B100', 'B200']).execute()).length;
  return found === 2 ? ['B100', 'B200'] : null;
}
const FIRST = ['Ann', 'Raj', 'Mei', 'Luc', 'Sofia', 'Omar', 'Grace', 'Tom', 'Priya', 'Jean'];
const LAST = ['Tremblay', 'Singh', 'Chen', 'Martin', 'Rossi', 'Haddad', 'Wong', 'Smith', 'Patel', 'Roy'];

export async function seedTradesDemo(db: SeedDb, config: SeedConfig): Promise<void> {
  const now = new Date().toISOString();
  const base = now.slice(0, 10);
  if ((await db.selectFrom('te_job_sites').select('site_id').limit(1).execute()).length === 0) await seedMasters(db, config, now, base);
  // The billings once the demo ledger is on (a database seeded without it gets them at a later start).
  if (!config.demoLedger) return;
  if ((await db.selectFrom('te_progress_billings').select('billing_id').limit(1).execute()).length > 0) return;
  const lots = (await db.selectFrom('te_lots').select(['lot_id', 'site_id', 'stage']).where('site_id', 'in', ['MAPLE', 'LAKE']).orderBy('lot_id').execute()) as { lot_id: string; site_id: string; stage: string }[];
  if (lots.length === 0) return;
  await seedBillings(db, base, now, lots.map((lot) => ({ id: lot.lot_id, site: lot.site_id, stage: lot.stage })));
}

async function seedMasters(db: SeedDb, config: SeedConfig, now: string, base: string): Promise<void> {
  const money = (value: Decimal) => decimalToDb(db, value, 2);
  if ((await db.selectFrom('te_options').select('option_id').limit(1).execute()).length === 0) {
    await db.insertInto('te_options').values(OPTIONS.map(([id, description, price]) => ({ option_id: id, description, price: money(price), is_active: 1, ...trail(now) }))).execute();
  }
  if ((await db.selectFrom('te_inspectors').select('inspector_id').limit(1).execute()).length === 0) {
    await db
      .insertInto('te_inspectors')
      .values([
        { inspector_id: 'INS-BAR', name: 'Dana Kowalski', municipality: 'Barrie', phone: '705-555-0140', is_active: 1, ...trail(now) },
        { inspector_id: 'INS-LAV', name: 'Marc Lefebvre', municipality: 'Laval', phone: '450-555-0177', is_active: 1, ...trail(now) },
      ])
      .execute();
  }
  const builders = await demoBuilders(db, config, now);
  if (!builders) return;

  await db
    .insertInto('te_job_sites')
    .values([
      { site_id: 'MAPLE', name: 'Maple Valley', builder_id: builders[0], address: '200 Maple Valley Dr', city: 'Barrie', province_code: 'ON', holdback_percent: money('10.00'), is_active: 1, ...trail(now) },
      { site_id: 'LAKE', name: 'Lakeview Towers', builder_id: builders[1], address: '1800 boul. Le Corbusier', city: 'Laval', province_code: 'QC', holdback_percent: money('10.00'), is_active: 1, ...trail(now) },
    ])
    .execute();
  await db
    .insertInto('te_site_buildings')
    .values([
      { building_id: 'LAKE-A', site_id: 'LAKE', name: 'Tower A', floors: 12, is_active: 1, ...trail(now) },
      { building_id: 'LAKE-B', site_id: 'LAKE', name: 'Tower B', floors: 10, is_active: 1, ...trail(now) },
    ])
    .execute();
  const phases = ['Formwork and pour', 'Framing and rough-in', 'Drywall and finishes'];
  await db
    .insertInto('te_building_schedules')
    .values(
      [1, 2, 3].flatMap((floor) =>
        phases.map((phase, index) => ({
          building_id: 'LAKE-A',
          floor,
          phase,
          start_date: addDays(base, -120 + floor * 14 + index * 30),
          end_date: addDays(base, -120 + floor * 14 + index * 30 + 25),
          ...trail(now),
        })),
      ),
    )
    .execute();
  const optionPrice = new Map(OPTIONS.map(([id, , price]) => [id, price]));
  const sitePrice = new Map([['MAPLE DECK', '9000.00'], ['LAKE GRANITE', '5800.00']]);
  for (const [model, description, builder, price, feet, options] of MODELS) {
    await db.insertInto('te_models').values({ model_id: model, description, builder_id: builders[builder], base_price: money(price), square_feet: feet, is_active: 1, ...trail(now) }).execute();
    await db.insertInto('te_model_options').values(options.map((option, index) => ({ model_id: model, option_id: option, price: money(optionPrice.get(option)!), is_standard: index === 0 ? 1 : 0 }))).execute();
  }
  const contract = new Map([['OAK MAPLE', '465000.00'], ['PINE MAPLE', '389000.00'], ['SUITE1 LAKE', '535000.00'], ['SUITE2 LAKE', '659000.00']]);
  await db
    .insertInto('te_model_prices')
    .values([...contract].map(([key, price]) => ({ model_id: key.split(' ')[0], site_id: key.split(' ')[1], contract_price: money(price), effective_date: addDays(base, -200), ...trail(now) })))
    .execute();
  await db
    .insertInto('te_site_options')
    .values([...sitePrice].map(([key, price]) => ({ site_id: key.split(' ')[0], option_id: key.split(' ')[1], price: money(price), ...trail(now) })))
    .execute();

  // 100 lots: 60 freehold lots on Maple Valley, 40 suites on Lakeview (floors 1–10 of both towers).
  const lots: { id: string; site: string; model: string; stage: string; options: string[] }[] = [];
  for (let n = 1; n <= 100; n += 1) {
    const maple = n <= 60;
    const site = maple ? 'MAPLE' : 'LAKE';
    const model = maple ? (n % 3 === 0 ? 'PINE' : 'OAK') : ((n - 61) >> 1) % 2 === 0 ? 'SUITE2' : 'SUITE1';
    const stage = LOT_STAGES[n % LOT_STAGES.length]!;
    const models = MODELS.find(([id]) => id === model)!;
    const options = n % 4 === 0 ? models[5].slice(0, 2) : n % 4 === 1 ? models[5].slice(0, 1) : [];
    const floor = maple ? null : Math.floor((n - 61) / 4) + 1;
    const building = maple ? null : (n - 61) % 2 === 0 ? 'LAKE-A' : 'LAKE-B';
    // Four suites a floor: units 01 and 02 of each tower.
    const unit = `${String(floor).padStart(2, '0')}${String((((n - 61) % 4) >> 1) + 1).padStart(2, '0')}`;
    const id = maple ? `MAPLE-${String(n).padStart(3, '0')}` : `${building}-${unit}`;
    let optionsTotal = '0.00';
    const optionRows = options.map((option) => {
      const price = sitePrice.get(`${site} ${option}`) ?? optionPrice.get(option)!;
      optionsTotal = add(optionsTotal, price);
      return { lot_id: id, option_id: option, quantity: 1, price: money(price), amount: money(mul(price, '1', 2)), ...trail(now) };
    });
    const modelPrice = contract.get(`${model} ${site}`)!;
    const owners = stage === 'Planned' && n % 2 === 0 ? [null, null] : [`${FIRST[n % 10]} ${LAST[(n * 3) % 10]}`, n % 3 === 0 ? null : `${FIRST[(n + 5) % 10]} ${LAST[(n * 3) % 10]}`];
    await db
      .insertInto('te_lots')
      .values({
        lot_id: id,
        site_id: site,
        building_id: building,
        floor,
        model_id: model,
        stage,
        address: maple ? `${10 + n * 2} Birch Cres, Barrie` : `1800 boul. Le Corbusier, ${building === 'LAKE-A' ? 'tower A' : 'tower B'}, unit ${unit}`,
        owner1_name: owners[0],
        owner1_phone: owners[0] ? `705-555-${String(1000 + n)}` : null,
        owner2_name: owners[1],
        closing_date: stage === 'Closed' ? addDays(base, -n) : addDays(base, 60 + n),
        model_price: money(modelPrice),
        options_total: money(optionsTotal),
        contract_price: money(add(modelPrice, optionsTotal)),
        billed_amount: money('0.00'),
        is_active: 1,
        ...trail(now),
      })
      .execute();
    if (optionRows.length > 0) await db.insertInto('te_lot_options').values(optionRows).execute();
    lots.push({ id, site, model, stage, options });
  }

  // Inspection requests: passed on Inspected and Closed lots, pending or failed on Ready ones.
  let k = 0;
  let readyCount = 0;
  await db.transaction().execute(async (trx: Transaction<MigrationTables>) => {
    for (const lot of lots) {
      const states = lot.stage === 'Inspected' || lot.stage === 'Closed' ? ['Passed'] : lot.stage === 'Ready' ? [(['Failed', 'Scheduled', 'Requested'] as const)[readyCount++ % 3]!] : [];
      for (const status of states) {
        k += 1;
        const lakeside = lot.site === 'LAKE';
        const requested = addDays(base, status === 'Requested' ? -1 : status === 'Scheduled' ? -2 : -20 - (k % 15));
        const scheduled = status === 'Requested' ? null : status === 'Scheduled' ? addDays(base, 3) : addDays(requested, 4);
        const row = (await trx.selectFrom('te_lots').select(['building_id', 'floor']).where('lot_id', '=', lot.id).executeTakeFirst()) as { building_id: string | null; floor: number | null };
        await trx
          .insertInto('te_inspection_requests')
          .values({
            request_no: await nextNumber(trx, INSPECTION_SEQUENCE, { prefix: 'IR', description: 'inspection-request' }),
            status,
            highrise: lakeside ? 1 : 0,
            builder_id: lakeside ? builders[1] : builders[0],
            site_id: lot.site,
            lot_id: lot.id,
            building_id: row.building_id,
            floor: row.floor,
            inspection_type: lot.stage === 'Closed' ? 'Final' : k % 2 === 0 ? 'Framing' : 'Plumbing',
            requested_date: requested,
            scheduled_date: scheduled,
            inspector_id: status === 'Requested' ? null : lakeside ? 'INS-LAV' : 'INS-BAR',
            inspected_date: status === 'Passed' || status === 'Failed' ? scheduled : null,
            result_notes: status === 'Failed' ? 'Missing fire-stopping at the service penetrations; book again after correction.' : null,
            ...trail(now),
          })
          .execute();
      }
    }
  });
}

/** Billings posted through Receivables; each in its own transaction (a closed A/R period skips it). */
async function seedBillings(db: SeedDb, base: string, now: string, lots: readonly { id: string; site: string; stage: string }[]): Promise<void> {
  const money = (value: Decimal) => decimalToDb(db, value, 2);
  const attempt = async (work: (trx: Transaction<MigrationTables>) => Promise<void>) => {
    try {
      await db.transaction().execute(work);
    } catch {
      // A closed or missing A/R period, or no GL integration: that billing stays out of the demo.
    }
  };
  try {
    await db.transaction().execute(async (trx: Transaction<MigrationTables>) => {
      await teAccount(teDb(trx), 'CONTRACT-REVENUE');
    });
  } catch {
    return;
  }
  const builderOf = async (site: string) => String(((await db.selectFrom('te_job_sites').select('builder_id').where('site_id', '=', site).executeTakeFirst()) as { builder_id: string }).builder_id);
  const maple = await builderOf('MAPLE');
  const lake = await builderOf('LAKE');
  // The invoices these billings make: the builders pay them (collectDue), nobody else's.
  const invoiced: string[] = [];
  // Lakeview Tower A: a $2.4M schedule of values, billed monthly.
  const schedule: [string, string][] = [['Structure', '1200000.00'], ['Mechanical and electrical', '700000.00'], ['Finishes', '500000.00']];
  const progress = async (building: string, date: string, percents: string[], status: 'Draft' | 'Certified' | 'Invoiced', previous: { billed: Decimal; holdback: Decimal }) => {
    const lines = schedule.map(([, value], index) => ({ scheduledValue: value, percentComplete: percents[index]! }));
    const figures = progressFigures({ contract: '2400000.00', lines, holdbackPercent: '10.00', previousBilled: previous.billed, previousHoldback: previous.holdback });
    await attempt(async (trx) => {
      const billingNo = await nextNumber(trx, PROGRESS_BILLING_SEQUENCE, { prefix: 'PB', description: 'progress-billing' });
      const invoice = status === 'Invoiced'
        ? await invoiceWithHoldback(teDb(trx), { date, billToId: lake, reference: billingNo, description: `${billingNo} progress LAKE ${building}`, due: figures.currentDue, holdback: figures.holdbackThisBilling }, ACTOR)
        : null;
      if (invoice) invoiced.push(invoice.invoiceNo);
      const [row] = (await trx
        .insertInto('te_progress_billings')
        .values({
          billing_no: billingNo, status, billing_date: date, period_to: date, site_id: 'LAKE', building_id: building, bill_to_id: lake,
          contract_amount: money('2400000.00'), holdback_percent: money('10.00'), earned_to_date: money(figures.earnedToDate), holdback_to_date: money(figures.holdbackToDate),
          net_earned: money(figures.netEarned), previous_billed: money(previous.billed), previous_holdback: money(previous.holdback), current_due: money(figures.currentDue),
          holdback_this_billing: money(figures.holdbackThisBilling), tax_amount: invoice ? money(invoice.tax) : null, total_due: invoice ? money(invoice.total) : null,
          balance_to_finish: money(figures.balanceToFinish), invoice_no: invoice?.invoiceNo ?? null,
          proper_invoice_date: date, payment_due_date: addDays(date, 28), non_payment_notice_by: addDays(date, 14), ...trail(now),
        })
        .returning('billing_id')
        .execute()) as { billing_id: number }[];
      await trx
        .insertInto('te_progress_billing_lines')
        .values(schedule.map(([description, value], index) => ({ billing_id: Number(row!.billing_id), description, scheduled_value: money(value), percent_complete: money(percents[index]!), earned_to_date: money(figures.lineEarned[index]!) })))
        .execute();
    });
    return { billed: figures.netEarned, holdback: figures.holdbackToDate };
  };
  let previous = await progress('LAKE-A', addDays(base, -60), ['40.00', '20.00', '0.00'], 'Invoiced', { billed: '0.00', holdback: '0.00' });
  previous = await progress('LAKE-A', addDays(base, -30), ['70.00', '45.00', '10.00'], 'Invoiced', previous);
  await progress('LAKE-A', base, ['85.00', '60.00', '25.00'], 'Draft', previous);
  await progress('LAKE-B', addDays(base, -10), ['30.00', '10.00', '0.00'], 'Certified', { billed: '0.00', holdback: '0.00' });

  // Maple Valley's closed lots: their contract billed with 10% holdback.
  const closed = lots.filter((lot) => lot.site === 'MAPLE' && lot.stage === 'Closed').slice(0, 6);
  const billedLots: string[] = [];
  for (const [index, lot] of closed.entries()) {
    await attempt(async (trx) => {
      const row = (await trx.selectFrom('te_lots').select(['contract_price']).where('lot_id', '=', lot.id).executeTakeFirstOrThrow()) as { contract_price: unknown };
      const amount = decimalFromDb(trx, row.contract_price, 2) ?? '0.00';
      const holdback = percentOf(amount, '10.00');
      const date = addDays(base, -90 + index * 5);
      const billingNo = await nextNumber(trx, CONTRACT_BILLING_SEQUENCE, { prefix: 'CB', description: 'contract-billing' });
      const invoice = await invoiceWithHoldback(teDb(trx), { date, billToId: maple, reference: billingNo, description: `${billingNo} lot ${lot.id}`, due: add(amount, `-${holdback}`), holdback }, ACTOR);
      invoiced.push(invoice.invoiceNo);
      await trx
        .insertInto('te_contract_billings')
        .values({
          billing_no: billingNo, status: 'Invoiced', billing_date: date, lot_id: lot.id, site_id: 'MAPLE', bill_to_id: maple, description: 'Closing',
          amount: money(amount), holdback_percent: money('10.00'), holdback: money(holdback), net_amount: money(add(amount, `-${holdback}`)),
          tax_amount: money(invoice.tax), total_due: money(invoice.total), invoice_no: invoice.invoiceNo, ...trail(now),
        })
        .execute();
      await trx.updateTable('te_lots').set({ billed_amount: money(amount) }).where('lot_id', '=', lot.id).execute();
      billedLots.push(lot.id);
    });
  }
  // Holdback: Tower A's retained; one Maple lot's released and invoiced; another's released, to invoice.
  const holdbackBilling = async (kind: 'Commercial' | 'Residential', lotId: string | null, status: 'Retained' | 'Released' | 'Invoiced') => {
    await attempt(async (trx) => {
      let query = trx.selectFrom(kind === 'Residential' ? 'te_contract_billings' : 'te_progress_billings').where('status', '=', 'Invoiced').where('holdback_billing_no', 'is', null);
      query = lotId ? query.where('lot_id', '=', lotId) : query.where('building_id', '=', 'LAKE-A');
      const rows = (await query.select(['billing_id', kind === 'Residential' ? 'holdback as hb' : 'holdback_this_billing as hb']).execute()) as { billing_id: number; hb: unknown }[];
      let amount = '0.00';
      for (const row of rows) amount = add(amount, decimalFromDb(trx, row.hb, 2) ?? '0.00');
      const billingNo = await nextNumber(trx, HOLDBACK_BILLING_SEQUENCE, { prefix: 'HB', description: 'holdback-billing' });
      const billTo = kind === 'Residential' ? maple : lake;
      let invoice: { documentNo: string; total: Decimal } | null = null;
      if (status === 'Invoiced') {
        const receivable = await teAccount(teDb(trx), 'HOLDBACK-RECEIVABLE');
        invoice = await createPostedInvoice(trx, { date: base, billToId: billTo, reference: billingNo, description: `${billingNo} holdback release`, lines: [{ Description: `${billingNo} holdback release`, AccountId: receivable, Quantity: '1', UnitPrice: amount }] }, ACTOR);
        invoiced.push(invoice.documentNo);
        await trx.updateTable(kind === 'Residential' ? 'te_contract_billings' : 'te_progress_billings').set({ holdback_billing_no: billingNo }).where('billing_id', 'in', rows.map((row) => Number(row.billing_id))).execute();
      }
      await trx
        .insertInto('te_holdback_billings')
        .values({
          billing_no: billingNo, status, kind, billing_date: base, site_id: kind === 'Residential' ? 'MAPLE' : 'LAKE', building_id: kind === 'Residential' ? null : 'LAKE-A', lot_id: lotId,
          bill_to_id: billTo, published_on: status === 'Retained' ? null : addDays(base, -64), release_date: status === 'Retained' ? null : addDays(base, -2), amount: money(amount),
          tax_amount: invoice ? money(add(invoice.total, `-${amount}`)) : null, total_due: invoice ? money(invoice.total) : null, invoice_no: invoice?.documentNo ?? null, ...trail(now),
        })
        .execute();
    });
  };
  await holdbackBilling('Commercial', null, 'Retained');
  if (billedLots[0]) await holdbackBilling('Residential', billedLots[0], 'Invoiced');
  if (billedLots[1]) await holdbackBilling('Residential', billedLots[1], 'Released');
  await collectDue(db, invoiced, base);
}

/**
 * The builders pay what is due by today, on its due date (§8.2 prompt payment): a contractor's receivables
 * are its last weeks of billings, not the whole contract (issue 40 item 1).
 */
async function collectDue(db: SeedDb, invoiceNos: readonly string[], today: string): Promise<void> {
  if (invoiceNos.length === 0) return;
  const due = (await db
    .selectFrom('ar_items')
    .select(['firm_id', 'document_no', 'due_date', 'open_balance'])
    .where('document_no', 'in', [...invoiceNos])
    .where('item_type', '=', 'Invoice')
    .where('status', '=', 'Open')
    .where('currency', '=', 'CAD')
    .where('due_date', '<=', today)
    .orderBy('due_date')
    .orderBy('document_no')
    .execute()) as { firm_id: string; document_no: string; due_date: string; open_balance: unknown }[];
  for (const item of due) {
    const balance = decimalFromDb(db, item.open_balance, 2) ?? '0.00';
    await writeDemoReceipt(db, { firmId: item.firm_id, date: String(item.due_date).slice(0, 10), lines: [{ InvoiceNo: item.document_no, Payment: balance, Discount: '0.00' }] });
  }
}
