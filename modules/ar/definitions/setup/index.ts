/**
 * AR commercial setup: account terms, sales taxes, sales reps — owned by h14a (issue 14). Definitions of this part of the module, in dependency order (a lookup's
 * target before the entity using it). The module's index (../index.ts) lists every part.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { accountTerms } from './account-terms.ts';
import { salesRep } from './sales-rep.ts';
import { salesTaxAuthority, salesTaxGroup, salesTaxRate } from './sales-tax.ts';

export { accountTerms, salesRep, salesTaxAuthority, salesTaxGroup, salesTaxRate };
export { addDays, termsDates } from './account-terms.ts';

export const AR_SETUP_ENTITIES: readonly AnyEntity[] = [
  accountTerms,
  salesRep,
  salesTaxAuthority,
  salesTaxRate,
  salesTaxGroup,
] as unknown as readonly AnyEntity[];
