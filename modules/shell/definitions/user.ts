/**
 * Users (§3 sign-in user profile, §6): staff and portal users. The password is never answered; a new
 * user gets an initial password through InitialPassword (write-only; given on an update it resets the
 * password). Roles and assigned customers are stored in link tables. Changes apply at once: sign-in and
 * every API call read the users row.
 */
import { ADMIN_ONLY, EMAIL, LOCALE_OPTIONS } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const user = defineEntity({
  name: 'user',
  table: 'users',
  key: 'UserId',
  application: 'SHELL',
  routes: ['/shell/user'],
  fields: {
    UserId: { type: 'text', maxLength: 64, pattern: '[A-Za-z0-9._@-]+' },
    DisplayName: { type: 'text', required: true, maxLength: 100 },
    Email: EMAIL,
    Domain: { type: 'text', maxLength: 100, pattern: '[A-Za-z0-9.-]+', defaultValue: '' },
    LandingPage: { type: 'text', maxLength: 200, pattern: '/[^\\s]*' },
    ShowMenus: { type: 'boolean', defaultValue: true },
    Language: { type: 'enum', options: LOCALE_OPTIONS, defaultValue: 'en-CA' },
    IsActive: { type: 'boolean', defaultValue: true },
    DefaultShipToId: { type: 'lookup', entity: 'firm', uppercase: true, maxLength: 20, activeOnly: true, customer: false },
    EnvironmentLabel: { type: 'text', maxLength: 60 },
    Environment: { type: 'text', maxLength: 60 },
    RestrictedToAssignedCustomers: { type: 'boolean', defaultValue: false, column: 'restricted_to_customers' },
    Roles: {
      type: 'set',
      entity: 'role',
      storage: { kind: 'link', table: 'user_roles', parentColumn: 'user_id', valueColumn: 'role_id' },
    },
    AssignedCustomers: {
      type: 'set',
      entity: 'firm',
      storage: { kind: 'link', table: 'user_customers', parentColumn: 'user_id', valueColumn: 'firm_id' },
    },
    InitialPassword: { type: 'text', format: 'password', writeOnly: true, virtual: true, maxLength: 1024, audit: 'mask' },
  },
  listColumns: [
    'UserId',
    'DisplayName',
    'Email',
    'Domain',
    { field: 'LandingPage', visible: false },
    { field: 'Language', visible: false },
    { field: 'DefaultShipToId', visible: false },
    { field: 'RestrictedToAssignedCustomers', visible: false },
    'IsActive',
  ],
  defaultSort: [{ field: 'UserId' }],
  filters: [
    { field: 'IsActive', op: 'eq' },
    { field: 'Domain', op: 'eq' },
    { field: 'LandingPage', op: 'eq' },
  ],
  search: ['UserId', 'DisplayName', 'Email'],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'DisplayName',
  formLayout: {
    sections: [
      { rows: [['UserId', 'DisplayName'], ['Email', 'Domain'], ['IsActive', 'InitialPassword']] },
      {
        titleKey: 'entities:sections.shell',
        rows: [['LandingPage', 'ShowMenus'], ['Language', 'DefaultShipToId'], ['EnvironmentLabel', 'Environment']],
      },
      { titleKey: 'entities:sections.security', rows: [['Roles'], ['RestrictedToAssignedCustomers'], ['AssignedCustomers']] },
    ],
  },
});
