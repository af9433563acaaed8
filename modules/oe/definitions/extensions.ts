/**
 * What Order entry adds to the General Ledger (issue 41, modules/gl/definitions/ledger-sources.ts): its sales and
 * cost-of-sales accounts (by product class) are integration rows; it posts through Inventory's source. To the
 * shell's firm: the discount table (./firm.ts). Its own file,
 * light on purpose: every micro-app bundle carries it (vite.library.ts), so the G/L's screens show it whichever
 * bundle opened them.
 */
import { combineExtensions, type ModuleExtensions } from '@erp/shared/entities/index';
import { showIn } from '@erp/shared/entities/define';
import { shownElsewhere } from '@erp/shared/reports/define';
import { ledgerSourceExtensions } from '@erp/modules/gl/definitions/index';
import { firmExtensions } from './firm.ts';

const ledger = ledgerSourceExtensions({
  code: 'OE',
  integrationLabelKey: 'oe:ledger.integration',
});

export const extensions: ModuleExtensions = combineExtensions(
  ledger,
  { extends: firmExtensions },
  {
    // Its menus (modules/oe/server/catalog.ts) show Inventory's products and classes and Receivables' sales reps,
    // terms and sales taxes, and mount the firm's screen — the firm's home application, which the shell leaves to it
    // (issue 73 item 4: said here, not by their owners).
    extends: [...showIn('NOVUS-OE', 'product-class', 'product', 'product-price', 'sales-rep', 'account-terms', 'sales-tax-authority', 'sales-tax-rate', 'sales-tax-group'), { entity: 'firm', application: 'NOVUS-OE', routes: ['/novus-oe/firm-maintenance'] }],
  },
  // Its menus' inquiries of Receivables, Inventory and Purchasing (issue 73 item 4): the menu's owner says so, not the
  // report's (Purchasing, beside it, requires none of Order Entry either).
  shownElsewhere(
    { report: 'ar-account-inquiry', application: 'NOVUS-OE', path: '/ar-account-inquiry' },
    { report: 'ic-product-inquiry', application: 'NOVUS-OE', path: '/product-inquiry' },
    { report: 'po-purchase-order-list', application: 'NOVUS-OE', path: '/purchase-order-list' },
    { report: 'po-lot-tracking', application: 'NOVUS-OE', path: '/lot-number-tracking' },
  ),
);
