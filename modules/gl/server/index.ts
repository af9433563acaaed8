/**
 * The General Ledger on the server (issue 12, 13): masters' rules, the journal entry's actions, financial
 * statements, reports and processes, the fiscal-year and bank-reconciliation calls, migrations and demo data.
 * The posting service (./ledger/) is the GL's public API: every module posts through it.
 */
import type { ServerModule } from '@erp/server/modules/part';
import { glModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { registerBankReconciliationRoutes } from './bank-reconciliation/routes.ts';
import { m0006_bank_reconciliation } from './bank-reconciliation/migration.ts';
import { financialStatementHooks } from './financial-statements/rules.ts';
import { fxRevaluationProcess } from './fx-revaluation/index.ts';
import { glLedgerHooks } from './ledger.ts';
import { m0005_ledger } from './migrations/m0005-ledger.ts';
import { m0006_year_end } from './migrations/m0006-year-end.ts';
import { m0013_gl_document_numbers } from './migrations/m0013-gl-document-numbers.ts';
import { GL_SERVER_REPORTS } from './reports/index.ts';
import { postDraftEntriesProcess } from './reports/post-drafts.ts';
import { registerLedgerRoutes } from './routes.ts';
import { registerSetupCheckRoutes } from './setup-check/routes.ts';
import { glHooks } from './rules.ts';
import { seedGl } from './seed-ledger.ts';
import { seedRemittances } from './seed-remittances.ts';
import { yearEndProcess } from './year-end/index.ts';

export const serverModule: ServerModule = {
  definitions: glModule,
  catalog,
  hooks: { ...glHooks, ...glLedgerHooks, ...financialStatementHooks },
  seed: seedGl,
  seedAfter: seedRemittances,
  reports: GL_SERVER_REPORTS,
  processes: [postDraftEntriesProcess, fxRevaluationProcess, yearEndProcess],
  migrations: { '0005_ledger': m0005_ledger, '0006_bank_reconciliation': m0006_bank_reconciliation, '0006_year_end': m0006_year_end, '0013_gl_document_numbers': m0013_gl_document_numbers },
  large: {
    option: '--ledger',
    counts: 'entries',
    progress: 'GL entries',
    summary: 'ledger',
    run: async (database, entries, onProgress) => (await import('./seed-large.ts')).insertLedger(database, { entries: entries ?? 0, onProgress }),
  },
  async routes(app, deps) {
    await registerLedgerRoutes(app, deps);
    await registerBankReconciliationRoutes(app, deps);
    await registerSetupCheckRoutes(app, deps);
  },
};
