/**
 * Inventory Control on the server (issue 15): the module's parts (masters, products, coils, stock,
 * production, count), its reports and processes, migrations.
 */
import { registerControlAccounts } from '@erp/modules/gl/server/api';
import { combineParts } from '@erp/server/modules/part';
import { icModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { IC_COIL_PART } from './coils/index.ts';
import { IC_COUNT_PART, IC_COUNT_SERVER_PROCESSES, IC_COUNT_SERVER_REPORTS } from './count/index.ts';
import { IC_MASTER_PART } from './masters/index.ts';
import { m0010_ic_year_end } from './production/migration.ts';
import { IC_PRODUCTION_PART } from './production/index.ts';
import { IC_PRODUCT_PART } from './products/index.ts';
import { IC_SERVER_PROCESSES, IC_SERVER_REPORTS } from './reports/index.ts';
import { m0008_ic_stock } from './stock/migration.ts';
import { IC_STOCK_PART } from './stock/index.ts';

// Issue 22: the inventory accounts (INVENTORY, INVENTORY-<class>, a product class's own key) and the
// received-not-invoiced account of purchase tickets are posted by Inventory Control only.
registerControlAccounts({ source: 'IC', integrationTypes: ['INVENTORY', 'INVENTORY-*', 'TICKET-PURCHASE'], integrationTypeColumns: [{ table: 'product_classes', column: 'inventory_account' }] });

export const serverModule = combineParts(icModule, [IC_MASTER_PART, IC_PRODUCT_PART, IC_COIL_PART, IC_STOCK_PART, IC_PRODUCTION_PART, IC_COUNT_PART], {
  catalog,
  reports: [...IC_SERVER_REPORTS, ...IC_COUNT_SERVER_REPORTS],
  processes: [...IC_SERVER_PROCESSES, ...IC_COUNT_SERVER_PROCESSES],
  large: {
    option: '--ic',
    progress: 'stock ledger rows',
    summary: 'ic',
    run: async (database, _count, onProgress) => {
      const [{ insertIcStock }, { insertIcCount }] = await Promise.all([import('./seed-large.ts'), import('./count/seed-large.ts')]);
      return { ...(await insertIcStock(database, { onProgress })), count: await insertIcCount(database) };
    },
  },
  migrations: { '0008_ic_stock': m0008_ic_stock, '0010_ic_year_end': m0010_ic_year_end },
});
