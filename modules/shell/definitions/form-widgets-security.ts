/**
 * Form widgets security (§6): hide or make read-only a named field of a screen (an entity) for a role.
 * The generic routes honour it: hidden fields leave the answers and cannot be written; read-only fields
 * cannot be changed. With several roles the least restrictive wins (a role without a rule for the field
 * sees and writes it).
 */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const WIDGET_ACCESS = ['hidden', 'read-only'] as const;
export type WidgetAccess = (typeof WIDGET_ACCESS)[number];

export const formWidgetsSecurity = defineEntity({
  name: 'form-widgets-security',
  table: 'form_widget_security',
  key: 'WidgetKey',
  keyKind: 'auto',
  application: 'SHELL',
  routes: ['/shell/form-widgets-security'],
  fields: {
    WidgetKey: { type: 'integer', readOnly: true },
    RoleId: { type: 'lookup', entity: 'role', uppercase: true, required: true, maxLength: 32 },
    Entity: { type: 'text', required: true, maxLength: 40, pattern: '[a-z][a-z0-9-]*' },
    FieldName: { type: 'text', required: true, maxLength: 64, pattern: '[A-Z][A-Za-z0-9]*' },
    Access: {
      type: 'enum',
      required: true,
      defaultValue: 'hidden',
      options: [
        { value: 'hidden', labelKey: 'entities:form-widgets-security.options.hidden' },
        { value: 'read-only', labelKey: 'entities:form-widgets-security.options.read-only' },
      ],
    },
  },
  listColumns: [{ field: 'WidgetKey', visible: false }, 'RoleId', 'Entity', 'FieldName', 'Access'],
  defaultSort: [{ field: 'RoleId' }, { field: 'Entity' }, { field: 'FieldName' }],
  filters: [
    { field: 'RoleId', op: 'eq' },
    { field: 'Entity', op: 'eq' },
  ],
  uniques: [['RoleId', 'Entity', 'FieldName']],
  roles: ADMIN_ONLY,
  displayField: 'FieldName',
  attachments: false,
});
