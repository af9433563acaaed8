/**
 * What Payables adds to the General Ledger (issue 41, modules/gl/definitions/ledger-sources.ts): its invoices,
 * cheques and card statements post under source AP, closed by its own period flag. To the shell's firm: the AP
 * firm id (./firm.ts). To Purchasing's receipt: the vendor invoice made from it (./po-receipt.ts). Its own file, light on purpose:
 * every micro-app bundle carries it (vite.library.ts), so the G/L's screens show it whichever bundle opened them.
 */
import { combineExtensions, type ModuleExtensions } from '@erp/shared/entities/index';
import { showIn } from '@erp/shared/entities/define';
import { shownElsewhere } from '@erp/shared/reports/define';
import { ledgerSourceExtensions } from '@erp/modules/gl/definitions/index';
import { firmExtensions } from './firm.ts';
import { poReceiptExtensions } from './po-receipt.ts';

const ledger = ledgerSourceExtensions({
  code: 'AP',
  journalLabelKey: 'ap:ledger.journalSource',
  integrationLabelKey: 'ap:ledger.integration',
  periodFlag: { code: 'ap', field: 'ClosedAp', labelKey: 'ap:ledger.periodFlag', closedKey: 'ap:ledger.periodClosed' },
  // The sales tax returns net its input tax credits and are paid from its payment bank.
  remits: [
    { authority: 'GST', accounts: ['GST-HST-ITC'], bank: 'PAYMENT-BANK' },
    { authority: 'QST', accounts: ['QST-ITR'], bank: 'PAYMENT-BANK' },
    { authority: 'PST', bank: 'PAYMENT-BANK' },
  ],
});

export const extensions: ModuleExtensions = combineExtensions(
  ledger,
  { extends: firmExtensions },
  // The vendor invoice made from Purchasing's receipt (./po-receipt.ts).
  { extends: poReceiptExtensions },
  // Its menus (modules/ap/server/catalog.ts) show Purchasing's orders and receipts and Receivables' terms and sales
  // taxes (§6: its users read them), and mount the firm's screen for vendors (issue 73 item 4: said here, not there).
  { extends: [...showIn('NOVUS-AP', 'purchase-order', 'po-receipt', 'account-terms', 'sales-tax-authority', 'sales-tax-rate', 'sales-tax-group'), { entity: 'firm', routes: ['/novus-ap/firm-maintenance'] }] },
  // The G/L's account enquiry on its menus (SCREENS.md GL-10), as its catalog lists it; and Purchasing's order print
  // from the order entry its menu mounts (issue 73 item 4: said here, not by Purchasing).
  shownElsewhere(
    { report: 'gl-account-enquiry', application: 'NOVUS-AP', path: '/account-enquiry' },
    { report: 'po-purchase-order-print', application: 'NOVUS-AP', path: '/purchase-order-entry' },
  ),
);
