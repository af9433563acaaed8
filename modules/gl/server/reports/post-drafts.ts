/**
 * "Post draft journal entries" (modules/gl/definitions/reports/post-drafts.ts) on the server: the preview
 * reads the draft entries dated in the range; each item is posted through the journal entry's generic
 * document action (POST api/data/gl-journal-entry/:id/actions/post, entities/documents.ts `runAction`), run
 * as the caller: its own transaction, the record's version check, the posting service's rules and §8
 * messages in the caller's language, the audit row — the process adds no rule of its own.
 */
import { postDraftEntries } from '../../definitions/reports/post-drafts.ts';
import { sql } from 'kysely';
import type { ServerProcess } from '@erp/server/processes/engine';
import { glDb } from '../tables.generated.ts';

interface ActionAnswer {
  ResultStatus?: unknown;
  ResultCode?: unknown;
  Message?: unknown;
}

export const postDraftEntriesProcess: ServerProcess = {
  def: postDraftEntries,
  preview(ctx) {
    return glDb(ctx.db)
      .selectFrom('gl_journal_entries as j')
      .select([
        'j.entry_id as EntryId',
        'j.document_no as DocumentNo',
        'j.entry_date as EntryDate',
        'j.description as Description',
        sql<unknown>`j.total_debit`.as('TotalDebit'),
        sql<unknown>`j.total_credit`.as('TotalCredit'),
        'j.version as Version',
      ])
      .where('j.status', '=', 'Draft')
      .where('j.entry_date', '>=', String(ctx.params['StartDate']))
      .where('j.entry_date', '<=', String(ctx.params['EndDate']))
      .orderBy('j.entry_date')
      .orderBy('j.entry_id');
  },
  async runItem(ctx, row) {
    const answer = await ctx.call('POST', `data/gl-journal-entry/${encodeURIComponent(String(row['EntryId']))}/actions/post`, { Version: row['Version'] });
    const body = (answer.body ?? {}) as ActionAnswer;
    const status = typeof body.ResultStatus === 'number' ? body.ResultStatus : answer.status < 300 ? 1 : 2;
    return {
      // A question (ResultStatus 3, e.g. §5 a second open journal) is not answered by a batch: it stays a warning.
      ResultStatus: answer.status < 300 ? status : 2,
      ResultCode: typeof body.ResultCode === 'string' ? body.ResultCode : answer.status < 300 ? 'posted' : 'failed',
      Message: typeof body.Message === 'string' ? body.Message : '',
      EntityId: String(row['EntryId']),
    };
  },
};
