/**
 * Waste-disposal invoices in invoice publishing (issue 27 item 5; OE-29 under Waste Disposal): the service orders'
 * publishing source (modules/oe/server/publishing/sources.ts), `WD:<OrderId>` — Invoiced orders whose AR invoice
 * (by its number, InvoiceNo) has not been published yet. The publishing itself (template, portal notification,
 * e-mail) is the queue's: modules/so/server/publishing.ts.
 */
import { publishedDocument, registerPublishingSource, type PublishingSource } from '@erp/modules/oe/server/api';
import { sql } from 'kysely';
import { wdDb } from './tables.generated.ts';

export const wdPublishingSource: PublishingSource = {
  id: 'WD',
  unpublished(db, assigned, billToId) {
    let query = wdDb(db)
      .selectFrom('wd_orders as w')
      .innerJoin('ar_invoices as i', 'i.document_no', 'w.invoice_no')
      .where('w.status', '=', 'Invoiced')
      .where('w.published_on', 'is', null);
    if (assigned) query = query.where('w.customer_id', 'in', assigned.length > 0 ? assigned : ['']);
    if (billToId) query = query.where('w.customer_id', '=', billToId);
    return query.select([
      sql<string>`${'WD:'} || cast(w.order_id as varchar(20))`.as('ItemKey'),
      'w.order_no as OrderNo',
      'i.document_no as InvoiceNo',
      'i.invoice_date as InvoiceDate',
      'w.customer_id as BillToId',
      'w.customer_name as CustomerName',
      'i.total as Total',
    ]);
  },
  async read(trx, key) {
    const row = await wdDb(trx)
      .selectFrom('wd_orders as w')
      .innerJoin('ar_invoices as i', 'i.document_no', 'w.invoice_no')
      .select(['w.order_no', 'w.customer_id as bill_to_id', 'w.customer_name', 'w.published_on', 'i.document_no', 'i.invoice_date', 'i.due_date', 'i.total'])
      .where('w.order_id', '=', Number(key))
      .where('w.status', '=', 'Invoiced')
      .executeTakeFirst();
    return publishedDocument(row);
  },
  async mark(trx, key, publishedOn) {
    await wdDb(trx).updateTable('wd_orders').set({ published_on: publishedOn }).where('order_id', '=', Number(key)).execute();
  },
};

registerPublishingSource(wdPublishingSource);
