/**
 * Bank accounts (`bank-account`, screen GL-08): every §3 Bank account field — id, name, CPA code,
 * institution transit number, EFT originator id, account number, GL account, default for payroll, EFT status —
 * plus the account name and currency. §5 (and §9 limits): id required ≤ 20, name required ≤ 50, account name
 * ≤ 50, a G/L account required, an EFT status required, with the spec's texts.
 */
import { defineEntity } from '@erp/shared/entities/define';
import { CURRENCY, GL_NAMESPACE, GL_ROLES, glAccountLookup } from './common.ts';

export const EFT_STATUSES = ['Inactive', 'Test', 'Active'] as const;

export const bankAccount = defineEntity({
  name: 'bank-account',
  namespace: GL_NAMESPACE,
  table: 'bank_accounts',
  key: 'BankAccountId',
  application: 'NOVUS-GL',
  fields: {
    BankAccountId: {
      type: 'text',
      required: true,
      maxLength: 20,
      pattern: '[A-Z0-9_-]+',
      uppercase: true,
      requiredKey: 'gl:bank-account.rules.idRequired',
    },
    Name: { type: 'text', required: true, maxLength: 50, requiredKey: 'gl:bank-account.rules.nameRequired' },
    AccountName: { type: 'text', maxLength: 50 },
    // CPA 005 transaction code (3 digits) used by the EFT file.
    CpaCode: { type: 'text', maxLength: 3, pattern: '[0-9]{3}' },
    // Canadian routing: 3-digit institution + 5-digit transit.
    InstitutionTransit: { type: 'text', maxLength: 9, pattern: '[0-9]{3}-?[0-9]{5}' },
    EftOriginatorId: { type: 'text', maxLength: 10, pattern: '[A-Za-z0-9]+' },
    AccountNumber: { type: 'text', maxLength: 20, pattern: '[0-9-]+' },
    CurrencyCode: { ...CURRENCY, required: true, defaultValue: 'CAD' },
    GlAccountId: glAccountLookup({ required: true, requiredKey: 'gl:bank-account.rules.glAccountRequired' }),
    DefaultForPayroll: { type: 'boolean', defaultValue: false },
    EftStatus: {
      type: 'enum',
      required: true,
      requiredKey: 'gl:bank-account.rules.eftStatusRequired',
      options: EFT_STATUSES.map((value) => ({ value, labelKey: `gl:bank-account.options.${value}` })),
    },
  },
  listColumns: ['BankAccountId', 'Name', 'AccountName', 'CurrencyCode', 'GlAccountId', 'EftStatus', 'DefaultForPayroll'],
  defaultSort: [{ field: 'BankAccountId' }],
  filters: [
    { field: 'CurrencyCode', op: 'eq' },
    { field: 'EftStatus', op: 'in' },
  ],
  search: ['BankAccountId', 'Name', 'AccountName'],
  roles: GL_ROLES,
  formLayout: {
    sections: [
      { rows: [['BankAccountId', 'Name'], ['AccountName', 'CurrencyCode'], ['GlAccountId', 'EftStatus'], ['DefaultForPayroll']] },
      {
        titleKey: 'gl:bank-account.sections.banking',
        rows: [['InstitutionTransit', 'AccountNumber'], ['CpaCode', 'EftOriginatorId']],
      },
    ],
  },
});
