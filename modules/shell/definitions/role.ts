/** Roles (§6): what a user may open comes from the roles (menu-access) and what they may see of a screen (form-widgets-security). */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const role = defineEntity({
  name: 'role',
  table: 'roles',
  key: 'RoleId',
  application: 'SHELL',
  routes: ['/shell/role'],
  fields: {
    RoleId: { type: 'text', maxLength: 32, pattern: '[A-Z0-9_-]+', uppercase: true },
    Name: { type: 'text', required: true, maxLength: 60 },
    AllApplications: { type: 'boolean', defaultValue: false },
  },
  listColumns: ['RoleId', 'Name', 'AllApplications'],
  defaultSort: [{ field: 'RoleId' }],
  search: ['RoleId', 'Name'],
  roles: ADMIN_ONLY,
  displayField: 'Name',
});
