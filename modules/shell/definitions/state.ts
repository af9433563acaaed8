/** States and provinces of a country (shell route country-state-city). */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const state = defineEntity({
  name: 'state',
  table: 'states',
  key: 'StateKey',
  keyKind: 'auto',
  application: 'SHELL',
  routes: ['/shell/country-state-city'],
  fields: {
    StateKey: { type: 'integer', readOnly: true },
    CountryCode: { type: 'lookup', entity: 'country', uppercase: true, required: true, maxLength: 2, activeOnly: true },
    StateCode: { type: 'text', required: true, maxLength: 3, pattern: '[A-Z0-9]{1,3}', uppercase: true },
    Name: { type: 'text', required: true, maxLength: 60 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: [{ field: 'StateKey', visible: false }, 'CountryCode', 'StateCode', 'Name', 'IsActive'],
  defaultSort: [{ field: 'CountryCode' }, { field: 'Name' }],
  filters: [
    { field: 'CountryCode', op: 'eq' },
    { field: 'IsActive', op: 'eq' },
  ],
  search: ['StateCode', 'Name'],
  uniques: [['CountryCode', 'StateCode']],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Name',
  formLayout: { sections: [{ rows: [['CountryCode', 'StateCode'], ['Name'], ['IsActive']] }] },
});
