/**
 * The Accounts Receivable module's server contract: what other modules' server code, the API host (server/src), the
 * scripts and the tests may import of modules/ar/server/ — nothing else (.dependency-cruiser.cjs
 * `module-deep-import`, ARCHITECTURE.md "Module contract"). The loader's entry stays ./index.ts.
 */
export { gainLossAccount, homeCurrency, rateOn, toHome } from './fx.ts';
export { checkParties, createPostedInvoice, createPostedInvoices, groupsOf, prepareInvoice, priceLines, pricingMemo, ratesOf, writeInvoices } from '../documents/invoice/server/rules.ts';
export type { CreatedInvoice, NewInvoice, PreparedInvoice } from '../documents/invoice/server/rules.ts';
export { postReceipt } from './receipts/receipt.ts';
export { writeDemoReceipt } from './receipts/seed.ts';
export { invoicePrintReport } from './reports/invoice-print.ts';
export { addArItem, applyArItem, arItem } from './subledger.ts';
