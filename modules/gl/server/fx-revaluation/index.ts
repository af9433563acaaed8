/**
 * Foreign exchange revaluation on the server (definition: modules/gl/definitions/fx-revaluation.ts; issue 13
 * item 2, SCREENS.md FS-02, DOMAIN-NOTES on foreign exchange).
 *
 * Why no foreign-amount column (no migration 0006_fx): gl_entries carry CAD only, and every posting module
 * writes through the one posting service, whose lines have no foreign amount yet. Rather than add a column
 * that no existing posting fills, the foreign balance of an account is DERIVED: each day's CAD movement of
 * the account (every source but FX, whose revaluations have no foreign amount) divided by the rate in force on
 * that day (fx_rates, the latest on or before it), rounded to the cent, summed. A bank account in USD is
 * booked at the day's rate, so this gives back its USD balance. When the sub-ledgers post foreign documents
 * (AR/AP in USD), a foreign amount on the posting line will replace this derivation.
 *
 * Figures (all exact decimals, never JS numbers):
 * - posting date P = end of the G/L period containing the revaluation date; reversal date R = the next
 *   period's first day (both periods must exist and be open for the G/L: §8 texts);
 * - booked CAD = Σ amount of the account's Actual entries dated ≤ P (every source, earlier revaluations and
 *   their reversals net out); foreign = the derivation above over entries dated ≤ P;
 * - rate = the rate in force on the revaluation date; revalued = round(foreign × rate, 2);
 *   gain/loss = revalued − booked (+ gain: the asset grows).
 * Run, per account, in ONE transaction, serialized per account (ledger/locks.ts) and computed again inside it
 * (issue 22: parallel runs post the difference once): entry FX<P>-<account> on P (account ± difference, the unrealized
 * exchange account ∓) and its reversal on R (reversal_of the first) — both through the posting service with
 * source FX, so the trial balance as of any date ≥ R is unchanged. A second run on the same date finds no
 * difference left (the booked balance already holds the first).
 */
import { add, cmp, div, isZero, mul, neg, sub, type Decimal } from '@erp/shared/decimal';
import { fxRevaluation } from '../../definitions/fx-revaluation.ts';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { sql, type Kysely } from 'kysely';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import { serialize } from '../ledger/locks.ts';
import { post } from '../ledger/posting.ts';
import { periodOf, periodParams } from '../ledger/periods.ts';
import type { ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import { glDb, type GlDatabase } from '../tables.generated.ts';

type Db = Kysely<GlDatabase>;

const ACTUAL = 'Actual';
const FIELD = 'RevaluationDate';

interface FxRow {
  AccountId: string;
  Description: string;
  Currency: string;
  ForeignBalance: Decimal;
  BookedBalance: Decimal;
  Rate: Decimal;
  RevaluedBalance: Decimal;
  GainLoss: Decimal;
  PostingDate: string;
  ReversalDate: string;
}

interface FxState {
  rows: FxRow[];
  counterAccount: string;
  home: string;
  date: string;
}

type Rates = Map<string, { date: string; rate: Decimal }[]>;

/** The rates into `home` of each currency, by date ascending. */
async function ratesOf(db: Db, currencies: readonly string[], home: string): Promise<Rates> {
  const rateRows = currencies.length === 0
    ? []
    : await db
        .selectFrom('fx_rates')
        .select(['from_currency', 'effective_date', 'rate'])
        .where('from_currency', 'in', currencies)
        .where('to_currency', '=', home)
        .orderBy('effective_date')
        .execute();
  const rates: Rates = new Map();
  for (const row of rateRows) {
    const list = rates.get(String(row.from_currency)) ?? [];
    list.push({ date: String(row.effective_date), rate: decimalFromDb(db, row.rate, 6)! });
    rates.set(String(row.from_currency), list);
  }
  return rates;
}

/**
 * One account's revaluation as the ledger stands in `db` (the preview's reading, or the run's transaction):
 * booked and foreign balances at the posting date, the rate on the revaluation date, the difference.
 */
async function revalue(
  db: Db,
  account: { accountId: string; description: string; currency: string },
  rates: Rates,
  dates: { date: string; postingDate: string; reversalDate: string },
): Promise<FxRow | ReportParameterError> {
  const { accountId, currency } = account;
  const list = rates.get(currency) ?? [];
  const rate = rateOn(list, dates.date);
  if (!rate) return { field: FIELD, key: 'gl:fx-revaluation.noRate', params: { currency, date: dates.date } };
  // Each day's CAD movement: summed in SQL (exact on both engines), converted and added here, exactly.
  const days = await db
    .selectFrom('gl_entries')
    .select(['entry_date', 'source', sql<unknown>`sum(amount)`.as('total')])
    .where('account_id', '=', accountId)
    .where('data_type', '=', ACTUAL)
    .where('entry_date', '<=', dates.postingDate)
    .groupBy(['entry_date', 'source'])
    .execute();
  let booked: Decimal = '0.00';
  let foreignBalance: Decimal = '0.00';
  for (const day of days) {
    const amount = decimalFromDb(db, day.total, 2) ?? '0.00';
    booked = add(booked, amount);
    if (day.source === 'FX') continue;
    const dayRate = rateOn(list, day.entry_date);
    if (!dayRate) return { field: FIELD, key: 'gl:fx-revaluation.noRate', params: { currency, date: day.entry_date } };
    foreignBalance = add(foreignBalance, div(amount, dayRate, 2));
  }
  const revalued = mul(foreignBalance, rate, 2);
  return {
    AccountId: accountId,
    Description: account.description,
    Currency: currency,
    ForeignBalance: foreignBalance,
    BookedBalance: booked,
    Rate: rate,
    RevaluedBalance: revalued,
    GainLoss: sub(revalued, booked),
    PostingDate: dates.postingDate,
    ReversalDate: dates.reversalDate,
  };
}

function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function flag(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't';
}

/** The latest rate on or before `date` in `rates` (sorted by date ascending), or null. */
function rateOn(rates: readonly { date: string; rate: Decimal }[], date: string): Decimal | null {
  let found: Decimal | null = null;
  for (const entry of rates) {
    if (entry.date > date) break;
    found = entry.rate;
  }
  return found;
}

/** The unrealized exchange account of GL integration (FX-UNREALIZED, else the FX-GAIN-LOSS default). */
async function counterAccount(db: Db): Promise<string | null> {
  const rows = await db
    .selectFrom('gl_integration')
    .select(['transaction_type', 'account_id'])
    .where('sub_ledger', '=', 'GL')
    .where('transaction_type', 'in', ['FX-UNREALIZED', 'FX-GAIN-LOSS'])
    .execute();
  return (rows.find((r) => r.transaction_type === 'FX-UNREALIZED') ?? rows[0])?.account_id ?? null;
}

async function periodRow(db: Db, column: 'date' | 'start', date: string) {
  let query = db.selectFrom('fiscal_periods').selectAll();
  query = column === 'date' ? query.where('start_date', '<=', date).where('end_date', '>=', date) : query.where('start_date', '=', date);
  return query.orderBy('period_no').limit(1).executeTakeFirst();
}

/** Computes the preview rows into ctx.state; answers the parameter errors (§8 texts) instead when refused. */
async function prepare(ctx: ProcessContext): Promise<ReportParameterError[]> {
  const db = glDb(ctx.db);
  const date = String(ctx.params[FIELD]);
  const period = await periodRow(db, 'date', date);
  if (!period) return [{ field: FIELD, key: 'gl:rules.periodMissing' }];
  if (flag(period.closed_gl)) return [{ field: FIELD, key: 'gl:rules.periodClosed.gl', params: periodParams(periodOf(period)) }];
  const postingDate = String(period.end_date);
  const next = await periodRow(db, 'start', dayAfter(postingDate));
  if (!next) return [{ field: FIELD, key: 'gl:fx-revaluation.noNextPeriod' }];
  if (flag(next.closed_gl)) return [{ field: FIELD, key: 'gl:rules.periodClosed.gl', params: periodParams(periodOf(next)) }];
  const reversalDate = String(next.start_date);

  const control = await db.selectFrom('gl_control').select('home_currency').limit(1).executeTakeFirst();
  const home = control?.home_currency ?? 'CAD';
  const accounts = await db
    .selectFrom('gl_accounts')
    .select(['account_id', 'description', 'currency_code', 'is_active', 'is_postable'])
    .where('currency_code', 'is not', null)
    .where('currency_code', '<>', home)
    .orderBy('account_id')
    .execute();
  const foreign = accounts.filter((a) => flag(a.is_active) && flag(a.is_postable));
  const counter = await counterAccount(db);
  if (foreign.length > 0 && !counter) return [{ field: FIELD, key: 'gl:fx-revaluation.noAccount' }];

  const rates = await ratesOf(db, [...new Set(foreign.map((a) => String(a.currency_code)))], home);
  const rows: FxRow[] = [];
  for (const account of foreign) {
    const row = await revalue(db, { accountId: account.account_id, description: account.description ?? '', currency: String(account.currency_code) }, rates, { date, postingDate, reversalDate });
    if ('key' in row) return [row];
    rows.push(row);
  }
  const state: FxState = { rows, counterAccount: counter ?? '', home, date };
  ctx.state['fx'] = state;
  return [];
}

const TEXT = ['AccountId', 'Description', 'Currency', 'PostingDate', 'ReversalDate'] as const;
const MONEY = [['ForeignBalance', 2], ['BookedBalance', 2], ['Rate', 6], ['RevaluedBalance', 2], ['GainLoss', 2]] as const;

/** The computed rows as a literal select (the process engine counts, pages and filters a Kysely select). */
function literalSelect(ctx: ProcessContext) {
  const state = ctx.state['fx'] as FxState | undefined;
  const engine = engineOf(ctx.db);
  const columns = (row: FxRow | null) =>
    sql.join([
      ...TEXT.map((field) => sql`${row ? row[field] : null} as ${sql.ref(field)}`),
      ...MONEY.map(([field, scale]) => sql`${row ? decimalToDb(engine, row[field], scale) : null} as ${sql.ref(field)}`),
    ]);
  const rows = state?.rows ?? [];
  const body = rows.length === 0
    ? sql`select ${columns(null)} where 1 = 0`
    : sql.join(rows.map((row) => sql`select ${columns(row)}`), sql` union all `);
  // The literal rows' columns (raw values: the engine reads them as the definition's columns).
  const literal = sql<Record<(typeof TEXT)[number], string | null> & Record<(typeof MONEY)[number][0], unknown>>`(${body})`;
  return glDb(ctx.db).selectFrom(literal.as('fx')).selectAll('fx').orderBy('fx.AccountId');
}

export const fxRevaluationProcess: ServerProcess = {
  def: fxRevaluation,
  prepare,
  preview: literalSelect,
  async runItem(ctx, row) {
    const state = ctx.state['fx'] as FxState;
    const previewed = state.rows.find((r) => r.AccountId === String(row['AccountId']))!;
    const base = `FX${previewed.PostingDate.replaceAll('-', '')}-${previewed.AccountId}`;
    try {
      // Issue 22: the difference is computed again inside the transaction, after a lock on the account's
      // revaluation, so parallel runs post it once: the later run finds the booked balance already revalued.
      const done = await glDb(ctx.db).transaction().execute(async (trx) => {
        await serialize(trx, `gl:fx-revaluation:${previewed.AccountId}`);
        const rates = await ratesOf(trx, [previewed.Currency], state.home);
        const computed = await revalue(trx, { accountId: previewed.AccountId, description: previewed.Description, currency: previewed.Currency }, rates, {
          date: state.date,
          postingDate: previewed.PostingDate,
          reversalDate: previewed.ReversalDate,
        });
        if ('key' in computed) throw BusinessError.of(400, 'refused', computed.key, computed.params ?? {}, FIELD);
        const difference = computed.GainLoss;
        if (isZero(difference)) return null;
        const earlier = await trx
          .selectFrom('gl_entries')
          .select(sql<number | string>`count(distinct document_no)`.as('n'))
          .where('document_no', 'like', `${base}%`)
          .where('reversal_of', 'is', null)
          .executeTakeFirst();
        const n = Number(earlier?.n ?? 0);
        const docNo = n === 0 ? base : `${base}-${n + 1}`;
        const description = messageIn(ctx.locale, 'gl:fx-revaluation.entryDescription', { account: computed.AccountId, rate: computed.Rate });
        const lines = [
          { accountId: computed.AccountId, amount: difference },
          { accountId: state.counterAccount, amount: neg(difference) },
        ];
        const common = { source: 'FX', subLedger: 'gl', dataType: 'Actual', origin: { type: 'fx-revaluation', id: docNo }, userId: ctx.user.userId } as const;
        await post(trx, { ...common, date: computed.PostingDate, documentNo: docNo, description, lines });
        await post(trx, {
          ...common,
          date: computed.ReversalDate,
          documentNo: `${docNo}-R`,
          description: messageIn(ctx.locale, 'gl:fx-revaluation.reversalDescription', { document: docNo }),
          lines: lines.map((line) => ({ ...line, amount: neg(line.amount) })),
          reversalOf: docNo,
        });
        return { documentNo: docNo, difference };
      });
      if (!done) {
        return { ResultStatus: 1, ResultCode: 'no_difference', Message: messageIn(ctx.locale, 'gl:fx-revaluation.noDifference'), EntityId: previewed.AccountId };
      }
      const key = cmp(done.difference, '0.00') > 0 ? 'gl:fx-revaluation.postedGain' : 'gl:fx-revaluation.postedLoss';
      return { ResultStatus: 1, ResultCode: 'posted', Message: messageIn(ctx.locale, key, { document: done.documentNo, amount: done.difference }), EntityId: done.documentNo };
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      const issue = error.issues[0];
      return { ResultStatus: 2, ResultCode: error.code, Message: issue ? messageIn(ctx.locale, issue.key, issue.params ?? {}) : error.code, EntityId: previewed.AccountId };
    }
  },
};
