/**
 * Pieces the Purchasing definitions share (issue 23): the module's i18n namespace (`locales/<lng>/po.json`),
 * who buys and receives (§6: the purchasing desk is the clerks' and the administrators' work; the steel desk
 * reads what is on order), the decimal shapes of purchasing figures, and the sequence counters of its numbers
 * (seeded by the shell module: PURCHASE-ORDER prefix PO, RECEIPT prefix PRC).
 */
import type { DecimalField, EntityRoles } from '@erp/shared/entities/define';

export const PO = 'po';

export const PO_ROLES: EntityRoles = { read: ['ADMIN', 'CLERK', 'STEEL'], write: ['ADMIN', 'CLERK'] };

/** Quantities: 4 decimals, as the stock ledger keeps them. */
export const PO_QUANTITY: DecimalField = { type: 'decimal', precision: 15, scale: 4 };
/** Unit prices and costs: 4 decimals (metals are bought per kilogram or pound). */
export const PO_PRICE: DecimalField = { type: 'decimal', precision: 15, scale: 4, min: '0' };
/** Amounts in the order's currency. */
export const PO_MONEY: DecimalField = { type: 'decimal', precision: 15, scale: 2 };

export const PURCHASE_ORDER_SEQUENCE = 'PURCHASE-ORDER';
export const RECEIPT_SEQUENCE = 'RECEIPT';

/** §3 Purchase order: its states (§4: Open → Partially received → Received / Closed, or Cancelled). */
export const PO_STATUSES = ['Open', 'PartiallyReceived', 'Received', 'Closed', 'Cancelled'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
/** The states a receipt may be made against. */
export const RECEIVABLE_STATUSES: readonly PoStatus[] = ['Open', 'PartiallyReceived'];

/** A decimal text that is zero (`0`, `0.00`, `-0`). */
export function isZeroText(value: unknown): boolean {
  return typeof value === 'string' && /^-?0*(\.0*)?$/.test(value);
}

/** A decimal text below zero. */
export function isNegativeText(value: unknown): boolean {
  return typeof value === 'string' && value.trim().startsWith('-') && !isZeroText(value);
}
