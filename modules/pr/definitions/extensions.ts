/**
 * What Payroll adds to the General Ledger (issue 41, modules/gl/definitions/ledger-sources.ts): its pay runs post
 * under source PR, closed by its own period flag. Its own file, light on purpose: every micro-app bundle carries it
 * (vite.library.ts), so the G/L's screens show it whichever bundle opened them.
 */
import type { ModuleExtensions } from '@erp/shared/entities/index';
import { ledgerSourceExtensions } from '@erp/modules/gl/definitions/ledger-sources';

export const extensions: ModuleExtensions = ledgerSourceExtensions({
  code: 'PR',
  journalLabelKey: 'pr:ledger.journalSource',
  integrationLabelKey: 'pr:ledger.integration',
  periodFlag: { code: 'pr', field: 'ClosedPr', labelKey: 'pr:ledger.periodFlag', closedKey: 'pr:ledger.periodClosed' },
});
