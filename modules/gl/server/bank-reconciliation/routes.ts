/**
 * Bank reconciliation routes (issue 13 item 1, spec §4 Bank reconciliation, §3 Bank account; SCREENS.md FS-01).
 * Contract: modules/gl/definitions/bank-reconciliation.ts (worksheet, complete, adjustments, undo).
 *
 * Rules enforced here whatever the client sends:
 * - the worksheet lists the bank account's G/L account entries (Actual, up to the statement date) that no
 *   completed reconciliation cleared; cleared marks live in bank_reconciliation_marks (gl_entries is
 *   append-only);
 * - Complete: every cleared id must be such an entry; statement date not before the latest completed one;
 *   statement date in an open G/L period (FS-01); difference = statement balance − (opening + cleared) must be exactly zero (§4), else 400 with the
 *   difference in the caller's language;
 * - adjustments (bank charges, interest, returned items) post through the posting service (source BK), the
 *   only writer of the ledger, so they are balanced, period-checked and appear in the worksheet;
 * - Undo asks first (ResultStatus 3) and is allowed on the latest completed reconciliation of the bank
 *   account only; it removes the marks, so the items come back.
 * Access: the bank-account entity's roles (read for the worksheet, write for the rest).
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cmp, isZero, neg, parseDecimal, sum, type Decimal } from '@erp/shared/decimal';
import { isValidDate } from '@erp/shared/entities/validate';
import {
  ADJUSTMENT_KINDS,
  adjustmentSign,
  MAX_CLEARED,
  reconciliationDifference,
  UNDO_CONFIRMATION,
  type AdjustmentKind,
  type ReconciliationItem,
  type ReconciliationSummary,
  type Worksheet,
} from '../../definitions/bank-reconciliation.ts';
import { bankAccount } from '../../definitions/bank-account.ts';
import { answerOf, BusinessError, callResult, ConfirmationNeeded, confirmationsOf, messageIn } from '@erp/server/entities/call-result';
import type { EntityContext } from '@erp/server/entities/hooks';
import type { ModuleRouteDeps } from '@erp/server/modules/part';
import { nextNumber } from '@erp/server/entities/numbering';
import { decimalFromDb, decimalToDb } from '@erp/server/db/decimal-codec';
import { apiSchema, callResult as resultSchema, integer, NO_QUERY, object, text } from '@erp/server/http/schemas';
import { serialize } from '../ledger/locks.ts';
import { assertPeriodOpen, post as postToLedger } from '../ledger/posting.ts';
import { glDb, type GlDatabase } from '../tables.generated.ts';

/** The G/L's view of the database: its reconciliation tables, the ledger's entries and the bank accounts. */
type Db = Kysely<GlDatabase>;
type GlTransaction = Transaction<GlDatabase>;

const BASE = '/api/gl/bank-reconciliation';
const TAGS = ['gl'];
const DATE = text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const MONEY = text(20, { pattern: '^-?\\d{1,13}(\\.\\d{1,2})?$' });
const BANK_ID = text(20, { minLength: 1 });
const BATCH = 400;

function moneyOf(db: Db, raw: unknown): Decimal {
  return decimalFromDb(db, raw ?? 0, 2) ?? '0.00';
}

async function bankAccountRow(db: Db, id: string): Promise<{ glAccountId: string }> {
  const row = await db.selectFrom('bank_accounts').select(['gl_account_id']).where('bank_account_id', '=', id).executeTakeFirst();
  // A bank account without its G/L account is refused as a missing one.
  if (!row?.gl_account_id) throw BusinessError.of(400, 'validation_failed', 'gl:bank-reconciliation.rules.bankAccount', { id }, 'BankAccountId');
  return { glAccountId: row.gl_account_id };
}

function checkDate(value: string, field: string): void {
  if (!isValidDate(value)) throw BusinessError.of(400, 'validation_failed', 'gl:bank-reconciliation.rules.date', {}, field);
}

/** The newest completed reconciliation of the bank account, if any. */
async function latestCompleted(db: Db, bankAccountId: string) {
  return db
    .selectFrom('bank_reconciliations')
    .selectAll()
    .where('bank_account_id', '=', bankAccountId)
    .where('status', '=', 'Completed')
    .orderBy('reconciliation_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The uncleared Actual entries of the G/L account up to the statement date, oldest first. */
async function unclearedItems(db: Db, glAccountId: string, statementDate: string): Promise<ReconciliationItem[]> {
  const rows = await db
    .selectFrom('gl_entries as e')
    .leftJoin('bank_reconciliation_marks as m', 'm.entry_id', 'e.entry_id')
    .select(['e.entry_id', 'e.entry_date', 'e.document_no', 'e.source', 'e.description', 'e.amount'])
    .where('e.account_id', '=', glAccountId)
    .where('e.data_type', '=', 'Actual')
    .where('e.entry_date', '<=', statementDate)
    .where('m.entry_id', 'is', null)
    .orderBy('e.entry_date')
    .orderBy('e.entry_id')
    .execute();
  return rows.map((row) => ({
    EntryId: Number(row.entry_id),
    EntryDate: row.entry_date,
    DocumentNo: row.document_no,
    Source: row.source,
    Description: row.description,
    Amount: moneyOf(db, row.amount),
  }));
}

async function bookBalance(db: Db, glAccountId: string, statementDate: string): Promise<Decimal> {
  const row = await db
    .selectFrom('gl_entries')
    .select((eb) => eb.fn.sum('amount').as('total'))
    .where('account_id', '=', glAccountId)
    .where('data_type', '=', 'Actual')
    .where('entry_date', '<=', statementDate)
    .executeTakeFirst();
  return moneyOf(db, row?.total ?? 0);
}

function summaryOf(db: Db, row: Selectable<GlDatabase['bank_reconciliations']>): ReconciliationSummary {
  return {
    ReconciliationId: row.reconciliation_id,
    StatementDate: row.statement_date,
    StatementBalance: moneyOf(db, row.statement_balance),
    ClearedTotal: moneyOf(db, row.cleared_total),
    Status: row.status === 'Completed' ? 'Completed' : 'Undone',
    CreatedBy: row.created_by,
    CreatedOn: row.created_on,
  };
}

export async function worksheet(db: Db, bankAccountId: string, statementDate: string): Promise<Worksheet> {
  checkDate(statementDate, 'StatementDate');
  const { glAccountId } = await bankAccountRow(db, bankAccountId);
  const latest = await latestCompleted(db, bankAccountId);
  const history = await db.selectFrom('bank_reconciliations').selectAll().where('bank_account_id', '=', bankAccountId).orderBy('reconciliation_id', 'desc').limit(50).execute();
  return {
    BankAccountId: bankAccountId,
    GlAccountId: glAccountId,
    StatementDate: statementDate,
    OpeningBalance: latest ? moneyOf(db, latest.statement_balance) : '0.00',
    BookBalance: await bookBalance(db, glAccountId, statementDate),
    Items: await unclearedItems(db, glAccountId, statementDate),
    History: history.map((row) => summaryOf(db, row)),
  };
}

interface CompleteBody {
  BankAccountId: string;
  StatementDate: string;
  StatementBalance: string;
  Cleared: number[];
}

/** Whether a completed reconciliation holds the entry's mark. */
async function clearedBefore(db: Db, entryId: number): Promise<boolean> {
  const mark = await db.selectFrom('bank_reconciliation_marks').select('entry_id').where('entry_id', '=', entryId).executeTakeFirst();
  return mark !== undefined;
}

export async function complete(trx: GlTransaction, body: CompleteBody, userId: string): Promise<number> {
  checkDate(body.StatementDate, 'StatementDate');
  const parsed = parseDecimal(body.StatementBalance, { precision: 15, scale: 2 });
  if (!parsed.ok) throw BusinessError.of(400, 'validation_failed', 'gl:bank-reconciliation.rules.amount', {}, 'StatementBalance');
  const { glAccountId } = await bankAccountRow(trx, body.BankAccountId);
  // SCREENS.md FS-01: the statement date is in an open (G/L) period (§8 texts from the ledger service).
  await assertPeriodOpen(trx, body.StatementDate, 'gl', 'StatementDate');
  // Issue 22: one completion per G/L account at a time (bank accounts sharing a G/L account share its items);
  // what it reads next (the latest reconciliation, the uncleared items) is read after the lock, so a parallel
  // completion's marks are seen, not collided with.
  await serialize(trx, `gl:bank-reconciliation:${glAccountId}`);
  const latest = await latestCompleted(trx, body.BankAccountId);
  if (latest && latest.statement_date > body.StatementDate) {
    throw BusinessError.of(400, 'validation_failed', 'gl:bank-reconciliation.rules.statementDate', { date: latest.statement_date }, 'StatementDate');
  }
  const opening = latest ? moneyOf(trx, latest.statement_balance) : '0.00';
  const open = new Map((await unclearedItems(trx, glAccountId, body.StatementDate)).map((item) => [item.EntryId, item.Amount]));
  const cleared = [...new Set(body.Cleared)];
  const foreign = cleared.find((id) => !open.has(id));
  if (foreign !== undefined && (await clearedBefore(trx, foreign))) {
    // Cleared by another reconciliation (a parallel one, or since the worksheet was read): a conflict, §3 409.
    throw BusinessError.of(409, 'already_cleared', 'gl:bank-reconciliation.rules.alreadyCleared', { id: foreign }, 'Cleared');
  }
  if (foreign !== undefined) throw BusinessError.of(400, 'validation_failed', 'gl:bank-reconciliation.rules.notOpen', { id: foreign }, 'Cleared');
  const clearedTotal = sum(
    cleared.map((id) => open.get(id)!),
    2,
  );
  const difference = reconciliationDifference(parsed.value, opening, clearedTotal);
  if (!isZero(difference)) {
    throw BusinessError.of(400, 'not_reconciled', 'gl:bank-reconciliation.rules.difference', { difference }, 'StatementBalance');
  }
  const now = new Date().toISOString();
  const row = await trx
    .insertInto('bank_reconciliations')
    .values({
      bank_account_id: body.BankAccountId,
      gl_account_id: glAccountId,
      statement_date: body.StatementDate,
      statement_balance: decimalToDb(trx, parsed.value, 2),
      opening_balance: decimalToDb(trx, opening, 2),
      cleared_total: decimalToDb(trx, clearedTotal, 2),
      book_balance: decimalToDb(trx, await bookBalance(trx, glAccountId, body.StatementDate), 2),
      status: 'Completed',
      created_by: userId,
      created_on: now,
      updated_by: userId,
      updated_on: now,
      version: 1,
    })
    .returning('reconciliation_id')
    .executeTakeFirstOrThrow();
  const id = row.reconciliation_id;
  for (let start = 0; start < cleared.length; start += BATCH) {
    const batch = cleared.slice(start, start + BATCH).map((entryId) => ({ entry_id: entryId, reconciliation_id: id }));
    await trx.insertInto('bank_reconciliation_marks').values(batch).execute();
  }
  return id;
}

interface AdjustmentBody {
  BankAccountId: string;
  Date: string;
  Kind: AdjustmentKind;
  Amount: string;
  AccountId: string;
  Description?: string;
}

export async function postAdjustment(trx: GlTransaction, body: AdjustmentBody, userId: string, language: string | null) {
  checkDate(body.Date, 'Date');
  const parsed = parseDecimal(body.Amount, { precision: 15, scale: 2 });
  if (!parsed.ok || cmp(parsed.value, '0.00') <= 0) throw BusinessError.of(400, 'validation_failed', 'gl:bank-reconciliation.rules.amountPositive', {}, 'Amount');
  const { glAccountId } = await bankAccountRow(trx, body.BankAccountId);
  if (body.AccountId === glAccountId) throw BusinessError.of(400, 'validation_failed', 'gl:bank-reconciliation.rules.offsetAccount', {}, 'AccountId');
  const toBank = adjustmentSign(body.Kind) > 0 ? parsed.value : neg(parsed.value);
  const documentNo = await nextNumber(trx, 'GL-BANK-ADJ', { prefix: 'BK', description: 'Bank reconciliation adjustments' });
  const description = body.Description?.trim() || messageIn(language, `gl:bank-reconciliation.kinds.${body.Kind}`);
  const result = await postToLedger(trx, {
    source: 'BK',
    subLedger: 'gl',
    dataType: 'Actual',
    date: body.Date,
    documentNo,
    description,
    origin: { type: 'bank-reconciliation', id: body.BankAccountId },
    lines: [
      { accountId: glAccountId, amount: toBank, description },
      { accountId: body.AccountId, amount: neg(toBank), description, enteredAccount: true },
    ],
    userId,
  });
  return { DocumentNo: documentNo, EntryIds: result.entryIds };
}

export async function undo(trx: GlTransaction, id: number, confirmations: ReadonlySet<string>, userId: string): Promise<void> {
  const row = await trx.selectFrom('bank_reconciliations').selectAll().where('reconciliation_id', '=', id).executeTakeFirst();
  if (!row) throw BusinessError.of(404, 'not_found', 'gl:bank-reconciliation.rules.notFound', { id });
  const latest = await latestCompleted(trx, row.bank_account_id);
  if (row.status !== 'Completed' || !latest || latest.reconciliation_id !== id) {
    throw BusinessError.of(400, 'not_latest', 'gl:bank-reconciliation.rules.notLatest', { date: row.statement_date });
  }
  if (!confirmations.has(UNDO_CONFIRMATION)) {
    throw new ConfirmationNeeded(UNDO_CONFIRMATION, 'gl:bank-reconciliation.confirmUndo', { date: row.statement_date });
  }
  await trx.deleteFrom('bank_reconciliation_marks').where('reconciliation_id', '=', id).execute();
  // Guarded by the status: two undos at once take it back once.
  const changed = await trx
    .updateTable('bank_reconciliations')
    .set({ status: 'Undone', updated_by: userId, updated_on: new Date().toISOString(), version: row.version + 1 })
    .where('reconciliation_id', '=', id)
    .where('status', '=', 'Completed')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw BusinessError.of(400, 'not_latest', 'gl:bank-reconciliation.rules.notLatest', { date: row.statement_date });
}

const SUMMARY = object({
  ReconciliationId: { type: 'integer' },
  StatementDate: { type: 'string' },
  StatementBalance: { type: 'string' },
  ClearedTotal: { type: 'string' },
  Status: { type: 'string' },
  CreatedBy: { type: 'string' },
  CreatedOn: { type: 'string' },
});
const WORKSHEET = object({
  BankAccountId: { type: 'string' },
  GlAccountId: { type: 'string' },
  StatementDate: { type: 'string' },
  OpeningBalance: { type: 'string' },
  BookBalance: { type: 'string' },
  Items: {
    type: 'array',
    items: object({
      EntryId: { type: 'integer' },
      EntryDate: { type: 'string' },
      DocumentNo: { type: 'string' },
      Source: { type: 'string' },
      Description: { type: ['string', 'null'] },
      Amount: { type: 'string' },
    }),
  },
  History: { type: 'array', items: SUMMARY },
});

export async function registerBankReconciliationRoutes(app: FastifyInstance, deps: Pick<ModuleRouteDeps, 'contextOf'>): Promise<void> {
  const send = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).header('cache-control', 'no-store').send(body);
  /** Runs `work`; BusinessError / ConfirmationNeeded become the §3 answer in the caller's language. */
  async function run(reply: FastifyReply, ctx: EntityContext, work: () => Promise<{ status: number; body: unknown }>) {
    try {
      const { status, body } = await work();
      return send(reply, status, body);
    } catch (error) {
      const answer = answerOf(error, ctx.user.row.language);
      if (answer) return send(reply, answer.status, answer.body);
      throw error;
    }
  }

  app.get<{ Querystring: { BankAccountId: string; StatementDate: string } }>(
    `${BASE}/worksheet`,
    {
      schema: apiSchema({
        summary: 'Bank reconciliation worksheet: uncleared entries, opening and book balances (§4)',
        tags: TAGS,
        querystring: object({ BankAccountId: BANK_ID, StatementDate: DATE }, ['BankAccountId', 'StatementDate']),
        response: { 200: resultSchema(WORKSHEET) },
      }),
    },
    async (request, reply) => {
      const ctx = await deps.contextOf(request, reply, bankAccount.name, 'read');
      if (!ctx) return reply;
      return run(reply, ctx, async () => {
        const data = await worksheet(glDb(ctx.db), request.query.BankAccountId, request.query.StatementDate);
        return { status: 200, body: callResult(1, 'ok', null, { Data: data }) };
      });
    },
  );

  app.post<{ Body: CompleteBody }>(
    `${BASE}/complete`,
    {
      schema: apiSchema({
        summary: 'Complete a bank reconciliation (difference must be zero, §4)',
        tags: TAGS,
        querystring: NO_QUERY,
        body: object(
          {
            BankAccountId: BANK_ID,
            StatementDate: DATE,
            StatementBalance: MONEY,
            Cleared: { type: 'array', maxItems: MAX_CLEARED, items: integer(1, Number.MAX_SAFE_INTEGER) },
          },
          ['BankAccountId', 'StatementDate', 'StatementBalance', 'Cleared'],
        ),
        response: { 201: resultSchema(object({ ReconciliationId: { type: 'integer' } })) },
      }),
    },
    async (request, reply) => {
      const ctx = await deps.contextOf(request, reply, bankAccount.name, 'write');
      if (!ctx) return reply;
      return run(reply, ctx, async () => {
        const id = await glDb(ctx.db).transaction().execute((trx) => complete(trx, request.body, ctx.user.userId));
        const message = messageIn(ctx.user.row.language, 'gl:bank-reconciliation.completed', { date: request.body.StatementDate });
        return { status: 201, body: callResult(1, 'completed', message, { EntityId: id, Data: { ReconciliationId: id } }) };
      });
    },
  );

  app.post<{ Body: AdjustmentBody }>(
    `${BASE}/adjustments`,
    {
      schema: apiSchema({
        summary: 'Post a bank-side adjustment (charge, interest, returned item) with source BK',
        tags: TAGS,
        querystring: NO_QUERY,
        body: object(
          {
            BankAccountId: BANK_ID,
            Date: DATE,
            Kind: { type: 'string', enum: [...ADJUSTMENT_KINDS] },
            Amount: MONEY,
            AccountId: text(20, { minLength: 1 }),
            Description: text(200),
          },
          ['BankAccountId', 'Date', 'Kind', 'Amount', 'AccountId'],
        ),
        response: { 201: resultSchema(object({ DocumentNo: { type: 'string' }, EntryIds: { type: 'array', items: { type: 'integer' } } })) },
      }),
    },
    async (request, reply) => {
      const ctx = await deps.contextOf(request, reply, bankAccount.name, 'write');
      if (!ctx) return reply;
      const language = ctx.user.row.language;
      return run(reply, ctx, async () => {
        const data = await glDb(ctx.db).transaction().execute((trx) => postAdjustment(trx, request.body, ctx.user.userId, language));
        const message = messageIn(language, 'gl:bank-reconciliation.adjustmentPosted', { documentNo: data.DocumentNo });
        return { status: 201, body: callResult(1, 'posted', message, { Data: data }) };
      });
    },
  );

  app.post<{ Params: { id: number }; Body: { Confirmations?: string[] } }>(
    `${BASE}/:id/undo`,
    {
      schema: apiSchema({
        summary: 'Undo the latest completed bank reconciliation of its bank account (asks first, §4)',
        tags: TAGS,
        params: object({ id: integer(1, 2147483647) }, ['id']),
        querystring: NO_QUERY,
        body: object({ Confirmations: { type: 'array', maxItems: 20, items: text(200) } }),
        response: { 200: resultSchema() },
      }),
    },
    async (request, reply) => {
      const ctx = await deps.contextOf(request, reply, bankAccount.name, 'write');
      if (!ctx) return reply;
      return run(reply, ctx, async () => {
        await glDb(ctx.db).transaction().execute((trx) => undo(trx, request.params.id, confirmationsOf(request.body), ctx.user.userId));
        return { status: 200, body: callResult(1, 'undone', messageIn(ctx.user.row.language, 'gl:bank-reconciliation.undone')) };
      });
    },
  );
}
