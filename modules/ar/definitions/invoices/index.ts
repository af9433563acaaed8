/**
 * AR invoices and credit notes (ar-sales-order-entry) — owned by h14a (issue 14). Definitions of this part of the module, in dependency order (a lookup's
 * target before the entity using it). The module's index (../index.ts) lists every part.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { arInvoice } from './ar-invoice.ts';

export { arInvoice };
export { AR_CREDIT_SEQUENCE, AR_INVOICE_SEQUENCE } from './ar-invoice.ts';

export const AR_INVOICE_ENTITIES: readonly AnyEntity[] = [arInvoice] as unknown as readonly AnyEntity[];
