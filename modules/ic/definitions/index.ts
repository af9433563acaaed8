/**
 * The Inventory Control module's definitions (issue 15, SCREENS.md WP3). Strings: namespace `ic`
 * (`modules/ic/modules/ic/locales/<lng>/ic.json`; report strings in `reports.json`); server rules: modules/ic/server/; screens:
 * `@erp/inventory` (which registers this module when it loads) and the modules that re-export them.
 * Each part folder is one piece of the module: masters, products, coils, stock (ledger and tickets),
 * production, reports, count (the physical count cycle).
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { extensions } from './extensions.ts';
import { IC_COIL_ENTITIES } from './coils/index.ts';
import { IC_COUNT_ENTITIES } from './count/index.ts';
import { IC_MASTER_ENTITIES } from './masters/index.ts';
import { IC_PRODUCTION_ENTITIES } from './production/index.ts';
import { IC_PRODUCT_ENTITIES } from './products/index.ts';
import { IC_STOCK_ENTITIES } from './stock/index.ts';

export const IC_NAMESPACE = 'ic';

export const icModule: ModuleDefinition = {
  name: 'ic',
  namespace: IC_NAMESPACE,
  entities: [...IC_MASTER_ENTITIES, ...IC_PRODUCT_ENTITIES, ...IC_COIL_ENTITIES, ...IC_STOCK_ENTITIES, ...IC_PRODUCTION_ENTITIES, ...IC_COUNT_ENTITIES],
  ...extensions,
};

// The module's contract for other code (other modules, the server, tests): besides the module definition, only
// what is re-exported here may be imported of modules/ic/definitions/ (.dependency-cruiser.cjs `module-deep-import`).
export { COIL_EDITABLE } from './coils/coil.ts';
export { lineLots } from './products/line-lots.ts';
export { product } from './products/product.ts';
export { LIST_PRICE_TABLE, PRICE_TYPES, UNIT_PRICE } from './products/product-price.ts';
