/**
 * A vendor's bank account for EFT payments (`ap-vendor-bank`, issue 24 item 2; DOMAIN-NOTES §7.1 "store vendor
 * bank details as institution (3), transit (5) and account (≤ 12)"). Table `ap_vendor_banks`. A vendor paid by
 * an EFT run needs one (modules/ap/documents/payment/server/eft.ts). Shown in the cheque printing screen (AP-03).
 */
import { defineEntity } from '@erp/shared/entities/define';
import { AP } from './common.ts';

const NAME = 'ap-vendor-bank';
const key = (part: string) => `${AP}:${NAME}.${part}`;

export const apVendorBank = defineEntity({
  name: NAME,
  namespace: AP,
  table: 'ap_vendor_banks',
  key: 'VendorId',
  application: 'NOVUS-AP',
  fields: {
    // A vendor firm (checked by the server: modules/ap/server/index.ts); the key must be a plain text field.
    VendorId: { type: 'text', required: true, maxLength: 20, uppercase: true, pattern: '[A-Z0-9_-]+' },
    Institution: { type: 'text', required: true, minLength: 3, maxLength: 3, pattern: '[0-9]{3}', patternKey: key('rules.institution') },
    Transit: { type: 'text', required: true, minLength: 5, maxLength: 5, pattern: '[0-9]{5}', patternKey: key('rules.transit') },
    AccountNo: { type: 'text', required: true, maxLength: 12, pattern: '[0-9]{1,12}', patternKey: key('rules.account'), audit: 'mask' },
  },
  listColumns: ['VendorId', 'Institution', 'Transit', 'AccountNo'],
  defaultSort: [{ field: 'VendorId' }],
  filters: [],
  search: ['VendorId'],
  roles: { read: ['ADMIN'], write: ['ADMIN'] },
  attachments: false,
  formLayout: { sections: [{ rows: [['VendorId'], ['Institution', 'Transit', 'AccountNo']] }] },
});
