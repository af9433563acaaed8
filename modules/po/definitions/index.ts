/**
 * The Purchasing module's definitions (issue 23 items 1–3; SCREENS.md WP4 PO-01 … PO-06). Strings: namespace
 * `po` (`modules/po/locales/<lng>/po.json`); server rules: modules/po/server/; screens: `@erp/purchasing`
 * (which registers this module when it loads) and the applications that re-export them (their module.json `shows`).
 * The receipt's lookup names the purchase order, so the order comes first.
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { extensions } from './extensions.ts';
import { PO } from './common.ts';
import { poReceipt } from './po-receipt.ts';
import { purchaseOrder } from './purchase-order.ts';

export const poModule: ModuleDefinition = {
  name: 'po',
  namespace: PO,
  entities: [purchaseOrder, poReceipt],
  ...extensions,
};

// The module's contract for other code (other modules, the server, tests): besides the module definition, only
// what is re-exported here may be imported of modules/po/definitions/ (.dependency-cruiser.cjs `module-deep-import`).
export { purchaseOrder } from './purchase-order.ts';
