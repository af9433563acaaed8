/**
 * What Purchasing adds to the General Ledger (issue 41, modules/gl/definitions/ledger-sources.ts): its accruals
 * (goods received, not invoiced) are integration rows it owns; its receipts post through Inventory's source. Its own
 * file, light on purpose: every micro-app bundle carries it (vite.library.ts), so the G/L's screens show it
 * whichever bundle opened them.
 */
import type { ModuleExtensions } from '@erp/shared/entities/index';
import { ledgerSourceExtensions } from '@erp/modules/gl/definitions/ledger-sources';

export const extensions: ModuleExtensions = ledgerSourceExtensions({
  code: 'PO',
  integrationLabelKey: 'po:ledger.integration',
});
