/**
 * What Trades adds to the modules below it (issue 73 item 4): its menu (modules/te/server/catalog.ts) mounts the
 * shell's firm screen at /firm, and Sales Orders' order entry for TE orders (/te-order-entry: §6 its roles read and
 * write sales orders), their sales register and Receivables' account inquiry — said here, not by the shell or Sales Orders. Its own file,
 * light on purpose: every micro-app bundle carries it (vite.library.ts).
 */
import { combineExtensions, type ModuleExtensions } from '@erp/shared/entities/index';
import { showIn } from '@erp/shared/entities/define';
import { shownElsewhere } from '@erp/shared/reports/define';

export const extensions: ModuleExtensions = combineExtensions(
  { extends: [{ entity: 'firm', routes: ['/novus-te/firm'] }, ...showIn('NOVUS-TE', 'sales-order')] },
  // Sales Orders' register of TE orders on its Reports menu, and Receivables' account inquiry on its menu.
  shownElsewhere(
    { report: 'so-te-sales-register', application: 'NOVUS-TE', path: '/te-sales-register-report' },
    { report: 'ar-account-inquiry', application: 'NOVUS-TE', path: '/ar-account-inquiry' },
  ),
);
