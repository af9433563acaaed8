/**
 * The invoice the invoice page shows (issue 69 item 2: /portal/invoice, a route that receives props, like the
 * order details). The invoices list, My Orders and the order details put the invoice's key here and navigate; a
 * command palette hit opens it by key (`openDocument('/portal/invoice', { recordId })`); the page also accepts
 * `{"InvoiceId": n}` in its route Props. The key is kept in sessionStorage so a reload shows the same invoice
 * (read again from the server, which checks it against the caller's accounts).
 */
import { BehaviorSubject } from 'rxjs';
import { bus } from '@erp/shared';

const STORAGE_KEY = 'erp.portal.invoice';

export const INVOICE_PATH = '/portal/invoice';

function storedKey(): number | null {
  try {
    const value = Number(globalThis.sessionStorage?.getItem(STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export const selectedInvoice$ = new BehaviorSubject<number | null>(storedKey());

export function selectInvoice(invoiceId: number): void {
  selectedInvoice$.next(invoiceId);
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, String(invoiceId));
  } catch {
    // not remembered across reloads
  }
}

/** Shows the invoice `invoiceId` on the invoice page. */
export function openInvoice(invoiceId: number): void {
  selectInvoice(invoiceId);
  bus.navigate$.next(INVOICE_PATH);
}
