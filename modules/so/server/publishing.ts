/**
 * Invoice publishing (OE-29 `/invoice-publishing` under POLO and Waste Disposal; issue 26 item 3, issue 27 item 5;
 * definition modules/so/definitions/reports.ts `invoicePublishing`): the invoiced documents not yet published, of
 * every publishing source (modules/oe/server/publishing/sources.ts: the sales orders here, the waste-disposal
 * service orders in modules/wd), each published to its customer — a notice on every publishing outlet (the same
 * registry: the portal's bell, registered by the portal) whose title and text are the chosen email template (OE-17)
 * filled with the document's values (customer, contact, order, invoice, dates, amount, the company's name), and an
 * e-mail with the same subject and text to the customer's primary contact (else the customer's own address) through
 * the product's mailer (server/src/mail: an outside SMTP server, or the embedded capture whose mailbox screen shows
 * it). A customer without an address gets the portal notification only, and the result says so. The mail goes out once the
 * publication is committed (SQLite's one writer: the capture server stores the message with it); a refused message
 * takes the publication back, so the document stays in the queue and the result says why. The document keeps when
 * it was published, so it leaves the queue and the "EDI not transmitted" report (reports.ts).
 */
import { filledTemplate, publishedDocument, publishingOutlets, publishingSources, registerPublishingSource, sourceOf, type PublishedNotice, type PublishingSource } from '@erp/modules/oe/server/api';
import { assignedFirms, isRestricted } from '@erp/modules/shell/server/api';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { messageIn } from '@erp/server/entities/call-result';
import type { ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReportParameterError } from '@erp/shared/reports/define';
import { invoicePublishing } from '../definitions/reports.ts';
import { soDb, type SoDatabase } from './tables.generated.ts';

/** Invoiced sales orders not yet published (the sales orders' publishing source and the EDI not transmitted report). */
export function unpublishedOrders(db: Kysely<SoDatabase>, assigned: readonly string[] | null, billToId: string | null) {
  let query = db
    .selectFrom('sales_orders as o')
    .innerJoin('ar_invoices as i', 'i.invoice_id', 'o.invoice_id')
    .where('o.status', '=', 'Invoiced')
    .where('o.published_on', 'is', null);
  if (assigned) query = query.where('o.bill_to_id', 'in', assigned.length > 0 ? assigned : ['']);
  if (billToId) query = query.where('o.bill_to_id', '=', billToId);
  return query;
}

/** The sales orders' publishing source: `SO:<OrderKey>`. */
const salesOrders: PublishingSource = {
  id: 'SO',
  unpublished: (db, assigned, billToId) =>
    unpublishedOrders(soDb(db), assigned, billToId).select([
      sql<string>`${'SO:'} || cast(o.order_key as varchar(20))`.as('ItemKey'),
      'o.order_no as OrderNo',
      'i.document_no as InvoiceNo',
      'i.invoice_date as InvoiceDate',
      'o.bill_to_id as BillToId',
      'o.customer_name as CustomerName',
      'i.total as Total',
    ]),
  async read(trx, key) {
    const row = await soDb(trx)
      .selectFrom('sales_orders as o')
      .innerJoin('ar_invoices as i', 'i.invoice_id', 'o.invoice_id')
      .select(['o.order_no', 'o.bill_to_id', 'o.customer_name', 'o.published_on', 'i.document_no', 'i.invoice_date', 'i.due_date', 'i.total'])
      .where('o.order_key', '=', Number(key))
      .executeTakeFirst();
    return publishedDocument(row);
  },
  async mark(trx, key, publishedOn) {
    await soDb(trx).updateTable('sales_orders').set({ published_on: publishedOn }).where('order_key', '=', Number(key)).execute();
  },
};
registerPublishingSource(salesOrders);

interface Published {
  invoice: string;
  notice: PublishedNotice;
  mail: { to: string; subject: string; text: string } | null;
}

async function publish(trx: Transaction<SoDatabase>, itemKey: string, templateId: string, locale: string, userId: string): Promise<Published | null> {
  const found = sourceOf(itemKey);
  const document = found ? await found.source.read(trx, found.key) : null;
  if (!found || !document || document.publishedOn !== null) return null;
  const contact = await trx.selectFrom('firm_contacts').select(['name', 'email']).where('firm_id', '=', document.billToId).orderBy('is_primary', 'desc').limit(1).executeTakeFirst();
  const firm = await trx.selectFrom('firms').select(['email', 'language']).where('firm_id', '=', document.billToId).executeTakeFirst();
  const company = await trx.selectFrom('companies').select(['name', 'language']).orderBy('is_default', 'desc').orderBy('company_id').limit(1).executeTakeFirst();
  // Issue 71 item 2: in the customer's language (else the company's, else the publisher's) — the template's
  // translation in it and the dates and amount written its way.
  const languages: string[] = [firm?.language, company?.language].flatMap((one) => (one ? [one] : []));
  const reader = languages[0] ?? locale;
  const values: Record<string, string> = {
    CustomerName: document.customerName,
    CustomerId: document.billToId,
    ContactName: String(contact?.name ?? ''),
    OrderNo: document.orderNo,
    InvoiceNo: document.invoiceNo,
    DocumentDate: document.invoiceDate,
    DueDate: document.dueDate ?? '',
    Amount: decimalFromDb(trx, document.total, 2) ?? '0.00',
    CompanyName: String(company?.name ?? ''),
  };
  const now = new Date().toISOString();
  // The template chosen for the run, active or not (the run's prepare checked it exists), in the reader's language.
  const filled = await filledTemplate(trx, templateId, values, languages, reader, false);
  const subject = filled?.subject ?? '';
  const text = filled?.text ?? '';
  const notice: PublishedNotice = { billToId: document.billToId, title: subject, body: text, on: now, by: userId };
  for (const outlet of publishingOutlets()) await outlet.post(trx, notice);
  await found.source.mark(trx, found.key, now);
  const address = [contact?.email, firm?.email].find((value): value is string => typeof value === 'string' && value.trim() !== '') ?? null;
  return { invoice: document.invoiceNo, notice, mail: address ? { to: address.trim(), subject, text } : null };
}

/** Takes a publication back (its e-mail was refused): the notification goes, the document returns to the queue. */
async function unpublish(trx: Transaction<SoDatabase>, itemKey: string, published: Published): Promise<void> {
  const found = sourceOf(itemKey);
  for (const outlet of publishingOutlets()) await outlet.withdraw(trx, published.notice);
  if (found) await found.source.mark(trx, found.key, null);
}

export const invoicePublishingProcess: ServerProcess = {
  def: invoicePublishing,
  async prepare(ctx: ProcessContext): Promise<ReportParameterError[]> {
    const templateId = String(ctx.params['TemplateId'] ?? '');
    const template = await soDb(ctx.db).selectFrom('email_templates').select('is_active').where('template_id', '=', templateId).executeTakeFirst();
    if (!template) return [{ field: 'TemplateId', key: 'so:reports.validation.notFound', params: { value: templateId } }];
    ctx.state['assigned'] = isRestricted(ctx.user) ? await assignedFirms(ctx.db, ctx.user) : null;
    return [];
  },
  preview(ctx) {
    const billTo = typeof ctx.params['BillToId'] === 'string' && ctx.params['BillToId'] !== '' ? String(ctx.params['BillToId']) : null;
    const assigned = (ctx.state['assigned'] as string[] | null | undefined) ?? null;
    const [first, ...rest] = publishingSources().map((source) => source.unpublished(ctx.db, assigned, billTo));
    // Each source's select is over its own module's view, so none can start the union on this one's: the first is
    // read as a derived table, and the others are added to it (UNION ALL matches the columns by place).
    const db = soDb(ctx.db);
    const start = db.selectFrom(first!.as('p0')).selectAll('p0');
    const union = rest.reduce<typeof start>((all, next) => all.unionAll(next), start);
    return db.selectFrom(union.as('p')).selectAll('p').orderBy('p.InvoiceDate').orderBy('p.ItemKey');
  },
  async runItem(ctx, row) {
    const itemKey = String(row['ItemKey']);
    const published = await soDb(ctx.db).transaction().execute((trx) => publish(trx, itemKey, String(ctx.params['TemplateId']), ctx.locale, ctx.user.userId));
    if (published === null) return { ResultStatus: 2, ResultCode: 'not_eligible', Message: messageIn(ctx.locale, 'reports:process.notEligible'), EntityId: itemKey };
    const { invoice, mail } = published;
    const customer = String(row['BillToId']);
    if (mail) {
      try {
        await ctx.mail.send(mail);
      } catch (error) {
        await soDb(ctx.db).transaction().execute((trx) => unpublish(trx, itemKey, published));
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
        return { ResultStatus: 2, ResultCode: 'mail_refused', Message: messageIn(ctx.locale, 'so:reports.invoicePublishing.mailRefused', { invoice, to: mail.to, reason }), EntityId: itemKey };
      }
    }
    const message = mail ? 'so:reports.invoicePublishing.doneMailed' : 'so:reports.invoicePublishing.done';
    return { ResultStatus: 1, ResultCode: 'published', Message: messageIn(ctx.locale, message, { invoice, customer, to: mail?.to }), EntityId: itemKey, Data: { MailedTo: mail?.to ?? null } };
  },
};
