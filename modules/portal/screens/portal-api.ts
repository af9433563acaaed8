/**
 * The portal screens' calls (modules/portal/server/routes.ts). Cart calls go through `trackCartRequest` so an
 * account switch cancels them (§3 pending cart promises). Failures reject with ApiError; callers that show
 * their own message pass `quiet`.
 * Issue 69 item 4: the catalogue, the cart, My Orders and an order are read through `cachedAnswer`
 * (offline-store.ts): kept per user and bill-to, and shown from there when the API cannot be reached; a line added
 * offline is kept on the device (`addToCart` with its product), and `startOfflineSync` sends what waits when the
 * connection returns.
 */
import { api, bus, saveFile, trackCartRequest, type PagedList } from '@erp/shared';
import { addOffline, CART_REQUEST, cachedAnswer, flushOutbox, isOffline, mergedCart, offlineLines } from './offline-store.ts';
import type { Cart, CartLine, Order, OrderLine, PortalNotification, Product } from '@erp/shared/portal-types';

export type { Cart, CartLine, Order, OrderLine, PortalNotification, Product };


interface Result<T> {
  ResultStatus: number;
  ResultCode: string | null;
  Message: string | null;
  EntityId: string | number | null;
  Data?: T;
}

export const ORDER_STATUSES = ['Submitted', 'Processing', 'Shipped', 'Invoiced', 'Cancelled'] as const;
export const ORDER_PAGE_SIZE = 250;

export function searchProducts(billToId: string, search: string, page: number, pageSize = 25): Promise<PagedList<Product>> {
  const params = { billToId, search: search.trim() || undefined, page, pageSize };
  return cachedAnswer(billToId, `PortalProduct/search ${JSON.stringify(params)}`, () => api.get<PagedList<Product>>('PortalProduct/search', params));
}

export async function resolveSkus(billToId: string, skus: string[]): Promise<{ Found: Product[]; Unknown: string[] }> {
  const answer = await api.post<Result<{ Found: Product[]; Unknown: string[] }>>('PortalProduct/resolve', { BillToId: billToId, Skus: skus });
  return answer.Data ?? { Found: [], Unknown: skus };
}

export function readCart(billToId: string): Promise<Cart> {
  return trackCartRequest(async (signal) => {
    const server = await cachedAnswer(billToId, CART_REQUEST, async () => (await api.get<Result<Cart>>('PortalCart', { billToId }, { signal })).Data!);
    const extra = await offlineLines(billToId);
    return extra.length > 0 ? mergedCart(billToId, server, extra) : server;
  });
}

/**
 * Adds lines to the server's cart. Offline, lines whose `products` are given (the catalogue's rows, with the
 * customer's prices) are kept on the device instead and answered as the merged cart (`offline: true`).
 */
export function addToCart(
  billToId: string,
  lines: { ProductId: string; Quantity: number }[],
  replace = false,
  products: readonly Product[] = [],
): Promise<Cart & { offline?: true }> {
  return trackCartRequest(async (signal) => {
    try {
      const answer = await api.post<Result<Cart>>('PortalCart/add', { BillToId: billToId, Lines: lines, ...(replace ? { Replace: true } : {}) }, { signal, quiet: true });
      bus.badgesReload$.next();
      return answer.Data!;
    } catch (error) {
      const known = lines.map((line) => ({ product: products.find((product) => product.ProductId === line.ProductId), quantity: line.Quantity }));
      if (!isOffline(error) || replace || known.some((entry) => !entry.product)) throw error;
      await addOffline(billToId, known as { product: Product; quantity: number }[]);
      return { ...(await readCart(billToId)), offline: true as const };
    }
  });
}

export function setCartQuantity(billToId: string, lineId: number, quantity: number): Promise<Cart> {
  return trackCartRequest(async (signal) => {
    const answer = await api.put<Result<Cart>>(`PortalCart/lines/${lineId}`, { BillToId: billToId, Quantity: quantity }, { signal, quiet: true });
    return answer.Data!;
  });
}

export function removeCartLine(billToId: string, lineId: number): Promise<Cart> {
  return trackCartRequest(async (signal) => {
    const answer = await api.delete<Result<Cart>>(`PortalCart/lines/${lineId}`, undefined, { signal, params: { billToId }, quiet: true });
    bus.badgesReload$.next();
    return answer.Data!;
  });
}

export async function submitOrder(
  key: string,
  order: { BillToId: string; ShipToId: string; DeliveryDate: string | null; Notes: string; Lines: { ProductId: string; Quantity: number }[] },
): Promise<Order> {
  const answer = await api.post<Result<Order>>('PortalOrder/submit', order, { headers: { 'Idempotency-Key': key }, quiet: true });
  bus.badgesReload$.next();
  return answer.Data!;
}

export function listOrders(params: {
  billToId: string;
  search?: string;
  status?: string;
  page: number;
  sortBy: string;
  sortDesc: boolean;
}): Promise<PagedList<Order>> {
  const query = {
    billToId: params.billToId,
    search: params.search?.trim() || undefined,
    status: params.status || undefined,
    page: params.page,
    pageSize: ORDER_PAGE_SIZE,
    sortBy: params.sortBy,
    sortDesc: params.sortDesc,
  };
  return cachedAnswer(params.billToId, `PortalOrder/list ${JSON.stringify(query)}`, () => api.get<PagedList<Order>>('PortalOrder/list', query));
}

export async function readOrder(orderKey: number): Promise<Order> {
  const load = async () => (await api.get<Result<Order>>(`PortalOrder/detail/${orderKey}`)).Data!;
  const billToId = bus.portal$.value.selectedBillToId;
  return billToId ? cachedAnswer(billToId, `PortalOrder/detail/${orderKey}`, load) : load();
}

export function listNotifications(billToId: string, page: number): Promise<PagedList<PortalNotification>> {
  return api.get('PortalNotification/list', { billToId, page, pageSize: 50 });
}

export async function markRead(billToId: string, keys: number[]): Promise<number> {
  const answer = await api.post<Result<{ Unread: number }>>('PortalNotification/mark-read', { BillToId: billToId, NotificationKeys: keys });
  bus.badgesReload$.next();
  return answer.Data?.Unread ?? 0;
}

export async function markAllRead(billToId: string): Promise<number> {
  const answer = await api.post<Result<{ Unread: number }>>('PortalNotification/mark-all-read', { BillToId: billToId });
  bus.badgesReload$.next();
  return answer.Data?.Unread ?? 0;
}

/** An invoice or credit note of one of the caller's accounts (modules/portal/server/documents.ts); amounts are exact decimal strings. */
export interface Invoice {
  InvoiceId: number;
  DocumentNo: string;
  DocumentType: 'Invoice' | 'CreditNote';
  InvoiceDate: string | null;
  DueDate: string | null;
  Status: string;
  Total: string;
  OpenBalance: string;
  /** The portal order it invoices, when it came from one. */
  OrderKey: number | null;
  OrderNo: string | null;
}

export interface InvoiceLine {
  LineNo: number;
  Description: string;
  Quantity: string;
  UnitPrice: string;
  Amount: string;
  TaxCodes: string | null;
  TaxAmount: string;
}

export interface InvoiceDetail extends Invoice {
  BillToId: string;
  BillToName: string | null;
  ShipToId: string | null;
  Reference: string | null;
  Description: string | null;
  SubTotal: string;
  TaxTotal: string;
  CreditOf: string | null;
  Lines: InvoiceLine[];
}

export interface Statement {
  BillToId: string;
  Name: string | null;
  StatementDate: string;
  Items: { DocumentDate: string | null; ItemType: string | null; DocumentNo: string | null; DueDate: string | null; Amount: string; OpenBalance: string; Balance: string }[];
  /** Aging bucket (Current, Period1 …) → open balance. */
  Aging: Record<string, string>;
  Balance: string;
}

export const INVOICE_PAGE_SIZE = 50;

export function listInvoices(params: { billToId: string; type?: string; search?: string; page: number }): Promise<PagedList<Invoice>> {
  return api.get('PortalInvoice/list', {
    billToId: params.billToId,
    type: params.type || undefined,
    search: params.search?.trim() || undefined,
    page: params.page,
    pageSize: INVOICE_PAGE_SIZE,
  });
}

export async function readInvoice(invoiceId: number): Promise<InvoiceDetail> {
  return (await api.get<Result<InvoiceDetail>>(`PortalInvoice/detail/${invoiceId}`)).Data!;
}

export async function readStatement(billToId: string): Promise<Statement> {
  return (await api.get<Result<Statement>>('PortalStatement', { billToId })).Data!;
}

/** The browser's time zone, for the print time on a PDF. */
function timeZone(): Record<string, string> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? { 'X-Time-Zone': zone } : {};
}

/** Downloads the invoice's PDF (the A/R print) and hands it to the browser. */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'InvoiceId' | 'DocumentNo'>): Promise<void> {
  const file = await api.download(`PortalInvoice/pdf/${invoice.InvoiceId}`, { headers: timeZone() });
  saveFile(file, `${invoice.DocumentNo}.pdf`);
}

/** Downloads the account's statement as PDF. */
export async function downloadStatementPdf(billToId: string): Promise<void> {
  const file = await api.download('PortalStatement/pdf', { params: { billToId }, headers: timeZone() });
  saveFile(file, `statement-${billToId}.pdf`);
}

/** Sends the selected account's queued orders and offline cart lines (offline-store.ts `flushOutbox`). */
export function sendWaiting(): Promise<void> {
  const billToId = bus.portal$.value.selectedBillToId;
  if (!billToId) return Promise.resolve();
  return flushOutbox(billToId, submitOrder, (lines) => addToCart(billToId, lines));
}

let syncing = false;

/**
 * Issue 69 item 4: what waits is sent when the page starts, when the browser says it is online again, when an API
 * call answers after a failure, and when the account is chosen. Once per page.
 */
export function startOfflineSync(): void {
  if (syncing || typeof window === 'undefined') return;
  syncing = true;
  window.addEventListener('online', () => void sendWaiting());
  bus.apiReachable$.subscribe((reachable) => {
    if (reachable) void sendWaiting();
  });
  let billTo: string | null = null;
  bus.portal$.subscribe((state) => {
    if (state.selectedBillToId && state.selectedBillToId !== billTo) void sendWaiting();
    billTo = state.selectedBillToId;
  });
}
