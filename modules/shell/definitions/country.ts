/** Countries (shell route country-state-city, with state and city). */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const country = defineEntity({
  name: 'country',
  table: 'countries',
  key: 'CountryCode',
  application: 'SHELL',
  routes: ['/shell/country-state-city'],
  fields: {
    CountryCode: { type: 'text', maxLength: 2, pattern: '[A-Z]{2}', uppercase: true },
    Name: { type: 'text', required: true, maxLength: 60 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['CountryCode', 'Name', 'IsActive'],
  defaultSort: [{ field: 'Name' }],
  filters: [
    { field: 'IsActive', op: 'eq' },
    { field: 'Name', op: 'contains' },
  ],
  search: ['CountryCode', 'Name'],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Name',
});
