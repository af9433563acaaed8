/**
 * Pieces the AR definitions share: the module's namespace, who may read and keep the AR masters, and the
 * lookups other definitions use (account terms, sales reps, GL accounts for tax payables).
 */
import type { EntityRoles } from '@erp/shared/entities/define';

export const AR = 'ar';

/** AR masters: looked up by every firm screen (clerks), kept by administrators. */
export const AR_MASTER_ROLES: EntityRoles = { read: ['ADMIN', 'CLERK', 'STEEL'], write: ['ADMIN'] };

/** AR documents: administrators (the demo's accounting roles). */
export const AR_DOCUMENT_ROLES: EntityRoles = { read: ['ADMIN'], write: ['ADMIN'] };
