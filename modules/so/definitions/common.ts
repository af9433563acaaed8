/**
 * Pieces the sales-order definitions share (issue 26; SCREENS.md WP7 7b): the module's i18n namespace
 * (`locales/<lng>/so.json`), who enters and fulfils orders (§6: the order desk — clerks and administrators;
 * the steel desk reads), the decimal shapes, the sequence of order numbers, and the order states (§2.3 item 5:
 * Entered → Committed → Shipped → Invoiced, or Cancelled).
 */
import type { DecimalField, EntityRoles, LookupField } from '@erp/shared/entities/define';

export const SO = 'so';
export const SO_APP = 'NOVUS-OE';

export const SO_ROLES: EntityRoles = { read: ['ADMIN', 'CLERK', 'STEEL'], write: ['ADMIN', 'CLERK'] };

export const SO_QUANTITY: DecimalField = { type: 'decimal', precision: 15, scale: 4 };
/** Unit prices and costs: 4 places (the pricing service answers cents; costs keep the stock ledger's 4). */
export const SO_PRICE: DecimalField = { type: 'decimal', precision: 15, scale: 4, min: '0' };
export const SO_MONEY: DecimalField = { type: 'decimal', precision: 15, scale: 2 };

export const SALES_ORDER_SEQUENCE = 'SALES-ORDER';

export const SO_STATUSES = ['Entered', 'Committed', 'Shipped', 'Invoiced', 'Cancelled'] as const;
export type SoStatus = (typeof SO_STATUSES)[number];
/** TA = the POLO desk's orders (`/ta-order-entry`, §2.3 item 4: the same document with its own type). */
export const SO_TYPES = ['Regular', 'TA', 'TE'] as const;
export const SO_CHANNELS = ['Desk', 'Portal'] as const;

/** An invoiced sales order, by key: what a driver's cash-in line collects and a product return takes back. */
export const INVOICED_ORDER: LookupField = {
  type: 'lookup',
  entity: 'sales-order',
  valueType: 'integer',
  required: true,
  where: { Status: 'Invoiced' },
  whereKeys: { Status: 'so:sales-order.rules.salesOrderMissing' },
  invalidKey: 'so:sales-order.rules.salesOrderMissing',
};

/** A decimal text that is zero or below (an order quantity must be above zero). */
export function notPositive(value: unknown): boolean {
  return typeof value === 'string' && (value.trim().startsWith('-') || /^-?0*(\.0*)?$/.test(value.trim()));
}
