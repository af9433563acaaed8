/**
 * Inventory Control on the server (issue 15): the module's parts (masters, products, coils, stock,
 * production); its reports and processes are registered from ./reports.
 */
import { icModule } from '@erp/shared/modules/ic/index';
import { combineParts } from '../part.ts';
import { IC_COIL_PART } from './coils/index.ts';
import { IC_MASTER_PART } from './masters/index.ts';
import { IC_PRODUCTION_PART } from './production/index.ts';
import { IC_PRODUCT_PART } from './products/index.ts';
import { IC_STOCK_PART } from './stock/index.ts';

export const icServerModule = combineParts(icModule, [IC_MASTER_PART, IC_PRODUCT_PART, IC_COIL_PART, IC_STOCK_PART, IC_PRODUCTION_PART]);
