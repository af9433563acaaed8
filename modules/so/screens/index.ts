/**
 * Sales orders' screens (issue 26; SCREENS.md WP7 7b): parcel configs bundled into `@erp/order-entry` (module.json
 * `app`; POLO's menus name the same micro-app), re-exported by Receivables (`/novus-ar/sales-order-entry`),
 * Trades (`/te-sales-register-report`) and legacy NOVUS (`/orders-call-list`) — module.json `alsoIn`. Export
 * names are the route catalog's Components. The legacy `/novus/sales-order-entry`, `/order-summary` and
 * `/load-sheet` stay frames of the newer front end (SCREENS.md 1.6 item 2).
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, processScreen, reportScreen } from '@erp/records';
import manifest from '../module.json';
import { soModule } from '../definitions/index.ts';
import {
  cdcReport,
  creditSales,
  ediNotTransmitted,
  editLotsShipped,
  invoicePublishing,
  invoicePrinting,
  invoiceQueue,
  loadSheet,
  mfSalesCommission,
  orderStatus,
  ordersCallList,
  orderSummary,
  productClassReport,
  productDiscount,
  salesAnalysis,
  salesCommission,
  salesDocuments,
  salesRegister,
  shippingQueue,
  teSalesRegister,
} from '../definitions/reports.ts';

registerModule(soModule);

/** Every sales-order screen: its micro-app, with the sales strings (and the OE and IC ones its lookups name). */
const SO = { module: `@erp/${manifest.app}`, namespaces: [manifest.namespace, 'oe', 'ic'] } as const;
const DOCUMENT = { ...SO, attachments: true } as const;

// OE-19 sales order entry and OE-20 its TA (POLO) variant: one document; the TA screen lists TA orders and
// starts new ones as TA (the definition's orderType view).
export const SalesOrderEntry = documentScreen('sales-order', DOCUMENT);
export const TaOrderEntry = documentScreen('sales-order', { ...DOCUMENT, routeProps: { orderType: 'TA' } });
// TE-22 the Trades variant (issue 28), re-exported by `@erp/trades`.
export const TeOrderEntry = documentScreen('sales-order', { ...DOCUMENT, routeProps: { orderType: 'TE' } });

// OE-31 product returns (stock back in, AR credit note).
export const ProductsReturn = documentScreen('product-return', SO);

// OE-32 driver cash-in (COD receipts).
export const DriverCashIn = documentScreen('driver-cash-in', SO);

// OE-40 sales rep commission runs (calculated; their posting to payables is the payables work's).
export const SalesRepCommission = documentScreen('commission-run', SO);

// OE-25 shipping, OE-26 / OE-27 invoicing queues.
export const OrdersShippingQueue = processScreen(shippingQueue, SO);
export const OrdersInvoicesQueue = processScreen(invoiceQueue, SO);
export const JobbersInvoicingQueue = processScreen(invoiceQueue, SO);
// OE-33: the lots a shipped order left with, corrected.
export const EditLotNumbersShipped = processScreen(editLotsShipped, SO);

// OE-22, OE-24, OE-34, OE-35, OE-37 reports.
export const OrderSummary = reportScreen(orderSummary, SO);
export const OrdersCallList = reportScreen(ordersCallList, SO);
export const OrderStatusReport = reportScreen(orderStatus, SO);
export const SalesRegisterReport = reportScreen(salesRegister, SO);
export const TeSalesRegisterReport = reportScreen(teSalesRegister, SO);
export const SalesAnalysis = reportScreen(salesAnalysis, SO);

// OE-23 load sheet, OE-30 sales documents, OE-36 credit sales, OE-38 / OE-39 commissions, OE-43 product classes.
export const LoadSheet = reportScreen(loadSheet, SO);
export const SalesDocuments = reportScreen(salesDocuments, SO);
export const CreditSalesReport = reportScreen(creditSales, SO);
export const SalesCommission = reportScreen(salesCommission, SO);
export const MfSalesCommission = reportScreen(mfSalesCommission, SO);
export const ProductClassReport = reportScreen(productClassReport, SO);
// OE-44 the discount tables and whom they serve.
export const ProductDiscountReport = reportScreen(productDiscount, SO);

// OE-29 invoice publishing (POLO, Waste Disposal) and OE-41 the invoices not yet sent.
export const InvoicePublishing = processScreen(invoicePublishing, SO);
export const EdiNotTransmitted = reportScreen(ediNotTransmitted, SO);
// OE-42 the cash, debit and credit-card collections of the drivers' cash-ins.
export const CdcReport = reportScreen(cdcReport, SO);

// OE-28 invoice printing: one mailed document per invoice in the PDF.
export const InvoicePrinting = reportScreen(invoicePrinting, SO);

// OE-21 `/novus-oe/resteel`: the embedded steel order-entry system, the same frame as `/resteel-oe/resteel`
// (SCREENS.md 1.6 item 1; the frame decides who may see it).
export { SteelFrame as Resteel } from '@erp/frames';
