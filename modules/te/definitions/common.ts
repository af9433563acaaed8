/**
 * Pieces the Trades definitions share (issue 28; SCREENS.md WP9 9a): the module's i18n namespace
 * (`locales/<lng>/te.json`), its application, who keeps it (§6: clerks and administrators), the code shape, the
 * states of its documents (§4) and the sequences of their numbers (created on first use by the numbering
 * service; kept on the shell's Sequence Counters screen).
 */
import type { DecimalField, EntityRoles, LookupField, TextField } from '@erp/shared/entities/define';

export const TE = 'te';
export const TE_APP = 'NOVUS-TE';

export const TE_ROLES: EntityRoles = { read: ['ADMIN', 'CLERK', 'STEEL'], write: ['ADMIN', 'CLERK'] };

export const TE_MONEY: DecimalField = { type: 'decimal', precision: 15, scale: 2 };
export const TE_PRICE: DecimalField = { type: 'decimal', precision: 15, scale: 2, min: '0' };
/** A percentage 0–100 with two decimals (percent complete, holdback, price change). */
export const TE_PERCENT: DecimalField = { type: 'decimal', precision: 7, scale: 2, min: '0', max: '100' };

/** §8 "Builder, site or lot not found." — the one answer for an unknown builder, site or lot. */
export const NOT_FOUND = 'te:rules.notFound';

export const INSPECTION_SEQUENCE = 'TE-INSPECTION';
export const CONTRACT_BILLING_SEQUENCE = 'TE-CONTRACT-BILLING';
export const OPTION_BILLING_SEQUENCE = 'TE-OPTION-BILLING';
export const PROGRESS_BILLING_SEQUENCE = 'TE-PROGRESS-BILLING';
export const HOLDBACK_BILLING_SEQUENCE = 'TE-HOLDBACK-BILLING';

/** A lot's stage; Ready lots are listed by Lots ready for inspection until an inspection passes. */
export const LOT_STAGES = ['Planned', 'UnderConstruction', 'Ready', 'Inspected', 'Closed'] as const;
export const INSPECTION_TYPES = ['Footing', 'Framing', 'Insulation', 'Plumbing', 'Electrical', 'Final'] as const;
/** §4 inspection request: Requested → Scheduled → Passed / Failed. */
export const INSPECTION_STATUSES = ['Requested', 'Scheduled', 'Passed', 'Failed'] as const;
/** §4 contract and option billing: Draft → Invoiced (posted through Receivables). */
export const BILLING_STATUSES = ['Draft', 'Invoiced'] as const;
/** §4 progress billing: Draft → Certified → Invoiced. */
export const PROGRESS_STATUSES = ['Draft', 'Certified', 'Invoiced'] as const;
/** §4 holdback: Retained → Released → Invoiced. */
export const HOLDBACK_STATUSES = ['Retained', 'Released', 'Invoiced'] as const;
export const HOLDBACK_KINDS = ['Commercial', 'Residential'] as const;
/** Ontario Construction Act: liens may be preserved for 60 days after the certificate's publication (DOMAIN-NOTES §8.1). */
export const LIEN_PERIOD_DAYS = 60;
export const PRICE_METHODS = ['Percent', 'Amount'] as const;

/** The Construction Act's basic holdback (DOMAIN-NOTES §8.1). */
export const DEFAULT_HOLDBACK = '10.00';

/** An upper-case master code: letters, digits, `-`, `_`, `.`. */
export function teCode(maxLength: number, extra: Partial<TextField> = {}): TextField {
  return { type: 'text', maxLength, pattern: '[A-Z0-9_.-]+', uppercase: true, ...extra };
}

export function requiredName(maxLength = 60): TextField {
  return { type: 'text', required: true, maxLength, requiredKey: 'te:rules.nameRequired' };
}

/**
 * A builder: an active bill-to firm; anything else is §8 "Builder, site or lot not found.". §6: the record is the
 * builder's (issue 68 item 2: a user restricted to assigned customers sees only their builders' records).
 */
export function builderLookup(extra: Partial<LookupField> = {}): LookupField {
  return {
    type: 'lookup',
    entity: 'firm',
    maxLength: 20,
    uppercase: true,
    activeOnly: true,
    where: { FirmTypes: 'bill-to' },
    whereKeys: { FirmTypes: NOT_FOUND },
    invalidKey: NOT_FOUND,
    inactiveKey: NOT_FOUND,
    customer: true,
    ...extra,
  };
}

/**
 * A job site or a lot: unknown ones are §8 "Builder, site or lot not found.". §6: the record is the site's
 * builder's (issue 68 item 2), inherited through the site.
 */
export function siteLookup(extra: Partial<LookupField> = {}): LookupField {
  return { type: 'lookup', entity: 'job-site', maxLength: 10, uppercase: true, invalidKey: NOT_FOUND, inactiveKey: NOT_FOUND, customer: true, ...extra };
}
export function lotLookup(extra: Partial<LookupField> = {}): LookupField {
  return { type: 'lookup', entity: 'te-lot', maxLength: 20, uppercase: true, invalidKey: NOT_FOUND, inactiveKey: NOT_FOUND, customer: true, ...extra };
}

export const options = (values: readonly string[], base: string) => values.map((value) => ({ value, labelKey: `${TE}:${base}.${value}` }));
