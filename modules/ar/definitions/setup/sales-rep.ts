/**
 * Sales reps (`sales-rep`, SCREENS.md AR-03, route /sales-rep under AR, OE, POLO and /novus; §3 Sales rep,
 * §5 "Sales reps and bank accounts", §9 id / name 20 / 50 characters). firm.SalesRep refers to these.
 * §5: "Sales rep id is required, at most 20 characters." / "Sales rep name is required, at most 50
 * characters." — no maxLength on the two fields on purpose: a 21-character id reaches the server and gets
 * the §5 text (the pattern), not a generic length message; commission percent cannot be negative. VendorId: the
 * rep's payables vendor, paid the commissions of a posted commission run.
 * Table `sales_reps` (schema-sync).
 */
import { EMAIL, PHONE } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { AR, AR_MASTER_ROLES } from './common.ts';

export const SALES_REP_ID_KEY = 'ar:rules.salesRepId';
export const SALES_REP_NAME_KEY = 'ar:rules.salesRepName';

export const salesRep = defineEntity({
  name: 'sales-rep',
  namespace: AR,
  table: 'sales_reps',
  key: 'SalesRepId',
  application: 'NOVUS-AR',
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    // §5 / §9: required, at most 20 characters.
    SalesRepId: { type: 'text', required: true, requiredKey: SALES_REP_ID_KEY, pattern: '[^\\s][^\\n]{0,19}', patternKey: SALES_REP_ID_KEY, uppercase: true },
    // §5 / §9: required, at most 50 characters.
    Name: { type: 'text', required: true, requiredKey: SALES_REP_NAME_KEY, pattern: '[^\\n]{1,50}', patternKey: SALES_REP_NAME_KEY },
    // §5: commission percent cannot be negative.
    CommissionPercent: { type: 'decimal', precision: 5, scale: 2, min: '0', max: '100', minKey: 'ar:rules.commissionNegative', defaultValue: '0.00' },
    // The rep's own payables vendor: a posted commission run (OE-40) vouchers the rep's commission to it.
    VendorId: { type: 'lookup', entity: 'firm', maxLength: 20, uppercase: true, activeOnly: true, where: { FirmTypes: 'vendor' }, invalidKey: 'ar:rules.repVendorInvalid', inactiveKey: 'ar:rules.repVendorInvalid' },
    Email: EMAIL,
    Phone: PHONE,
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['SalesRepId', 'Name', 'CommissionPercent', 'Email', 'Phone', 'IsActive'],
  defaultSort: [{ field: 'SalesRepId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['SalesRepId', 'Name'],
  roles: AR_MASTER_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: false,
  formLayout: { sections: [{ rows: [['SalesRepId', 'IsActive'], ['Name'], ['CommissionPercent', 'VendorId'], ['Email', 'Phone']] }] },
});
