/**
 * What Waste Disposal adds to other modules (issue 73 item 4): its menu (modules/wd/server/catalog.ts) shows Order
 * Entry's holidays, price tables, price reports and price adjustments and Sales Orders' invoice publishing, and
 * mounts the shell's firm screen — said here, not by their owners. Its own file, light on purpose: every micro-app
 * bundle carries it (vite.library.ts).
 */
import { combineExtensions, type ModuleExtensions } from '@erp/shared/entities/index';
import { showIn } from '@erp/shared/entities/define';
import { shownElsewhere } from '@erp/shared/reports/define';

const WD = 'NOVUS-WD';

export const extensions: ModuleExtensions = combineExtensions(
  { extends: [...showIn(WD, 'holiday', 'price-table'), { entity: 'firm', routes: ['/novus-wd/firm-maintenance'] }] },
  // Order Entry's price reports and price adjustments, and Sales Orders' invoice publishing (for its own orders too).
  shownElsewhere(
    { report: 'oe-price-adjustments', application: WD, path: '/price-adjustments' },
    { report: 'oe-customer-price-list', application: WD, path: '/Customer-Price-List' },
    { report: 'oe-price-tables-due', application: WD, path: '/PriceTable-Due-ForReview' },
    { report: 'so-invoice-publishing', application: WD, path: '/invoice-publishing' },
  ),
);
