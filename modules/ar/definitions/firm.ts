/**
 * What Receivables adds to the shell's firm (issue 41, `ModuleDefinition.extends`): the customer's account terms,
 * credit limit and sales rep (lookups to its own `account-terms` and `sales-rep`, issue 14), the commission
 * percent and the Is Sales Manager flag of §3, and the card on file. Placed where the firm screen has always
 * shown them: the Accounting and Credit card sections before Options, the flag beside For External Users; the
 * list's Sales rep and Credit limit (totalled) before Active. An unknown terms or rep code is refused by the
 * generic lookup check of the save. Strings: `ar:firm.*` (modules/ar/locales/<lng>/ar.json).
 */
import { MONEY } from '@erp/shared/entities/common';
import type { EntityExtension } from '@erp/shared/entities/define';

/** The firm form's Accounting section: Order Entry and Payables place their fields on its rows. */
const FIRM_ACCOUNTING_SECTION = 'ar:firm.sections.accounting';

/** The shell's Options section of the firm form (modules/shell/definitions/firm.ts). */
const OPTIONS = 'entities:sections.flags';

export const firmExtensions: readonly EntityExtension[] = [
  {
    entity: 'firm',
    fields: {
      // Issue 14: an unknown code is a field error; the demo terms COD / NET15 / NET30 / NET60 and reps SR01… are
      // seeded, so values of older databases still resolve.
      AccountTerms: { type: 'lookup', entity: 'account-terms', maxLength: 20, uppercase: true },
      CreditLimit: { ...MONEY, min: '0', max: '999999999' },
      SalesRep: { type: 'lookup', entity: 'sales-rep', maxLength: 20, uppercase: true },
      CommissionPercent: { type: 'decimal', min: '0', max: '100', precision: 5, scale: 2, minKey: 'ar:rules.commissionNegative' },
      IsSalesManager: { type: 'boolean', defaultValue: false },
      CardHolderName: { type: 'text', maxLength: 100 },
      CardType: {
        type: 'enum',
        options: [
          { value: 'VISA', labelKey: 'ar:firm.options.VISA' },
          { value: 'MC', labelKey: 'ar:firm.options.MC' },
          { value: 'AMEX', labelKey: 'ar:firm.options.AMEX' },
        ],
      },
      // Only the last four digits: a full card number is never stored (PCI DSS).
      CardLast4: { type: 'text', maxLength: 4, pattern: '[0-9]{4}' },
      CardExpiry: { type: 'text', maxLength: 5, pattern: '(0[1-9]|1[0-2])/[0-9]{2}' },
    },
    listColumns: [
      { field: 'SalesRep', before: 'IsActive' },
      { field: 'CreditLimit', total: 'sum' },
      { field: 'AccountTerms', visible: false, after: 'Email' },
      { field: 'CommissionPercent', visible: false },
      { field: 'IsSalesManager', visible: false, after: 'ForExternalUsers' },
    ],
    filters: [
      { field: 'SalesRep', op: 'eq', before: 'BillToId' },
      { field: 'CreditLimit', op: 'range', after: 'City' },
    ],
    // A sales rep's firms by name: the list screens' usual filter.
    indexes: [['SalesRep', 'Name']],
    formRows: { section: FIRM_ACCOUNTING_SECTION, before: OPTIONS, rows: [['AccountTerms', 'CreditLimit'], ['SalesRep'], ['CommissionPercent']] },
    formFields: [{ field: 'IsSalesManager', after: 'ForExternalUsers' }],
    messages: { 'ar:rules.commissionNegative': 'Commission percent cannot be negative.' },
  },
  {
    entity: 'firm',
    formRows: { section: 'ar:firm.sections.creditCard', before: OPTIONS, rows: [['CardHolderName', 'CardType'], ['CardLast4', 'CardExpiry']] },
  },
];
