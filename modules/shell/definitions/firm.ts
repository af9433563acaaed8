/**
 * Firm maintenance (§3 Firm; §5 Firm and general; §6 assigned customers), the first business entity.
 * Mounted at every firm-maintenance route of §2 (the route Props' firmType, vendor or customer, picks the
 * list filter). Bill-to and ship-to accounts are firms; FirmTypes says which accounts a firm has, and
 * unchecking a type deletes that account on save — the API asks for ConfirmDeleteAccounts first.
 *
 * The shell's own part: what every firm is (id, name, types, bill-to, jobber, address, contacts, notes). The
 * business modules add theirs through `ModuleDefinition.extends` (issue 41 "the root cause is extension"), each
 * in its `definitions/extensions.ts`: Receivables its terms, credit, sales rep and card on file
 * (modules/ar/definitions/firm.ts), Order Entry its discount table (modules/oe/definitions/firm.ts), Payables
 * its AP firm id (modules/ap/definitions/firm.ts). They are placed on the form and in the list where they have
 * always been (before the Options section, beside the named fields and columns); nothing here names them, nor
 * the routes of their menus that mount this screen (each module adds its own).
 *
 * Checked here (shape): Firm ID not blank, at least one firm type, Bill To Id and Jobber Firm ID not the firm
 * itself. Checked by the server (modules/shell/server/firm/rules.ts): Bill To Id and Jobber Firm ID exist,
 * Bill To Id is an active bill-to firm; a ship-to's bill-to must be active.
 */
import { EMAIL, LOCALE_OPTIONS, PHONE, POSTAL_ADDRESS, code } from '@erp/shared/entities/common';
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';

/** The firm types (§3): each is an account of the firm. */
export const FIRM_TYPES = ['bill-to', 'ship-to', 'vendor'] as const;
export type FirmType = (typeof FIRM_TYPES)[number];

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
  // Every firm-maintenance route of §2 (plus Trades' /firm) is on a business module's menu: each adds its own
  // (`routes` in its definitions/extensions.ts, issue 73 item 4), so the shell names none — nor its home
  // application, which Order Entry gives (EntityExtension.application: §6 NOVUS-OE's roles open it).
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
      // A ship-to's bill-to: the firm's own §6 rule (it and its ship-tos) is its hooks' (server/firm/rules.ts).
      customer: false,
    },
    JobberFirmId: { type: 'lookup', entity: 'firm', uppercase: true, maxLength: 20, invalidKey: 'entities:firm.rules.jobberInvalid', customer: false },
    ...POSTAL_ADDRESS,
    Email: EMAIL,
    ForExternalUsers: { type: 'boolean', defaultValue: false },
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
    'IsActive',
    { field: 'Email', visible: false },
    { field: 'JobberFirmId', visible: false },
    { field: 'PostalCode', visible: false },
    { field: 'ForExternalUsers', visible: false },
  ],
  defaultSort: [{ field: 'FirmId' }],
  filters: [
    { field: 'FirmTypes', op: 'eq' },
    { field: 'IsActive', op: 'eq' },
    { field: 'ProvinceCode', op: 'eq' },
    { field: 'BillToId', op: 'eq' },
    { field: 'Name', op: 'contains' },
    { field: 'City', op: 'startsWith' },
  ],
  search: ['FirmId', 'Name', 'City'],
  // A province's firms by name: the list screens' usual filter (Receivables adds a sales rep's).
  indexes: [['ProvinceCode', 'Name']],
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
  // §6: firms are the customers a user may be restricted to (issue 68 item 2: a lookup to them flagged `customer`).
  customers: true,
  formLayout: {
    sections: [
      { rows: [['FirmId', 'Name'], ['FirmTypes', 'IsActive'], ['BillToId', 'JobberFirmId']] },
      {
        titleKey: 'entities:sections.address',
        rows: [['Address'], ['City', 'ProvinceCode', 'PostalCode'], ['Phone', 'Email'], ['Language']],
      },
      // Options: the business modules' own sections go before it, their flags into its row.
      { titleKey: 'entities:sections.flags', rows: [['ForExternalUsers']] },
      { titleKey: 'entities:sections.notes', rows: [['Notes']] },
      { titleKey: 'entities:sections.contacts', rows: [['Contacts']] },
    ],
  },
  rules: [notSelf('BillToId', 'entities:firm.rules.billToInvalid'), notSelf('JobberFirmId', 'entities:firm.rules.jobberInvalid')],
});
