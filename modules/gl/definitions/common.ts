/**
 * Pieces the General Ledger definitions share: the module's i18n namespace, who may use the GL masters,
 * the §5 natural-account rule and the GL account lookup every other definition uses.
 */
import type { EntityRoles, LookupField, TextField } from '@erp/shared/entities/define';

/** i18n namespace of the GL module: `modules/gl/modules/gl/locales/<lng>/gl.json`, loaded with `@erp/accounting`. */
export const GL_NAMESPACE = 'gl';

/**
 * The GL masters are kept and read by administrators: the demo's roles (§6) open the accounting applications
 * to ADMIN only. A later module whose users look accounts up widens `read` here.
 */
export const GL_ROLES: EntityRoles = { read: ['ADMIN'], write: ['ADMIN'] };

/** §5 "Natural account segment must be 1 to 8 digits." (§9: 1 to 8 digits). */
export const NATURAL_ACCOUNT_PATTERN = '[0-9]{1,8}';
export const NATURAL_ACCOUNT_KEY = 'gl:rules.naturalAccount';

/** A natural account number (the chart's key). No maxLength: a 9-digit value gets the §5 text, not a length message. */
export const NATURAL_ACCOUNT: TextField = { type: 'text', pattern: NATURAL_ACCOUNT_PATTERN, patternKey: NATURAL_ACCOUNT_KEY };

/** §8 "An account entered is not valid." — an account that does not exist, is inactive or is a heading. */
export const ACCOUNT_INVALID_KEY = 'gl:rules.accountInvalid';

/** A reference to a postable, active GL account: its lookup offers only those and the save refuses others (issue 21 item 5). */
export function glAccountLookup(extra: Partial<LookupField> = {}): LookupField {
  return {
    type: 'lookup',
    entity: 'gl-account',
    maxLength: 8,
    activeOnly: true,
    where: { IsPostable: true },
    invalidKey: ACCOUNT_INVALID_KEY,
    inactiveKey: ACCOUNT_INVALID_KEY,
    ...extra,
  };
}

/** An ISO 4217 currency code (CAD, USD). */
export const CURRENCY: TextField = { type: 'text', maxLength: 3, minLength: 3, pattern: '[A-Z]{3}', uppercase: true };

/** §5 "Fiscal year must be greater than 1000 and less than 9999." */
export const FISCAL_YEAR_KEY = 'gl:rules.fiscalYear';
