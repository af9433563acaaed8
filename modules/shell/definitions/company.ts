/**
 * Companies (§3 Company): the default company's Name, Logo (base64) and LogoFileType are read by §7 GET
 * api/Company/GetDefaultCompany. The logo is read-only here: it is set by the upload endpoint
 * (POST api/data/company/:id/logo), which detects the file type from its content.
 */
import { ADMIN_ONLY, EMAIL, LOCALE_OPTIONS, POSTAL_ADDRESS, code } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const company = defineEntity({
  name: 'company',
  table: 'companies',
  key: 'CompanyId',
  application: 'SHELL',
  routes: ['/shell/company'],
  fields: {
    CompanyId: code(10),
    Name: { type: 'text', required: true, maxLength: 100 },
    ...POSTAL_ADDRESS,
    Email: EMAIL,
    // Issue 40 item 4: the language of e-mailed documents for a firm without one.
    Language: { type: 'enum', options: LOCALE_OPTIONS },
    IsDefault: { type: 'boolean', defaultValue: false },
    // The form shows a preview with an upload (widget `company-logo`), which also covers the file type.
    Logo: { type: 'text', format: 'base64', readOnly: true, maxLength: 40_000_000, audit: 'mask', widget: 'company-logo' },
    LogoFileType: { type: 'text', readOnly: true, maxLength: 40, widget: 'none' },
  },
  listColumns: ['CompanyId', 'Name', 'City', 'ProvinceCode', 'Phone', 'IsDefault'],
  defaultSort: [{ field: 'CompanyId' }],
  search: ['CompanyId', 'Name'],
  roles: ADMIN_ONLY,
  displayField: 'Name',
  formLayout: {
    sections: [
      { rows: [['CompanyId', 'Name'], ['IsDefault']] },
      { titleKey: 'entities:sections.address', rows: [['Address'], ['City', 'ProvinceCode', 'PostalCode'], ['Phone', 'Email'], ['Language']] },
      { titleKey: 'entities:sections.logo', rows: [['Logo', 'LogoFileType']] },
    ],
  },
});
