/**
 * The Accounts Payable module's server contract: what other modules' server code, the API host (server/src), the
 * scripts and the tests may import of modules/ap/server/ — nothing else (.dependency-cruiser.cjs
 * `module-deep-import`, ARCHITECTURE.md "Module contract"). The loader's entry stays ./index.ts.
 */
export { writeChequesPdf } from '../documents/payment/server/cheque-pdf.ts';
export type { PrintedCheque } from '../documents/payment/server/cheque-pdf.ts';
export { cpa005, digits, originatorOf } from '../documents/payment/server/eft.ts';
export { createCommissionVoucher } from './vouchers.ts';
