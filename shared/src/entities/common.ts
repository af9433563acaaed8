/**
 * Pieces the entity definitions share: role sets, Canadian address fields, the §9 locale list.
 */
import type { DecimalField, EntityRoles, FieldOption, TextField } from './define.ts';

/** Shell administration: administrators only. */
export const ADMIN_ONLY: EntityRoles = { read: ['ADMIN'], write: ['ADMIN'] };

/** Province or territory code (two letters, e.g. ON, QC). */
export const PROVINCE_CODE: TextField = { type: 'text', maxLength: 2, pattern: '[A-Z]{2}', uppercase: true };

/** Canadian postal code `A1A 1A1` (the space optional). */
export const POSTAL_CODE: TextField = {
  type: 'text',
  maxLength: 7,
  pattern: '[A-Z][0-9][A-Z] ?[0-9][A-Z][0-9]',
  uppercase: true,
  format: 'postal-code',
};

export const PHONE: TextField = { type: 'text', maxLength: 25, pattern: '[0-9+() .-]{7,25}', format: 'phone' };

export const EMAIL: TextField = { type: 'text', maxLength: 200, format: 'email' };

/**
 * A Canadian postal address with its phone (company, branch, firm, and the vendors and sites to come): one
 * shape, so every address prints, validates and exports alike.
 */
export const POSTAL_ADDRESS = {
  Address: { type: 'text', maxLength: 200 },
  City: { type: 'text', maxLength: 80 },
  ProvinceCode: PROVINCE_CODE,
  PostalCode: POSTAL_CODE,
  Phone: PHONE,
} as const satisfies Record<string, TextField>;

/** An upper-case code: letters, digits, `-` and `_`. */
export function code(maxLength: number, extra: Partial<TextField> = {}): TextField {
  return { type: 'text', maxLength, pattern: '[A-Z0-9_-]+', uppercase: true, ...extra };
}

/** §9: the locales of the UI. */
export const LOCALE_OPTIONS: readonly FieldOption[] = [
  { value: 'en-CA', labelKey: 'entities:locales.en-CA' },
  { value: 'fr-CA', labelKey: 'entities:locales.fr-CA' },
  { value: 'zh-CN', labelKey: 'entities:locales.zh-CN' },
  { value: 'zh-TW', labelKey: 'entities:locales.zh-TW' },
];

/** Money: NUMERIC(15,2) (DOMAIN-NOTES §0). Spread it and add labels or bounds: `{ ...MONEY, required: true }`. */
export const MONEY: DecimalField = { type: 'decimal', precision: 15, scale: 2 };

/** Rates (exchange, tax, commission percent): NUMERIC(12,6). */
export const RATE: DecimalField = { type: 'decimal', precision: 12, scale: 6 };

/** Quantities: NUMERIC(14,4). */
export const QUANTITY: DecimalField = { type: 'decimal', precision: 14, scale: 4 };
