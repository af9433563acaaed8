/**
 * Trades masters (issue 28 item 1; SCREENS.md TE-01 … TE-11, DOMAIN-NOTES §8.3 "builders / sites / lots /
 * models / options"):
 * - `job-site` (TE-01): a builder's site (the builder is a bill-to firm, §8 "Builder, site or lot not found."
 *   otherwise), its address and holdback percentage (10%: the Construction Act's basic holdback); its
 *   attachments are the site attachment list;
 * - `site-building` (TE-09) and `building-schedule` (TE-10): the buildings of a site and their phases by floor;
 * - `te-option` (TE-05): the extras a buyer may add, with a list price; `site-option` (TE-06): a site's own
 *   price of an option; `lot-option` (TE-07): the options a lot's buyer chose (priced by the server: the site's
 *   price, else the option's);
 * - `te-model` (TE-02): a builder's house model with its options (lines) and a labour budget placeholder
 *   (hours; the labour budget screens are 9b); `model-contract-price` (TE-08): a model's contract price on a site;
 * - `te-lot` (TE-04, and TE-03 lots and models): a lot of a site (building and floor for highrise lots), its
 *   model, stage and two owners; its contract price is the server's: the model's price on the site + its options;
 * - `inspector` (TE-11): the municipal inspectors requests are scheduled with.
 */
import { defineEntity } from '@erp/shared/entities/define';
import {
  builderLookup,
  DEFAULT_HOLDBACK,
  LOT_STAGES,
  options,
  requiredName,
  siteLookup,
  TE,
  TE_APP,
  TE_MONEY,
  TE_PERCENT,
  TE_PRICE,
  TE_ROLES,
  teCode,
  lotLookup,
} from './common.ts';

const phone = { type: 'text', maxLength: 30 } as const;

export const jobSite = defineEntity({
  name: 'job-site',
  namespace: TE,
  table: 'te_job_sites',
  key: 'SiteId',
  application: TE_APP,
  fields: {
    SiteId: teCode(10, { required: true }),
    Name: requiredName(),
    BuilderId: builderLookup({ required: true, requiredKey: 'te:rules.notFound' }),
    Address: { type: 'text', maxLength: 100 },
    City: { type: 'text', maxLength: 50 },
    ProvinceCode: { type: 'text', maxLength: 2, uppercase: true, defaultValue: 'ON' },
    HoldbackPercent: { ...TE_PERCENT, required: true, defaultValue: DEFAULT_HOLDBACK },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['SiteId', { field: 'Name', width: 240 }, 'BuilderId', 'City', 'ProvinceCode', 'HoldbackPercent', 'IsActive'],
  defaultSort: [{ field: 'SiteId' }],
  filters: [{ field: 'BuilderId', op: 'eq' }, { field: 'IsActive', op: 'eq' }],
  search: ['SiteId', 'Name', 'City'],
  roles: TE_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: true,
  formLayout: { sections: [{ rows: [['SiteId', 'Name', 'BuilderId'], ['Address', 'City', 'ProvinceCode'], ['HoldbackPercent', 'IsActive']] }] },
});

export const siteBuilding = defineEntity({
  name: 'site-building',
  namespace: TE,
  table: 'te_site_buildings',
  key: 'BuildingId',
  application: TE_APP,
  fields: {
    BuildingId: teCode(10, { required: true }),
    SiteId: siteLookup({ required: true, requiredKey: 'te:rules.notFound' }),
    Name: requiredName(),
    Floors: { type: 'integer', required: true, min: 1, max: 200, defaultValue: 1 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['BuildingId', 'SiteId', { field: 'Name', width: 240 }, 'Floors', 'IsActive'],
  defaultSort: [{ field: 'BuildingId' }],
  filters: [{ field: 'SiteId', op: 'eq' }],
  search: ['BuildingId', 'Name'],
  roles: TE_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: false,
  formLayout: { sections: [{ rows: [['BuildingId', 'SiteId'], ['Name', 'Floors', 'IsActive']] }] },
});

export const buildingSchedule = defineEntity({
  name: 'building-schedule',
  namespace: TE,
  table: 'te_building_schedules',
  key: 'ScheduleId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    ScheduleId: { type: 'integer' },
    // §6: the schedule is its building's site's builder's (issue 68 item 2).
    BuildingId: { type: 'lookup', entity: 'site-building', required: true, maxLength: 10, uppercase: true, invalidKey: 'te:rules.notFound', customer: true },
    Floor: { type: 'integer', required: true, min: 0, max: 200, defaultValue: 1 },
    Phase: { type: 'text', required: true, maxLength: 40 },
    StartDate: { type: 'date', required: true },
    EndDate: { type: 'date', required: true },
    Notes: { type: 'text', maxLength: 400 },
  },
  listColumns: ['BuildingId', 'Floor', { field: 'Phase', width: 200 }, 'StartDate', 'EndDate'],
  defaultSort: [{ field: 'BuildingId' }, { field: 'Floor' }, { field: 'StartDate' }],
  filters: [{ field: 'BuildingId', op: 'eq' }, { field: 'StartDate', op: 'range' }],
  search: ['Phase'],
  roles: TE_ROLES,
  displayField: 'Phase',
  attachments: false,
  formLayout: { sections: [{ rows: [['BuildingId', 'Floor', 'Phase'], ['StartDate', 'EndDate'], ['Notes']] }] },
  rules: [
    (record) =>
      typeof record['StartDate'] === 'string' && typeof record['EndDate'] === 'string' && record['EndDate'] < record['StartDate']
        ? [{ field: 'EndDate', key: 'te:rules.endBeforeStart' }]
        : [],
  ],
});

export const teOption = defineEntity({
  name: 'te-option',
  namespace: TE,
  table: 'te_options',
  key: 'OptionId',
  application: TE_APP,
  fields: {
    OptionId: teCode(12, { required: true }),
    Description: requiredName(80),
    Price: { ...TE_PRICE, required: true, defaultValue: '0.00' },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['OptionId', { field: 'Description', width: 280 }, 'Price', 'IsActive'],
  defaultSort: [{ field: 'OptionId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['OptionId', 'Description'],
  roles: TE_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  formLayout: { sections: [{ rows: [['OptionId', 'Description'], ['Price', 'IsActive']] }] },
});

export const siteOption = defineEntity({
  name: 'site-option',
  namespace: TE,
  table: 'te_site_options',
  key: 'SiteOptionId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    SiteOptionId: { type: 'integer' },
    SiteId: siteLookup({ required: true, requiredKey: 'te:rules.notFound' }),
    OptionId: { type: 'lookup', entity: 'te-option', required: true, maxLength: 12, uppercase: true, activeOnly: true },
    Price: { ...TE_PRICE, required: true },
  },
  listColumns: ['SiteId', 'OptionId', 'Price'],
  defaultSort: [{ field: 'SiteId' }, { field: 'OptionId' }],
  filters: [{ field: 'SiteId', op: 'eq' }, { field: 'OptionId', op: 'eq' }],
  uniques: [['SiteId', 'OptionId']],
  roles: TE_ROLES,
  displayField: 'OptionId',
  attachments: false,
  formLayout: { sections: [{ rows: [['SiteId', 'OptionId', 'Price']] }] },
});

export const teModel = defineEntity({
  name: 'te-model',
  namespace: TE,
  table: 'te_models',
  key: 'ModelId',
  application: TE_APP,
  fields: {
    ModelId: teCode(12, { required: true }),
    Description: requiredName(80),
    BuilderId: builderLookup(),
    BasePrice: { ...TE_PRICE, required: true, defaultValue: '0.00' },
    SquareFeet: { type: 'integer', min: 0, max: 100000 },
    // A total for the model's sheet; the labour budget by work code is Payroll's model labour budget (TE-13).
    LabourBudgetHours: { type: 'decimal', precision: 10, scale: 2, min: '0' },
    IsActive: { type: 'boolean', defaultValue: true },
    Options: {
      type: 'children',
      lines: true,
      labelKey: 'te:te-model.fields.Options.label',
      table: 'te_model_options',
      parentColumn: 'model_id',
      key: 'LineId',
      maxItems: 200,
      fields: {
        LineId: { type: 'integer', labelKey: 'te:te-model.fields.Options.fields.LineId' },
        OptionId: { type: 'lookup', entity: 'te-option', required: true, maxLength: 12, uppercase: true, activeOnly: true, labelKey: 'te:te-model.fields.Options.fields.OptionId' },
        Price: { ...TE_PRICE, labelKey: 'te:te-model.fields.Options.fields.Price' },
        IsStandard: { type: 'boolean', defaultValue: false, labelKey: 'te:te-model.fields.Options.fields.IsStandard' },
      },
    },
  },
  listColumns: ['ModelId', { field: 'Description', width: 260 }, 'BuilderId', 'BasePrice', 'SquareFeet', 'IsActive'],
  defaultSort: [{ field: 'ModelId' }],
  filters: [{ field: 'BuilderId', op: 'eq' }, { field: 'IsActive', op: 'eq' }],
  search: ['ModelId', 'Description'],
  roles: TE_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  formLayout: { sections: [{ rows: [['ModelId', 'Description', 'BuilderId'], ['BasePrice', 'SquareFeet', 'LabourBudgetHours'], ['IsActive']] }] },
});

export const modelContractPrice = defineEntity({
  name: 'model-contract-price',
  namespace: TE,
  table: 'te_model_prices',
  key: 'PriceId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    PriceId: { type: 'integer' },
    ModelId: { type: 'lookup', entity: 'te-model', required: true, maxLength: 12, uppercase: true },
    SiteId: siteLookup({ required: true, requiredKey: 'te:rules.notFound' }),
    ContractPrice: { ...TE_PRICE, required: true },
    EffectiveDate: { type: 'date' },
  },
  listColumns: ['ModelId', 'SiteId', 'ContractPrice', 'EffectiveDate'],
  defaultSort: [{ field: 'ModelId' }, { field: 'SiteId' }],
  filters: [{ field: 'ModelId', op: 'eq' }, { field: 'SiteId', op: 'eq' }],
  uniques: [['ModelId', 'SiteId']],
  roles: TE_ROLES,
  displayField: 'ModelId',
  attachments: false,
  formLayout: { sections: [{ rows: [['ModelId', 'SiteId'], ['ContractPrice', 'EffectiveDate']] }] },
});

export const teLot = defineEntity({
  name: 'te-lot',
  namespace: TE,
  table: 'te_lots',
  key: 'LotId',
  application: TE_APP,
  fields: {
    LotId: teCode(20, { required: true }),
    SiteId: siteLookup({ required: true, requiredKey: 'te:rules.notFound' }),
    BuildingId: { type: 'lookup', entity: 'site-building', maxLength: 10, uppercase: true, invalidKey: 'te:rules.notFound' },
    Floor: { type: 'integer', min: 0, max: 200 },
    ModelId: { type: 'lookup', entity: 'te-model', maxLength: 12, uppercase: true, activeOnly: true },
    Stage: { type: 'enum', required: true, defaultValue: 'Planned', options: options(LOT_STAGES, 'stages') },
    Address: { type: 'text', maxLength: 100 },
    Owner1Name: { type: 'text', maxLength: 80 },
    Owner1Phone: phone,
    Owner1Email: { type: 'text', maxLength: 100 },
    Owner2Name: { type: 'text', maxLength: 80 },
    Owner2Phone: phone,
    Owner2Email: { type: 'text', maxLength: 100 },
    ClosingDate: { type: 'date' },
    ModelPrice: { ...TE_MONEY, readOnly: true },
    OptionsTotal: { ...TE_MONEY, readOnly: true },
    ContractPrice: { ...TE_MONEY, readOnly: true },
    BilledAmount: { ...TE_MONEY, readOnly: true },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: [
    'LotId',
    'SiteId',
    'BuildingId',
    'Floor',
    'ModelId',
    'Stage',
    { field: 'Owner1Name', width: 180 },
    { field: 'Owner2Name', width: 180, visible: false },
    { field: 'ContractPrice', total: 'sum', width: 140 },
    { field: 'BilledAmount', visible: false },
    { field: 'ClosingDate', visible: false },
  ],
  defaultSort: [{ field: 'LotId' }],
  filters: [
    { field: 'SiteId', op: 'eq' },
    { field: 'ModelId', op: 'eq' },
    { field: 'Stage', op: 'in' },
    { field: 'LotId', op: 'startsWith' },
  ],
  search: ['LotId', 'Owner1Name', 'Owner2Name', 'Address'],
  indexes: [['SiteId', 'LotId'], ['ModelId', 'SiteId'], ['Stage', 'LotId']],
  roles: TE_ROLES,
  activeField: 'IsActive',
  displayField: 'LotId',
  attachments: true,
  // TE-03 lots and models: the same lots under their own title.
  routeViews: { view: { models: { titleKey: 'te:te-lot.lotsModelsTitle' } } },
  formLayout: {
    sections: [
      { rows: [['LotId', 'SiteId', 'Stage'], ['BuildingId', 'Floor', 'Address'], ['ModelId', 'ClosingDate', 'IsActive']] },
      { titleKey: 'te:te-lot.sections.owners', rows: [['Owner1Name', 'Owner1Phone', 'Owner1Email'], ['Owner2Name', 'Owner2Phone', 'Owner2Email']] },
      { titleKey: 'te:te-lot.sections.prices', rows: [['ModelPrice', 'OptionsTotal', 'ContractPrice', 'BilledAmount']] },
    ],
  },
});

export const lotOption = defineEntity({
  name: 'lot-option',
  namespace: TE,
  table: 'te_lot_options',
  key: 'LotOptionId',
  keyKind: 'auto',
  application: TE_APP,
  fields: {
    LotOptionId: { type: 'integer' },
    LotId: lotLookup({ required: true, requiredKey: 'te:rules.notFound' }),
    OptionId: { type: 'lookup', entity: 'te-option', required: true, maxLength: 12, uppercase: true, activeOnly: true },
    Quantity: { type: 'integer', required: true, min: 1, max: 999, defaultValue: 1 },
    // Blank: the site's price of the option, else its list price (the server's).
    Price: { ...TE_PRICE },
    Amount: { ...TE_MONEY, readOnly: true },
    BillingNo: { type: 'text', maxLength: 20, readOnly: true },
  },
  listColumns: ['LotId', 'OptionId', 'Quantity', 'Price', { field: 'Amount', total: 'sum' }, 'BillingNo'],
  defaultSort: [{ field: 'LotId' }, { field: 'OptionId' }],
  filters: [{ field: 'LotId', op: 'eq' }, { field: 'OptionId', op: 'eq' }],
  uniques: [['LotId', 'OptionId']],
  roles: TE_ROLES,
  displayField: 'OptionId',
  attachments: false,
  formLayout: { sections: [{ rows: [['LotId', 'OptionId'], ['Quantity', 'Price', 'Amount'], ['BillingNo']] }] },
});

export const inspector = defineEntity({
  name: 'inspector',
  namespace: TE,
  table: 'te_inspectors',
  key: 'InspectorId',
  application: TE_APP,
  fields: {
    InspectorId: teCode(10, { required: true }),
    Name: requiredName(),
    Municipality: { type: 'text', maxLength: 60 },
    Phone: phone,
    Email: { type: 'text', maxLength: 100 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['InspectorId', { field: 'Name', width: 220 }, 'Municipality', 'Phone', 'IsActive'],
  defaultSort: [{ field: 'InspectorId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['InspectorId', 'Name', 'Municipality'],
  roles: TE_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: false,
  formLayout: { sections: [{ rows: [['InspectorId', 'Name'], ['Municipality', 'Phone', 'Email'], ['IsActive']] }] },
});
