/**
 * Sales taxes (SCREENS.md AR-02, route /sales-taxes under AR, AP, OE, PO; DOMAIN-NOTES §2): three masters on
 * one screen (a tab each).
 * - `sales-tax-authority` (table `sales_tax_authorities`): who levies a tax (GST, HST, QST, PST-BC, RST-MB …).
 * - `sales-tax-rate` (table `sales_tax_rates`): the rate of an authority in a province from an effective
 *   date, and the G/L payable account its tax posts to. Rates are DATA keyed by effective date, never code:
 *   the rate in force on a date is the row with the greatest EffectiveDate ≤ date (modules/ar/definitions/
 *   tax.ts). A rate of 0 from a date ends a tax (e.g. BC HST 12% → 0 on 2013-04-01).
 * - `sales-tax-group` (table `sales_tax_groups`, members in `sales_tax_group_authorities`): a named set of
 *   authorities (ON13 = HST; QC = GST + QST; EXEMPT = none). An invoice line with a tax group is taxed only
 *   by the group's authorities; without one, by every authority with a rate in the ship-to's province.
 */
import { code, PROVINCE_CODE } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { glAccountLookup } from '@erp/modules/gl/definitions/index';
import { AR, AR_MASTER_ROLES } from './common.ts';

/** A tax rate: percent with 3 decimals (QST 9.975). */
export const TAX_RATE_SCALE = 3;

export const salesTaxAuthority = defineEntity({
  name: 'sales-tax-authority',
  namespace: AR,
  table: 'sales_tax_authorities',
  key: 'AuthorityId',
  application: 'NOVUS-AR',
  // §6: also in the A/P, Order Entry, Purchase Order and legacy menus; those modules add their applications.
  fields: {
    AuthorityId: code(10),
    Name: { type: 'text', required: true, maxLength: 50 },
    RegistrationNo: { type: 'text', maxLength: 20 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['AuthorityId', 'Name', 'RegistrationNo', 'IsActive'],
  defaultSort: [{ field: 'AuthorityId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['AuthorityId', 'Name'],
  roles: AR_MASTER_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: false,
  formLayout: { sections: [{ rows: [['AuthorityId', 'IsActive'], ['Name'], ['RegistrationNo']] }] },
});

export const salesTaxRate = defineEntity({
  name: 'sales-tax-rate',
  namespace: AR,
  table: 'sales_tax_rates',
  key: 'RateKey',
  keyKind: 'auto',
  application: 'NOVUS-AR',
  // §6: also in the A/P, Order Entry, Purchase Order and legacy menus; those modules add their applications.
  fields: {
    RateKey: { type: 'integer', readOnly: true },
    AuthorityId: { type: 'lookup', entity: 'sales-tax-authority', maxLength: 10, uppercase: true, required: true },
    ProvinceCode: { ...PROVINCE_CODE, required: true },
    EffectiveDate: { type: 'date', required: true },
    RatePercent: { type: 'decimal', precision: 7, scale: TAX_RATE_SCALE, min: '0', max: '100', required: true },
    AccountId: glAccountLookup({ required: true }),
    Description: { type: 'text', maxLength: 50 },
  },
  listColumns: [{ field: 'RateKey', visible: false }, 'ProvinceCode', 'AuthorityId', 'EffectiveDate', 'RatePercent', 'AccountId', 'Description'],
  defaultSort: [{ field: 'ProvinceCode' }, { field: 'AuthorityId' }, { field: 'EffectiveDate', descending: true }],
  filters: [
    { field: 'ProvinceCode', op: 'eq' },
    { field: 'AuthorityId', op: 'eq' },
    { field: 'EffectiveDate', op: 'range' },
  ],
  search: ['ProvinceCode', 'AuthorityId', 'Description'],
  uniques: [['AuthorityId', 'ProvinceCode', 'EffectiveDate']],
  indexes: [['ProvinceCode', 'EffectiveDate']],
  roles: AR_MASTER_ROLES,
  attachments: false,
  formLayout: { sections: [{ rows: [['ProvinceCode', 'AuthorityId'], ['EffectiveDate', 'RatePercent'], ['AccountId'], ['Description']] }] },
});

export const salesTaxGroup = defineEntity({
  name: 'sales-tax-group',
  namespace: AR,
  table: 'sales_tax_groups',
  key: 'GroupId',
  application: 'NOVUS-AR',
  // §6: also in the A/P, Order Entry, Purchase Order and legacy menus; those modules add their applications.
  fields: {
    GroupId: code(10),
    Description: { type: 'text', required: true, maxLength: 50 },
    Authorities: {
      type: 'set',
      entity: 'sales-tax-authority',
      storage: { kind: 'link', table: 'sales_tax_group_authorities', parentColumn: 'group_id', valueColumn: 'authority_id' },
    },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['GroupId', 'Description', 'IsActive'],
  defaultSort: [{ field: 'GroupId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['GroupId', 'Description'],
  roles: AR_MASTER_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  formLayout: { sections: [{ rows: [['GroupId', 'IsActive'], ['Description'], ['Authorities']] }] },
});
