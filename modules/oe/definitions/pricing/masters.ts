/**
 * The pricing masters beside the price tables (issue 25 item 1; SCREENS.md OE-02 … OE-04), read by the pricing
 * service (modules/oe/server/pricing/service.ts):
 *
 * - `discount-table` (OE-02, `/discount-table`): a code a firm names in its Discount table field (§3 Firm:
 *   discount table), with lines of a percent off per product, per product class, or for every product (both
 *   blank). The most specific line applies: product, then class, then all. Only products marked "apply
 *   discount" are discounted; a customer SKU's contract price never is.
 * - `customer-sku` (OE-03, `/Customer-SKUs`): the customer's own part number of a product, optionally with a
 *   contract price (to an expiry date) — the first thing the pricing service looks at.
 * - `tariff` (OE-04, `/tariff-table`): surcharges added to a price after its discount — metal surcharges,
 *   duties: a percent of the price or an amount per unit, for one product, one product class or every product,
 *   from an effective date to an expiry date. Every tariff that applies is added.
 */
import { defineEntity } from '@erp/shared/entities/define';
import { UNIT_PRICE } from '@erp/modules/ic/definitions/index';
import { EXPIRY_ORDER_KEY } from './price-table.ts';
import { OE, OE_APP, OE_ROLES, oeCode, requiredName } from '../common.ts';

/** A percent with 4 places (the pricing service reads it at that scale). */
const PERCENT = { type: 'decimal', precision: 9, scale: 4, min: '0', max: '100' } as const;
const product = { type: 'lookup', entity: 'product', maxLength: 30, uppercase: true } as const;
const productClass = { type: 'lookup', entity: 'product-class', maxLength: 10, uppercase: true } as const;

function datesInOrder(record: Readonly<Record<string, unknown>>) {
  const effective = record['EffectiveDate'];
  const expiry = record['ExpiryDate'];
  return typeof effective === 'string' && typeof expiry === 'string' && expiry < effective ? { field: 'ExpiryDate', key: EXPIRY_ORDER_KEY } : null;
}

const LINE = 'oe:discount-table.lines';

export const discountTable = defineEntity({
  name: 'discount-table',
  namespace: OE,
  table: 'discount_tables',
  key: 'DiscountTableId',
  application: OE_APP,
  fields: {
    DiscountTableId: oeCode(20, { required: true }),
    Description: requiredName(),
    IsActive: { type: 'boolean', defaultValue: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: `${LINE}.title`,
      table: 'discount_table_lines',
      parentColumn: 'discount_table_id',
      key: 'LineId',
      maxItems: 1000,
      fields: {
        LineId: { type: 'integer', labelKey: `${LINE}.LineId` },
        ProductId: { ...product, labelKey: `${LINE}.ProductId` },
        ClassId: { ...productClass, labelKey: `${LINE}.ClassId` },
        Percent: { ...PERCENT, required: true, labelKey: `${LINE}.Percent` },
      },
    },
  },
  listColumns: ['DiscountTableId', 'Description', 'IsActive'],
  defaultSort: [{ field: 'DiscountTableId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['DiscountTableId', 'Description'],
  roles: OE_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  formLayout: { sections: [{ rows: [['DiscountTableId', 'Description'], ['IsActive']] }] },
});

export const customerSku = defineEntity({
  name: 'customer-sku',
  namespace: OE,
  table: 'customer_skus',
  key: 'SkuId',
  keyKind: 'auto',
  application: OE_APP,
  fields: {
    SkuId: { type: 'integer' },
    // §6: the customer's own SKU (issue 68 item 2).
    CustomerId: { type: 'lookup', entity: 'firm', maxLength: 20, uppercase: true, required: true, customer: true },
    ProductId: { ...product, required: true },
    CustomerSku: { type: 'text', maxLength: 40, required: true },
    Description: { type: 'text', maxLength: 100 },
    Price: { ...UNIT_PRICE, min: '0' },
    ExpiryDate: { type: 'date' },
  },
  listColumns: ['CustomerId', 'ProductId', 'CustomerSku', 'Description', 'Price', 'ExpiryDate'],
  defaultSort: [{ field: 'CustomerId' }, { field: 'ProductId' }],
  filters: [
    { field: 'CustomerId', op: 'eq' },
    { field: 'ProductId', op: 'eq' },
  ],
  search: ['CustomerSku', 'ProductId', 'Description'],
  uniques: [['CustomerId', 'ProductId'], ['CustomerId', 'CustomerSku']],
  roles: OE_ROLES,
  attachments: false,
  formLayout: { sections: [{ rows: [['CustomerId', 'ProductId'], ['CustomerSku', 'Description'], ['Price', 'ExpiryDate']] }] },
});

export const TARIFF_KINDS = ['Percent', 'PerUnit'] as const;

export const tariff = defineEntity({
  name: 'tariff',
  namespace: OE,
  table: 'tariffs',
  key: 'TariffId',
  application: OE_APP,
  fields: {
    TariffId: oeCode(20, { required: true }),
    Description: requiredName(),
    ProductId: product,
    ClassId: productClass,
    Kind: { type: 'enum', required: true, defaultValue: 'Percent', options: TARIFF_KINDS.map((value) => ({ value, labelKey: `oe:tariff.kinds.${value}` })) },
    Rate: { ...UNIT_PRICE, required: true, min: '0' },
    EffectiveDate: { type: 'date' },
    ExpiryDate: { type: 'date' },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['TariffId', 'Description', 'ProductId', 'ClassId', 'Kind', 'Rate', 'EffectiveDate', 'ExpiryDate', 'IsActive'],
  defaultSort: [{ field: 'TariffId' }],
  filters: [
    { field: 'ClassId', op: 'eq' },
    { field: 'IsActive', op: 'eq' },
  ],
  search: ['TariffId', 'Description'],
  roles: OE_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  rules: [datesInOrder],
  formLayout: { sections: [{ rows: [['TariffId', 'Description'], ['ProductId', 'ClassId'], ['Kind', 'Rate'], ['EffectiveDate', 'ExpiryDate'], ['IsActive']] }] },
});
