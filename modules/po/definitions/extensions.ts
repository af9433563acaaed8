/**
 * What Purchasing adds to the General Ledger (issue 41, modules/gl/definitions/ledger-sources.ts): its accruals
 * (goods received, not invoiced) are integration rows it owns; its receipts post through Inventory's source. To the
 * modules below it (issue 73 item 4): its menu shows Inventory's products and classes and Receivables' terms and
 * sales taxes, and mounts the shell's firm screen for vendors — said here, not by their owners. Its own file,
 * light on purpose: every micro-app bundle carries it (vite.library.ts), so the G/L's screens show it whichever
 * bundle opened them.
 */
import { combineExtensions, type ModuleExtensions } from '@erp/shared/entities/index';
import { showIn } from '@erp/shared/entities/define';
import { ledgerSourceExtensions } from '@erp/modules/gl/definitions/index';

export const extensions: ModuleExtensions = combineExtensions(
  ledgerSourceExtensions({
    code: 'PO',
    integrationLabelKey: 'po:ledger.integration',
  }),
  {
    extends: [
      ...showIn('NOVUS-PO', 'product-class', 'product', 'product-price', 'account-terms', 'sales-tax-authority', 'sales-tax-rate', 'sales-tax-group'),
      { entity: 'firm', routes: ['/novus-po/firm-maintenance'] },
    ],
  },
);
