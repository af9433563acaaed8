/**
 * Menu access (§6): which roles open which applications and menus. A row without MenuId opens the whole
 * application; rows with a MenuId limit the role to those menus (and the groups above them). A role
 * with AllApplications opens everything. GET api/shell/applications, api/shell/menus and
 * api/shell/routes follow these rows at once.
 */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const menuAccess = defineEntity({
  name: 'menu-access',
  table: 'menu_access',
  key: 'AccessKey',
  keyKind: 'auto',
  application: 'SHELL',
  routes: ['/shell/menu-access'],
  fields: {
    AccessKey: { type: 'integer', readOnly: true },
    RoleId: { type: 'lookup', entity: 'role', uppercase: true, required: true, maxLength: 32 },
    Application: { type: 'lookup', entity: 'application', uppercase: true, required: true, maxLength: 32 },
    MenuId: { type: 'text', maxLength: 32, pattern: '[A-Za-z0-9_-]+' },
  },
  listColumns: [{ field: 'AccessKey', visible: false }, 'RoleId', 'Application', 'MenuId'],
  defaultSort: [{ field: 'RoleId' }, { field: 'Application' }, { field: 'MenuId' }],
  filters: [
    { field: 'RoleId', op: 'eq' },
    { field: 'Application', op: 'eq' },
  ],
  uniques: [['RoleId', 'Application', 'MenuId']],
  roles: ADMIN_ONLY,
  displayField: 'Application',
  attachments: false,
});
