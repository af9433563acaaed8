/**
 * Accounting journals as the posting service uses them (§4, §5, §8).
 *
 * `journalFor(trx, { source, dataType, date, userId })`: the Open journal of that source, data type and
 * date (the oldest when there are several, which §5 allows after a confirmation). When there is none:
 * - a Closed journal of that source and data type in the date's period → BusinessError "Accounting journal
 *   for the period is closed, choose another date." (the period was closed, or the journal closed by hand);
 * - otherwise a new Open journal for the date is created in the transaction (PostgreSQL: behind an advisory
 *   lock on source/data type/date, so parallel first postings of a day share one journal).
 */
import { sql, type Transaction } from 'kysely';
import { BusinessError } from '@erp/server/entities/call-result';
import { engineOf } from '@erp/server/db/decimal-codec';
import type { GlDatabase } from '../tables.generated.ts';
import type { DataType, JournalSource, PeriodRow } from './types.ts';

async function openJournal(trx: Transaction<GlDatabase>, source: JournalSource, dataType: DataType, date: string): Promise<number | null> {
  const row = await trx
    .selectFrom('gl_journals')
    .select('journal_id')
    .where('source', '=', source)
    .where('data_type', '=', dataType)
    .where('journal_date', '=', date)
    .where('status', '=', 'Open')
    .orderBy('journal_id')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.journal_id) : null;
}

export async function journalFor(
  trx: Transaction<GlDatabase>,
  request: { source: JournalSource; dataType: DataType; date: string; userId: string; period: PeriodRow },
  field = 'EntryDate',
): Promise<number> {
  const { source, dataType, date, period } = request;
  const found = await openJournal(trx, source, dataType, date);
  if (found !== null) return found;
  const closed = await trx
    .selectFrom('gl_journals')
    .select('journal_id')
    .where('source', '=', source)
    .where('data_type', '=', dataType)
    .where('journal_date', '>=', period.startDate)
    .where('journal_date', '<=', period.endDate)
    .where('status', '=', 'Closed')
    .limit(1)
    .executeTakeFirst();
  if (closed) throw BusinessError.of(400, 'journal_closed', 'gl:rules.journalClosed', {}, field);
  if (engineOf(trx) === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext(${`gl_journal:${source}:${dataType}:${date}`}))`.execute(trx);
    const again = await openJournal(trx, source, dataType, date);
    if (again !== null) return again;
  }
  const now = new Date().toISOString();
  const inserted = await trx
    .insertInto('gl_journals')
    .values({
      journal_date: date,
      source,
      data_type: dataType,
      status: 'Open',
      description: null,
      created_by: request.userId,
      created_on: now,
      updated_by: request.userId,
      updated_on: now,
      version: 1,
    })
    .returning('journal_id')
    .executeTakeFirstOrThrow();
  return Number(inserted.journal_id);
}
