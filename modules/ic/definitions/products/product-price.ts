/**
 * Product prices (`product-price`, §3 Product price; reachable from product maintenance, IC-07) — owned by
 * h15a. Table `product_prices`, one row per product × price table × price type × currency × quantity range:
 *
 * - PriceTable: the price table's code. `LIST` is the list price every customer may get (the portal's
 *   catalogue price); the demo also keeps `CONTRACTOR` and `WHOLESALE` (per customer-group tables) and
 *   `VOLUME` (quantity breaks). A customer or order desk picks the table; the row whose quantity range holds
 *   the ordered quantity and that has not expired gives the price.
 * - PriceType: `Each` — Price is the price of one unit of measure; `Cwt` — Price is per hundredweight
 *   (100 lb) of the product's theoretical weight; `Discount` — Price is a percent off the LIST price.
 * - FromQuantity (inclusive) … ToQuantity (inclusive; empty = no upper bound); ranges of one product, table,
 *   type and currency may not overlap (server rule).
 * - Price: exact decimal, 4 places (unit prices of wire and fittings go below the cent). Currency ISO code.
 * - EffectiveDate, ExpiryDate: the row applies from … until (inclusive); empty = always.
 * - AverageCost, LastCost: read-only, from the stock ledger's `stock_balances` (all warehouses), shown
 *   beside the price (§3 Product price: average cost, last cost).
 */
import { QUANTITY } from '@erp/shared/entities/common';
import { defineEntity, type DecimalField } from '@erp/shared/entities/define';
import { cmp, isDecimal } from '@erp/shared/decimal';
import { IC, IC_ROLES, masterCode } from '../masters/common.ts';

export const PRICE_TYPES = ['Each', 'Cwt', 'Discount'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
/** The list price table (the portal's catalogue price). */
export const LIST_PRICE_TABLE = 'LIST';

/** A unit price: NUMERIC(15,4). */
export const UNIT_PRICE: DecimalField = { type: 'decimal', precision: 15, scale: 4 };

export const productPrice = defineEntity({
  name: 'product-price',
  namespace: IC,
  table: 'product_prices',
  key: 'PriceId',
  keyKind: 'auto',
  application: 'NOVUS-IC',
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    PriceId: { type: 'integer' },
    ProductId: { type: 'lookup', entity: 'product', maxLength: 30, uppercase: true, required: true },
    PriceTable: masterCode(10, { required: true, defaultValue: LIST_PRICE_TABLE }),
    PriceType: {
      type: 'enum',
      required: true,
      defaultValue: 'Each',
      options: PRICE_TYPES.map((value) => ({ value, labelKey: `ic:product-price.priceTypes.${value}` })),
    },
    FromQuantity: { ...QUANTITY, required: true, min: '0', defaultValue: '0.0000' },
    ToQuantity: { ...QUANTITY, min: '0' },
    Price: { ...UNIT_PRICE, required: true, min: '0' },
    Currency: { type: 'text', maxLength: 3, minLength: 3, pattern: '[A-Z]{3}', uppercase: true, required: true, defaultValue: 'CAD' },
    EffectiveDate: { type: 'date' },
    ExpiryDate: { type: 'date' },
    AverageCost: { ...QUANTITY, readOnly: true, virtual: true },
    LastCost: { ...QUANTITY, readOnly: true, virtual: true },
  },
  listColumns: ['ProductId', 'PriceTable', 'PriceType', 'FromQuantity', 'ToQuantity', 'Price', 'Currency', 'ExpiryDate', { field: 'EffectiveDate', visible: false }],
  defaultSort: [{ field: 'ProductId' }, { field: 'PriceTable' }, { field: 'FromQuantity' }],
  filters: [
    { field: 'ProductId', op: 'eq' },
    { field: 'PriceTable', op: 'eq' },
    { field: 'PriceType', op: 'in' },
    { field: 'ExpiryDate', op: 'range' },
  ],
  search: ['ProductId', 'PriceTable'],
  indexes: [['ProductId', 'PriceTable'], ['PriceTable', 'ProductId']],
  roles: IC_ROLES,
  attachments: false,
  rules: [
    (record) => {
      const issues = [];
      const from = record['FromQuantity'];
      const to = record['ToQuantity'];
      if (isDecimal(from) && isDecimal(to) && cmp(from, to) > 0) issues.push({ field: 'ToQuantity', key: 'ic:rules.rangeOrder' });
      const effective = record['EffectiveDate'];
      const expiry = record['ExpiryDate'];
      if (typeof effective === 'string' && typeof expiry === 'string' && expiry < effective) issues.push({ field: 'ExpiryDate', key: 'ic:rules.expiryBeforeEffective' });
      return issues;
    },
  ],
  formLayout: {
    sections: [
      { rows: [['ProductId', 'PriceTable', 'PriceType'], ['FromQuantity', 'ToQuantity'], ['Price', 'Currency'], ['EffectiveDate', 'ExpiryDate']] },
      { titleKey: 'ic:product-price.sections.cost', rows: [['AverageCost', 'LastCost']] },
    ],
  },
});
