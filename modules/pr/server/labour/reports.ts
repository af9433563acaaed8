/**
 * Queries of the trades labour reports and the generate-work-orders process (definitions
 * modules/pr/definitions/labour-reports.ts).
 *
 * Job costing reads a job's ledger: its Approved time cards dated on or after the ledger's creation date (§5
 * "Transactions before its creation date are excluded"), hours × rate. The labour budget compares the lot's
 * model budget per work code (pr_labour_budgets) with the job's approved time on that work code (and lists
 * work codes with time but no budget). Generate work orders makes one Open work order per lot of the site that
 * has a model and no work order of the kind yet — lines: the model's labour budget — through the documents'
 * own insert (numbering, computed totals), each lot in its own transaction.
 */
import { sql, type Transaction } from 'kysely';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { ServerProcess } from '@erp/server/processes/engine';
import { whereGiven, type ReportContext, type ServerReport } from '@erp/server/reports/engine';
import { insertDocument } from '@erp/modules/po/server/api';
import { siteExists } from '@erp/modules/te/server/api';
import { refused } from '../processes.ts';
import { workOrder } from '../../definitions/labour.ts';
import { employeeWorkdayReport, generateWorkOrders, jobCosting, labourBudgetReport, timeSheetReport } from '../../definitions/labour-reports.ts';
import { prDb, type PrDatabase } from '../tables.generated.ts';

const NOT_FOUND = 'te:rules.notFound';

const employeeName = sql<string>`e.first_name || ' ' || e.last_name`;

/** Approved time of the jobs the parameters select, within each job ledger (from its creation date). */
function ledgerTime(ctx: ReportContext) {
  let query = prDb(ctx.db)
    .selectFrom('pr_time_cards as c')
    .innerJoin('pr_work_orders as w', 'w.work_order_no', 'c.work_order_no')
    .where('c.status', '=', 'Approved')
    .where(sql<boolean>`c.work_date >= coalesce(w.ledger_created_on, w.order_date)`);
  query = whereGiven(ctx, query, { WorkOrderNo: 'w.work_order_no', SiteId: 'w.site_id' });
  return query;
}

const jobCostingReport: ServerReport = {
  def: jobCosting,
  prepare: siteExists,
  rows(ctx) {
    return ledgerTime(ctx)
      .leftJoin('pr_employees as e', 'e.employee_id', 'c.employee_id')
      .where('c.work_date', '>=', String(ctx.params['StartDate']))
      .where('c.work_date', '<=', String(ctx.params['EndDate']))
      .select([
        'w.work_order_no as WorkOrderNo',
        'w.lot_id as LotId',
        sql<string>`coalesce(w.ledger_created_on, w.order_date)`.as('LedgerCreatedOn'),
        'c.work_date as WorkDate',
        'c.time_card_no as TimeCardNo',
        'c.employee_id as EmployeeId',
        employeeName.as('EmployeeName'),
        'c.work_code_id as WorkCodeId',
        'c.hours as Hours',
        'c.rate as Rate',
        'c.amount as Amount',
      ]);
  },
};

const labourBudget: ServerReport = {
  def: labourBudgetReport,
  prepare: siteExists,
  rows(ctx) {
    // One row per job and work code of the model's budget or of the job's approved time.
    const actual = ledgerTime(ctx)
      .select(['c.work_order_no as job', 'c.work_code_id as code', (eb) => eb.fn.sum('c.hours').as('hours'), (eb) => eb.fn.sum('c.amount').as('amount')])
      .groupBy(['c.work_order_no', 'c.work_code_id']);
    let budget = prDb(ctx.db)
      .selectFrom('pr_work_orders as w')
      .innerJoin('te_lots as l', 'l.lot_id', 'w.lot_id')
      .innerJoin('pr_labour_budgets as b', 'b.model_id', 'l.model_id')
      .select(['w.work_order_no as job', 'b.work_code_id as code']);
    budget = whereGiven(ctx, budget, { WorkOrderNo: 'w.work_order_no', SiteId: 'w.site_id' });
    const keys = budget.union(ledgerTime(ctx).select(['c.work_order_no as job', 'c.work_code_id as code']));
    const zero = sql<number>`0`;
    return prDb(ctx.db)
      .selectFrom(keys.as('k'))
      .innerJoin('pr_work_orders as w', 'w.work_order_no', 'k.job')
      .leftJoin('te_lots as l', 'l.lot_id', 'w.lot_id')
      .leftJoin('pr_labour_budgets as b', (join) => join.onRef('b.model_id', '=', 'l.model_id').onRef('b.work_code_id', '=', 'k.code'))
      .leftJoin(actual.as('a'), (join) => join.onRef('a.job', '=', 'k.job').onRef('a.code', '=', 'k.code'))
      .select([
        'k.job as WorkOrderNo',
        'w.lot_id as LotId',
        'l.model_id as ModelId',
        'k.code as WorkCodeId',
        sql<number>`coalesce(b.hours, ${zero})`.as('BudgetHours'),
        sql<number>`coalesce(b.amount, ${zero})`.as('BudgetAmount'),
        sql<number>`coalesce(a.hours, ${zero})`.as('ActualHours'),
        sql<number>`coalesce(a.amount, ${zero})`.as('ActualAmount'),
        sql<number>`coalesce(b.hours, ${zero}) - coalesce(a.hours, ${zero})`.as('HoursVariance'),
        sql<number>`coalesce(b.amount, ${zero}) - coalesce(a.amount, ${zero})`.as('AmountVariance'),
      ]);
  },
};

function timeCardsOfPeriod(ctx: ReportContext) {
  let query = prDb(ctx.db)
    .selectFrom('pr_time_cards as c')
    .leftJoin('pr_employees as e', 'e.employee_id', 'c.employee_id')
    .where('c.work_date', '>=', String(ctx.params['StartDate']))
    .where('c.work_date', '<=', String(ctx.params['EndDate']));
  query = whereGiven(ctx, query, { EmployeeId: 'c.employee_id' });
  return query;
}

const timeSheet: ServerReport = {
  def: timeSheetReport,
  rows(ctx) {
    return timeCardsOfPeriod(ctx).select([
      'c.employee_id as EmployeeId',
      employeeName.as('EmployeeName'),
      'c.work_date as WorkDate',
      'c.time_card_no as TimeCardNo',
      'c.work_order_no as WorkOrderNo',
      'c.lot_id as LotId',
      'c.work_code_id as WorkCodeId',
      'c.hours as Hours',
      'c.status as Status',
    ]);
  },
};

const employeeWorkday: ServerReport = {
  def: employeeWorkdayReport,
  rows(ctx) {
    return timeCardsOfPeriod(ctx)
      .select([
        'c.employee_id as EmployeeId',
        sql<string>`max(${employeeName})`.as('EmployeeName'),
        'c.work_date as WorkDate',
        sql<number>`count(distinct c.work_order_no)`.as('Jobs'),
        sql<number>`count(*)`.as('Cards'),
        (eb) => eb.fn.sum('c.hours').as('Hours'),
      ])
      .groupBy(['c.employee_id', 'c.work_date']);
  },
};

/** A lot's model budget as work order lines. */
async function budgetLines(trx: Transaction<PrDatabase>, modelId: string) {
  const rows = await trx.selectFrom('pr_labour_budgets').select(['work_code_id', 'hours']).where('model_id', '=', modelId).orderBy('work_code_id').execute();
  return rows.map((row) => ({ WorkCodeId: row.work_code_id, BudgetHours: decimalFromDb(trx, row.hours, 4) ?? '0.0000' }));
}

/** Creates the Open work order of a lot (the process and the demo data). */
export async function createWorkOrder(trx: Transaction<PrDatabase>, input: { lotId: string; siteId: string; modelId: string; date: string; serviceType: string; kind?: string }, userId: string): Promise<string> {
  const record = await insertDocument(
    trx,
    workOrder,
    {
      Kind: input.kind ?? 'Construction',
      LotId: input.lotId,
      SiteId: input.siteId,
      OrderDate: input.date,
      ServiceType: input.serviceType,
      CostType: 'Variable',
      LedgerCreatedOn: input.date,
      Status: 'Open',
      Lines: await budgetLines(trx, input.modelId),
    },
    userId,
    new Date().toISOString(),
  );
  return String(record['WorkOrderNo']);
}

const generate: ServerProcess = {
  def: generateWorkOrders,
  prepare: siteExists,
  preview(ctx) {
    const kind = String(ctx.params['ServiceType']) === 'Construction' ? 'Construction' : 'Service';
    let query = prDb(ctx.db)
      .selectFrom('te_lots as l')
      .where('l.site_id', '=', String(ctx.params['SiteId']))
      .where('l.model_id', 'is not', null)
      .where('l.is_active', '=', 1)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('pr_work_orders as w').select('w.work_order_id').whereRef('w.lot_id', '=', 'l.lot_id').where('w.kind', '=', kind))))
      .select([
        'l.lot_id as LotId',
        'l.site_id as SiteId',
        'l.model_id as ModelId',
        sql<number>`(select count(*) from pr_labour_budgets b where b.model_id = l.model_id)`.as('Lines'),
        sql<unknown>`(select coalesce(sum(b.hours), 0) from pr_labour_budgets b where b.model_id = l.model_id)`.as('BudgetHours'),
      ])
      .orderBy('l.lot_id');
    query = whereGiven(ctx, query, { ModelId: 'l.model_id' });
    return query;
  },
  async runItem(ctx, row) {
    const lotId = String(row['LotId']);
    const serviceType = String(ctx.params['ServiceType']);
    const kind = serviceType === 'Construction' ? 'Construction' : 'Service';
    try {
      return await prDb(ctx.db).transaction().execute(async (trx) => {
        const lot = await trx.selectFrom('te_lots').select(['site_id', 'model_id']).where('lot_id', '=', lotId).executeTakeFirst();
        if (!lot || lot.model_id == null) throw BusinessError.of(400, 'not_found', NOT_FOUND);
        const taken = await trx.selectFrom('pr_work_orders').select('work_order_no').where('lot_id', '=', lotId).where('kind', '=', kind).executeTakeFirst();
        if (taken) throw BusinessError.of(409, 'exists', 'pr:labour.reports.generateWorkOrders.exists', { lot: lotId, job: taken.work_order_no });
        const job = await createWorkOrder(trx, { lotId, siteId: String(lot.site_id), modelId: lot.model_id, date: String(ctx.params['OrderDate']), serviceType, kind }, ctx.user.userId);
        return { ResultStatus: 1, ResultCode: 'created', Message: messageIn(ctx.locale, 'pr:labour.reports.generateWorkOrders.done', { lot: lotId, job }), EntityId: lotId };
      });
    } catch (error) {
      return refused(ctx, error, lotId);
    }
  },
};

export const LABOUR_REPORTS: readonly ServerReport[] = [jobCostingReport, labourBudget, timeSheet, employeeWorkday];
export const LABOUR_PROCESSES: readonly ServerProcess[] = [generate];
