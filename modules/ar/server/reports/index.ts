/**
 * Accounts Receivable reports on the server (issue 14 items 4–5; definitions: modules/ar/definitions/reports/),
 * for the report engine (server/src/reports/engine.ts). Registered in server/src/reports/index.ts (reports) and
 * server/src/processes/index.ts (processes: none yet). They only READ the AR subledger (CONTRACT-14:
 * ar_items, ar_applications, written by modules/ar/server/subledger.ts) and the firms.
 *
 * Open balance AS OF a date D (DOMAIN-NOTES 4.3: "an aged report run for a past date must ignore later
 * payments"): the items dated ≤ D, each with its open balance cache plus what the applications dated after
 * D took from it — an invoice gets back their amount and discount, a credit (receipt, credit note) gives
 * back their amount. `movementsAsOf` reads only the open items (covering index ix_ar_items_open_aging) and
 * the applications after D (ix_ar_applications_date; both migration 0011_ar_reports), not the whole history,
 * so the aged trial balance of today reads the open items only; the aging sums the movements per customer
 * (and its totals in one more pass: `agedTrialBalanceFigures`), the item reports group them per item
 * (`openItemsAsOf`; the statement groups them with their customer and dates, and joins the item's and the
 * customer's words for the page's rows only: `joinLate`). The sum of every open balance as of D equals the receivables control
 * account at D, because every item and every discount is posted on its own date (test: ar-reports.test.ts).
 *
 * The account inquiry's page (`accountInquiryWindow`) reads each of its three parts (items, applications
 * to them, applications from them) in the report's order from the customer's item indexes with a LIMIT, so
 * its first page does not sort the customer's whole history; its count and totals come from one statement
 * (`accountInquiryFigures`; index ix_ar_items_firm_status, migration 0012).
 *
 * Decimals are only summed, compared and negated in SQL (CONTRACT-12); the buckets' limits are dates
 * computed here (text comparison works on YYYY-MM-DD), so no engine-specific date arithmetic is needed except
 * the overdue report's day count.
 *
 * §6: every report applies the caller's customer restriction (modules/shell/server/firm/assigned.ts) in SQL;
 * the report routes refuse a customer parameter the caller is not assigned to (403, as the entity routes).
 * That includes `ar-journal-printing` (issue 22 item 12): its definition and query are the GL's journal
 * printing (modules/gl, `journalReport`), which knows no customers; this module registers it (grid, pdf and
 * xlsx alike) with the AR restriction: a restricted caller sees only the entries of the AR documents of assigned customers, by
 * the origin each entry carries (issue 39 item 4.1: invoices made by other modules included).
 */
import { arAccountInquiry, arAccountStatement, arInvoicePrint, arJournalPrinting, AGING_BUCKETS, arAgedTrialBalance, arContactList, arCustomerList, arCustomerLists, arInactiveCustomerList, arNewCustomerList, arOverdueAccounts, arSalesJournal, arUnappliedCredits, STATEMENT_PERIOD_DAYS } from '../../definitions/reports/index.ts';
import type { ReportDefinition } from '@erp/shared/reports/define';
import { sql, type SelectQueryBuilder } from 'kysely';
import { AR_SIDE } from '../subledger.ts';
import { agingBuckets, daysBefore, movementsAsOf as sharedMovementsAsOf, journalReport } from '@erp/modules/gl/server/api';
import { readAll } from '@erp/server/db/read';
import { firmListRows } from '@erp/modules/shell/server/api';
import { customerFilter, firmCityLine, prepareAr, stateOf } from './customers.ts';
import { invoicePrintReport } from './invoice-print.ts';
import type { ServerProcess } from '@erp/server/processes/engine';
import { narrowedRows, type GroupFigures, type ReportContext, type ServerReport } from '@erp/server/reports/engine';
import { arDb } from '../tables.generated.ts';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import type { Decimal } from '@erp/shared/decimal';

/** The movements that make up the open balances as of `asOf`, for the customers the caller may see (module header). */
function movementsAsOf(ctx: ReportContext, asOf: string) {
  // The ledger's restriction hands back the query it was given (its movements: tables named by the side).
  return sharedMovementsAsOf(arDb(ctx.db), AR_SIDE, asOf, (query, column) => customerFilter(ctx, query, column) as typeof query);
}

/**
 * item_id and its open balance as of `asOf` (≠ 0), for the customers the caller may see; `carried`: the item's
 * columns of the movements kept beside them (each movement of an item carries the same), so no join back is needed.
 */
function openItemsAsOf(ctx: ReportContext, asOf: string, carried: readonly ('firm_id' | 'document_date' | 'due_date')[] = []) {
  const columns = (['item_id', ...carried] as const).map((column) => `u.${column}` as const);
  return arDb(ctx.db)
    .selectFrom(movementsAsOf(ctx, asOf).as('u'))
    .select([...columns, sql<unknown>`sum(u.amount)`.as('open')])
    .groupBy(columns)
    .having(sql`sum(u.amount)`, '<>', 0);
}

/** Open items as of a date joined with their item and firm (aliases o, i, f). */
function openItemRows(ctx: ReportContext, asOf: string) {
  return arDb(ctx.db)
    .selectFrom(openItemsAsOf(ctx, asOf).as('o'))
    .innerJoin('ar_items as i', 'i.item_id', 'o.item_id')
    .leftJoin('firms as f', 'f.firm_id', 'i.firm_id');
}

/** A report whose rows the caller's restriction and customer check govern. */
function arReport(def: ReportDefinition, rows: ServerReport['rows']): ServerReport {
  return { def, prepare: prepareAr, rows };
}

// AR-06 ------------------------------------------------------------------------------------------------------

/** The inquiry's items: open items now, or the history (optionally over a date range). */
function inquiryItems<DB, TB extends keyof DB, O>(ctx: ReportContext, query: SelectQueryBuilder<DB, TB, O>, alias: string): SelectQueryBuilder<DB, TB, O> {
  const { params } = ctx;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  let filtered = customerFilter(ctx, query, `${alias}.firm_id`);
  if (params['Show'] === 'open') filtered = filtered.where(sql<boolean>`${column('status')} = ${'Open'}`);
  else {
    if (typeof params['StartDate'] === 'string') filtered = filtered.where(sql<boolean>`${column('document_date')} >= ${params['StartDate']}`);
    if (typeof params['EndDate'] === 'string') filtered = filtered.where(sql<boolean>`${column('document_date')} <= ${params['EndDate']}`);
  }
  return filtered;
}

/** The inquiry's row as its three parts share it: each part leaves null what the others fill (stored values). */
type InquiryRow = Record<'FirmId' | 'FirmName' | 'ItemDate' | 'DocumentDate' | 'ItemType' | 'DocumentNo' | 'DueDate' | 'Description' | 'Amount' | 'Applied' | 'Discount' | 'OpenBalance' | 'Status' | 'ItemId' | 'Seq', unknown>;

/**
 * The inquiry's three parts: the items, and the applications under the item they were applied to and under
 * the credit they came from. Each part's rows are ordered by its item (firm, date, id) and then, for the
 * applications, by the application's id — the report's order (definition `defaultSort`).
 */
function accountInquiryParts(ctx: ReportContext) {
  const db = arDb(ctx.db);
  // Typed nulls: a part read as a subquery (`accountInquiryWindow`) would give PostgreSQL untyped columns.
  const none = (type: 'text' | 'money') => sql<null>`cast(null as ${sql.raw(type === 'text' ? 'text' : ctx.database.engine === 'postgres' ? 'numeric' : 'integer')})`;
  const items = inquiryItems(
    ctx,
    db
      .selectFrom('ar_items as i')
      .leftJoin('firms as f', 'f.firm_id', 'i.firm_id')
      .select([
        'i.firm_id as FirmId',
        'f.name as FirmName',
        'i.document_date as ItemDate',
        'i.document_date as DocumentDate',
        'i.item_type as ItemType',
        'i.document_no as DocumentNo',
        'i.due_date as DueDate',
        'i.description as Description',
        'i.amount as Amount',
        none('money').as('Applied'),
        none('money').as('Discount'),
        'i.open_balance as OpenBalance',
        // Issue 21 item 8: an invoice its receipts, credits or write-off closed is Paid as the user sees it.
        sql<string>`case when i.status = 'Closed' and i.item_type = 'Invoice' then 'Paid' else i.status end`.as('Status'),
        'i.item_id as ItemId',
        sql<number>`0`.as('Seq'),
      ])
      .$castTo<InquiryRow>(),
    'i',
  );
  // Under each item, the applications that touched it: the other side's document, amount and discount.
  const applications = (own: 'to_item_id' | 'from_item_id', other: 'to_item_id' | 'from_item_id') =>
    inquiryItems(
      ctx,
      db
        .selectFrom('ar_applications as a')
        .innerJoin('ar_items as i', 'i.item_id', `a.${own}`)
        .innerJoin('ar_items as x', 'x.item_id', `a.${other}`)
        .leftJoin('firms as f', 'f.firm_id', 'i.firm_id')
        .select([
          'i.firm_id as FirmId',
          'f.name as FirmName',
          'i.document_date as ItemDate',
          'a.application_date as DocumentDate',
          'x.item_type as ItemType',
          'x.document_no as DocumentNo',
          none('text').as('DueDate'),
          none('text').as('Description'),
          none('money').as('Amount'),
          'a.amount as Applied',
          'a.discount as Discount',
          none('money').as('OpenBalance'),
          none('text').as('Status'),
          'i.item_id as ItemId',
          'a.application_id as Seq',
        ])
        .$castTo<InquiryRow>(),
      'i',
    );
  return [items, applications('to_item_id', 'from_item_id'), applications('from_item_id', 'to_item_id')] as const;
}

function accountInquiryRows(ctx: ReportContext) {
  const [items, to, from] = accountInquiryParts(ctx);
  return items.unionAll(to).unionAll(from);
}

/**
 * The first `count` rows of the inquiry for a page (engine `window`): each part's first `count` rows in the
 * report's order, read in that order from the customer's item indexes ((firm, date) and, for open items,
 * (firm, status, date, id)) and the applications' item indexes, stopping at `count` — the engine then sorts
 * at most 3 × `count` rows, not the customer's whole history (~19,000 rows for 10,000 items).
 */
function accountInquiryWindow(ctx: ReportContext, count: number) {
  const db = arDb(ctx.db);
  const [items, to, from] = accountInquiryParts(ctx);
  const inOrder = <DB, TB extends keyof DB>(part: SelectQueryBuilder<DB, TB, InquiryRow>, name: 'w0' | 'w1' | 'w2', seq?: string) => {
    let sorted = part.orderBy(sql.ref('i.firm_id')).orderBy(sql.ref('i.document_date')).orderBy(sql.ref('i.item_id'));
    if (seq) sorted = sorted.orderBy(sql.ref(seq));
    return db.selectFrom(sorted.limit(count).as(name)).selectAll(name);
  };
  return inOrder(items, 'w0').unionAll(inOrder(to, 'w1', 'a.application_id')).unionAll(inOrder(from, 'w2', 'a.application_id'));
}

/**
 * The inquiry's count and totals without the union's joins, in one statement: the items' count and sums
 * (from the (firm, status, date, id, amount, open balance) index alone, migration 0012), plus the count of
 * the applications on each side (one customer: one group). PostgreSQL counts the applications of the items'
 * ids as one array (`= any`: one index scan per side, in one process, cheaper than a join's nested loop of
 * 10,000 lookups per side for the largest customer); SQLite's lookups are cheap as a join.
 */
async function accountInquiryFigures(ctx: ReportContext): Promise<GroupFigures[]> {
  const db = arDb(ctx.db);
  const sums = [sql<unknown>`count(*)`.as('n'), sql<unknown>`sum(i.amount)`.as('a'), sql<unknown>`sum(i.open_balance)`.as('o')];
  const figures = () => {
    if (ctx.database.engine === 'postgres') {
      const items = inquiryItems(ctx, db.selectFrom('ar_items as i').select([...sums, sql<unknown>`array_agg(i.item_id)`.as('ids')]), 'i');
      const applied = (side: 'to_item_id' | 'from_item_id') => sql<unknown>`(select count(*) from ar_applications a where ${sql.ref(`a.${side}`)} = any(t.ids))`;
      return readAll(ctx.database, db.selectFrom(items.as('t')).select(['t.n as n', 't.a as a', 't.o as o', applied('to_item_id').as('applied_to'), applied('from_item_id').as('applied_from')]));
    }
    const items = inquiryItems(ctx, db.selectFrom('ar_items as i').select(sums), 'i');
    const applied = (side: 'to_item_id' | 'from_item_id') =>
      inquiryItems(ctx, db.selectFrom('ar_applications as a').innerJoin('ar_items as i', 'i.item_id', `a.${side}`).select(sql<unknown>`count(*)`.as('n')), 'i');
    return readAll(
      ctx.database,
      db.selectFrom([items.as('t'), applied('to_item_id').as('u'), applied('from_item_id').as('v')]).select(['t.n as n', 't.a as a', 't.o as o', 'u.n as applied_to', 'v.n as applied_from']),
    );
  };
  const row: Record<string, unknown> = (await figures())[0] ?? {};
  const count = Number(row['n'] ?? 0) + Number(row['applied_to'] ?? 0) + Number(row['applied_from'] ?? 0);
  if (count === 0) return [];
  const totals = { Amount: decimalFromDb(db, row['a'] ?? 0, 2) ?? '0.00', OpenBalance: decimalFromDb(db, row['o'] ?? 0, 2) ?? '0.00' };
  return [{ key: String(ctx.params['CustomerId']), count, sums: totals }];
}

// AR-07 ------------------------------------------------------------------------------------------------------

/** The nine bucket sums (§9) over movements `m` as of the parameters' date, by due or document date. */
function bucketSums(ctx: ReportContext) {
  const basis = ctx.params['AgeBy'] === 'document' ? 'm.document_date' : 'm.due_date';
  return agingBuckets(basis, String(ctx.params['AsOfDate']), Number(ctx.params['PeriodDays']), 'm.amount', true);
}

/** Per customer, straight from the movements (no per-item grouping: a zero item adds nothing). */
function agedTrialBalanceRows(ctx: ReportContext) {
  const db = arDb(ctx.db);
  const grouped = db
    .selectFrom(movementsAsOf(ctx, String(ctx.params['AsOfDate'])).as('m'))
    .select(['m.firm_id as FirmId', ...bucketSums(ctx), sql<unknown>`sum(m.amount)`.as('Total')])
    .groupBy('m.firm_id');
  return db
    .selectFrom(grouped.as('g'))
    .leftJoin('firms as f', 'f.firm_id', 'g.FirmId')
    .select(['g.FirmId as FirmId', 'f.name as FirmName', ...AGING_BUCKETS.map((b) => `g.${b}` as const), 'g.Total as Total']);
}

/** Count of customers and the totals in one pass over the movements (the engine would group twice). */
async function agedTrialBalanceFigures(ctx: ReportContext): Promise<GroupFigures[]> {
  const query = arDb(ctx.db)
    .selectFrom(movementsAsOf(ctx, String(ctx.params['AsOfDate'])).as('m'))
    .select([sql<unknown>`count(distinct m.firm_id)`.as('n'), ...bucketSums(ctx), sql<unknown>`sum(m.amount)`.as('Total')]);
  const row = ((await readAll(ctx.database, query)) as Record<string, unknown>[])[0] ?? {};
  const sums: Record<string, Decimal> = {};
  for (const field of [...AGING_BUCKETS, 'Total']) sums[field] = decimalFromDb(ctx.db, row[field] ?? 0, 2) ?? '0.00';
  return [{ key: '', count: Number(row['n'] ?? 0), sums }];
}

// AR-08 ------------------------------------------------------------------------------------------------------

/**
 * The statement's narrow rows: each open item as of the date with its customer, dates, open balance and buckets —
 * what the sort, the customer groups and their totals need; the item's type, number and amount and the customer's
 * name and address are joined for the rows shown only (`statementColumns`).
 */
function statementRows(ctx: ReportContext) {
  const asOf = String(ctx.params['StatementDate']);
  const db = arDb(ctx.db);
  const rows = db.selectFrom(openItemsAsOf(ctx, asOf, ['firm_id', 'document_date', 'due_date']).as('o')).select([
    'o.firm_id as FirmId',
    'o.document_date as DocumentDate',
    'o.due_date as DueDate',
    'o.open as OpenBalance',
    sql<null>`null`.as('Balance'),
    'o.item_id as ItemId',
    ...agingBuckets('o.due_date', asOf, STATEMENT_PERIOD_DAYS, 'o.open', false),
    // The batch leaves out the customers whose items add up to zero.
    sql<unknown>`sum(o.open) over (partition by o.firm_id)`.as('CustomerBalance'),
  ]);
  return db
    .selectFrom(rows.as('s'))
    .select((['FirmId', 'DocumentDate', 'DueDate', 'OpenBalance', 'Balance', 'ItemId', ...AGING_BUCKETS] as const).map((field) => `s.${field}` as const))
    .where('s.CustomerBalance', '<>', 0);
}

/** The statement's columns read for the rows shown (`joinLate`): the item's and the customer's words. */
const statementColumns: ServerReport['joinLate'] = (ctx, rows) =>
  arDb(ctx.db)
    .selectFrom(rows)
    .innerJoin('ar_items as i', 'i.item_id', 'r.ItemId')
    .leftJoin('firms as f', 'f.firm_id', 'r.FirmId')
    .selectAll('r')
    .select(['f.name as FirmName', 'f.address as Address', firmCityLine('f').as('CityLine'), 'i.item_type as ItemType', 'i.document_no as DocumentNo', 'i.amount as Amount']);

// AR-09 … AR-11 ----------------------------------------------------------------------------------------------

/** Whole days from `column` (a YYYY-MM-DD text) to `date`. */
function daysSince(ctx: ReportContext, date: string, column: string) {
  return ctx.database.engine === 'postgres'
    ? sql<number>`(cast(${date} as date) - cast(${sql.ref(column)} as date))`
    : sql<number>`cast(julianday(${date}) - julianday(${sql.ref(column)}) as integer)`;
}

function overdueRows(ctx: ReportContext) {
  const asOf = String(ctx.params['AsOfDate']);
  // Overdue by at least N days: due on or before asOf − N.
  const dueBy = daysBefore(asOf, Number(ctx.params['DaysOverdue']));
  return openItemRows(ctx, asOf)
    .select([
      'i.firm_id as FirmId',
      'f.name as FirmName',
      'f.phone as Phone',
      'i.document_no as DocumentNo',
      'i.document_date as DocumentDate',
      'i.due_date as DueDate',
      daysSince(ctx, asOf, 'i.due_date').as('DaysOverdue'),
      'i.amount as Amount',
      'o.open as OpenBalance',
      'i.item_id as ItemId',
    ])
    .where('i.item_type', '=', 'Invoice')
    .where('i.due_date', '<=', dueBy)
    .where('o.open', '>', 0);
}

function unappliedCreditRows(ctx: ReportContext) {
  return openItemRows(ctx, String(ctx.params['AsOfDate']))
    .select([
      'i.firm_id as FirmId',
      'f.name as FirmName',
      'i.item_type as ItemType',
      'i.document_no as DocumentNo',
      'i.document_date as DocumentDate',
      sql<unknown>`-i.amount`.as('Amount'),
      sql<unknown>`-o.open`.as('Unapplied'),
      'i.item_id as ItemId',
    ])
    .where('i.item_type', 'in', ['Receipt', 'CreditNote'])
    .where('o.open', '<', 0);
}

function salesJournalRows(ctx: ReportContext) {
  return customerFilter(
    ctx,
    arDb(ctx.db)
      .selectFrom('ar_items as i')
      .leftJoin('firms as f', 'f.firm_id', 'i.firm_id')
      .select([
        'i.document_date as DocumentDate',
        'i.document_no as DocumentNo',
        'i.item_type as ItemType',
        'i.firm_id as FirmId',
        'f.name as FirmName',
        'i.due_date as DueDate',
        'i.currency as Currency',
        'i.amount as Amount',
        'i.item_id as ItemId',
      ])
      .where('i.item_type', 'in', ['Invoice', 'CreditNote'])
      .where('i.document_date', '>=', String(ctx.params['StartDate']))
      .where('i.document_date', '<=', String(ctx.params['EndDate'])),
    'i.firm_id',
  );
}

/**
 * The sales journal's count and total from the items alone: the firm's name is only shown, and the (date, type,
 * firm, amount) index (migration 0049) answers them without reading an item's row (issue 44: 122,500 rows of
 * 500,000 in a year; the engine's count read each row and its firm).
 */
async function salesJournalFigures(ctx: ReportContext): Promise<GroupFigures[]> {
  const query = customerFilter(
    ctx,
    arDb(ctx.db)
      .selectFrom('ar_items as i')
      .select([sql<unknown>`count(*)`.as('n'), sql<unknown>`sum(i.amount)`.as('a')])
      .where('i.item_type', 'in', ['Invoice', 'CreditNote'])
      .where('i.document_date', '>=', String(ctx.params['StartDate']))
      .where('i.document_date', '<=', String(ctx.params['EndDate'])),
    'i.firm_id',
  );
  const row = ((await readAll(ctx.database, query)) as Record<string, unknown>[])[0] ?? {};
  return [{ key: '', count: Number(row['n'] ?? 0), sums: { Amount: decimalFromDb(ctx.db, row['a'] ?? 0, 2) ?? '0.00' } }];
}

// AR-12, AR-13 -----------------------------------------------------------------------------------------------

/** `column` is true / false (PostgreSQL booleans, SQLite 0/1). */
const isFlag = (ctx: ReportContext, column: string, value: boolean) =>
  sql<boolean>`${sql.ref(column)} = ${sql.lit(ctx.database.engine === 'postgres' ? value : value ? 1 : 0)}`;

function customerListRows(ctx: ReportContext) {
  let query = firmListRows(arDb(ctx.db))
    .select([
      'f.phone as Phone',
      'f.email as Email',
      'f.sales_rep as SalesRep',
      'f.account_terms as AccountTerms',
      'f.credit_limit as CreditLimit',
      'f.created_on as CreatedOn',
    ])
    // Customers are the bill-to firms.
    .where(isFlag(ctx, 'f.is_bill_to', true));
  const list = ctx.params['List'];
  if (list === 'inactive') query = query.where(isFlag(ctx, 'f.is_active', false));
  if (list === 'new' && typeof ctx.params['CreatedFrom'] === 'string') query = query.where('f.created_on', '>=', ctx.params['CreatedFrom']);
  return customerFilter(ctx, query, 'f.firm_id');
}

function contactListRows(ctx: ReportContext) {
  return customerFilter(
    ctx,
    arDb(ctx.db)
      .selectFrom('firm_contacts as c')
      .innerJoin('firms as f', 'f.firm_id', 'c.firm_id')
      .select([
        'f.firm_id as FirmId',
        'f.name as FirmName',
        'c.name as ContactName',
        'c.title as Title',
        'c.phone as Phone',
        'c.email as Email',
        'c.contact_key as ContactKey',
      ])
      .where(isFlag(ctx, 'f.is_bill_to', true)),
    'f.firm_id',
  );
}

/**
 * A/R's journal printing (GL-13) limited to the entries of assigned customers' AR documents (module header). An
 * entry belongs to the document whose origin it carries — an AR item (invoice or credit note, whatever module
 * made it, receipt, write-off) or an application (a credit applied): a journal is every A/R posting of a day,
 * so its id would show the other customers' documents of that day too.
 */
function restrictedJournalPrinting(): ServerReport {
  const gl = journalReport(arJournalPrinting);
  return {
    ...gl,
    async prepare(ctx) {
      const errors = await prepareAr(ctx);
      return errors.length > 0 || !gl.prepare ? errors : gl.prepare(ctx);
    },
    rows(ctx) {
      const rows = gl.rows(ctx);
      const { assigned } = stateOf(ctx);
      if (!assigned) return rows;
      if (assigned.length === 0) return narrowedRows(rows, sql<boolean>`${sql.ref('e.journal_id')} = ${-1}`);
      const db = arDb(ctx.db);
      const documents = db
        .selectFrom('ar_items')
        .select(['origin_type', 'origin_id'])
        .where('firm_id', 'in', assigned)
        .union(
          db
            .selectFrom('ar_applications as a')
            .innerJoin('ar_items as i', 'i.item_id', 'a.from_item_id')
            .select(['a.origin_type', 'a.origin_id'])
            .where('i.firm_id', 'in', assigned),
        );
      // The row comparison written out: the ledger's rows come untyped from its report, the documents typed.
      return narrowedRows(rows, sql<boolean>`(${sql.ref('e.origin_type')}, ${sql.ref('e.origin_id')}) in ${documents}`);
    },
  };
}

export const AR_SERVER_REPORTS: readonly ServerReport[] = [
  restrictedJournalPrinting(),
  { ...arReport(arAccountInquiry, accountInquiryRows), window: accountInquiryWindow, aggregate: accountInquiryFigures },
  // One pass over the movements: the page carries the count and totals (engine `figuresWithPage`).
  { ...arReport(arAgedTrialBalance, agedTrialBalanceRows), aggregate: agedTrialBalanceFigures, figuresWithPage: true },
  // The open items as of a date are every movement grouped per item: read once, the page carrying its figures.
  { ...arReport(arAccountStatement, statementRows), figuresWithPage: true, joinLate: statementColumns },
  invoicePrintReport(arInvoicePrint),
  { ...arReport(arOverdueAccounts, overdueRows), figuresWithPage: true },
  { ...arReport(arUnappliedCredits, unappliedCreditRows), figuresWithPage: true },
  { ...arReport(arSalesJournal, salesJournalRows), aggregate: salesJournalFigures },
  arReport(arCustomerList, customerListRows),
  arReport(arNewCustomerList, customerListRows),
  arReport(arInactiveCustomerList, customerListRows),
  arReport(arCustomerLists, customerListRows),
  arReport(arContactList, contactListRows),
];
export const AR_SERVER_PROCESSES: readonly ServerProcess[] = [];
