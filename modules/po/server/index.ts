/**
 * Purchasing on the server (issue 23 items 1–3, 5): purchase orders and receipts (their hooks), the reports,
 * the demo data and the module's part of the large-data generator.
 *
 * Control accounts (issue 22): GRNI (PO integration RECEIPT-ACCRUAL) and accrued freight (FREIGHT-ACCRUAL)
 * belong to Purchasing. Receipts post them with their stock movement through the stock ledger's IC journal, so
 * source IC may post them too (A/P, whose matching clears them, registers itself: modules/ap/server/index.ts).
 */
import { registerControlAccountPoster, registerControlAccounts, integrationPart } from '@erp/modules/gl/server/api';
import { combineParts } from '@erp/server/modules/part';
import { poModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { purchaseOrderHooks } from './orders.ts';
import { poReceiptHooks } from './receipts.ts';
import { FREIGHT_ACCRUAL, GRNI } from './receipt-posting.ts';
import { PO_SERVER_REPORTS } from './reports.ts';
import { seedPurchasing } from './seed.ts';

registerControlAccounts({ source: 'PO', integrationTypes: [GRNI, FREIGHT_ACCRUAL] });
registerControlAccountPoster({ owner: 'PO', source: 'IC' });

export const serverModule = combineParts(poModule, [integrationPart('PO', [[GRNI, 'Received, not invoiced', '2110']]), { hooks: { 'purchase-order': purchaseOrderHooks, 'po-receipt': poReceiptHooks }, seed: seedPurchasing }], {
  catalog,
  reports: PO_SERVER_REPORTS,
  large: {
    option: '--po',
    counts: 'purchase order lines',
    max: 2_000_000,
    progress: 'purchase order lines',
    summary: 'po',
    run: async (database, count, onProgress) => (await import('./seed-large.ts')).insertPurchasing(database, { ...(count === undefined ? {} : { lines: count }), onProgress }),
  },
});
