/**
 * Firm maintenance (§3 Firm; §5 Firm and general; §6 assigned customers), the first business entity.
 * Mounted at every firm-maintenance route of §2 (the route Props' firmType, vendor or customer, picks the
 * list filter). Bill-to and ship-to accounts are firms; FirmTypes says which accounts a firm has, and
 * unchecking a type deletes that account on save — the API asks for ConfirmDeleteAccounts first.
 *
 * Checked here (shape): Firm ID not blank, at least one firm type, AP firm id and commission percent not
 * negative, Bill To Id and Jobber Firm ID not the firm itself. Checked by the server
 * (modules/shell/server/firm/rules.ts): Bill To Id and Jobber Firm ID exist, Bill To Id is an active
 * bill-to firm; a ship-to's bill-to must be active; AccountTerms and SalesRep name existing account terms and
 * sales reps (lookups to the AR module's `account-terms` and `sales-rep`, issue 14).
 */
import { EMAIL, LOCALE_OPTIONS, MONEY, PHONE, POSTAL_ADDRESS, code } from '@erp/shared/entities/common';
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';

/** The firm types (§3): each is an account of the firm. */
export const FIRM_TYPES = ['bill-to', 'ship-to', 'vendor'] as const;
export type FirmType = (typeof FIRM_TYPES)[number];

/** Every firm-maintenance route of §2 (plus Trades' /firm). */
export const FIRM_ROUTES = [
  '/novus-ap/firm-maintenance',
  '/novus-ar/firm-maintenance',
  '/novus-oe/firm-maintenance',
  '/novus-po/firm-maintenance',
  '/novus-pt/firm-maintenance',
  '/novus-wd/firm-maintenance',
  '/novus-te/firm',
  '/novus/firm-maintenance',
] as const;

function notSelf(field: 'BillToId' | 'JobberFirmId', key: string) {
  return (record: Readonly<Record<string, unknown>>): RuleIssue | null =>
    record[field] !== null && record[field] !== undefined && record[field] === record['FirmId'] ? { field, key } : null;
}

export const firm = defineEntity({
  name: 'firm',
  table: 'firms',
  key: 'FirmId',
  // Issue 42 item 1: found by the command palette's global search.
  globalSearch: { words: ['City'] },
  application: 'NOVUS-OE',
  routes: FIRM_ROUTES,
  fields: {
    FirmId: code(20, { requiredKey: 'entities:firm.rules.firmIdBlank' }),
    Name: { type: 'text', required: true, maxLength: 100 },
    FirmTypes: {
      type: 'set',
      options: [
        { value: 'bill-to', labelKey: 'entities:firm.options.bill-to' },
        { value: 'ship-to', labelKey: 'entities:firm.options.ship-to' },
        { value: 'vendor', labelKey: 'entities:firm.options.vendor' },
      ],
      minItems: 1,
      minItemsKey: 'entities:firm.rules.firmTypeRequired',
      storage: { kind: 'flags', columns: { 'bill-to': 'is_bill_to', 'ship-to': 'is_ship_to', vendor: 'is_vendor' } },
      // §5: unchecking a saved type deletes that account on save (modules/shell/server/firm/rules.ts asks too).
      removalConfirm: {
        headingKey: 'entities:firm.screen.deleteAccountsHeading',
        messageKey: 'entities:firm.rules.confirmDeleteAccounts',
        param: 'accounts',
        messageKeyUnlisted: 'entities:confirm.deleteAccounts',
        confirmKey: 'entities:firm.screen.deleteAccountsConfirm',
        flag: 'ConfirmDeleteAccounts',
        resultCode: 'confirm_delete_accounts',
        resultList: 'Accounts',
      },
    },
    IsActive: { type: 'boolean', defaultValue: true },
    // Issue 40 item 4: the language of what is e-mailed to the firm (its template and PDF); blank: the company's.
    Language: { type: 'enum', options: LOCALE_OPTIONS },
    BillToId: {
      type: 'lookup',
      entity: 'firm',
      maxLength: 20,
      activeOnly: true,
      invalidKey: 'entities:firm.rules.billToInvalid',
      inactiveKey: 'entities:firm.rules.mustBeActive',
    },
    JobberFirmId: { type: 'lookup', entity: 'firm', uppercase: true, maxLength: 20, invalidKey: 'entities:firm.rules.jobberInvalid' },
    ApFirmId: { type: 'integer', min: 0, minKey: 'entities:firm.rules.apFirmIdNegative' },
    CommissionPercent: { type: 'decimal', min: '0', max: '100', precision: 5, scale: 2, minKey: 'entities:firm.rules.commissionNegative' },
    // Issue 14: the AR masters (modules/ar/definitions/setup). An unknown code is a field error; the demo
    // terms COD / NET15 / NET30 / NET60 and reps SR01… are seeded, so values of older databases still resolve.
    AccountTerms: { type: 'lookup', entity: 'account-terms', maxLength: 20, uppercase: true },
    CreditLimit: { ...MONEY, min: '0', max: '999999999' },
    // Issue 25: the order desk's discount tables (modules/oe); an unknown one is a field error.
    DiscountTable: { type: 'lookup', entity: 'discount-table', maxLength: 20, uppercase: true },
    SalesRep: { type: 'lookup', entity: 'sales-rep', maxLength: 20, uppercase: true },
    ...POSTAL_ADDRESS,
    Email: EMAIL,
    ForExternalUsers: { type: 'boolean', defaultValue: false },
    IsSalesManager: { type: 'boolean', defaultValue: false },
    CardHolderName: { type: 'text', maxLength: 100 },
    CardType: {
      type: 'enum',
      options: [
        { value: 'VISA', labelKey: 'entities:firm.options.VISA' },
        { value: 'MC', labelKey: 'entities:firm.options.MC' },
        { value: 'AMEX', labelKey: 'entities:firm.options.AMEX' },
      ],
    },
    // Only the last four digits: a full card number is never stored (PCI DSS).
    CardLast4: { type: 'text', maxLength: 4, pattern: '[0-9]{4}' },
    CardExpiry: { type: 'text', maxLength: 5, pattern: '(0[1-9]|1[0-2])/[0-9]{2}' },
    Notes: { type: 'text', format: 'multiline', maxLength: 4000 },
    Contacts: {
      type: 'children',
      table: 'firm_contacts',
      parentColumn: 'firm_id',
      key: 'ContactKey',
      maxItems: 100,
      fields: {
        ContactKey: { type: 'integer', readOnly: true },
        Name: { type: 'text', required: true, maxLength: 100 },
        Title: { type: 'text', maxLength: 60 },
        Phone: PHONE,
        Email: EMAIL,
        IsPrimary: { type: 'boolean', defaultValue: false },
      },
    },
  },
  listColumns: [
    { field: 'FirmId', width: 110 },
    { field: 'Name', width: 280 },
    'City',
    { field: 'ProvinceCode', width: 70 },
    'Phone',
    'BillToId',
    'SalesRep',
    { field: 'CreditLimit', total: 'sum' },
    'IsActive',
    { field: 'Email', visible: false },
    { field: 'AccountTerms', visible: false },
    { field: 'CommissionPercent', visible: false },
    { field: 'JobberFirmId', visible: false },
    { field: 'PostalCode', visible: false },
    { field: 'ForExternalUsers', visible: false },
    { field: 'IsSalesManager', visible: false },
  ],
  defaultSort: [{ field: 'FirmId' }],
  filters: [
    { field: 'FirmTypes', op: 'eq' },
    { field: 'IsActive', op: 'eq' },
    { field: 'ProvinceCode', op: 'eq' },
    { field: 'SalesRep', op: 'eq' },
    { field: 'BillToId', op: 'eq' },
    { field: 'Name', op: 'contains' },
    { field: 'City', op: 'startsWith' },
    { field: 'CreditLimit', op: 'range' },
  ],
  search: ['FirmId', 'Name', 'City'],
  // A sales rep's or a province's firms by name: the list screens' usual filters.
  indexes: [
    ['SalesRep', 'Name'],
    ['ProvinceCode', 'Name'],
  ],
  actions: [{ id: 'lookup', labelKey: 'entities:firm.actions.lookup', scope: 'list', hotkey: 'F4' }],
  roles: { read: ['ADMIN', 'CLERK', 'STEEL'], write: ['ADMIN', 'CLERK'] },
  activeField: 'IsActive',
  displayField: 'Name',
  // Fields referring to firms search by id or name (GET /api/firm/lookup).
  lookupWidget: 'firm-lookup',
  // §2: the vendor (AP) and customer (AR …) firm-maintenance routes list, create and title their own firms.
  routeViews: {
    firmType: {
      vendor: { filters: { 'filter.FirmTypes': 'vendor' }, defaults: { FirmTypes: ['vendor'] }, titleKey: 'entities:firm.screen.vendorTitle' },
      customer: { filters: { 'filter.FirmTypes': 'bill-to' }, defaults: { FirmTypes: ['bill-to'] }, titleKey: 'entities:firm.screen.customerTitle' },
    },
  },
  // §6: a firm of a customer the user is not assigned to.
  resultKeys: { not_assigned: 'entities:firm.rules.notAssigned' },
  formLayout: {
    sections: [
      { rows: [['FirmId', 'Name'], ['FirmTypes', 'IsActive'], ['BillToId', 'JobberFirmId']] },
      {
        titleKey: 'entities:sections.address',
        rows: [['Address'], ['City', 'ProvinceCode', 'PostalCode'], ['Phone', 'Email'], ['Language']],
      },
      {
        titleKey: 'entities:sections.accounting',
        rows: [['AccountTerms', 'CreditLimit'], ['DiscountTable', 'SalesRep'], ['ApFirmId', 'CommissionPercent']],
      },
      { titleKey: 'entities:sections.creditCard', rows: [['CardHolderName', 'CardType'], ['CardLast4', 'CardExpiry']] },
      { titleKey: 'entities:sections.flags', rows: [['ForExternalUsers', 'IsSalesManager']] },
      { titleKey: 'entities:sections.notes', rows: [['Notes']] },
      { titleKey: 'entities:sections.contacts', rows: [['Contacts']] },
    ],
  },
  rules: [notSelf('BillToId', 'entities:firm.rules.billToInvalid'), notSelf('JobberFirmId', 'entities:firm.rules.jobberInvalid')],
});
