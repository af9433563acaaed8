/**
 * What Payroll adds to the General Ledger (issue 41, modules/gl/definitions/ledger-sources.ts): its pay runs post
 * under source PR, closed by its own period flag. Its own file, light on purpose: every micro-app bundle carries it
 * (vite.library.ts), so the G/L's screens show it whichever bundle opened them.
 */
import type { ModuleExtensions } from '@erp/shared/entities/index';
import { ledgerSourceExtensions } from '@erp/modules/gl/definitions/index';

export const extensions: ModuleExtensions = ledgerSourceExtensions({
  code: 'PR',
  journalLabelKey: 'pr:ledger.journalSource',
  integrationLabelKey: 'pr:ledger.integration',
  periodFlag: { code: 'pr', field: 'ClosedPr', labelKey: 'pr:ledger.periodFlag', closedKey: 'pr:ledger.periodClosed' },
  // The source deductions and premiums its pay runs withhold, paid from the payroll bank.
  remits: [
    {
      authority: 'PD7A',
      description: 'PD7A source deductions — Receiver General',
      accounts: ['DEDUCTIONS', 'PENSION-PAYABLE', 'EI-PAYABLE', 'TAX-PAYABLE'],
      bank: 'PAYROLL-BANK',
    },
    { authority: 'QPIP', description: 'QPIP premiums — Revenu Québec', accounts: ['QPIP-PAYABLE'], bank: 'PAYROLL-BANK' },
    { authority: 'UNION', description: 'Union dues and benefits', accounts: ['UNION-PAYABLE'], bank: 'PAYROLL-BANK' },
    { authority: 'WSIB', description: 'WSIB premiums', accounts: ['WSIB-PAYABLE'], bank: 'PAYROLL-BANK' },
  ],
});
