/**
 * Coils and sheet lots (`coil`, screen IC-08, route /novus-ic/coil): every §3 "Coil or sheet product" field.
 *
 * - Classification: material type, subtype, alloy, temper, grade, specification (grade and specification
 *   name h15a's masters).
 * - Dimensions: gauge or thickness, width, length, inside and outside diameter, coil weight, lift weight, in
 *   the coil's measurement (imperial: inches and pounds; metric: millimetres and kilograms).
 * - Identity and status: own coil number (the key), manufacturer coil number, heat number, coil status,
 *   mill of origin, storage id, colour, measurement imperial or metric; plus its product (lookup `product`),
 *   warehouse and received date.
 * - Costs: ingot, fabrication, freight and extra prices per pound; cost per pound is their exact sum
 *   (computed on every save); pounds per inch of width (PIW, as the mill quotes it).
 *
 * §5 Coil and receipt (the shared validator, so the form and the server give the same texts):
 * "Gauge or thickness must not be below 0.", "Coil weight must be at least 1." (§9), "Inside and outside
 * diameter must not be below 0.", "Manufacturer coil number and a valid heat number are required.". The
 * heat must exist: §8 "Heat number {0} cannot be found." (the lookup's message, with the number). Rules that
 * read the product (gauge, width and length within the product's minimum and maximum, §5 Product) are the
 * server's (modules/ic/server/coils/).
 *
 * §4 "A coil with certain statuses cannot be updated": the coil status is a state machine. Available and
 * On hold coils may be changed; Allocated (promised to an order), Processed (slit or cut), Shipped and
 * Scrapped coils are read-only, whatever the client sends (409 `state_locked`); only an Available coil may be
 * deleted. Actions: hold, release, allocate, deallocate, scrap (asks first).
 */
import { defineEntity, type FieldOption } from '@erp/shared/entities/define';
import { MATERIAL_TYPES } from '../products/product.ts';
import { COIL_ROLES, COST_4, DIMENSION_4, IC } from './common.ts';

export const COIL_STATUSES = ['Available', 'OnHold', 'Allocated', 'Processed', 'Shipped', 'Scrapped'] as const;
export type CoilStatus = (typeof COIL_STATUSES)[number];
/** §4: the statuses in which a coil may still be updated. */
export const COIL_EDITABLE: readonly CoilStatus[] = ['Available', 'OnHold'];

const options = (group: string, values: readonly string[]): FieldOption[] =>
  values.map((value) => ({ value, labelKey: `ic:coil.options.${group}.${value}` }));

const NOT_NEGATIVE = { min: '0' } as const;
const DIAMETER = { ...DIMENSION_4, ...NOT_NEGATIVE, minKey: 'ic:coil.rules.diameter' };
const REQUIRED_IDENTITY = 'ic:coil.rules.identityRequired';

export const coil = defineEntity({
  name: 'coil',
  namespace: IC,
  table: 'coils',
  key: 'CoilNo',
  application: 'NOVUS-IC',
  fields: {
    // Identity and status
    CoilNo: { type: 'text', required: true, maxLength: 30, pattern: '[A-Z0-9/._-]+', uppercase: true },
    ProductId: { type: 'lookup', entity: 'product', uppercase: true, maxLength: 30, required: true },
    ManufacturerCoilNo: { type: 'text', required: true, requiredKey: REQUIRED_IDENTITY, maxLength: 40 },
    HeatNo: {
      type: 'lookup',
      entity: 'heat-number',
      uppercase: true,
      maxLength: 30,
      required: true,
      requiredKey: REQUIRED_IDENTITY,
      // §8 "Heat number {0} cannot be found." — the lookup check gives the number as {{value}}.
      invalidKey: 'ic:coil.rules.heatNotFound',
    },
    CoilStatus: { type: 'enum', readOnly: true, defaultValue: 'Available', options: options('status', COIL_STATUSES) },
    MillOfOrigin: { type: 'text', maxLength: 60 },
    StorageId: { type: 'text', maxLength: 20 },
    Colour: { type: 'text', maxLength: 30 },
    Measurement: { type: 'enum', required: true, defaultValue: 'Imperial', options: options('measurement', ['Imperial', 'Metric']) },
    WarehouseId: { type: 'lookup', entity: 'warehouse', uppercase: true, maxLength: 10 },
    ReceivedDate: { type: 'date' },
    // Classification
    // The product's material types and their labels (h15a, product.ts).
    MaterialType: { type: 'enum', options: MATERIAL_TYPES.map((value) => ({ value, labelKey: `ic:material.${value}` })) },
    Subtype: { type: 'text', maxLength: 30 },
    Alloy: { type: 'text', maxLength: 20 },
    Temper: { type: 'text', maxLength: 20 },
    GradeId: { type: 'lookup', entity: 'grade', uppercase: true, maxLength: 20 },
    SpecificationId: { type: 'lookup', entity: 'product-specification', uppercase: true, maxLength: 20 },
    // Dimensions
    Gauge: { ...DIMENSION_4, ...NOT_NEGATIVE, minKey: 'ic:coil.rules.gauge' },
    Width: { ...DIMENSION_4, ...NOT_NEGATIVE },
    Length: { ...DIMENSION_4, ...NOT_NEGATIVE },
    InsideDiameter: { ...DIAMETER },
    OutsideDiameter: { ...DIAMETER },
    // §9 "Coil weight: at least 1".
    CoilWeight: { ...DIMENSION_4, required: true, min: '1', minKey: 'ic:coil.rules.coilWeight', requiredKey: 'ic:coil.rules.coilWeight' },
    LiftWeight: { ...DIMENSION_4, ...NOT_NEGATIVE },
    // Costs (per pound)
    IngotPrice: { ...COST_4 },
    FabricationPrice: { ...COST_4 },
    FreightPrice: { ...COST_4 },
    ExtraPrice: { ...COST_4 },
    CostPerPound: { ...COST_4, readOnly: true },
    PoundsPerInchWidth: { ...DIMENSION_4, ...NOT_NEGATIVE },
  },
  listColumns: [
    'CoilNo',
    'ProductId',
    'HeatNo',
    'ManufacturerCoilNo',
    'CoilStatus',
    'Gauge',
    'Width',
    { field: 'CoilWeight', total: 'sum' },
    'WarehouseId',
    'CostPerPound',
    { field: 'MaterialType', visible: false },
    { field: 'ReceivedDate', visible: false },
  ],
  defaultSort: [{ field: 'CoilNo' }],
  filters: [
    { field: 'ProductId', op: 'eq' },
    { field: 'HeatNo', op: 'eq' },
    { field: 'CoilStatus', op: 'in' },
    { field: 'WarehouseId', op: 'eq' },
    { field: 'MaterialType', op: 'in' },
  ],
  search: ['CoilNo', 'ManufacturerCoilNo', 'HeatNo', 'ProductId'],
  indexes: [['ProductId', 'CoilNo']],
  roles: COIL_ROLES,
  computed: { CostPerPound: { op: 'add', args: ['IngotPrice', 'FabricationPrice', 'FreightPrice', 'ExtraPrice'] } },
  states: {
    field: 'CoilStatus',
    initial: 'Available',
    editable: COIL_EDITABLE,
    deletable: ['Available'],
    transitions: [
      { action: 'hold', labelKey: 'ic:coil.actions.hold', from: ['Available'], to: 'OnHold' },
      { action: 'release', labelKey: 'ic:coil.actions.release', from: ['OnHold'], to: 'Available' },
      { action: 'allocate', labelKey: 'ic:coil.actions.allocate', from: ['Available'], to: 'Allocated' },
      { action: 'deallocate', labelKey: 'ic:coil.actions.deallocate', from: ['Allocated'], to: 'Available' },
      { action: 'scrap', labelKey: 'ic:coil.actions.scrap', from: ['Available', 'OnHold'], to: 'Scrapped', irreversible: true, confirmKey: 'ic:coil.confirm.scrap' },
    ],
  },
  formLayout: {
    sections: [
      {
        titleKey: 'ic:coil.sections.identity',
        rows: [
          ['CoilNo', 'ProductId', 'CoilStatus'],
          ['ManufacturerCoilNo', 'HeatNo', 'MillOfOrigin'],
          ['WarehouseId', 'StorageId', 'ReceivedDate'],
          ['Colour', 'Measurement'],
        ],
      },
      {
        titleKey: 'ic:coil.sections.classification',
        rows: [['MaterialType', 'Subtype'], ['Alloy', 'Temper'], ['GradeId', 'SpecificationId']],
      },
      {
        titleKey: 'ic:coil.sections.dimensions',
        rows: [['Gauge', 'Width', 'Length'], ['InsideDiameter', 'OutsideDiameter'], ['CoilWeight', 'LiftWeight']],
      },
      {
        titleKey: 'ic:coil.sections.costs',
        rows: [['IngotPrice', 'FabricationPrice'], ['FreightPrice', 'ExtraPrice'], ['CostPerPound', 'PoundsPerInchWidth']],
      },
    ],
  },
});
