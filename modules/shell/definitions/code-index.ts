/**
 * Code index: small lookup lists (ship-via codes, reason codes …), one row per code of a code type. The
 * optional Application names the application whose code tables it belongs to: the business applications'
 * "User codes" screens (GL-09, `/user-codes` under every application) are this list filtered on the tab's
 * application (`@erp/accounting#UserCodes`); a code without one is shared by all.
 */
import { ADMIN_ONLY, code } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const codeIndex = defineEntity({
  name: 'code-index',
  table: 'code_indexes',
  key: 'CodeKey',
  keyKind: 'auto',
  application: 'SHELL',
  routes: ['/shell/code-index'],
  fields: {
    CodeKey: { type: 'integer', readOnly: true },
    Application: { type: 'lookup', entity: 'application', uppercase: true, maxLength: 32 },
    CodeType: code(20, { required: true }),
    Code: code(20, { required: true }),
    Description: { type: 'text', required: true, maxLength: 100 },
    Sequence: { type: 'integer', min: 0, max: 99999, defaultValue: 0 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: [{ field: 'CodeKey', visible: false }, 'CodeType', 'Code', 'Description', 'Sequence', 'IsActive', 'Application'],
  defaultSort: [{ field: 'CodeType' }, { field: 'Sequence' }, { field: 'Code' }],
  filters: [
    { field: 'CodeType', op: 'eq' },
    { field: 'IsActive', op: 'eq' },
    { field: 'Application', op: 'eq' },
  ],
  search: ['Code', 'Description'],
  uniques: [['CodeType', 'Code']],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Description',
  formLayout: { sections: [{ rows: [['Application'], ['CodeType', 'Code'], ['Description'], ['Sequence', 'IsActive']] }] },
});
