/** §3 Application (route /shell/application): the rows of the Applications menu. */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const application = defineEntity({
  name: 'application',
  table: 'applications',
  key: 'Application',
  application: 'SHELL',
  routes: ['/shell/application'],
  fields: {
    Application: { type: 'text', maxLength: 32, pattern: '[A-Z0-9_-]+', uppercase: true },
    Description: { type: 'text', required: true, maxLength: 100 },
    RouterPath: { type: 'text', required: true, maxLength: 100, pattern: '/[A-Za-z0-9/_-]*' },
    Sequence: { type: 'integer', min: 0, max: 99999, defaultValue: 0 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['Application', 'Description', 'RouterPath', 'Sequence', 'IsActive'],
  defaultSort: [{ field: 'Sequence' }, { field: 'Application' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['Application', 'Description'],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Description',
});
