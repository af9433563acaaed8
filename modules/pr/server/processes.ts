/**
 * The pay-run processes (definitions modules/pr/definitions/reports.ts; the work in ./payrun.ts). Each item
 * runs in its own transaction (a batch in one), so a refusal — a closed period, a closed payroll year, a
 * missing table, a pay too large for one payment, a used cheque number, a new hourly rate out of bounds — leaves
 * the others done and names its reason in the caller's language.
 */
import { add, mul, parseDecimal, round, type Decimal } from '@erp/shared/decimal';
import { checkScalar } from '@erp/shared/entities/field-value';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import { writeAudit } from '@erp/server/entities/audit';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import type { ItemOutcome, ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import { sql, type Transaction } from 'kysely';
import { prEmployee } from '../definitions/masters.ts';
import { chequePreparation, hourlyRateUpdate, journalPosting, paymentProcessing, yearEnd } from '../definitions/reports.ts';
import { payCheques, postPayRun, prepareCheque, prepareCheques } from './payrun.ts';
import { prDb, type PrDatabase } from './tables.generated.ts';

/** An item's refusal (a BusinessError) as its outcome, in the caller's language; anything else is thrown on. */
export function refused(ctx: ProcessContext, error: unknown, id: string | number): ItemOutcome {
  if (error instanceof BusinessError) {
    const issue = error.issues[0];
    return { ResultStatus: 2, ResultCode: error.code, Message: messageIn(ctx.locale, issue?.key ?? error.code, issue?.params ?? {}), EntityId: id };
  }
  throw error;
}

const done = (ctx: ProcessContext, code: string, key: string, params: Record<string, unknown>, id: string | number): ItemOutcome => ({
  ResultStatus: 1,
  ResultCode: code,
  Message: messageIn(ctx.locale, key, params),
  EntityId: id,
});

const payDate = (ctx: ProcessContext) => String(ctx.params['PayDate']);

const preparation: ServerProcess = {
  def: chequePreparation,
  preview: (ctx) =>
    prDb(ctx.db)
      .selectFrom('pr_transactions as t')
      .innerJoin('pr_employees as e', 'e.employee_id', 't.employee_id')
      .leftJoin('pr_transaction_lines as l', 'l.transaction_id', 't.transaction_id')
      .leftJoin('pr_codes as k', 'k.code_id', 'l.code_id')
      .where('t.pay_date', '=', payDate(ctx))
      .where('t.status', '=', 'Entered')
      .select([
        't.employee_id as EmployeeId',
        sql<string>`max(e.first_name || ' ' || e.last_name)`.as('EmployeeName'),
        sql<string>`max(e.tax_province)`.as('TaxProvince'),
        sql<number>`count(distinct t.transaction_id)`.as('Transactions'),
        // Earnings only: deduction codes are not pay.
        sql<string>`coalesce(sum(case when k.kind = 'Earning' then l.hours else 0 end), 0)`.as('Hours'),
        sql<string>`coalesce(sum(case when k.kind = 'Earning' then l.amount else 0 end), 0)`.as('Gross'),
      ])
      .groupBy('t.employee_id')
      .orderBy('t.employee_id'),
  async runItem(ctx, row) {
    const id = String(row['EmployeeId']);
    try {
      const prepared = await prDb(ctx.db).transaction().execute((trx) => prepareCheque(trx, id, payDate(ctx), ctx.user.userId));
      if (!prepared) return { ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'pr:reports.chequePreparation.changed'), EntityId: id };
      return done(ctx, 'prepared', 'pr:reports.chequePreparation.done', { net: prepared.net }, prepared.chequeId);
    } catch (error) {
      return refused(ctx, error, id);
    }
  },
  // One transaction for the batch, its reads and writes batched (payrun.ts prepareCheques); an employee a rule
  // refuses is answered alone and left unchanged.
  async runBatch(ctx, rows) {
    const ids = rows.map((row) => String(row['EmployeeId']));
    const outcomes = await prDb(ctx.db).transaction().execute((trx) => prepareCheques(trx, ids, payDate(ctx), ctx.user.userId));
    return ids.map((id) => {
      const outcome = outcomes.get(id) ?? null;
      if (outcome instanceof BusinessError) return refused(ctx, outcome, id);
      if (!outcome) return { ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'pr:reports.chequePreparation.changed'), EntityId: id };
      return done(ctx, 'prepared', 'pr:reports.chequePreparation.done', { net: outcome.net }, outcome.chequeId);
    });
  },
};

/** The next cheque number of this pay date's run on the bank: after the last one it numbered, from FirstChequeNo. */
async function nextOfRun(trx: Transaction<PrDatabase>, ctx: ProcessContext): Promise<number> {
  const first = Number(ctx.params['FirstChequeNo']);
  const last = await trx
    .selectFrom('pr_cheques')
    .select((eb) => eb.fn.max('cheque_no').as('last'))
    .where('bank_account_id', '=', String(ctx.params['BankAccountId']))
    .where('pay_date', '=', payDate(ctx))
    .where('cheque_no', '>=', first)
    .executeTakeFirst();
  return last?.last === null || last?.last === undefined ? first : Number(last.last) + 1;
}

const payment: ServerProcess = {
  def: paymentProcessing,
  preview: (ctx) =>
    prDb(ctx.db)
      .selectFrom('pr_cheques')
      .where('pay_date', '=', payDate(ctx))
      .where('status', '=', 'Prepared')
      .select([
        'cheque_id as ChequeId',
        'employee_id as EmployeeId',
        'employee_name as EmployeeName',
        'payment_method as PaymentMethod',
        'gross as Gross',
        'cpp as Cpp',
        'cpp2 as Cpp2',
        'qpp as Qpp',
        'qpp2 as Qpp2',
        'ei as Ei',
        'qpip as Qpip',
        'federal_tax as FederalTax',
        'provincial_tax as ProvincialTax',
        'union_dues as UnionDues',
        'other_deductions as OtherDeductions',
        'net as Net',
      ])
      .orderBy('employee_id'),
  async runItem(ctx, row) {
    const id = Number(row['ChequeId']);
    try {
      const paid = await prDb(ctx.db).transaction().execute(async (trx) =>
        payCheques(trx, { payDate: payDate(ctx), bankAccountId: String(ctx.params['BankAccountId']), firstChequeNo: await nextOfRun(trx, ctx), chequeIds: [id], userId: ctx.user.userId }),
      );
      if (paid.cheques + paid.deposits === 0) return { ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'pr:reports.paymentProcessing.changed'), EntityId: id };
      return done(ctx, 'paid', 'pr:reports.paymentProcessing.done', {}, id);
    } catch (error) {
      return refused(ctx, error, id);
    }
  },
  // One transaction for the batch: consecutive cheque numbers and one deposit file.
  async runBatch(ctx, rows) {
    const ids = rows.map((row) => Number(row['ChequeId']));
    await prDb(ctx.db).transaction().execute(async (trx) =>
      payCheques(trx, { payDate: payDate(ctx), bankAccountId: String(ctx.params['BankAccountId']), firstChequeNo: await nextOfRun(trx, ctx), chequeIds: ids, userId: ctx.user.userId }),
    );
    return rows.map((row) => done(ctx, 'paid', 'pr:reports.paymentProcessing.done', {}, Number(row['ChequeId'])));
  },
};

const posting: ServerProcess = {
  def: journalPosting,
  preview: (ctx) =>
    prDb(ctx.db)
      .selectFrom('pr_cheques')
      .where('status', '=', 'Paid')
      .where('pay_date', '<=', String(ctx.params['PayDateTo']))
      .select(['pay_date as PayDate', sql<number>`count(*)`.as('Cheques'), sql<string>`sum(gross)`.as('Gross'), sql<string>`sum(net)`.as('Net')])
      .groupBy('pay_date')
      .orderBy('pay_date'),
  async runItem(ctx, row) {
    const date = String(row['PayDate']).slice(0, 10);
    try {
      const posted = await prDb(ctx.db).transaction().execute((trx) => postPayRun(trx, date, ctx.user.userId));
      if (!posted) return { ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'pr:reports.journalPosting.changed'), EntityId: date };
      return done(ctx, 'posted', 'pr:reports.journalPosting.done', { journal: posted.journalId, cheques: posted.cheques }, posted.journalId);
    } catch (error) {
      return refused(ctx, error, date);
    }
  },
};

function decimalParam(ctx: ProcessContext, name: string): Decimal | null {
  const raw = ctx.params[name];
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const parsed = parseDecimal(raw.trim(), { precision: 12, scale: 4 });
  return parsed.ok ? parsed.value : null;
}

const rateUpdate: ServerProcess = {
  def: hourlyRateUpdate,
  async prepare(ctx): Promise<ReportParameterError[]> {
    const errors: ReportParameterError[] = [];
    for (const name of ['Percent', 'Amount']) {
      const raw = ctx.params[name];
      if (typeof raw === 'string' && raw.trim() !== '' && decimalParam(ctx, name) === null) errors.push({ field: name, key: 'pr:rules.decimal', params: { value: raw } });
    }
    if (decimalParam(ctx, 'Percent') === null && decimalParam(ctx, 'Amount') === null && errors.length === 0) errors.push({ field: 'Percent', key: 'pr:rules.percentOrAmount', params: {} });
    return errors;
  },
  preview(ctx) {
    let query = prDb(ctx.db)
      .selectFrom('pr_employees')
      .where('status', '=', 'Active')
      .where('pay_type', '=', 'Hourly')
      .select(['employee_id as EmployeeId', sql<string>`first_name || ' ' || last_name`.as('EmployeeName'), 'union_level_id as UnionLevelId', 'hourly_rate as HourlyRate']);
    const level = ctx.params['UnionLevelId'];
    if (typeof level === 'string' && level !== '') query = query.where('union_level_id', '=', level);
    return query.orderBy('employee_id');
  },
  async runItem(ctx, row) {
    const id = String(row['EmployeeId']);
    const percent = decimalParam(ctx, 'Percent') ?? '0';
    const amount = decimalParam(ctx, 'Amount') ?? '0';
    return prDb(ctx.db).transaction().execute(async (trx) => {
      const employee = await trx.selectFrom('pr_employees').select(['hourly_rate']).where('employee_id', '=', id).executeTakeFirst();
      const current = decimalFromDb(trx, employee?.hourly_rate, 4) ?? '0.0000';
      // New rate = current × (1 + percent/100) + amount, to the cent (rates are quoted in cents).
      const next = round(add(mul(current, add('1', mul(percent, '0.01', 8)), 8), amount), 2);
      // The employee's own bounds on the rate (issue 39 item 4), as a save of the record would check them.
      const field = prEmployee.fields.HourlyRate;
      const bounded = checkScalar(field, round(next, 4));
      if ('key' in bounded) {
        const label = messageIn(ctx.locale, field.labelKey);
        return { ResultStatus: 2, ResultCode: 'out_of_bounds', Message: messageIn(ctx.locale, bounded.key, { ...bounded.params, label }), EntityId: id };
      }
      const now = new Date().toISOString();
      // The rate history: the change is on the employee's audit trail, old and new (never a silent overwrite).
      await writeAudit(trx, [{ table: 'pr_employees', idName: 'employee_id', idValue: id, column: 'hourly_rate', old: current, new: round(next, 4), action: 'update' }], ctx.user.userId, now);
      await trx
        .updateTable('pr_employees')
        .set((eb) => ({ hourly_rate: decimalToDb(trx, round(next, 4), 4), updated_by: ctx.user.userId, updated_on: now, version: eb('version', '+', 1) }))
        .where('employee_id', '=', id)
        .execute();
      return done(ctx, 'updated', 'pr:reports.hourlyRateUpdate.done', { from: current, to: next }, id);
    });
  },
};

const yearEndProcess: ServerProcess = {
  def: yearEnd,
  preview(ctx) {
    const year = Number(ctx.params['Year']);
    return prDb(ctx.db)
      .selectFrom('pr_cheques')
      .where('pay_date', '>=', `${year}-01-01`)
      .where('pay_date', '<=', `${year}-12-31`)
      .where('status', '<>', 'Cancelled')
      .select([
        sql<number>`${year}`.as('Year'),
        sql<number>`count(*)`.as('Cheques'),
        sql<number>`sum(case when status = 'Posted' then 0 else 1 end)`.as('Unposted'),
        sql<string>`sum(gross)`.as('Gross'),
      ])
      .having(sql<number>`count(*)`, '>', 0);
  },
  async runItem(ctx, row) {
    const year = Number(row['Year']);
    try {
      return await prDb(ctx.db).transaction().execute(async (trx) => {
        // Every pay of the year is posted first (DOMAIN-NOTES §1.10: the last pay finished, the T4s produced).
        const open = await trx
          .selectFrom('pr_cheques')
          .select('cheque_id')
          .where('pay_date', '>=', `${year}-01-01`)
          .where('pay_date', '<=', `${year}-12-31`)
          .where('status', 'in', ['Prepared', 'Paid'])
          .executeTakeFirst();
        if (open) throw BusinessError.of(409, 'unposted', 'pr:rules.yearUnposted', { year }, 'Year');
        if (await trx.selectFrom('pr_year_ends').select('year').where('year', '=', year).executeTakeFirst()) throw BusinessError.of(409, 'year_closed', 'pr:rules.yearClosed', { year }, 'Year');
        await trx.insertInto('pr_year_ends').values({ year, closed_on: new Date().toISOString(), closed_by: ctx.user.userId }).execute();
        return done(ctx, 'closed', 'pr:reports.yearEnd.done', { year }, year);
      });
    } catch (error) {
      return refused(ctx, error, year);
    }
  },
};

export const PR_PROCESSES: readonly ServerProcess[] = [preparation, payment, posting, rateUpdate, yearEndProcess];
