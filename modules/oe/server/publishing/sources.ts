/**
 * Invoice publishing's sources (OE-29; the email templates are the order desk's): each module whose documents
 * are invoiced into Receivables registers how to find its invoiced documents not yet published and how to mark
 * one published — sales orders (modules/so), waste-disposal service orders (modules/wd). The publishing
 * process (modules/so/server/publishing.ts) lists them all and publishes each one the same way, so the route
 * under Waste Disposal publishes waste-disposal invoices and the one under POLO the sales orders'.
 *
 * An item's key is `<source id>:<document key>` (`SO:123`, `WD:45`): one queue over every source.
 *
 * Where a publication reaches the customer besides the e-mail is registered the same way, by the module that
 * owns it (issue 73 item 3: a module writes only its own tables): an outlet — the portal's bell
 * (`portal_notifications`, modules/portal/server/sales-orders.ts) — posts the notice in the publication's
 * transaction and withdraws it when the publication is taken back (its e-mail refused).
 *
 * Issue 73 item 1: a source or outlet gets the queue's connection or transaction as a `Kysely<D>` / `Transaction<D>`
 * of whatever schema the queue holds it in, and names its tables through its own typed view of it (`soDb(trx)`,
 * `wdDb(trx)`, the portal's `portalDb(trx)`).
 */
import type { AliasableExpression, Kysely, Transaction } from 'kysely';

export interface PublishedDocument {
  billToId: string;
  customerName: string;
  orderNo: string;
  invoiceNo: string;
  invoiceDate: string;
  dueDate: string | null;
  /** The invoice total, as stored. */
  total: unknown;
  publishedOn: string | null;
}

/**
 * An unpublished document as the queue lists it: the columns each source aliases its own to (every source selects
 * them in this order, since the queue puts the sources together with UNION ALL, which matches columns by place).
 */
export interface UnpublishedItem {
  /** `<source id>:<document key>`. */
  ItemKey: string;
  OrderNo: string | null;
  InvoiceNo: string | null;
  InvoiceDate: string | null;
  BillToId: string | null;
  CustomerName: string | null;
  /** The invoice total, as stored. */
  Total: unknown;
}

export interface PublishingSource {
  /** The key prefix, e.g. `SO`. */
  id: string;
  /**
   * The invoiced documents not yet published (a bill-to's only when given; `assigned`: §6 a restricted user's
   * customers), with the columns ItemKey (`<id>:<key>`), OrderNo, InvoiceNo, InvoiceDate, BillToId,
   * CustomerName, Total. A select over the source's own view: the queue takes it as a subquery and unions it with
   * the other sources', which are over theirs.
   */
  unpublished<D>(db: Kysely<D>, assigned: readonly string[] | null, billToId: string | null): AliasableExpression<UnpublishedItem>;
  /** One document by its key (the part after `<id>:`), or null. */
  read<D>(trx: Transaction<D>, key: string): Promise<PublishedDocument | null>;
  /** Sets (a time) or clears (null) when the document was published. */
  mark<D>(trx: Transaction<D>, key: string, publishedOn: string | null): Promise<void>;
}

/**
 * A source's row as a PublishedDocument: the columns bill_to_id, customer_name, order_no, document_no,
 * invoice_date, due_date, total and published_on (each source aliases its own to these); none: null.
 */
export function publishedDocument(row: Record<string, unknown> | undefined): PublishedDocument | null {
  if (!row) return null;
  const text = (value: unknown) => (value == null ? null : String(value));
  return {
    billToId: String(row['bill_to_id']),
    customerName: text(row['customer_name']) ?? '',
    orderNo: String(row['order_no']),
    invoiceNo: String(row['document_no']),
    invoiceDate: String(row['invoice_date']),
    dueDate: text(row['due_date']),
    total: row['total'],
    publishedOn: text(row['published_on']),
  };
}

const sources = new Map<string, PublishingSource>();

/** Registers a source (a module's server part, once at load; registering an id again replaces it). */
export function registerPublishingSource(source: PublishingSource): void {
  sources.set(source.id, source);
}

export function publishingSources(): PublishingSource[] {
  return [...sources.values()];
}

/** The source and document key of an item key (`SO:123`), or null. */
export function sourceOf(itemKey: string): { source: PublishingSource; key: string } | null {
  const at = itemKey.indexOf(':');
  const source = at > 0 ? sources.get(itemKey.slice(0, at)) : undefined;
  return source ? { source, key: itemKey.slice(at + 1) } : null;
}

/** A published document's notice to its customer: the filled template's subject and text, and when. */
export interface PublishedNotice {
  billToId: string;
  title: string;
  body: string;
  /** When it was published (ISO time): with the bill-to, what names the notice to withdraw. */
  on: string;
  /** Who published it (the user of the run): the notice's record trail (§3). */
  by: string;
}

/** Where a publication reaches the customer besides the e-mail. */
export interface PublishingOutlet {
  post<D>(trx: Transaction<D>, notice: PublishedNotice): Promise<void>;
  /** Takes back a notice `post` gave. */
  withdraw<D>(trx: Transaction<D>, notice: PublishedNotice): Promise<void>;
}

const outlets: PublishingOutlet[] = [];

/** Registers an outlet (a module's server part, once at load). */
export function registerPublishingOutlet(outlet: PublishingOutlet): void {
  if (!outlets.includes(outlet)) outlets.push(outlet);
}

export function publishingOutlets(): readonly PublishingOutlet[] {
  return outlets;
}
