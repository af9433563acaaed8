/**
 * Pieces the Inventory Control definitions share (issue 15): the module's i18n namespace, who may read and
 * keep IC records (§6: the order desk clerk works in Order Entry and Inventory Control; the steel desk reads
 * products from Order Entry), and the code field of the product masters.
 */
import type { EntityRoles, TextField } from '@erp/shared/entities/define';

/** i18n namespace of the IC module: `locales/<lng>/ic.json`. */
export const IC = 'ic';

/** Products and their masters: read by every staff desk that sells or buys, kept by ADMIN and CLERK. */
export const IC_ROLES: EntityRoles = { read: ['ADMIN', 'CLERK', 'STEEL'], write: ['ADMIN', 'CLERK'] };

/**
 * Accounting setup rights inside Inventory Control (issue 22 items 6 and 12): the inventory account of a product
 * class, the irreversible inventory year end. The roles that keep the GL masters (GL_ROLES), not the order desk.
 */
export const IC_ACCOUNTING_ROLES: readonly string[] = ['ADMIN'];

/** An upper-case master code (class, group, type, grade, specification): letters, digits, `-`, `_`, `.`. */
export function masterCode(maxLength: number, extra: Partial<TextField> = {}): TextField {
  return { type: 'text', maxLength, pattern: '[A-Z0-9_.-]+', uppercase: true, ...extra };
}
