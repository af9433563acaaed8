/**
 * Waste Disposal masters (issue 27 item 1; SCREENS.md WD-01 … WD-04, DOMAIN-NOTES §8.4):
 * - `wd-service` (WD-01, `/service`): what the desk sells — name (§5 required), unit, price basis, its price
 *   (or a product whose price tables price it through the order desk's pricing service), revenue account;
 * - `wd-control` (WD-02, `/control-record`): the one row of settings (key `WD`, the server refuses another):
 *   default revenue account and terms, the crews and their daily capacity, the working days the scheduler
 *   may use, the renewal horizon of certificates;
 * - `waste-class` (WD-03, `/waste-class`): hazard class, handling notes, whether a job needs a valid certificate;
 * - `wd-certificate` (§8.4): certificates held by customers, sites, vehicles …, with their validity — read by
 *   the completion rule and the renewal report (no menu route of its own in the catalog);
 * - `quotation-template` (WD-04, `/quotation-template`): the lines a quote starts from.
 */
import { defineEntity } from '@erp/shared/entities/define';
import { glAccountLookup } from '@erp/modules/gl/definitions/index';
import {
  CERTIFICATE_STATUSES,
  CERTIFICATE_TYPES,
  HAZARD_CLASSES,
  HOLDER_TYPES,
  options,
  PRICE_BASES,
  requiredName,
  SERVICE_UNITS,
  WD,
  WD_APP,
  WD_PRICE,
  WD_QUANTITY,
  WD_ROLES,
  wdCode,
  WEEKDAYS,
} from './common.ts';

export const wdService = defineEntity({
  name: 'wd-service',
  namespace: WD,
  table: 'wd_services',
  key: 'ServiceId',
  application: WD_APP,
  fields: {
    ServiceId: wdCode(10, { required: true }),
    Name: requiredName(),
    Unit: { type: 'enum', required: true, defaultValue: 'Each', options: options(SERVICE_UNITS, 'units') },
    PriceBasis: { type: 'enum', required: true, defaultValue: 'PerUnit', options: options(PRICE_BASES, 'priceBases') },
    UnitPrice: { ...WD_PRICE, defaultValue: '0.0000' },
    // Priced by the customer's price tables (order desk pricing) when set; else UnitPrice.
    ProductId: { type: 'lookup', entity: 'product', uppercase: true, maxLength: 30, activeOnly: true },
    RevenueAccount: glAccountLookup(),
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['ServiceId', { field: 'Name', width: 260 }, 'Unit', 'PriceBasis', 'UnitPrice', 'ProductId', 'RevenueAccount', 'IsActive'],
  defaultSort: [{ field: 'ServiceId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['ServiceId', 'Name'],
  roles: WD_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: false,
  formLayout: { sections: [{ rows: [['ServiceId', 'Name'], ['Unit', 'PriceBasis', 'UnitPrice'], ['ProductId', 'RevenueAccount'], ['IsActive']] }] },
});

/** The one control row's key. */
export const WD_CONTROL_ID = 'WD';

export const wdControl = defineEntity({
  name: 'wd-control',
  namespace: WD,
  table: 'wd_control',
  key: 'ControlId',
  application: WD_APP,
  fields: {
    ControlId: { type: 'text', maxLength: 2, pattern: WD_CONTROL_ID, uppercase: true, defaultValue: WD_CONTROL_ID },
    RevenueAccount: glAccountLookup({ required: true }),
    TermsCode: { type: 'lookup', entity: 'account-terms', uppercase: true, maxLength: 20 },
    // The crews the scheduler balances jobs over: codes separated by commas.
    Crews: { type: 'text', required: true, maxLength: 400, uppercase: true, pattern: '[A-Z0-9_.-]+(, *[A-Z0-9_.-]+)*', patternKey: 'wd:wd-control.rules.crews' },
    JobsPerCrewPerDay: { type: 'integer', required: true, min: 1, max: 100, defaultValue: 6 },
    ...(Object.fromEntries(WEEKDAYS.map((day) => [day, { type: 'boolean', defaultValue: day !== 'Saturday' && day !== 'Sunday' }])) as Record<
      (typeof WEEKDAYS)[number],
      { type: 'boolean'; defaultValue: boolean }
    >),
    RenewalHorizonDays: { type: 'integer', required: true, min: 1, max: 3650, defaultValue: 60 },
  },
  listColumns: ['ControlId', 'RevenueAccount', 'Crews', 'JobsPerCrewPerDay', 'Monday', 'Friday', 'Saturday', 'Sunday'],
  defaultSort: [{ field: 'ControlId' }],
  roles: WD_ROLES,
  attachments: false,
  formLayout: {
    sections: [
      { rows: [['ControlId', 'RevenueAccount', 'TermsCode'], ['Crews', 'JobsPerCrewPerDay'], ['RenewalHorizonDays']] },
      { titleKey: 'wd:wd-control.sections.workingDays', rows: [['Monday', 'Tuesday', 'Wednesday', 'Thursday'], ['Friday', 'Saturday', 'Sunday']] },
    ],
  },
});

export const wasteClass = defineEntity({
  name: 'waste-class',
  namespace: WD,
  table: 'waste_classes',
  key: 'ClassId',
  application: WD_APP,
  fields: {
    ClassId: wdCode(10, { required: true }),
    Name: requiredName(),
    HazardClass: { type: 'enum', required: true, defaultValue: 'None', options: options(HAZARD_CLASSES, 'hazardClasses') },
    HandlingNotes: { type: 'text', maxLength: 1000, format: 'multiline' },
    CertificateRequired: { type: 'boolean', defaultValue: false },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['ClassId', { field: 'Name', width: 260 }, 'HazardClass', 'CertificateRequired', 'IsActive'],
  defaultSort: [{ field: 'ClassId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['ClassId', 'Name'],
  roles: WD_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: false,
  formLayout: { sections: [{ rows: [['ClassId', 'Name'], ['HazardClass', 'CertificateRequired', 'IsActive'], ['HandlingNotes']] }] },
});

export const wdCertificate = defineEntity({
  name: 'wd-certificate',
  namespace: WD,
  table: 'wd_certificates',
  key: 'CertificateId',
  keyKind: 'auto',
  application: WD_APP,
  fields: {
    CertificateId: { type: 'integer' },
    CertificateType: { type: 'enum', required: true, defaultValue: 'GeneratorRegistration', options: options(CERTIFICATE_TYPES, 'certificateTypes') },
    HolderType: { type: 'enum', required: true, defaultValue: 'customer', options: options(HOLDER_TYPES, 'holderTypes') },
    HolderId: { type: 'text', required: true, maxLength: 20, uppercase: true },
    // The class of waste it covers; none: every class.
    WasteClassId: { type: 'lookup', entity: 'waste-class', uppercase: true, maxLength: 10 },
    Number: { type: 'text', required: true, maxLength: 40 },
    Issuer: { type: 'text', maxLength: 100 },
    IssuedOn: { type: 'date', required: true },
    ExpiresOn: { type: 'date', required: true },
    RenewalLeadDays: { type: 'integer', min: 0, max: 3650, defaultValue: 30 },
    Status: { type: 'enum', required: true, defaultValue: 'Active', options: options(CERTIFICATE_STATUSES, 'certificateStatuses') },
  },
  listColumns: ['CertificateId', 'CertificateType', 'HolderType', 'HolderId', 'WasteClassId', 'Number', 'IssuedOn', 'ExpiresOn', 'Status'],
  defaultSort: [{ field: 'ExpiresOn' }],
  filters: [
    { field: 'Status', op: 'eq' },
    { field: 'HolderId', op: 'eq' },
    { field: 'ExpiresOn', op: 'range' },
  ],
  search: ['HolderId', 'Number', 'Issuer'],
  indexes: [['HolderId', 'ExpiresOn'], ['Status', 'ExpiresOn']],
  roles: WD_ROLES,
  displayField: 'Number',
  attachments: true,
  formLayout: { sections: [{ rows: [['CertificateType', 'Status'], ['HolderType', 'HolderId', 'WasteClassId'], ['Number', 'Issuer'], ['IssuedOn', 'ExpiresOn', 'RenewalLeadDays']] }] },
  rules: [
    (record) =>
      typeof record['IssuedOn'] === 'string' && typeof record['ExpiresOn'] === 'string' && record['ExpiresOn'] !== '' && record['ExpiresOn'] < record['IssuedOn']
        ? [{ field: 'ExpiresOn', key: 'wd:wd-certificate.rules.expiresBeforeIssued' }]
        : [],
  ],
});

export const quotationTemplate = defineEntity({
  name: 'quotation-template',
  namespace: WD,
  table: 'wd_quotation_templates',
  key: 'TemplateId',
  application: WD_APP,
  fields: {
    TemplateId: wdCode(10, { required: true }),
    Name: requiredName(),
    Notes: { type: 'text', maxLength: 1000, format: 'multiline' },
    IsActive: { type: 'boolean', defaultValue: true },
    Lines: {
      type: 'children',
      lines: true,
      labelKey: 'wd:quotation-template.fields.Lines.label',
      table: 'wd_quotation_template_lines',
      parentColumn: 'template_id',
      key: 'LineId',
      maxItems: 100,
      fields: {
        LineId: { type: 'integer', labelKey: 'wd:quotation-template.fields.Lines.fields.LineId' },
        ServiceId: { type: 'lookup', entity: 'wd-service', uppercase: true, required: true, maxLength: 10, activeOnly: true, labelKey: 'wd:quotation-template.fields.Lines.fields.ServiceId' },
        WasteClassId: { type: 'lookup', entity: 'waste-class', uppercase: true, maxLength: 10, activeOnly: true, labelKey: 'wd:quotation-template.fields.Lines.fields.WasteClassId' },
        Quantity: { ...WD_QUANTITY, required: true, min: '0.0001', minKey: 'wd:rules.quantityPositive', labelKey: 'wd:quotation-template.fields.Lines.fields.Quantity' },
        Description: { type: 'text', maxLength: 100, labelKey: 'wd:quotation-template.fields.Lines.fields.Description' },
      },
    },
  },
  listColumns: ['TemplateId', { field: 'Name', width: 280 }, 'IsActive'],
  defaultSort: [{ field: 'TemplateId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['TemplateId', 'Name'],
  roles: WD_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: false,
  formLayout: { sections: [{ rows: [['TemplateId', 'Name', 'IsActive'], ['Notes']] }] },
});
