/**
 * The Sales Orders module's definitions (issue 26; SCREENS.md WP7 milestone 7b: OE-19 … OE-44). Strings:
 * namespace `so` (`modules/so/locales/<lng>/so.json`); server: modules/so/server/; screens: `@erp/order-entry`
 * (module.json `app`; POLO's menus name the same micro-app) and, where their menus list them, `@erp/accounting`,
 * `@erp/trades` and `@erp/legacy` (module.json `alsoIn`). Reports and processes: ./reports.ts.
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { SO } from './common.ts';
import { extensions } from './extensions.ts';
import { commissionRun } from './commission-run.ts';
import { driverCashIn } from './driver-cash-in.ts';
import { productReturn } from './product-return.ts';
import { salesOrder } from '../documents/sales-order/definition.ts';

export type { SalesOrderRecord } from '../documents/sales-order/definition.ts';

export const soModule: ModuleDefinition = {
  name: 'so',
  namespace: SO,
  entities: [salesOrder, driverCashIn, productReturn, commissionRun],
  ...extensions,
};
