/** The pricing entities (issue 25 items 1–2): price tables with their quantity ranges, discount tables, customer SKUs, tariffs. */
import { customerSku, discountTable, tariff } from './masters.ts';
import { priceTable } from './price-table.ts';

export { customerSku, discountTable, tariff } from './masters.ts';
export { priceTable } from './price-table.ts';

export const OE_PRICING_ENTITIES = [priceTable, discountTable, customerSku, tariff] as const;
