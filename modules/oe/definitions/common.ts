/**
 * Pieces the Order Entry definitions share (issue 25): the module's i18n namespace, who may read and keep the
 * order desk's pricing and setup, who may override a price, and the code field of its masters.
 */
import type { EntityRoles, TextField } from '@erp/shared/entities/define';

/** i18n namespace of the OE module: `locales/<lng>/oe.json`. */
export const OE = 'oe';
export const OE_APP = 'NOVUS-OE';

/** Pricing and order-desk setup: read by every staff desk that sells, kept by ADMIN and the order desk clerk. */
export const OE_ROLES: EntityRoles = { read: ['ADMIN', 'CLERK', 'STEEL'], write: ['ADMIN', 'CLERK'] };

/**
 * §8 "Not allowed to change the price.": the right to override the price the pricing service gives. The
 * pricing manager's right (administrators in the demo), not the desk clerk's.
 */
export const PRICE_OVERRIDE_ROLES: readonly string[] = ['ADMIN'];

/** An upper-case master code: letters, digits, `-`, `_`, `.`. */
export function oeCode(maxLength: number, extra: Partial<TextField> = {}): TextField {
  return { type: 'text', maxLength, pattern: '[A-Z0-9_.-]+', uppercase: true, ...extra };
}

/** §5 "a name is required for some setups": a required description of at most `maxLength` characters. */
export function requiredName(maxLength = 60): TextField {
  return { type: 'text', required: true, maxLength, requiredKey: 'oe:rules.nameRequired' };
}
