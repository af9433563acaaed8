/**
 * Pieces the Waste Disposal definitions share (issue 27; SCREENS.md WP8): the module's i18n namespace
 * (`locales/<lng>/wd.json`), its application, who keeps it (§6: the service desk — clerks and administrators;
 * the accounting desk reads the orders it invoices), the master code shape, the document states and the
 * sequence counters of its numbers (created on first use by the numbering service: WD-QUOTE prefix WQ,
 * WD-ORDER prefix WDO; kept on the shell's Sequence Counters screen).
 */
import type { DecimalField, EntityRoles, TextField } from '@erp/shared/entities/define';

export const WD = 'wd';
export const WD_APP = 'NOVUS-WD';

export const WD_ROLES: EntityRoles = { read: ['ADMIN', 'CLERK', 'STEEL'], write: ['ADMIN', 'CLERK'] };

export const WD_QUANTITY: DecimalField = { type: 'decimal', precision: 14, scale: 4 };
export const WD_PRICE: DecimalField = { type: 'decimal', precision: 15, scale: 4, min: '0' };
export const WD_MONEY: DecimalField = { type: 'decimal', precision: 15, scale: 2 };

export const QUOTE_SEQUENCE = 'WD-QUOTE';
export const ORDER_SEQUENCE = 'WD-ORDER';

/** §4 quote: Quoted → Accepted (the service orders are created) | Lost. */
export const QUOTE_STATUSES = ['Quoted', 'Accepted', 'Lost'] as const;
/** §4 service order: Entered → Scheduled → Completed → Invoiced, or Cancelled. */
export const ORDER_STATUSES = ['Entered', 'Scheduled', 'Completed', 'Invoiced', 'Cancelled'] as const;

export const SERVICE_UNITS = ['Each', 'Tonne', 'Litre', 'CubicMetre', 'Hour', 'Load'] as const;
/** A per-unit price is multiplied by the quantity; a flat price is charged once per order. */
export const PRICE_BASES = ['PerUnit', 'Flat'] as const;
/** Transport of Dangerous Goods classes (None: non-hazardous waste). */
export const HAZARD_CLASSES = ['None', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const CERTIFICATE_TYPES = ['GeneratorRegistration', 'Eca', 'Easr', 'VehiclePermit', 'Training', 'Wsib', 'Service'] as const;
export const HOLDER_TYPES = ['customer', 'site', 'vehicle', 'employee', 'subcontractor'] as const;
export const CERTIFICATE_STATUSES = ['Active', 'Expired', 'Revoked'] as const;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** An upper-case master code: letters, digits, `-`, `_`, `.`. */
export function wdCode(maxLength: number, extra: Partial<TextField> = {}): TextField {
  return { type: 'text', maxLength, pattern: '[A-Z0-9_.-]+', uppercase: true, ...extra };
}

/** §5 "A name is required for some setups". */
export function requiredName(maxLength = 60): TextField {
  return { type: 'text', required: true, maxLength, requiredKey: 'wd:rules.nameRequired' };
}

export const options = (values: readonly string[], base: string) => values.map((value) => ({ value, labelKey: `${WD}:${base}.${value}` }));
