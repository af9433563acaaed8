/** What Purchasing's documents need configured (issue 40 item 1; GL's setup-check/needs.ts). */
import { FIX_WAREHOUSES, integrationNeed, type SetupNeed } from '@erp/modules/gl/server/setup-check/needs';

export const setupNeeds: readonly SetupNeed[] = [
  integrationNeed(['po-receipt'], ['PO', 'RECEIPT-ACCRUAL']),
  integrationNeed(['po-receipt'], ['PO', 'FREIGHT-ACCRUAL']),
  integrationNeed(['po-receipt'], ['PO', 'RECEIPT-VARIANCE']),
  { usedBy: ['purchase-order', 'po-receipt'], check: { kind: 'rows', table: 'warehouses', key: 'gl:setup-check.items.warehouse' }, fix: FIX_WAREHOUSES },
];
