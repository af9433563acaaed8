/**
 * Approved time as payroll input (issue 29 item 6): a payroll transaction's "Add approved time cards" (the lines'
 * `sources`, shared/src/entities/definition-types.ts LineSource).
 *
 *   POST /api/pr/time-card-lines  { Header: { TransactionId?, EmployeeId? }, Key: <EmployeeId> }
 *        → CallResult Data { Lines: [{ Values: { CodeId, Hours, Rate, TimeCardNo }, Selected }] }
 *        Right: writing payroll transactions (the payroll role). The employee's Approved time cards that no
 *        transaction other than this one (cancelled ones aside) pays yet, oldest first; each a line of its work
 *        code's payroll code (REG when it names none) at the card's hours and rate. Nothing is written; the
 *        save checks them again (rules.ts `timeCardLineIssues`).
 */
import { apiSchema, callResult, NO_QUERY, object, RECORD } from '@erp/server/http/schemas';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { callResult as resultOf } from '@erp/server/entities/call-result';
import { DEFAULT_PAY_CODE } from '../../definitions/labour.ts';
import { prDb } from '../tables.generated.ts';
import type { WireRecord } from '@erp/server/entities/hooks';

const SCHEMA = apiSchema({
  summary: "An employee's approved time cards a payroll transaction may pay",
  tags: ['pr-transaction'],
  querystring: NO_QUERY,
  body: object({ Header: { type: 'object' }, Key: { type: 'string', minLength: 1, maxLength: 10 } }, ['Header', 'Key']),
  response: { 200: callResult(RECORD) },
});

export const timeCardLineRoutes: EntityRoutes = async (app, { contextOf }) => {
  app.post<{ Body: { Header: WireRecord; Key: string } }>('/api/pr/time-card-lines', { schema: SCHEMA }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'pr-transaction', 'write');
    if (!ctx) return reply;
    const db = prDb(ctx.db);
    const employeeId = request.body.Key.trim().toUpperCase();
    const transactionId = typeof request.body.Header['TransactionId'] === 'number' ? request.body.Header['TransactionId'] : null;
    let paid = db
      .selectFrom('pr_transaction_lines as l')
      .innerJoin('pr_transactions as t', 't.transaction_id', 'l.transaction_id')
      .select('l.time_card_no')
      .where('t.status', '<>', 'Cancelled')
      .where('l.time_card_no', 'is not', null);
    if (transactionId !== null) paid = paid.where('t.transaction_id', '<>', transactionId);
    const cards = await db
      .selectFrom('pr_time_cards as c')
      .leftJoin('pr_work_codes as w', 'w.work_code_id', 'c.work_code_id')
      .select(['c.time_card_no', 'c.hours', 'c.rate', 'w.pay_code_id'])
      .where('c.employee_id', '=', employeeId)
      .where('c.status', '=', 'Approved')
      .where('c.time_card_no', 'not in', paid)
      .orderBy('c.work_date')
      .orderBy('c.time_card_id')
      .execute();
    const lines = cards.map((card) => ({
      Values: {
        CodeId: card.pay_code_id ? card.pay_code_id : DEFAULT_PAY_CODE,
        Hours: decimalFromDb(db, card.hours, 4) ?? '0.0000',
        Rate: decimalFromDb(db, card.rate, 4) ?? '0.0000',
        TimeCardNo: String(card.time_card_no),
      },
      Selected: true,
    }));
    return sendAnswer(reply, { status: 200, body: resultOf(1, 'ok', null, { Data: { Lines: lines } }) });
  });
};
