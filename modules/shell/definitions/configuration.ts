/**
 * Configuration entries (§3): ControlValue looked up by ControlId. The portal homepage text
 * (MOBILE_HOMEPAGE_TEXT, HTML) is edited here and read through §7 GET
 * api/Configuration/GetConfigurationByControlId.
 */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

/** Control id of the portal homepage text (§7). */
export const MOBILE_HOMEPAGE_TEXT = 'MOBILE_HOMEPAGE_TEXT';

export const configuration = defineEntity({
  name: 'configuration',
  table: 'configurations',
  key: 'ControlId',
  application: 'SHELL',
  routes: ['/shell/configuration'],
  fields: {
    ControlId: { type: 'text', maxLength: 50, pattern: '[A-Z0-9_.-]+', uppercase: true },
    ControlValue: { type: 'text', format: 'html', maxLength: 100_000 },
    Description: { type: 'text', maxLength: 200 },
  },
  listColumns: ['ControlId', 'Description', { field: 'ControlValue', visible: false, sortable: false }],
  defaultSort: [{ field: 'ControlId' }],
  search: ['ControlId', 'Description'],
  roles: ADMIN_ONLY,
  displayField: 'ControlId',
  formLayout: { sections: [{ rows: [['ControlId'], ['Description'], ['ControlValue']] }] },
});
