/**
 * A vendor's payables defaults (`ap-vendor-default`, issue 24 items 1 and 2; table `ap_vendor_defaults`), shown
 * beside the vendor bank details in the cheque printing screen (AP-03). What a vendor invoice (AP-01) takes when
 * its own value is left blank (modules/ap/server/invoices.ts):
 * - Currency: the vendor bills in it (blank: the home currency); the document's bank must be of it (§8 "Not
 *   allowed to change bank due to different currency.").
 * - TermsCode (blank: the vendor firm's account terms), ShipToState, BankAccountId (paid from; in Currency).
 * - AccountId: the G/L account of a distribution line without one; TaxGroup: the taxes of a line without one.
 * Every field but the vendor is optional. The vendor must be a vendor firm (server).
 */
import { defineEntity } from '@erp/shared/entities/define';
import { CURRENCY, glAccountLookup } from '@erp/modules/gl/definitions/index';
import { AP } from './common.ts';

const NAME = 'ap-vendor-default';
const key = (part: string) => `${AP}:${NAME}.${part}`;

export const apVendorDefault = defineEntity({
  name: NAME,
  namespace: AP,
  table: 'ap_vendor_defaults',
  key: 'VendorId',
  application: 'NOVUS-AP',
  fields: {
    // A vendor firm (checked by the server: modules/ap/server/index.ts); the key must be a plain text field.
    VendorId: { type: 'text', required: true, maxLength: 20, uppercase: true, pattern: '[A-Z0-9_-]+' },
    Currency: { ...CURRENCY, helpKey: key('help.Currency') },
    TermsCode: { type: 'lookup', entity: 'account-terms', maxLength: 20, uppercase: true },
    ShipToState: { type: 'text', maxLength: 2, minLength: 2, pattern: '[A-Z]{2}', uppercase: true },
    BankAccountId: { type: 'lookup', entity: 'bank-account', maxLength: 20, uppercase: true },
    AccountId: glAccountLookup(),
    TaxGroup: { type: 'lookup', entity: 'sales-tax-group', maxLength: 10, uppercase: true },
  },
  listColumns: ['VendorId', 'Currency', 'TermsCode', 'BankAccountId', 'AccountId', 'TaxGroup', 'ShipToState'],
  defaultSort: [{ field: 'VendorId' }],
  filters: [],
  search: ['VendorId'],
  roles: { read: ['ADMIN'], write: ['ADMIN'] },
  attachments: false,
  formLayout: { sections: [{ rows: [['VendorId', 'Currency'], ['TermsCode', 'BankAccountId'], ['AccountId', 'TaxGroup', 'ShipToState']] }] },
});
