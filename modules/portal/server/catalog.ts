/**
 * The portal module's application PORTAL (issue 41): a flat menu of the §2 portal routes `/order` (titled Home),
 * `/myorders`, `/notifications`, `/cart`, and the customer's documents `/invoices` (issue 69 item 2: invoices,
 * credit notes, the statement and its aging); `/orderdetails` and `/invoice` are routes only (they receive props). Its landing page
 * and application id are the shell's (§6 portal mode: modules/shell/server/catalog.ts).
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { ROOT, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';
import { PORTAL_APPLICATION, PORTAL_LANDING_PAGE } from '@erp/modules/shell/server/api';

/** Its micro-app (module.json `app`). */
const MODULE = '@erp/portal';

const portal: AppCatalog = {
  app: { Application: PORTAL_APPLICATION, Description: 'Customer ordering portal', RouterPath: PORTAL_LANDING_PAGE },
  sequence: 140,
  module: MODULE,
  home: '@erp/home#ApplicationHome',
  rows: [
    screen('PR0101', ROOT, '/order', 'Home', { component: 'Order' }),
    screen('PR0102', ROOT, '/myorders', 'My Orders', { component: 'MyOrders' }),
    screen('PR0103', ROOT, '/notifications', 'Notifications'),
    screen('PR0104', ROOT, '/cart', 'Cart'),
    screen('PR0105', ROOT, '/invoices', 'Invoices', { component: 'Invoices' }),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [portal],
  routes: [
    {
      Path: `${PORTAL_LANDING_PAGE}/orderdetails`,
      Name: 'PORTAL-ORDERDETAILS',
      Component: `${MODULE}#OrderDetails`,
      Props: null,
      Meta: JSON.stringify({ title: 'Order Details', receivesProps: true }),
    },
    {
      Path: `${PORTAL_LANDING_PAGE}/invoice`,
      Name: 'PORTAL-INVOICE',
      Component: `${MODULE}#InvoiceDetails`,
      Props: null,
      Meta: JSON.stringify({ title: 'Invoice', receivesProps: true }),
    },
  ],
  // `Home` is the shell's (its HOME tab): translated there.
  names: {
    Cart: ['Panier', '购物车', '購物車'],
    Invoice: ['Facture', '发票', '發票'],
    Invoices: ['Factures', '发票', '發票'],
    'Customer ordering portal': ['Portail de commande client', '客户订购门户', '客戶訂購入口網站'],
    'My Orders': ['Mes commandes', '我的订单', '我的訂單'],
    Notifications: ['Avis', '通知', '通知'],
    'Order Details': ['Détails de la commande', '订单详情', '訂單詳情'],
  },
};
