/**
 * The General Ledger module's definitions (issue 12 "One place per screen"). Strings: namespace `gl`
 * (`modules/gl/modules/gl/locales/<lng>/gl.json`); server rules: modules/gl/server/; screens: `@erp/accounting` (which
 * registers this module when it loads). User codes (GL-09) reuse the shell's `code-index` entity with its
 * Application filter, so they are not redefined here.
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import type { AnyEntity } from '@erp/shared/entities/define';
import { accountingJournal } from './accounting-journal.ts';
import { extensions } from './extensions.ts';
import { accountingPeriod } from './accounting-period.ts';
import { bankAccount } from './bank-account.ts';
import { GL_NAMESPACE } from './common.ts';
import { foreignExchange } from './foreign-exchange.ts';
import { glAccount } from './gl-account.ts';
import { glControl } from './gl-control.ts';
import { glIntegration } from './gl-integration.ts';
import { glJournalEntry } from './gl-journal-entry.ts';
import { FINANCIAL_STATEMENT_ENTITIES } from './financial-statement-entities.ts';

export { bankAccount, foreignExchange, glAccount, glControl, glIntegration };
export { accountingJournal, accountingPeriod, glJournalEntry };

export const glModule: ModuleDefinition = {
  name: 'gl',
  namespace: GL_NAMESPACE,
  // Lookup targets first: every other GL master refers to gl-account.
  entities: [glAccount, glControl, glIntegration, foreignExchange, bankAccount, accountingPeriod, accountingJournal, glJournalEntry, ...FINANCIAL_STATEMENT_ENTITIES] as unknown as readonly AnyEntity[],
  // The report form's fiscal defaults (./extensions.ts).
  ...extensions,
};

// The module's contract for other code (other modules, the server, tests): besides the module definition, only
// what is re-exported here may be imported of modules/gl/definitions/ (.dependency-cruiser.cjs `module-deep-import`).
export { CURRENCY, glAccountLookup } from './common.ts';
export { extensions } from './extensions.ts';
export { ledgerSourceExtensions } from './ledger-sources.ts';
export { journalPrinting, trialBalance } from './reports/index.ts';
