/**
 * GL integration (`gl_integration`, the G/L's integration screen): the account a sub-ledger's transaction type posts
 * to — `integrationAccount(trx, 'AR', 'RECEIVABLE')`, read once per transaction (a batch of a thousand documents
 * asks the same rows), null when the row is missing or blank. `requiredIntegrationAccount` refuses a missing one
 * with the ledger's own message ("An account entered is not valid.", naming the transaction type).
 */
import { perTransaction } from '@erp/server/db/per-transaction';
import { BusinessError } from '@erp/server/entities/call-result';
import type { Transaction } from 'kysely';
import { glDb } from '../tables.generated.ts';
import type { IntegrationSubLedger } from './types.ts';

/** Any module's transaction (its typed view): the G/L's rows read through `glDb`. */
export function integrationAccount<D>(typed: Transaction<D>, subLedger: string, transactionType: string): Promise<string | null> {
  const trx = glDb(typed);
  return perTransaction(trx, `gl_integration:${subLedger}:${transactionType}`, async () => {
    const row = await trx
      .selectFrom('gl_integration')
      .select('account_id')
      .where('sub_ledger', '=', subLedger as IntegrationSubLedger)
      .where('transaction_type', '=', transactionType)
      .executeTakeFirst();
    return row?.account_id ? row.account_id : null;
  });
}

/** The account, or the 400 refusal naming `label` (default the transaction type). */
export async function requiredIntegrationAccount<D>(trx: Transaction<D>, subLedger: string, transactionType: string, label = transactionType): Promise<string> {
  const account = await integrationAccount(trx, subLedger, transactionType);
  if (account === null) throw BusinessError.of(400, 'account_invalid', 'gl:rules.accountInvalid', { account: label });
  return account;
}
