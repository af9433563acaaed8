/**
 * The sales-order screens' routes (issue 26 "every screen works under every application whose menu lists it"):
 * each catalog route below names a Component that a built module of the import map exports (the order-entry
 * micro-app, or the accounting, trades and legacy micro-apps through module.json `alsoIn`), and every report
 * and process route of the module's definitions is a catalog route. The legacy `/novus/sales-order-entry` and
 * `/novus/order-summary` stay frames of the newer front end (SCREENS.md 1.6 item 2).
 */
import { describe, expect, it } from 'vitest';
import { routes } from '@erp/server/seed/catalog';
import { SO_PROCESSES, SO_REPORTS } from '../definitions/reports.ts';
import { resolves } from '../../../server/test/helpers/module-exports.ts';

const SO_ROUTES: readonly [string, string][] = [
  ['/novus-oe/sales-order-entry', '@erp/order-entry#SalesOrderEntry'],
  ['/novus-ar/sales-order-entry', '@erp/accounting#SalesOrderEntry'],
  ['/novus-oe/ta-order-entry', '@erp/order-entry#TaOrderEntry'],
  ['/novus-te/te-order-entry', '@erp/trades#TeOrderEntry'],
  ['/novus-pt/ta-order-entry', '@erp/order-entry#TaOrderEntry'],
  ['/novus-oe/orders-shipping-queue', '@erp/order-entry#OrdersShippingQueue'],
  ['/novus-oe/orders-invoices-queue', '@erp/order-entry#OrdersInvoicesQueue'],
  ['/novus-pt/orders-invoices-queue', '@erp/order-entry#OrdersInvoicesQueue'],
  ['/novus-oe/jobbers-invoicing-queue', '@erp/order-entry#JobbersInvoicingQueue'],
  ['/novus-oe/order-summary', '@erp/order-entry#OrderSummary'],
  ['/novus-oe/orders-call-list', '@erp/order-entry#OrdersCallList'],
  ['/novus/orders-call-list', '@erp/legacy#OrdersCallList'],
  ['/novus-oe/order-status-report', '@erp/order-entry#OrderStatusReport'],
  ['/novus-oe/sales-register-report', '@erp/order-entry#SalesRegisterReport'],
  ['/novus-pt/sales-register-report', '@erp/order-entry#SalesRegisterReport'],
  ['/novus-te/te-sales-register-report', '@erp/trades#TeSalesRegisterReport'],
  ['/novus-oe/sales-analysis', '@erp/order-entry#SalesAnalysis'],
  ['/novus-pt/sales-analysis', '@erp/order-entry#SalesAnalysis'],
  ['/novus-oe/driver-cash-in', '@erp/order-entry#DriverCashIn'],
  ['/novus-oe/products-return', '@erp/order-entry#ProductsReturn'],
  ['/novus-oe/load-sheet', '@erp/order-entry#LoadSheet'],
  ['/novus-oe/sales-documents', '@erp/order-entry#SalesDocuments'],
  ['/novus-oe/credit-sales-report', '@erp/order-entry#CreditSalesReport'],
  ['/novus-oe/sales-commission', '@erp/order-entry#SalesCommission'],
  ['/novus/sales-commission', '@erp/legacy#SalesCommission'],
  ['/novus-oe/mf-sales-commission', '@erp/order-entry#MfSalesCommission'],
  ['/novus-oe/product-class-report', '@erp/order-entry#ProductClassReport'],
  ['/novus-oe/resteel', '@erp/order-entry#Resteel'],
  ['/novus-oe/invoice-printing', '@erp/order-entry#InvoicePrinting'],
  ['/novus-oe/edit-lot-numbers-shipped', '@erp/order-entry#EditLotNumbersShipped'],
  ['/novus-oe/product-discount-report', '@erp/order-entry#ProductDiscountReport'],
  ['/novus-pt/invoice-publishing', '@erp/order-entry#InvoicePublishing'],
  ['/novus-wd/invoice-publishing', '@erp/waste#InvoicePublishing'],
  ['/novus-oe/edi-not-transmitted', '@erp/order-entry#EdiNotTransmitted'],
  ['/novus-oe/cdc-report', '@erp/order-entry#CdcReport'],
  ['/novus-oe/sales-rep-commission', '@erp/order-entry#SalesRepCommission'],
  ['/novus-ar/sales-rep-commission', '@erp/accounting#SalesRepCommission'],
];

describe('the sales-order screen routes', () => {
  const byPath = new Map(routes.map((route) => [route.Path, route.Component]));

  it('names each route in the catalog with its Component, and each Component is exported', () => {
    for (const [path, component] of SO_ROUTES) expect(byPath.get(path), path).toBe(component);
    expect(SO_ROUTES.filter(([, component]) => !resolves(component)).map(([path]) => path)).toEqual([]);
  });

  it('lists only catalog routes in its report and process definitions', () => {
    const prefixes: Record<string, string> = { 'NOVUS-OE': '/novus-oe', 'NOVUS-PT': '/novus-pt', 'NOVUS-TE': '/novus-te', 'NOVUS-WD': '/novus-wd', NOVUS: '/novus' };
    for (const def of [...SO_REPORTS, ...SO_PROCESSES]) {
      for (const route of def.routes) expect(byPath.has(`${prefixes[route.application]}${route.path}`), `${def.name} ${route.path}`).toBe(true);
    }
  });

  it('keeps the legacy order desk screens as frames', () => {
    expect(byPath.get('/novus/sales-order-entry')).toBe('@erp/frames#Frame');
    expect(byPath.get('/novus/order-summary')).toBe('@erp/frames#Frame');
  });
});
