/**
 * The demo books settled (issue 40 item 1): once every module's demo has posted, the sales taxes and payroll
 * source deductions each period left on their liability accounts are remitted — a journal per authority and
 * period, dated the 15th of the following month (or today when that is still ahead), Dr the payable, Cr the
 * input tax credits it nets (GST/HST return: collected less ITCs), Cr the bank. So the tax and payroll
 * liabilities carry at most the current period, as a going concern's do.
 *
 * GL journal entries through the posting service, as a remittance cheque is booked (DOMAIN-NOTES §2.4: the GST/HST
 * totals reconcile to the payable accounts per period). Which integration rows each authority clears and which bank
 * pays it, the modules say (their ledger sources' `remits`, ledger-sources.ts); the rows name the accounts (data),
 * so a chart that names other accounts is remitted all the same; an authority whose rows are missing is skipped. Written once: a ledger that already holds a remittance (or no entry at all) is left as it is.
 */
import { add, isZero, neg, sum, type Decimal } from '@erp/shared/decimal';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { BusinessError } from '@erp/server/entities/call-result';
import type { SeedConfig } from '@erp/server/modules/part';
import { postMany } from './ledger/posting.ts';
import type { PostingRequest } from './ledger/types.ts';
import { remittances } from '../definitions/ledger-sources.ts';
import type { SeedDb } from '@erp/server/db/migration-db';

const ACTOR = 'seed';
const PREFIX = 'DEMO-REMIT';

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The remittances of every period before today's, posted in one batch. */
export async function seedRemittances(db: SeedDb, config: SeedConfig): Promise<void> {
  if (!config.demoLedger) return;
  const today = new Date().toISOString().slice(0, 10);
  const integration = (await db.selectFrom('gl_integration').select(['sub_ledger', 'transaction_type', 'account_id']).execute()) as { sub_ledger: string; transaction_type: string; account_id: string }[];
  const accountOf = ([subLedger, type]: readonly [string, string]) =>
    integration.find((row) => row.sub_ledger === subLedger && row.transaction_type.toUpperCase() === type)?.account_id ?? null;
  const plans = remittances().flatMap((authority) => {
    const bank = authority.bank && accountOf(authority.bank);
    // One account per liability: two authorities naming the same account would remit it twice.
    const accounts = [...new Set(authority.accounts.map(accountOf).filter((id): id is string => id !== null))];
    return bank && accounts.length > 0 && !accounts.includes(bank) ? [{ ...authority, bankAccount: bank, accountIds: accounts }] : [];
  });
  const claimed = plans.flatMap((plan) => plan.accountIds);
  if (new Set(claimed).size !== claimed.length || plans.length === 0) return;

  await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('gl_entries').select('entry_id').where('document_no', 'like', `${PREFIX}-%`).limit(1).executeTakeFirst()) return;
    const movements = (await trx
      .selectFrom('gl_entries as e')
      .innerJoin('fiscal_periods as p', (join) => join.onRef('p.fiscal_year', '=', 'e.fiscal_year').onRef('p.period_no', '=', 'e.period_no'))
      .select(['e.account_id', 'p.fiscal_year', 'p.period_no', 'p.end_date', (eb) => eb.fn.sum('e.amount').as('amount')])
      .where('e.account_id', 'in', claimed)
      .where('e.data_type', '=', 'Actual')
      .where('p.end_date', '<', today)
      .groupBy(['e.account_id', 'p.fiscal_year', 'p.period_no', 'p.end_date'])
      .execute()) as { account_id: string; fiscal_year: number; period_no: number; end_date: string; amount: unknown }[];
    const byPeriod = new Map<string, { endDate: string; amounts: Map<string, Decimal> }>();
    for (const row of movements) {
      const key = `${row.fiscal_year}-${String(row.period_no).padStart(2, '0')}`;
      const period = byPeriod.get(key) ?? { endDate: String(row.end_date).slice(0, 10), amounts: new Map<string, Decimal>() };
      period.amounts.set(row.account_id, add(period.amounts.get(row.account_id) ?? '0.00', decimalFromDb(trx, row.amount, 2) ?? '0.00'));
      byPeriod.set(key, period);
    }
    const requests: PostingRequest[] = [];
    for (const [key, period] of [...byPeriod.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const due = addDays(period.endDate, 15);
      const date = due < today ? due : today;
      for (const plan of plans) {
        // Clearing each account's movement of the period: the payable debited, the credits it nets credited.
        const lines = plan.accountIds.map((accountId) => ({ accountId, amount: neg(period.amounts.get(accountId) ?? '0.00') })).filter((line) => !isZero(line.amount));
        if (lines.length === 0) continue;
        const bank = neg(sum(lines.map((line) => line.amount), 2));
        if (!isZero(bank)) lines.push({ accountId: plan.bankAccount, amount: bank });
        const documentNo = `${PREFIX}-${key}-${plan.code}`;
        requests.push({ source: 'GL', subLedger: 'gl', dataType: 'Actual', date, documentNo, description: `${plan.description} ${key}`, origin: { type: 'demo', id: documentNo }, lines, userId: ACTOR });
      }
    }
    if (requests.length === 0) return;
    try {
      await postMany(trx, requests);
    } catch (error) {
      // A period users closed meanwhile: the books stay as the modules left them.
      if (!(error instanceof BusinessError)) throw error;
    }
  });
}
