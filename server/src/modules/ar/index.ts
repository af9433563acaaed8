/**
 * Accounts Receivable on the server (issue 14): the module's parts (setup, invoices, receipts); its reports
 * and processes are registered from ./reports (server/src/reports/index.ts, server/src/processes/index.ts).
 */
import { arModule } from '@erp/shared/modules/ar/index';
import { combineParts } from '../part.ts';
import { AR_INVOICE_PART } from './invoices/index.ts';
import { AR_RECEIPT_PART } from './receipts/index.ts';
import { AR_SETUP_PART } from './setup/index.ts';

export const arServerModule = combineParts(arModule, [AR_SETUP_PART, AR_INVOICE_PART, AR_RECEIPT_PART]);
