/**
 * What Inventory control adds to the General Ledger (issue 41, modules/gl/definitions/ledger-sources.ts): its stock
 * movements post under source IC (Order Entry's and Purchasing's too), under the G/L's period flag. Its own file,
 * light on purpose: every micro-app bundle carries it (vite.library.ts), so the G/L's screens show it whichever
 * bundle opened them.
 */
import type { ModuleExtensions } from '@erp/shared/entities/index';
import { ledgerSourceExtensions } from '@erp/modules/gl/definitions/index';

export const extensions: ModuleExtensions = ledgerSourceExtensions({
  code: 'IC',
  journalLabelKey: 'ic:ledger.journalSource',
  integrationLabelKey: 'ic:ledger.integration',
});
