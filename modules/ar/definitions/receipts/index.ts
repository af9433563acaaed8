/**
 * Cash receipts and their applications — owned by h14c (issue 14 item 3). Definitions of this part of the module, in dependency order (a lookup's
 * target before the entity using it). The module's index (../index.ts) lists every part.
 * - `ar-open-item` (open-item.ts): the sub-ledger's items, read only: what a line's invoice reference looks up;
 * - `cash-receipt` (cash-receipt.ts): a receipt, its applications to open invoices and its explicit unapplied amount;
 * - `ar-credit-application` (credit-application.ts): applying an existing unapplied credit later, moving no cash;
 * - `ar-write-off` (write-off.ts): writing off what is left of an invoice, with a reason (issue 22 item 7).
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { cashReceipt } from './cash-receipt.ts';
import { arOpenItem } from './open-item.ts';
import { arCreditApplication } from './credit-application.ts';
import { arWriteOff } from './write-off.ts';

export { arOpenItem, cashReceipt, arCreditApplication, arWriteOff };

export const AR_RECEIPT_ENTITIES: readonly AnyEntity[] = [arOpenItem, cashReceipt, arCreditApplication, arWriteOff] as unknown as readonly AnyEntity[];
