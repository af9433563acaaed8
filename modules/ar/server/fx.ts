/**
 * Foreign-currency figures of AR documents (issue 22 item 8), read from the General Ledger's tables (no GL API
 * answers them yet): the home currency (gl_control.home_currency, default CAD), the rate of a currency into it
 * on a date (fx_rates, screen GL-07: the latest rate effective on or before the date) and the realized exchange
 * gain/loss account (gl_integration GL FX-GAIN-LOSS).
 *
 * The AR rule: a document in a foreign currency posts its home-currency equivalent at the rate of its date and
 * carries the foreign amount beside it in the subledger (ar_items.foreign_amount, foreign_open_balance,
 * exchange_rate; migration 0013_ar_fx); applying a foreign credit to a foreign invoice relieves the invoice at
 * the invoice's rate and uses the credit at the credit's rate, the difference being the realized gain or loss.
 */
import { mul, type Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Kysely, Transaction } from 'kysely';
import { decimalFromDb, engineOf } from '@erp/server/db/decimal-codec';
import { requiredIntegrationAccount } from '@erp/modules/gl/server/api';
import { arDb } from './tables.generated.ts';

// Any caller's connection or transaction (other modules price and post through these): read through A/R's view.
// (`Transaction<D>` named too: Kysely's types do not infer `D` of a transaction from `Kysely<D>` alone.)
export async function homeCurrency<D>(trx: Kysely<D> | Transaction<D>): Promise<string> {
  const row = await arDb(trx).selectFrom('gl_control').select('home_currency').limit(1).executeTakeFirst();
  return row?.home_currency ?? 'CAD';
}

/** The rate of `currency` into the home currency on `date` (1 for the home currency); refused when there is none. */
export async function rateOn<D>(trx: Kysely<D> | Transaction<D>, currency: string, date: string, field: string): Promise<Decimal> {
  const home = await homeCurrency(trx);
  if (currency === home) return '1.000000';
  const row = await arDb(trx)
    .selectFrom('fx_rates')
    .select('rate')
    .where('from_currency', '=', currency)
    .where('to_currency', '=', home)
    .where('effective_date', '<=', date)
    .orderBy('effective_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  const rate = row ? decimalFromDb(engineOf(trx), row.rate, 6) : null;
  if (!rate) throw BusinessError.of(400, 'no_rate', 'ar:receipts.rules.noRate', { currency, home, date }, field);
  return rate;
}

/** `amount` in the home currency at `rate`, to the cent. */
export function toHome(amount: Decimal, rate: Decimal): Decimal {
  return mul(amount, rate, 2);
}

/** The realized exchange gain/loss account (GL integration GL FX-GAIN-LOSS). */
export function gainLossAccount<D>(trx: Transaction<D>): Promise<string> {
  return requiredIntegrationAccount(trx, 'GL', 'FX-GAIN-LOSS');
}
