/** Cities (shell route country-state-city). The state must belong to the country (server rule). */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const city = defineEntity({
  name: 'city',
  table: 'cities',
  key: 'CityKey',
  keyKind: 'auto',
  application: 'SHELL',
  routes: ['/shell/country-state-city'],
  fields: {
    CityKey: { type: 'integer', readOnly: true },
    CountryCode: { type: 'lookup', entity: 'country', uppercase: true, required: true, maxLength: 2, activeOnly: true },
    StateKey: { type: 'lookup', entity: 'state', valueType: 'integer', required: true, activeOnly: true },
    Name: { type: 'text', required: true, maxLength: 80 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: [{ field: 'CityKey', visible: false }, 'CountryCode', 'StateKey', 'Name', 'IsActive'],
  defaultSort: [{ field: 'Name' }],
  filters: [
    { field: 'CountryCode', op: 'eq' },
    { field: 'StateKey', op: 'eq' },
    { field: 'IsActive', op: 'eq' },
  ],
  search: ['Name'],
  uniques: [['StateKey', 'Name']],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Name',
  formLayout: { sections: [{ rows: [['CountryCode', 'StateKey'], ['Name'], ['IsActive']] }] },
});
