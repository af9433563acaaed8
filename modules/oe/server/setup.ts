/** The order desk's processes change price tables only: nothing to configure first (issue 40 item 1). */
import type { SetupNeed } from '@erp/modules/gl/server/api';

export const setupNeeds: readonly SetupNeed[] = [];
export const setupFree: readonly string[] = ['oe-price-adjustments', 'oe-renew-price-table', 'oe-new-products-pricing'];
