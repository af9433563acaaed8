/** What Purchasing's documents need configured (issue 40 item 1; GL's setup-check/needs.ts). */
import { integrationNeed, warehouseNeed, type SetupNeed } from '@erp/modules/gl/server/api';

export const setupNeeds: readonly SetupNeed[] = [
  integrationNeed(['po-receipt'], ['PO', 'RECEIPT-ACCRUAL']),
  integrationNeed(['po-receipt'], ['PO', 'FREIGHT-ACCRUAL']),
  integrationNeed(['po-receipt'], ['PO', 'RECEIPT-VARIANCE']),
  warehouseNeed(['purchase-order', 'po-receipt']),
];
