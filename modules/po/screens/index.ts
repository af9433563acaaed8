/**
 * Purchasing's screens (issue 23; SCREENS.md PO-01 … PO-06): parcel configs bundled into `@erp/purchasing`
 * (module.json `app`), re-exported by Accounts Payable (`@erp/accounting`), Order Entry and legacy NOVUS where
 * their menus list them (their module.json `shows`). Loading them registers the Purchasing definitions.
 * "Add from sales order" is not offered: sales orders do not exist yet (issue 23 item 1).
 */
import { registerModule } from '@erp/shared/entities/index';
import { documentScreen, reportScreen } from '@erp/records';
import manifest from '../module.json';
import { poModule } from '../definitions/index.ts';
import { lotTracking, openOrders, purchaseAnalysis, purchaseOrderList } from '../definitions/reports.ts';

registerModule(poModule);

/** Every Purchasing screen: its micro-app, with the Purchasing strings (and the IC ones its lookups name). */
const PO = { module: `@erp/${manifest.app}`, namespaces: [manifest.namespace, 'ic'] } as const;

// PO-01 purchase orders and PO-02 their receipts (lots, heats, coils).
export const PurchaseOrderEntry = documentScreen('purchase-order', PO);
export const PurchaseOrderReceiptEntry = documentScreen('po-receipt', PO);

// PO-03 … PO-06.
export const OpenOrdersReport = reportScreen(openOrders, PO);
export const PurchaseAnalysisReport = reportScreen(purchaseAnalysis, PO);
export const PurchaseOrderList = reportScreen(purchaseOrderList, PO);
export const LotNumberTracking = reportScreen(lotTracking, PO);
