/**
 * Price tables (`price-table`, SCREENS.md OE-01; routes `/price-table` under OE, WD and legacy NOVUS; §3 Product
 * price: price table id, price type, low and high range quantity, average and last cost, expiry date; §9 price
 * types, valuation average or last). Table `price_tables`, one row per table, and its quantity-range rows
 * `price_table_ranges` (the document's lines):
 *
 * - CustomerId: the customer (bill-to or ship-to) or jobber whose table it is; blank = a general table a
 *   firm gets only through a customer SKU's or another table's reference (kept for reports and renewals).
 * - EffectiveDate … ExpiryDate: the table applies on those days (inclusive; blank = open). ReviewDate: when
 *   the desk reviews it (report "Price tables due for review").
 * - CostBasis: the cost a cost-plus row marks up — the stock ledger's average or last cost (§9).
 * - Ranges: ProductId (blank = every product), PriceType (Each: Price per unit; Cwt: Price per 100 lb of the
 *   product's weight; CostPlus: Price is a markup percent over cost; Discount: Price is a percent off the
 *   product's list price), FromQuantity … ToQuantity (inclusive; blank = no upper bound), ExpiryDate (the row's
 *   own end). Ranges of one product and price type may not overlap (the shape rule below, form and server).
 * The pricing service (modules/oe/server/pricing/service.ts) reads these rows; nothing else prices.
 */
import { QUANTITY } from '@erp/shared/entities/common';
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { cmp, isDecimal } from '@erp/shared/decimal';
import { UNIT_PRICE } from '@erp/modules/ic/definitions/index';
import { OE, OE_APP, OE_ROLES, oeCode, requiredName } from '../common.ts';

export const RANGE_PRICE_TYPES = ['Each', 'Cwt', 'CostPlus', 'Discount'] as const;
export type RangePriceType = (typeof RANGE_PRICE_TYPES)[number];
export const COST_BASES = ['Average', 'Last'] as const;

export const RANGE_OVERLAP_KEY = 'oe:rules.rangeOverlap';
export const RANGE_ORDER_KEY = 'oe:rules.rangeOrder';
export const EXPIRY_ORDER_KEY = 'oe:rules.expiryBeforeEffective';
export const PERCENT_KEY = 'oe:rules.percentRange';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().toUpperCase() : '');

/** Shape rules of a price table (the same in the form and on the server). */
export function priceTableIssues(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const effective = record['EffectiveDate'];
  const expiry = record['ExpiryDate'];
  if (typeof effective === 'string' && typeof expiry === 'string' && expiry < effective) issues.push({ field: 'ExpiryDate', key: EXPIRY_ORDER_KEY });
  const ranges = Array.isArray(record['Ranges']) ? (record['Ranges'] as Record<string, unknown>[]) : [];
  const groups = new Map<string, { index: number; from: string; to: string | null }[]>();
  ranges.forEach((row, index) => {
    const from = row['FromQuantity'];
    const to = isDecimal(row['ToQuantity']) ? (row['ToQuantity'] as string) : null;
    if (!isDecimal(from)) return;
    if (to !== null && cmp(from, to) > 0) issues.push({ field: `Ranges[${index}].ToQuantity`, key: RANGE_ORDER_KEY });
    // A discount percent is at most 100 (a markup may be larger).
    if (row['PriceType'] === 'Discount' && isDecimal(row['Price']) && cmp(row['Price'] as string, '100') > 0) issues.push({ field: `Ranges[${index}].Price`, key: PERCENT_KEY });
    const group = `${text(row['ProductId'])}\u0000${String(row['PriceType'] ?? '')}`;
    groups.set(group, [...(groups.get(group) ?? []), { index, from, to }]);
  });
  for (const rows of groups.values()) {
    const sorted = [...rows].sort((a, b) => cmp(a.from, b.from));
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1]!;
      const row = sorted[i]!;
      if (before.to === null || cmp(row.from, before.to) <= 0) issues.push({ field: `Ranges[${row.index}].FromQuantity`, key: RANGE_OVERLAP_KEY, params: { line: row.index + 1 } });
    }
  }
  return issues;
}

const RANGE = 'oe:price-table.ranges';

export const priceTable = defineEntity({
  name: 'price-table',
  namespace: OE,
  table: 'price_tables',
  key: 'PriceTableId',
  application: OE_APP,
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    PriceTableId: oeCode(20, { required: true }),
    Description: requiredName(),
    // §6: a customer's own table is that customer's (issue 68 item 2); a table without one is everyone's.
    CustomerId: { type: 'lookup', entity: 'firm', maxLength: 20, uppercase: true, customer: true },
    Currency: { type: 'text', maxLength: 3, minLength: 3, pattern: '[A-Z]{3}', uppercase: true, required: true, defaultValue: 'CAD' },
    CostBasis: { type: 'enum', required: true, defaultValue: 'Average', options: COST_BASES.map((value) => ({ value, labelKey: `oe:price-table.costBases.${value}` })) },
    EffectiveDate: { type: 'date' },
    ExpiryDate: { type: 'date' },
    ReviewDate: { type: 'date' },
    IsActive: { type: 'boolean', defaultValue: true },
    Notes: { type: 'text', maxLength: 1000, format: 'multiline' },
    Ranges: {
      type: 'children',
      lines: true,
      labelKey: `${RANGE}.title`,
      table: 'price_table_ranges',
      parentColumn: 'price_table_id',
      key: 'RangeId',
      maxItems: 2000,
      fields: {
        RangeId: { type: 'integer', labelKey: `${RANGE}.RangeId` },
        ProductId: { type: 'lookup', entity: 'product', maxLength: 30, uppercase: true, labelKey: `${RANGE}.ProductId` },
        PriceType: {
          type: 'enum',
          required: true,
          defaultValue: 'Each',
          labelKey: `${RANGE}.PriceType`,
          options: RANGE_PRICE_TYPES.map((value) => ({ value, labelKey: `oe:price-table.priceTypes.${value}` })),
        },
        FromQuantity: { ...QUANTITY, required: true, min: '0', defaultValue: '1.0000', labelKey: `${RANGE}.FromQuantity` },
        ToQuantity: { ...QUANTITY, min: '0', labelKey: `${RANGE}.ToQuantity` },
        Price: { ...UNIT_PRICE, required: true, min: '0', labelKey: `${RANGE}.Price` },
        ExpiryDate: { type: 'date', labelKey: `${RANGE}.ExpiryDate` },
      },
    },
  },
  listColumns: ['PriceTableId', 'Description', 'CustomerId', 'Currency', 'EffectiveDate', 'ExpiryDate', 'ReviewDate', 'IsActive'],
  defaultSort: [{ field: 'PriceTableId' }],
  filters: [
    { field: 'CustomerId', op: 'eq' },
    { field: 'IsActive', op: 'eq' },
    { field: 'ReviewDate', op: 'range' },
  ],
  search: ['PriceTableId', 'Description'],
  indexes: [['CustomerId', 'EffectiveDate']],
  roles: OE_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: true,
  rules: [priceTableIssues],
  formLayout: {
    sections: [
      { rows: [['PriceTableId', 'Description'], ['CustomerId', 'Currency', 'CostBasis'], ['EffectiveDate', 'ExpiryDate', 'ReviewDate'], ['IsActive'], ['Notes']] },
    ],
  },
});
