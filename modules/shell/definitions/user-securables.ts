/**
 * User securables (§3 Bill-to securable): an identifier list `BILLTO,SHIPTO,SHIPTO…` per row. The server
 * checks that the first item is an active bill-to firm and the rest active ship-to firms, else
 * 'Bill-to and ship-to id invalid.' (§8).
 */
import { ADMIN_ONLY } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

import { securableIds } from '@erp/shared/securables';

export { securableFirmIds, securableIds } from '@erp/shared/securables';

export const userSecurables = defineEntity({
  name: 'user-securables',
  table: 'user_securables',
  key: 'SecurableKey',
  keyKind: 'auto',
  application: 'SHELL',
  routes: ['/shell/user-securables'],
  fields: {
    SecurableKey: { type: 'integer', readOnly: true },
    UserId: { type: 'lookup', entity: 'user', required: true, maxLength: 64 },
    Identifier: {
      // Edited as a list of bill-to and ship-to ids (widget `securables`).
      widget: 'securables',
      type: 'text',
      required: true,
      maxLength: 1000,
      uppercase: true,
      pattern: '[A-Z0-9_-]+(,[A-Z0-9_-]+)*',
      patternKey: 'entities:user-securables.rules.invalid',
    },
  },
  listColumns: [{ field: 'SecurableKey', visible: false }, 'UserId', 'Identifier'],
  defaultSort: [{ field: 'UserId' }, { field: 'Identifier' }],
  filters: [{ field: 'UserId', op: 'eq' }],
  search: ['UserId', 'Identifier'],
  uniques: [['UserId', 'Identifier']],
  roles: ADMIN_ONLY,
  displayField: 'Identifier',
  rules: [
    (record) => {
      const identifier = record['Identifier'];
      if (typeof identifier !== 'string') return null;
      const ids = securableIds(identifier);
      return new Set(ids).size !== ids.length
        ? { field: 'Identifier', key: 'entities:user-securables.rules.invalid' }
        : null;
    },
  ],
});
