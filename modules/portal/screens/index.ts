/**
 * The portal module's screens (§2 portal routes), bundled into `@erp/portal` (module.json `app`), each a
 * single-spa parcel config built with `@erp/ui`'s `screen()`; the route definitions name them
 * (modules/shell/server/catalog.ts PORTAL):
 * - `Order`: /portal/order (Home): homepage text, catalogue with prices, quick order, delivery date;
 * - `Cart`: /portal/cart: quantities, remove, totals, submit with an Idempotency-Key;
 * - `MyOrders`: /portal/myorders: search, status, sort, paging of 250;
 * - `OrderDetails`: /portal/orderdetails (receives props): header, lines, status, Order again;
 * - `Notifications`: /portal/notifications: list, mark read, mark all read;
 * - `Invoices`: /portal/invoices: the account's statement and aging (PDF), its invoices and credit notes;
 * - `InvoiceDetails`: /portal/invoice (receives props): one invoice with its lines, totals and PDF.
 * Issue 69 item 1: every screen fits 320 px phones to desktops (portal.css: tables become stacked cards in a
 * narrow container, controls 44 px, inputs 16 px text, the cart's total and next step stick to the bottom).
 * The portal session (selected account, on-hold flag, pending cart requests) is @erp/shared portal.ts.
 * Issue 69 item 4: answers kept per user and bill-to, lines and orders kept offline: offline-store.ts.
 */
import { screen } from '@erp/ui';
import { CartScreen } from './Cart.tsx';
import { InvoiceDetailsScreen } from './InvoiceDetails.tsx';
import { InvoicesScreen } from './Invoices.tsx';
import { MyOrdersScreen } from './MyOrders.tsx';
import { NotificationsScreen } from './Notifications.tsx';
import { OrderScreen } from './Order.tsx';
import { OrderDetailsScreen } from './OrderDetails.tsx';
import { ensureStylesheet } from './stylesheet.ts';
import { startOfflineSync } from './portal-api.ts';

// Issue 69 item 4: orders placed offline go out when the connection returns, on any portal screen.
startOfflineSync();

const MODULE = '@erp/portal';
const NAMESPACES = ['portal', 'errors'] as const;

// portal.css is asked for as the module loads (beside its namespaces), and every screen waits for it before its first
// render: on a phone, a screen drawn unstyled moved when it arrived (issue 69: CLS ≤ 0.02).
void ensureStylesheet();
const OPTIONS = { module: MODULE, namespaces: NAMESPACES, stylesheets: () => [ensureStylesheet()] };

/** Screen `@erp/portal#Order` (/portal/order, titled Home). */
export const Order = screen(OrderScreen, OPTIONS);
/** Screen `@erp/portal#Cart`. */
export const Cart = screen(CartScreen, OPTIONS);
/** Screen `@erp/portal#MyOrders`. */
export const MyOrders = screen(MyOrdersScreen, OPTIONS);
/** Screen `@erp/portal#OrderDetails` (receives the order as props). */
export const OrderDetails = screen(OrderDetailsScreen, OPTIONS);
/** Screen `@erp/portal#Notifications`. */
export const Notifications = screen(NotificationsScreen, OPTIONS);
/** Screen `@erp/portal#Invoices` (issue 69 item 2). */
export const Invoices = screen(InvoicesScreen, OPTIONS);
/** Screen `@erp/portal#InvoiceDetails` (receives the invoice as props or an open intent). */
export const InvoiceDetails = screen(InvoiceDetailsScreen, OPTIONS);
