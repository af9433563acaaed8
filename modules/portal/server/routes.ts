/**
 * The customer ordering portal's API (§7 portal calls and the screens' endpoints). Every route needs a
 * role that opens the PORTAL application (auth/plugin.ts `requireApplication`), and checks every bill-to,
 * ship-to, order, cart-line and notification id — in path, query and body — against the caller's
 * securables (access.ts). A firm outside them is answered exactly like one that does not exist
 * (404 CallResult ResultStatus 5 'not_found', or for account-switch ResultStatus 5 and the same Message);
 * lists never include them.
 *
 * The calls, by the file that serves them (each file's header has the details; http.ts holds the shared
 * schemas, answers and securables):
 *
 * accounts.ts
 *   POST   /api/PortalOrder/account-switch {BillToId}          §7 { ResultStatus, Message, DefaultShipToId };
 *          success also empties the caller's cart and makes BillToId the account cart writes must name
 *   GET    /api/PortalOrder/securables                         CallResult Data { Securables, Firms[{FirmId,Name}], SelectedBillToId }
 *          (SelectedBillToId: the account last switched to, while still allowed; else null)
 *   GET    /api/PortalOrder/account?billToId=                  CallResult Data { BillToId, Name, OnHold, HoldReason, DefaultShipToId, ShipTos }
 * products.ts
 *   GET    /api/PortalProduct/search?billToId=&search=&page=&pageSize=   Paged list of priced products
 *   POST   /api/PortalProduct/resolve {BillToId, Skus}          CallResult Data { Found[], Unknown[] } (quick order)
 * cart.ts
 *   GET    /api/PortalCart?billToId=                           CallResult Data cart
 *   POST   /api/PortalCart/add {BillToId, Lines, Replace?}      CallResult Data cart (quantities added, or the cart replaced)
 *   PUT    /api/PortalCart/lines/:lineId {BillToId, Quantity}   CallResult Data cart
 *   DELETE /api/PortalCart/lines/:lineId?billToId=              CallResult Data cart
 *   DELETE /api/PortalCart?billToId=                            CallResult Data cart (emptied)
 *          Cart writes for another bill-to than the last switched one → 409 'account_changed' (§4: a
 *          pending request can never land in another account's cart).
 * orders.ts
 *   POST   /api/PortalOrder/submit (header Idempotency-Key) {BillToId, ShipToId, DeliveryDate, Notes, Lines}
 *          → 201 CallResult (EntityId OrderNo, Data order); the same key and content again → 200 the same
 *          order; the key with other content → 422 'idempotency_conflict'; account on hold → 409 'on_hold';
 *          a DeliveryDate already past (before today in UTC−12) → 400 'delivery_date_past'
 *   GET    /api/PortalOrder/list?billToId=&search=&status=&shipToId=&page=&pageSize(≤250)=&sortBy=&sortDesc=   Paged list
 *   GET    /api/PortalOrder/detail/:orderKey                   CallResult Data order with Lines
 * notifications.ts
 *   GET    /api/PortalNotification/GetBadgeNumbers?billToId=   §7 [unread notifications, cart lines]
 *   GET    /api/PortalNotification/list?billToId=&page=&pageSize=&unreadOnly=   Paged list
 *   POST   /api/PortalNotification/mark-read {BillToId, NotificationKeys}     CallResult Data { Unread }
 *   POST   /api/PortalNotification/mark-all-read {BillToId}                   CallResult Data { Unread }
 * documents.ts (issue 69 item 2: the customer's invoices, credit notes and statements; A/R's own prints)
 *   GET    /api/PortalInvoice/list?billToId=&type=&search=&page=&pageSize=   Paged list of posted invoices and credit notes
 *   GET    /api/PortalInvoice/detail/:invoiceId                CallResult Data invoice with Lines (of any of the caller's accounts)
 *   GET    /api/PortalInvoice/pdf/:invoiceId                   the invoice's PDF (A/R invoice print)
 *   GET    /api/PortalStatement?billToId=                      CallResult Data { Items, Aging, Balance, … } (A/R statement)
 *   GET    /api/PortalStatement/pdf?billToId=                  the statement's PDF
 * The order answers (list and detail) carry InvoiceId / InvoiceNo once the order desk has invoiced the order.
 */
// Its answer documentation and its event audiences, registered on load.
import './docs.ts';
import './events.ts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@erp/server/db/connection';
import { registerAccountRoutes } from './accounts.ts';
import { registerCartRoutes } from './cart.ts';
import { registerDocumentRoutes } from './documents.ts';
import { portalRoutes } from './http.ts';
import { registerNotificationRoutes } from './notifications.ts';
import { registerOrderRoutes } from './orders.ts';
import { registerProductRoutes } from './products.ts';

export { MAX_PAGE_SIZE } from './http.ts';
export { isPastDate } from './orders.ts';

export function registerPortalRoutes(app: FastifyInstance, deps: { database: Database }): void {
  const routes = portalRoutes(app, deps.database);
  registerAccountRoutes(routes);
  registerProductRoutes(routes);
  registerCartRoutes(routes);
  registerOrderRoutes(routes);
  registerNotificationRoutes(routes);
  registerDocumentRoutes(routes);
}
