/** Branches of a company. */
import { ADMIN_ONLY, POSTAL_ADDRESS, code } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const branch = defineEntity({
  name: 'branch',
  table: 'branches',
  key: 'BranchId',
  application: 'SHELL',
  routes: ['/shell/branch'],
  fields: {
    BranchId: code(10),
    Name: { type: 'text', required: true, maxLength: 60 },
    CompanyId: { type: 'lookup', entity: 'company', uppercase: true, required: true, maxLength: 10 },
    ...POSTAL_ADDRESS,
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['BranchId', 'Name', 'CompanyId', 'City', 'ProvinceCode', { field: 'Phone', visible: false }, 'IsActive'],
  defaultSort: [{ field: 'BranchId' }],
  filters: [
    { field: 'CompanyId', op: 'eq' },
    { field: 'ProvinceCode', op: 'eq' },
    { field: 'IsActive', op: 'eq' },
  ],
  search: ['BranchId', 'Name', 'City'],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Name',
  formLayout: {
    sections: [
      { rows: [['BranchId', 'Name'], ['CompanyId', 'IsActive']] },
      { titleKey: 'entities:sections.address', rows: [['Address'], ['City', 'ProvinceCode', 'PostalCode'], ['Phone']] },
    ],
  },
});
