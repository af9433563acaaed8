/**
 * The Accounts Receivable module's definitions (issue 14, SCREENS.md WP2). Strings: namespace `ar`
 * (`modules/ar/modules/ar/locales/<lng>/ar.json`; report strings in `reports.json`); server rules: modules/ar/server/; screens:
 * `@erp/accounting` (which registers this module when it loads) and the modules that re-export them.
 * Each part folder is one piece of the module: setup (terms, taxes, reps), receipts, reports; the invoice, a
 * rule-heavy document, keeps its definition beside its server rules and tests in ../documents/invoice/.
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { extensions } from './extensions.ts';
import { AR_INVOICE_ENTITIES } from '../documents/invoice/definition.ts';
import { AR_RECEIPT_ENTITIES } from './receipts/index.ts';
import { AR_SETUP_ENTITIES } from './setup/index.ts';

export const AR_NAMESPACE = 'ar';

export const arModule: ModuleDefinition = {
  name: 'ar',
  namespace: AR_NAMESPACE,
  entities: [...AR_SETUP_ENTITIES, ...AR_INVOICE_ENTITIES, ...AR_RECEIPT_ENTITIES],
  ...extensions,
};

// The module's contract for other code (other modules, the server, tests): besides the module definition, only
// what is re-exported here may be imported of modules/ar/definitions/ (.dependency-cruiser.cjs `module-deep-import`).
export { arInvoice } from '../documents/invoice/definition.ts';
export { CASH_RECEIPT_SEQUENCE } from './receipts/cash-receipt.ts';
export { invoicePrint } from './reports/invoice-print.ts';
export { addDays } from './setup/account-terms.ts';
export { termsDates } from './setup/index.ts';
export { taxesFor } from './tax.ts';
