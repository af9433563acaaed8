/**
 * GL integration (`gl-integration`, screen GL-03): the default account of each sub-ledger and transaction
 * type (AR invoice → receivables control, AP invoice → payables control, …). Every later module's postings
 * read their accounts here (`defaultAccount()` in modules/gl/server/integration.ts). The account must be
 * postable and active (§8 "An account entered is not valid.").
 */
import { defineEntity } from '@erp/shared/entities/define';
import { GL_NAMESPACE, GL_ROLES, glAccountLookup } from './common.ts';
import { GL_INTEGRATION_OPTIONS } from './ledger-sources.ts';

export const glIntegration = defineEntity({
  name: 'gl-integration',
  namespace: GL_NAMESPACE,
  table: 'gl_integration',
  key: 'IntegrationKey',
  keyKind: 'auto',
  application: 'NOVUS-GL',
  fields: {
    IntegrationKey: { type: 'integer', readOnly: true },
    SubLedger: {
      type: 'enum',
      required: true,
      // The G/L's own; every module with integration accounts adds its sub-ledger (./ledger-sources.ts).
      options: GL_INTEGRATION_OPTIONS,
    },
    TransactionType: { type: 'text', required: true, maxLength: 30, pattern: '[A-Z0-9_-]+', uppercase: true },
    Description: { type: 'text', maxLength: 100 },
    AccountId: glAccountLookup({ required: true }),
  },
  listColumns: [{ field: 'IntegrationKey', visible: false }, 'SubLedger', 'TransactionType', 'Description', 'AccountId'],
  defaultSort: [{ field: 'SubLedger' }, { field: 'TransactionType' }],
  filters: [
    { field: 'SubLedger', op: 'in' },
    { field: 'AccountId', op: 'eq' },
  ],
  search: ['TransactionType', 'Description'],
  uniques: [['SubLedger', 'TransactionType']],
  roles: GL_ROLES,
  attachments: false,
  formLayout: { sections: [{ rows: [['SubLedger', 'TransactionType'], ['Description'], ['AccountId']] }] },
});
