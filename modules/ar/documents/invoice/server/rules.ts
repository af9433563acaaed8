/**
 * Server rules of AR invoices and credit notes (`ar-invoice`, issue 14 item 2; definitions in
 * modules/ar/documents/invoice/definition.ts). Everything that reads other tables runs in the save's or the
 * action's transaction.
 *
 * save (beforeWrite):
 * - the date's period exists and its A/R flag is open (§8 "Period is closed (A/R)");
 * - §5/§8: the bill-to is an existing, active bill-to firm ("Bill To is invalid."); the ship-to (default: the
 *   bill-to) is an existing active firm that is the bill-to or one of its ship-tos ("Ship To is invalid.");
 * - §6: a user restricted to assigned customers may only invoice those customers;
 * - defaults from the bill-to: terms, sales rep; the tax province is the ship-to's;
 * - each line: Amount = Quantity × UnitPrice (cents, half-up), its taxes (modules/ar/definitions/tax.ts, rates
 *   in force on the invoice date in the ship-to's province, limited to the line's tax group), TaxCodes;
 *   totals; due date, discount date and discount available from the terms.
 * post: the posting service (source AR, sub-ledger ar: the A/R period flag): Dr receivables control (GL
 *   integration AR RECEIVABLE), Cr each revenue account, Cr each tax payable account (credit note: the
 *   reverse), then one AR item (subledger.ts) with the due and discount dates.
 * credit: the reversal of a posted invoice — a posted credit note with the same lines (CN…, CreditOf), its AR
 *   item applied to the invoice's open balance (up to what is still open); the invoice becomes Credited.
 * §6: lists, records and writes are limited to the user's assigned customers by the engine (the definition's
 * `customer` BillToId, server/src/entities/customers.ts).
 *
 * `createPostedInvoice(trx, input, userId)` (added, for the demo seed and other modules): the same pricing and
 * posting for a document written directly. `createPostedInvoices(trx, inputs, userId)`: many at once (a queue's
 * batch) — each checked alone (`prepareInvoice`: a refusal answers that document only), then written together
 * (`writeInvoices`: a block of numbers, multi-row inserts, one `postMany`, multi-row AR items).
 */
import type { Insertable, Transaction } from 'kysely';
import { add, cmp, isZero, mul, neg, type Decimal } from '@erp/shared/decimal';
import { arInvoice, AR_CREDIT_SEQUENCE, AR_INVOICE_SEQUENCE, type ArInvoiceRecord } from '../definition.ts';
import { arDb, type ArDatabase, type ArInvoiceLinesTable, type ArInvoicesTable } from '../../../server/tables.generated.ts';
import { termsDates } from '../../../definitions/setup/index.ts';
import { percentOf, taxesFor, type TaxRate } from '../../../definitions/tax.ts';
import { isValidDate } from '@erp/shared/entities/field-value';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalFromDb, decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { Change, EntityHooks } from '@erp/server/entities/hooks';
import { nextNumber, nextNumbers } from '@erp/server/entities/numbering';
import { assertPeriodOpen, checkPosting, post, postMany, type PostingRequest } from '@erp/modules/gl/server/api';
import { addArItem, addArItems, applyArItem, arAccount, arItem, arPosting, type NewArItem } from '../../../server/subledger.ts';
import { perTransaction } from '@erp/server/db/per-transaction';
import { setField } from '@erp/server/entities/hooks';

/** The fields of a line `priceLines` reads, in wire form (a document's line, or a new invoice's). */
export type PricingLine = { readonly [K in 'LineId' | 'Description' | 'AccountId' | 'Quantity' | 'UnitPrice' | 'TaxGroup']?: unknown };
type ArTransaction = Transaction<ArDatabase>;

/**
 * Reads a batch of documents may share (the demo seed writes hundreds in one transaction): tax rates per
 * province, tax groups, terms, firms and the receivables account, each read once. Only for writers that
 * change none of these tables meanwhile.
 */
export interface PricingMemo {
  rates: Map<string, TaxRate[]>;
  groups: Map<string, string[]>;
  terms: Map<string, Awaited<ReturnType<typeof termsOf>>>;
  firms: Map<string, { billTo: Party; shipTo: Party }>;
  receivable?: string;
}

export function pricingMemo(): PricingMemo {
  return { rates: new Map(), groups: new Map(), terms: new Map(), firms: new Map() };
}

function flag(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't';
}

/** What an invoice reads of its parties' firm rows (the shell's firms with A/R's columns: `arDb`). */
function partiesOf(trx: ArTransaction, firmIds: readonly string[]) {
  return trx
    .selectFrom('firms')
    .select(['firm_id', 'is_active', 'is_bill_to', 'is_ship_to', 'bill_to_id', 'province_code', 'account_terms', 'sales_rep'])
    .where('firm_id', 'in', firmIds)
    .execute();
}
type Party = Awaited<ReturnType<typeof partiesOf>>[number];

/**
 * The bill-to and ship-to rows, or the §8 refusals. Other modules' documents check their parties here in their own
 * transaction (any schema): read through A/R's view, as the functions below that they call.
 */
export async function checkParties<D>(callerTrx: Transaction<D>, billToId: string, shipToId: string): Promise<{ billTo: Party; shipTo: Party }> {
  const rows = await partiesOf(arDb(callerTrx), [...new Set([billToId, shipToId])]);
  const billTo = rows.find((row) => row.firm_id === billToId);
  // §5/§8 "Bill To is invalid.": an existing, active bill-to account.
  if (!billTo || !flag(billTo.is_active) || !flag(billTo.is_bill_to)) {
    throw BusinessError.of(400, 'validation_failed', 'ar:rules.billToInvalid', {}, 'BillToId');
  }
  const shipTo = rows.find((row) => row.firm_id === shipToId);
  // §5/§8 "Ship To is invalid.": active, and the bill-to itself or one of its ship-tos.
  const belongs = shipTo && (shipToId === billToId || (flag(shipTo.is_ship_to) && shipTo.bill_to_id === billToId));
  if (!shipTo || !flag(shipTo.is_active) || !belongs) {
    throw BusinessError.of(400, 'validation_failed', 'ar:rules.shipToInvalid', {}, 'ShipToId');
  }
  return { billTo, shipTo };
}

/** A province's sales tax rates (§5), read once per transaction; Payables prices its invoices with them too. */
export async function ratesOf<D>(callerTrx: Transaction<D>, province: string): Promise<TaxRate[]> {
  const trx = arDb(callerTrx);
  const engine = engineOf(trx);
  const rows = await perTransaction(trx, `sales_tax_rates:${province}`, () =>
    trx
      .selectFrom('sales_tax_rates')
      .select(['authority_id', 'province_code', 'effective_date', 'rate_percent', 'account_id'])
      .where('province_code', '=', province)
      .execute(),
  );
  return rows.map((row) => ({
    AuthorityId: String(row.authority_id),
    ProvinceCode: String(row.province_code),
    EffectiveDate: String(row.effective_date),
    RatePercent: decimalFromDb(engine, row.rate_percent, 3) ?? '0',
    AccountId: String(row.account_id),
  }));
}

/** The authorities of each tax group (an unknown group: none). */
export async function groupsOf<D>(callerTrx: Transaction<D>, groups: string[]): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>(groups.map((group) => [group, []]));
  if (groups.length === 0) return members;
  const rows = await arDb(callerTrx).selectFrom('sales_tax_group_authorities').select(['group_id', 'authority_id']).where('group_id', 'in', groups).execute();
  for (const row of rows) members.get(row.group_id)?.push(row.authority_id);
  return members;
}

export interface PricedLine {
  Description: string;
  AccountId: string;
  Quantity: Decimal;
  UnitPrice: Decimal;
  TaxGroup: string | null;
  Amount: Decimal;
  TaxCodes: string | null;
  TaxAmount: Decimal;
  LineId?: number | null;
  taxes: { authorityId: string; accountId: string; amount: Decimal }[];
}

/** Amounts and taxes of each line (see the module header). */
export async function priceLines<D>(trx: Transaction<D>, lines: readonly PricingLine[], province: string, date: string, memo?: PricingMemo): Promise<PricedLine[]> {
  let rates = memo?.rates.get(province);
  if (!rates) {
    rates = await ratesOf(trx, province);
    memo?.rates.set(province, rates);
  }
  const wantedGroups = [...new Set(lines.map((line) => line['TaxGroup']).filter((g): g is string => typeof g === 'string' && g !== ''))];
  const missing = memo ? wantedGroups.filter((group) => !memo.groups.has(group)) : wantedGroups;
  const groups = await groupsOf(trx, missing);
  if (memo) {
    for (const [group, members] of groups) memo.groups.set(group, members);
    for (const group of wantedGroups) groups.set(group, memo.groups.get(group) ?? []);
  }
  return lines.map((line) => {
    const quantity = String(line['Quantity'] ?? '0');
    const price = String(line['UnitPrice'] ?? '0');
    const amount = mul(quantity, price, 2);
    const group = typeof line['TaxGroup'] === 'string' && line['TaxGroup'] !== '' ? line['TaxGroup'] : null;
    const taxes = taxesFor(rates, province, date, amount, group ? groups.get(group) ?? [] : null);
    let taxAmount = '0.00';
    for (const tax of taxes) taxAmount = add(taxAmount, tax.amount);
    const codes = taxes.map((tax) => `${tax.authorityId} ${tax.ratePercent.replace(/\.?0+$/, '')}%`).join(', ');
    return {
      ...(line['LineId'] != null ? { LineId: Number(line['LineId']) } : {}),
      Description: String(line['Description'] ?? ''),
      AccountId: String(line['AccountId'] ?? ''),
      Quantity: quantity,
      UnitPrice: price,
      TaxGroup: group,
      Amount: amount,
      TaxCodes: codes === '' ? null : codes,
      TaxAmount: taxAmount,
      taxes: taxes.map((tax) => ({ authorityId: tax.authorityId, accountId: tax.accountId, amount: tax.amount })),
    };
  });
}

async function termsOf(trx: ArTransaction, code: string | null): Promise<{ NetDays: number; DiscountDays: number; DiscountPercent: string } | null> {
  if (!code) return null;
  const row = await perTransaction(trx, `ar_account_terms:${code}`, () =>
    trx.selectFrom('ar_account_terms').select(['net_days', 'discount_days', 'discount_percent']).where('terms_code', '=', code).executeTakeFirst(),
  );
  if (!row) return null;
  return {
    NetDays: Number(row.net_days ?? 0),
    DiscountDays: Number(row.discount_days ?? 0),
    DiscountPercent: decimalFromDb(engineOf(trx), row.discount_percent, 2) ?? '0.00',
  };
}

/** The header figures of a priced document. */
async function headerFigures(trx: ArTransaction, lines: readonly PricedLine[], termsCode: string | null, date: string, memo?: PricingMemo) {
  let subTotal = '0.00';
  let taxTotal = '0.00';
  for (const line of lines) {
    subTotal = add(subTotal, line.Amount);
    taxTotal = add(taxTotal, line.TaxAmount);
  }
  const total = add(subTotal, taxTotal);
  const known = termsCode !== null && memo?.terms.has(termsCode);
  const terms = known ? memo!.terms.get(termsCode!)! : await termsOf(trx, termsCode);
  if (termsCode !== null && !known) memo?.terms.set(termsCode, terms);
  const dates = termsDates(terms, date);
  const discount = dates.discountDate && terms ? percentOf(total, terms.DiscountPercent) : '0.00';
  return {
    SubTotal: subTotal,
    TaxTotal: taxTotal,
    Total: total,
    DueDate: dates.dueDate,
    DiscountDate: dates.discountDate,
    DiscountAvailable: discount,
  };
}

const stripped = (line: PricedLine) => {
  const { taxes: _taxes, ...rest } = line;
  return { ...rest, LineId: rest.LineId ?? null };
};

/** What the posting and the AR item of a document say of it. */
interface DocumentFacts {
  invoiceId: number;
  documentNo: string;
  documentType: string;
  date: string;
  billToId: string;
  shipToId: string;
  description: string | null;
  currency: string;
  dueDate: string | null;
  discountDate: string | null;
  discountAvailable: Decimal;
  reversalOf?: string | null;
}

/**
 * The posting request of a document — Dr receivables, Cr revenue per account, Cr tax payable per account (a
 * credit note: signs reversed) — and its total.
 */
function postingOf(document: DocumentFacts, lines: readonly PricedLine[], receivable: string, userId: string): { request: PostingRequest; total: Decimal } {
  const sign = document.documentType === 'CreditNote' ? -1 : 1;
  const signed = (amount: Decimal) => (sign < 0 ? neg(amount) : amount);
  const credits = new Map<string, Decimal>();
  const entered = new Set(lines.map((line) => line.AccountId));
  let total = '0.00';
  for (const line of lines) {
    credits.set(line.AccountId, add(credits.get(line.AccountId) ?? '0.00', line.Amount));
    total = add(total, line.Amount);
    for (const tax of line.taxes) {
      credits.set(tax.accountId, add(credits.get(tax.accountId) ?? '0.00', tax.amount));
      total = add(total, tax.amount);
    }
  }
  const postingLines = [
    { accountId: receivable, amount: signed(total), description: document.billToId },
    // §5/issue 22: a revenue account is one the clerk typed, so the posting service refuses a control account there.
    ...[...credits]
      .filter(([, amount]) => !isZero(amount))
      .map(([accountId, amount]) => ({ accountId, amount: signed(neg(amount)), enteredAccount: entered.has(accountId) })),
  ];
  const request = arPosting({
    date: document.date,
    documentNo: document.documentNo,
    description: document.description ?? `${document.documentType === 'CreditNote' ? 'Credit note' : 'Invoice'} ${document.billToId}`,
    origin: { type: arInvoice.name, id: String(document.invoiceId) },
    lines: postingLines,
    reversalOf: document.reversalOf ?? null,
    userId,
  });
  return { request, total };
}

/** The AR item of a posted document. */
function itemOfDocument(document: DocumentFacts, total: Decimal, journalId: number, userId: string): NewArItem {
  const credit = document.documentType === 'CreditNote';
  return {
    firmId: document.billToId,
    shipToId: document.shipToId,
    itemType: credit ? 'CreditNote' : 'Invoice',
    documentNo: document.documentNo,
    documentDate: document.date,
    dueDate: credit ? document.date : document.dueDate,
    discountDate: credit ? null : document.discountDate,
    discountAvailable: credit ? '0.00' : document.discountAvailable,
    currency: document.currency,
    amount: credit ? neg(total) : total,
    description: document.description,
    origin: { type: arInvoice.name, id: String(document.invoiceId) },
    journalId,
    userId,
  };
}

async function receivableOf(trx: ArTransaction, memo?: PricingMemo): Promise<string> {
  const receivable = memo?.receivable ?? (await arAccount(trx, 'RECEIVABLE'));
  if (memo) memo.receivable = receivable;
  return receivable;
}

/**
 * The posting of a document (`postingOf`) through the posting service, then its AR item. Answers the journal
 * and the item.
 */
export async function postDocument(trx: ArTransaction, document: DocumentFacts, lines: readonly PricedLine[], userId: string, memo?: PricingMemo): Promise<{ journalId: number; itemId: number; total: Decimal }> {
  if (lines.length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
  const { request, total } = postingOf(document, lines, await receivableOf(trx, memo), userId);
  const result = await post(trx, request);
  const itemId = await addArItem(trx, itemOfDocument(document, total, result.journalId, userId));
  return { journalId: result.journalId, itemId, total };
}

function linesOf(record: ArInvoiceRecord): ArInvoiceRecord['Lines'] {
  return Array.isArray(record.Lines) ? record.Lines : [];
}

type Engine = ReturnType<typeof engineOf>;

/**
 * A document's header in wire form, typed from the definition: what `documentRow` stores. The fields a posted
 * document must have are required; the others as the record has them.
 */
export type InvoiceHeader = Pick<ArInvoiceRecord, 'DocumentType' | 'InvoiceDate' | 'BillToId' | 'ShipToId'> &
  Partial<Omit<ArInvoiceRecord, 'DocumentType' | 'InvoiceDate' | 'BillToId' | 'ShipToId' | 'Status'>> & { Status: NonNullable<ArInvoicesTable['status']> };

/** The ar_invoices row of a document header (wire form): each field to its column, typed by the generated table. */
function documentRow(engine: Engine, header: InvoiceHeader, userId: string, now: string): Insertable<ArInvoicesTable> {
  const money = (value: Decimal | null | undefined) => (value == null ? null : decimalToDb(engine, value, 2));
  return {
    document_no: header.DocumentNo ?? null,
    document_type: header.DocumentType,
    invoice_date: header.InvoiceDate,
    bill_to_id: header.BillToId,
    ship_to_id: header.ShipToId,
    terms_code: header.TermsCode ?? null,
    sales_rep: header.SalesRep ?? null,
    currency: header.Currency ?? 'CAD',
    reference: header.Reference ?? null,
    description: header.Description ?? null,
    status: header.Status,
    province_code: header.ProvinceCode ?? null,
    due_date: header.DueDate ?? null,
    discount_date: header.DiscountDate ?? null,
    discount_available: money(header.DiscountAvailable ?? '0.00'),
    credit_of: header.CreditOf ?? null,
    credited_by: null,
    journal_id: null,
    sub_total: money(header.SubTotal),
    tax_total: money(header.TaxTotal),
    total: money(header.Total),
    created_by: userId,
    created_on: now,
    updated_by: userId,
    updated_on: now,
    version: 1,
  };
}

/** The ar_invoice_lines row of a priced line. */
function lineRow(engine: Engine, invoiceId: number, line: PricedLine): Insertable<ArInvoiceLinesTable> {
  return {
    invoice_id: invoiceId,
    description: line.Description,
    account_id: line.AccountId,
    quantity: decimalToDb(engine, line.Quantity, 4),
    unit_price: decimalToDb(engine, line.UnitPrice, 4),
    tax_group: line.TaxGroup,
    amount: decimalToDb(engine, line.Amount, 2),
    tax_codes: line.TaxCodes,
    tax_amount: decimalToDb(engine, line.TaxAmount, 2),
  };
}

/** A document written directly (credit notes of the `credit` action, demo data): header and lines. */
export async function insertDocument(trx: ArTransaction, header: InvoiceHeader, lines: readonly PricedLine[], userId: string, now: string): Promise<number> {
  const engine = engineOf(trx);
  const inserted = await trx.insertInto('ar_invoices').values(documentRow(engine, header, userId, now)).returning('invoice_id').executeTakeFirstOrThrow();
  const invoiceId = Number(inserted.invoice_id);
  if (lines.length > 0) await trx.insertInto('ar_invoice_lines').values(lines.map((line) => lineRow(engine, invoiceId, line))).execute();
  return invoiceId;
}

export interface NewInvoice {
  documentType?: 'Invoice' | 'CreditNote';
  date: string;
  billToId: string;
  shipToId?: string | null;
  termsCode?: string | null;
  reference?: string | null;
  description?: string | null;
  lines: { Description: string; AccountId: string; Quantity: Decimal; UnitPrice: Decimal; TaxGroup?: string | null }[];
}

/** A document created and posted: its id, AR item, number and total. */
export interface CreatedInvoice {
  invoiceId: number;
  itemId: number;
  documentNo: string;
  total: Decimal;
}

/** A document checked and priced, ready for `writeInvoices` (it has no number yet). */
export interface PreparedInvoice {
  header: InvoiceHeader;
  document: Omit<DocumentFacts, 'invoiceId' | 'documentNo'>;
  priced: PricedLine[];
}

/**
 * Every check of a new document, nothing written: the parties (§5/§8), the pricing and terms, and its posting
 * as the posting service would check it (the A/R period open §4/§8, balanced exact lines, valid accounts; a
 * control account refused as a revenue account) — a refusal throws BusinessError naming this document alone.
 */
export async function prepareInvoice<D>(callerTrx: Transaction<D>, input: NewInvoice, userId: string, memo?: PricingMemo): Promise<PreparedInvoice> {
  const trx = arDb(callerTrx);
  const shipToId = input.shipToId ?? input.billToId;
  const partiesKey = `${input.billToId}\u0000${shipToId}`;
  const parties = memo?.firms.get(partiesKey) ?? (await checkParties(trx, input.billToId, shipToId));
  memo?.firms.set(partiesKey, parties);
  const { billTo, shipTo } = parties;
  const province = shipTo.province_code ?? billTo.province_code ?? '';
  const type = input.documentType ?? 'Invoice';
  const priced = await priceLines(trx, input.lines, province, input.date, memo);
  if (priced.length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
  const termsCode = input.termsCode ?? billTo.account_terms ?? null;
  const figures = await headerFigures(trx, priced, termsCode, input.date, memo);
  const header: InvoiceHeader = {
    DocumentType: type, InvoiceDate: input.date, BillToId: input.billToId, ShipToId: shipToId, TermsCode: termsCode,
    SalesRep: billTo.sales_rep, Reference: input.reference ?? null, Description: input.description ?? null, Status: 'Posted', ProvinceCode: province, ...figures,
  };
  const document = {
    documentType: type, date: input.date, billToId: input.billToId, shipToId, description: input.description ?? null, currency: 'CAD',
    dueDate: figures.DueDate, discountDate: figures.DiscountDate, discountAvailable: figures.DiscountAvailable,
  };
  const { request } = postingOf({ ...document, invoiceId: 0, documentNo: '' }, priced, await receivableOf(trx, memo), userId);
  await checkPosting(trx, request);
  return { header, document, priced };
}

// Rows per INSERT: 26 header columns × 500 and 9 line columns × 2,000, under both engines' bound-value limits.
const HEADER_BATCH = 500;
const LINE_BATCH = 2000;

/**
 * Writes and posts prepared documents at once: a block of numbers per sequence (AR… invoices, CN… credit notes,
 * in the documents' order), the headers and their lines in multi-row inserts, every posting through the posting
 * service's `postMany` (each document its own entries, balanced), the AR items in multi-row inserts, each
 * document's journal. Answers each document, in order. The same rows as `createPostedInvoice` one by one.
 */
export async function writeInvoices<D>(callerTrx: Transaction<D>, invoices: readonly PreparedInvoice[], userId: string, memo?: PricingMemo): Promise<CreatedInvoice[]> {
  if (invoices.length === 0) return [];
  const trx = arDb(callerTrx);
  const engine = engineOf(trx);
  const now = new Date().toISOString();
  const credit = (invoice: PreparedInvoice) => invoice.document.documentType === 'CreditNote';
  const credits = invoices.filter(credit).length;
  const invoiceNos = credits < invoices.length ? await nextNumbers(trx, AR_INVOICE_SEQUENCE, invoices.length - credits, { prefix: 'AR' }) : [];
  const creditNos = credits > 0 ? await nextNumbers(trx, AR_CREDIT_SEQUENCE, credits, { prefix: 'CN' }) : [];
  const numbers = invoices.map((invoice) => (credit(invoice) ? creditNos : invoiceNos).shift()!);

  const ids: number[] = [];
  for (let start = 0; start < invoices.length; start += HEADER_BATCH) {
    const rows = invoices.slice(start, start + HEADER_BATCH).map((invoice, index) => documentRow(engine, { ...invoice.header, DocumentNo: numbers[start + index] }, userId, now));
    const inserted = await trx.insertInto('ar_invoices').values(rows).returning('invoice_id').execute();
    for (const row of inserted) ids.push(Number(row.invoice_id));
  }
  const lines = invoices.flatMap((invoice, index) => invoice.priced.map((line) => lineRow(engine, ids[index]!, line)));
  for (let start = 0; start < lines.length; start += LINE_BATCH) await trx.insertInto('ar_invoice_lines').values(lines.slice(start, start + LINE_BATCH)).execute();

  const receivable = await receivableOf(trx, memo);
  const documents = invoices.map((invoice, index) => ({ ...invoice.document, invoiceId: ids[index]!, documentNo: numbers[index]! }));
  const postings = invoices.map((invoice, index) => postingOf(documents[index]!, invoice.priced, receivable, userId));
  const posted = await postMany(trx, postings.map((posting) => posting.request));
  const itemIds = await addArItems(trx, documents.map((document, index) => itemOfDocument(document, postings[index]!.total, posted[index]!.journalId, userId)));

  // Each document's journal: one UPDATE per journal and thousand documents.
  const byJournal = new Map<number, number[]>();
  posted.forEach((result, index) => byJournal.set(result.journalId, [...(byJournal.get(result.journalId) ?? []), ids[index]!]));
  for (const [journalId, documentIds] of byJournal) {
    for (let start = 0; start < documentIds.length; start += 1000) {
      await trx.updateTable('ar_invoices').set({ journal_id: journalId }).where('invoice_id', 'in', documentIds.slice(start, start + 1000)).execute();
    }
  }
  return invoices.map((_, index) => ({ invoiceId: ids[index]!, itemId: itemIds[index]!, documentNo: numbers[index]!, total: postings[index]!.total }));
}

/** Each document of `createPostedInvoices`: created, or refused with its own BusinessError. */
export type InvoiceOutcome = { invoice: CreatedInvoice; refused?: undefined } | { invoice?: undefined; refused: BusinessError };

/**
 * Creates and posts many documents in `trx` (a batch: Sales orders' invoicing queue, Waste disposal's invoice
 * processing): each checked alone (`prepareInvoice`; a refused document is answered as such and the others are
 * written), then all written at once (`writeInvoices`). Answers one outcome per input, in order.
 */
export async function createPostedInvoices<D>(trx: Transaction<D>, inputs: readonly NewInvoice[], userId: string, memo: PricingMemo = pricingMemo()): Promise<InvoiceOutcome[]> {
  const prepared: (PreparedInvoice | BusinessError)[] = [];
  for (const input of inputs) {
    try {
      prepared.push(await prepareInvoice(trx, input, userId, memo));
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      prepared.push(error);
    }
  }
  const written = await writeInvoices(trx, prepared.filter((entry): entry is PreparedInvoice => !(entry instanceof BusinessError)), userId, memo);
  let next = 0;
  return prepared.map((entry) => (entry instanceof BusinessError ? { refused: entry } : { invoice: written[next++]! }));
}

/** Creates and posts one document in `trx` (the demo seed; see the module header): a batch of one. */
export async function createPostedInvoice<D>(trx: Transaction<D>, input: NewInvoice, userId: string, memo?: PricingMemo): Promise<CreatedInvoice> {
  return (await writeInvoices(trx, [await prepareInvoice(trx, input, userId, memo)], userId, memo))[0]!;
}

export const arInvoiceHooks: EntityHooks<ArInvoiceRecord> = {
  async beforeWrite(ctx, engineTrx, change) {
    const trx = arDb(engineTrx);
    const next = change.next;
    const date = String(next['InvoiceDate']);
    if (change.changed.has('InvoiceDate') || change.mode === 'create') await assertPeriodOpen(trx, date, 'ar', 'InvoiceDate');
    // A new document, or a draft whose type changed, takes a number of its type (AR… invoices, CN… credit notes).
    if (change.mode === 'create' || change.changed.has('DocumentType')) {
      const credit = next['DocumentType'] === 'CreditNote';
      setField(change, 'DocumentNo', await nextNumber(trx, credit ? AR_CREDIT_SEQUENCE : AR_INVOICE_SEQUENCE, { prefix: credit ? 'CN' : 'AR' }));
    }
    const billToId = String(next['BillToId'] ?? '');
    if (next['ShipToId'] == null || next['ShipToId'] === '') setField(change, 'ShipToId', billToId);
    const { billTo, shipTo } = await checkParties(trx, billToId, String(next['ShipToId']));
    if (change.mode === 'create' || change.changed.has('BillToId')) {
      if (next['TermsCode'] == null && billTo.account_terms != null) setField(change, 'TermsCode', billTo.account_terms);
      if (next['SalesRep'] == null && billTo.sales_rep != null) setField(change, 'SalesRep', billTo.sales_rep);
    }
    const province = shipTo.province_code ?? billTo.province_code ?? '';
    if (next['ProvinceCode'] !== province) setField(change, 'ProvinceCode', province);
    const priced = await priceLines(trx, linesOf(next), province, date);
    setField(change, 'Lines', priced.map(stripped));
    const figures = await headerFigures(trx, priced, (next['TermsCode'] as string | null) ?? null, date);
    // The figures by name (headerFigures answers the header's computed fields).
    const named: Change = change;
    for (const [field, value] of Object.entries(figures)) {
      if (named.next[field] !== value) setField(named, field, value);
    }
  },
  actions: {
    post: {
      async guard(_ctx, run) {
        if (linesOf(run.record).length === 0) throw BusinessError.of(400, 'no_lines', 'entities:validation.noLines', {}, 'Lines');
      },
      async effect(ctx, run) {
        const { record } = run;
        const trx = arDb(run.trx);
        const billToId = String(record['BillToId']);
        const shipToId = String(record['ShipToId'] ?? billToId);
        // The parties may have changed since the save (a firm made inactive): checked again.
        await checkParties(trx, billToId, shipToId);
        const date = String(record['InvoiceDate']);
        const priced = await priceLines(trx, linesOf(record), String(record['ProvinceCode'] ?? ''), date);
        const figures = await headerFigures(trx, priced, (record['TermsCode'] as string | null) ?? null, date);
        const posted = await postDocument(
          trx,
          {
            invoiceId: Number(record['InvoiceId']),
            documentNo: String(record['DocumentNo']),
            documentType: String(record['DocumentType']),
            date,
            billToId,
            shipToId,
            description: (record['Description'] as string | null) ?? null,
            currency: String(record['Currency'] ?? 'CAD'),
            dueDate: (record['DueDate'] as string | null) ?? date,
            discountDate: (record['DiscountDate'] as string | null) ?? null,
            discountAvailable: figures.DiscountAvailable,
          },
          priced,
          ctx.user.userId,
        );
        // Posted as priced now (a rate entered since the save for this date applies): the document says so.
        const engine = engineOf(trx);
        for (const line of priced) {
          const stored = linesOf(record).find((row) => Number(row['LineId']) === line.LineId);
          if (!stored || (stored['TaxAmount'] === line.TaxAmount && stored['Amount'] === line.Amount && (stored['TaxCodes'] ?? null) === line.TaxCodes)) continue;
          await trx
            .updateTable('ar_invoice_lines')
            .set({ amount: decimalToDb(engine, line.Amount, 2), tax_amount: decimalToDb(engine, line.TaxAmount, 2), tax_codes: line.TaxCodes })
            .where('line_id', '=', line.LineId!)
            .execute();
        }
        return {
          set: { JournalId: posted.journalId, SubTotal: figures.SubTotal, TaxTotal: figures.TaxTotal, Total: figures.Total, DiscountAvailable: figures.DiscountAvailable },
          touched: ['gl_entries', 'gl_balances', 'gl_journals', 'ar_items', 'ar_invoice_lines'],
          messageKey: 'ar:ar-invoice.result.posted',
          messageParams: { document: record['DocumentNo'] },
        };
      },
    },
    credit: {
      async guard(_ctx, run) {
        if (run.record['DocumentType'] !== 'Invoice') throw BusinessError.of(409, 'not_an_invoice', 'ar:rules.creditInvoiceOnly');
      },
      async effect(ctx, run) {
        const { record, now } = run;
        const trx = arDb(run.trx);
        const userId = ctx.user.userId;
        // The credit note's date (the body's Date, default the invoice's): a real date, not before the invoice.
        const asked = run.body['Date'];
        if (asked !== undefined && (typeof asked !== 'string' || !isValidDate(asked))) {
          throw BusinessError.of(400, 'validation_failed', 'entities:validation.date', { label: 'Date' }, 'Date');
        }
        const date = typeof asked === 'string' ? asked : String(record['InvoiceDate']);
        if (date < String(record['InvoiceDate'])) throw BusinessError.of(400, 'validation_failed', 'ar:rules.creditBeforeInvoice', { date: String(record['InvoiceDate']) }, 'Date');
        const lines = linesOf(record).map((line) => ({ ...line, LineId: null }));
        const priced = await priceLines(trx, lines, String(record['ProvinceCode'] ?? ''), String(record['InvoiceDate']));
        const documentNo = await nextNumber(trx, AR_CREDIT_SEQUENCE, { prefix: 'CN' });
        const header: InvoiceHeader = {
          ...record,
          DocumentNo: documentNo,
          DocumentType: 'CreditNote',
          InvoiceDate: date,
          Status: 'Posted',
          CreditOf: record['DocumentNo'],
          DueDate: date,
          DiscountDate: null,
          DiscountAvailable: '0.00',
        };
        // The invoice's AR item is locked before the posting, as a receipt locks the items it applies before it
        // posts: posting first (the G/L balances locked) and then waiting for the item a parallel receipt holds
        // while that receipt waits for the same balances was a deadlock on PostgreSQL (a 500; issue 22).
        const invoiceItem = await trx
          .selectFrom('ar_items')
          .select('item_id')
          .where('origin_type', '=', arInvoice.name)
          .where('origin_id', '=', String(record['InvoiceId']))
          .executeTakeFirst();
        const item = invoiceItem ? await arItem(trx, Number(invoiceItem.item_id), true) : undefined;
        const creditId = await insertDocument(trx, header, priced, userId, now);
        const posted = await postDocument(
          trx,
          {
            invoiceId: creditId,
            documentNo,
            documentType: 'CreditNote',
            date,
            billToId: String(record['BillToId']),
            shipToId: String(record['ShipToId'] ?? record['BillToId']),
            description: (record['Description'] as string | null) ?? null,
            currency: String(record['Currency'] ?? 'CAD'),
            dueDate: date,
            discountDate: null,
            discountAvailable: '0.00',
            reversalOf: String(record['DocumentNo']),
          },
          priced,
          userId,
        );
        await trx.updateTable('ar_invoices').set({ journal_id: posted.journalId }).where('invoice_id', '=', creditId).execute();
        // The credit note settles what is still open of the invoice (read under the lock); any remainder stays an
        // unapplied credit.
        if (item && item.status === 'Open' && !isZero(item.openBalance)) {
          const amount = cmp(item.openBalance, posted.total) < 0 ? item.openBalance : posted.total;
          await applyArItem(trx, { fromItemId: posted.itemId, toItemId: item.itemId, date, amount, discount: '0.00', origin: { type: arInvoice.name, id: String(creditId) }, userId });
        }
        return {
          set: { CreditedBy: documentNo },
          audit: [{ table: 'ar_invoices', idName: 'invoice_id', idValue: creditId, column: 'invoice_id', old: null, new: creditId, action: 'insert' }],
          touched: ['gl_entries', 'gl_balances', 'gl_journals', 'ar_items', 'ar_applications', 'ar_invoice_lines'],
          messageKey: 'ar:ar-invoice.result.credited',
          messageParams: { document: documentNo },
          data: { InvoiceId: creditId, DocumentNo: documentNo },
        };
      },
    },
  },
};

