/**
 * What Sales Orders adds to other modules (issue 41): the legacy NOVUS application its catalog declares shows the
 * G/L's trial balance, detailed ledger and year end on its menus (SCREENS.md GL-11, GL-12, GL-14), so those
 * routes are its contribution, not the G/L's. Likewise (issue 73 item 4) the entities of modules below it that its
 * applications' menus show — NOVUS (legacy) and NOVUS-PT (POLO) — and their firm-maintenance routes; POLO is the
 * home of Order Entry's suppliers and forms of payment (their own application: Order Entry names no module above
 * it), and the sales order made from an A/R invoice's order shows on the invoice's Related panel. Its own file,
 * light on purpose: every micro-app bundle carries it (vite.library.ts).
 */
import { combineExtensions, type ModuleExtensions } from '@erp/shared/entities/index';
import { showIn } from '@erp/shared/entities/define';
import { shownElsewhere } from '@erp/shared/reports/define';

const LEGACY = 'NOVUS';
const POLO = 'NOVUS-PT';

export const extensions: ModuleExtensions = combineExtensions(
  shownElsewhere(
    { report: 'gl-trial-balance', application: LEGACY, path: '/trial-balance' },
    { report: 'gl-detailed-ledger', application: LEGACY, path: '/detailed-ledger' },
    { report: 'gl-year-end', application: LEGACY, path: '/year-end' },
    // And the legacy screens of the modules below it: their definitions name only their own applications.
    { report: 'ar-customer-lists', application: LEGACY, path: '/customer-lists' },
    { report: 'oe-price-override-audit', application: LEGACY, path: '/price-override-audit' },
    { report: 'oe-safety-price-audit', application: LEGACY, path: '/safety-price-audit' },
    { report: 'po-purchase-order-list', application: LEGACY, path: '/purchase-order-list' },
  ),
  {
    extends: [
      ...showIn(LEGACY, 'product-class', 'price-table', 'sales-rep', 'account-terms', 'sales-tax-authority', 'sales-tax-rate', 'sales-tax-group'),
      ...showIn(POLO, 'ap-credit-card', 'sales-rep'),
      { entity: 'firm', routes: ['/novus-pt/firm-maintenance', '/novus/firm-maintenance'] },
      { entity: 'supplier', application: POLO },
      { entity: 'form-of-payment', application: POLO },
      { entity: 'ar-invoice', related: [{ entity: 'sales-order', field: 'InvoiceId' }] },
    ],
  },
);
