/**
 * What Receivables adds to the General Ledger (issue 41, modules/gl/definitions/ledger-sources.ts): its invoices,
 * receipts and adjustments post under source AR, closed by its own period flag; and to the shell's firm, its
 * customer fields (./firm.ts). Its own file, light on purpose:
 * every micro-app bundle carries it (vite.library.ts), so the G/L's screens show it whichever bundle opened them.
 */
import { combineExtensions, type ModuleExtensions } from '@erp/shared/entities/index';
import { shownElsewhere } from '@erp/shared/reports/define';
import { ledgerSourceExtensions } from '@erp/modules/gl/definitions/index';
import { firmExtensions } from './firm.ts';

const ledger = ledgerSourceExtensions({
  code: 'AR',
  journalLabelKey: 'ar:ledger.journalSource',
  integrationLabelKey: 'ar:ledger.integration',
  periodFlag: { code: 'ar', field: 'ClosedAr', labelKey: 'ar:ledger.periodFlag', closedKey: 'ar:ledger.periodClosed' },
  // The sales taxes its invoices collect, remitted each period with Payables' input tax credits.
  remits: [
    { authority: 'GST', description: 'GST/HST return — Receiver General', accounts: ['GST-HST'] },
    { authority: 'QST', description: 'QST return — Revenu Québec', accounts: ['QST'] },
    { authority: 'PST', description: 'Provincial sales tax return', accounts: ['PST'] },
  ],
});

export const extensions: ModuleExtensions = combineExtensions(
  ledger,
  { extends: firmExtensions },
  // Its menu mounts the firm's screen for customers (issue 73 item 4: the shell's firm names no module's route).
  { extends: [{ entity: 'firm', routes: ['/novus-ar/firm-maintenance'] }] },
  // The G/L's account enquiry on its menus (SCREENS.md GL-10), as its catalog lists it.
  shownElsewhere({ report: 'gl-account-enquiry', application: 'NOVUS-AR', path: '/account-enquiry' }),
);
