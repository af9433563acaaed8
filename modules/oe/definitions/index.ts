/**
 * The Order Entry module's definitions (issue 25; SCREENS.md WP7 milestone 7a — sales orders join it next).
 * Strings: namespace `oe` (`modules/oe/locales/<lng>/oe.json`); server: modules/oe/server/; screens:
 * `@erp/order-entry` and, where their menus list them, `@erp/waste` and `@erp/legacy` (their module.json `shows`).
 * Parts: pricing (price tables, discount tables, customer SKUs, tariffs), setup (holidays, routes, email
 * templates, portal notifications, suppliers, forms of payment), reports and processes (./reports.ts).
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { extensions } from './extensions.ts';
import { OE } from './common.ts';
import { OE_PRICING_ENTITIES } from './pricing/index.ts';
import { OE_SETUP_ENTITIES } from './setup/index.ts';

export const OE_NAMESPACE = OE;

export const oeModule: ModuleDefinition = {
  name: 'oe',
  namespace: OE,
  entities: [...OE_PRICING_ENTITIES, ...OE_SETUP_ENTITIES],
  ...extensions,
};

// The module's contract for other code (other modules, the server, tests): besides the module definition, only
// what is re-exported here may be imported of modules/oe/definitions/ (.dependency-cruiser.cjs `module-deep-import`).
export { priceOverrideAudit, safetyPriceAudit } from './reports.ts';
export { PAYMENT_KINDS } from './setup/index.ts';
