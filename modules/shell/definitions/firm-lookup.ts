/**
 * The reference to a firm every business module's documents carry (a vendor, a customer, a card issuer): an
 * active firm by its code, the code as firm maintenance keeps it (§5: 20 characters, upper case).
 */
import type { LookupField } from '@erp/shared/entities/define';

export function firmLookup(extra: Partial<LookupField> = {}): LookupField {
  return { type: 'lookup', entity: 'firm', maxLength: 20, uppercase: true, activeOnly: true, ...extra };
}

/** The messages of a firm reference kept to one firm type. */
export interface FirmTypeKeys {
  /** The firm exists but is not of the type. */
  notOfType: string;
  /** No such firm. */
  missing: string;
  /** The firm is inactive. */
  inactive: string;
}

/** A required, active firm of `firmType`: its lookup offers only those, the save refuses others with `keys`. */
export function firmOfType(firmType: string, keys: FirmTypeKeys, extra: Partial<LookupField> = {}): LookupField {
  return firmLookup({
    required: true,
    where: { FirmTypes: firmType },
    whereKeys: { FirmTypes: keys.notOfType },
    invalidKey: keys.missing,
    inactiveKey: keys.inactive,
    ...extra,
  });
}
