/**
 * GL chart of accounts (`gl-account`, screen GL-01; routes `/gl-chart` under GL, AP, AR and legacy NOVUS).
 * Table `gl_accounts` (the ledger's accounts, read by the posting service modules/gl/server/ledger/posting.ts): the
 * natural account (§5: 1 to 8 digits), its type, currency, postable or heading, control-account flag, active.
 */
import { defineEntity } from '@erp/shared/entities/define';
import { CURRENCY, GL_NAMESPACE, GL_ROLES, NATURAL_ACCOUNT } from './common.ts';

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const glAccount = defineEntity({
  name: 'gl-account',
  namespace: GL_NAMESPACE,
  table: 'gl_accounts',
  key: 'AccountId',
  application: 'NOVUS-GL',
  fields: {
    AccountId: NATURAL_ACCOUNT,
    Description: { type: 'text', required: true, maxLength: 100 },
    AccountType: {
      type: 'enum',
      required: true,
      options: ACCOUNT_TYPES.map((value) => ({ value, labelKey: `gl:gl-account.options.${value}` })),
    },
    CurrencyCode: { ...CURRENCY, required: true, defaultValue: 'CAD' },
    // A heading groups accounts on reports; only postable accounts take entries.
    IsPostable: { type: 'boolean', defaultValue: true },
    // A control account (receivables, payables) is posted by its sub-ledger only, never by a GL entry.
    IsControl: { type: 'boolean', defaultValue: false },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['AccountId', 'Description', 'AccountType', 'CurrencyCode', 'IsPostable', 'IsControl', 'IsActive'],
  defaultSort: [{ field: 'AccountId' }],
  filters: [
    { field: 'AccountType', op: 'in' },
    { field: 'CurrencyCode', op: 'eq' },
    { field: 'IsPostable', op: 'eq' },
    { field: 'IsActive', op: 'eq' },
  ],
  search: ['AccountId', 'Description'],
  roles: GL_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  rules: [
    // A heading takes no entries, so it cannot be the control account of a sub-ledger.
    (record) =>
      record['IsControl'] === true && record['IsPostable'] === false
        ? { field: 'IsControl', key: 'gl:gl-account.rules.controlPostable' }
        : null,
  ],
  formLayout: {
    sections: [
      { rows: [['AccountId', 'Description'], ['AccountType', 'CurrencyCode'], ['IsPostable', 'IsControl', 'IsActive']] },
    ],
  },
});
