/**
 * Product maintenance (`product`, SCREENS.md IC-07; routes `/product-maintenance` under IC, OE and PO) —
 * owned by h15a. Table `products`, natural key ProductId. Every §3 Product field:
 * - identity: ProductId, Description, ClassId (product-class), Category (product-group), TypeId
 *   (product-type), ProductGradeId (product-grade), Barcode, KitType ('None' | 'Kit' | 'Assembly'),
 *   Manufacturer, IsService, TrackInventory, TrackLot, Manufactured, SpecialOrder, FreightClass,
 *   UnitOfMeasure, IsActive;
 * - packaging: PackWeight, PackWidth, PackHeight, Cube, PalletQuantity, Stackable, LoadSequence;
 * - four bin locations (Location1 … Location4), MinLevel and MaxLevel;
 * - read-only, from the stock ledger's `stock_balances` (never stored on the product, CONTRACT-15):
 *   QuantityOnHand, AverageCost, LastCost, LastSaleDate, LastReceiptDate, LastCountDate (virtual fields the
 *   server's read hook fills; modules/ic/server/products/);
 * - notes: SalesNotes, PurchasingNotes, ShippingNotes, WarehouseNotes;
 * - selling: BlockSales, ApplyDiscount, TaxNumber1, TaxNumber2, CommissionPercent, CurrencyFluctuation,
 *   VendorSku;
 * - profile (a section's shape: ProfileShape, ProfileHeight, ProfileWidth, ProfileThickness — all or none,
 *   §5 "Incomplete profile fields block saving the profile.");
 * - coil data: MaterialType, Subtype, Alloy, Temper, GradeId (grade), SpecificationId
 *   (product-specification), nominal Gauge, Width, Length with GaugeMin/GaugeMax, WidthMin/WidthMax,
 *   LengthMin/LengthMax (§5 "Entered gauge, width and length must be within the product's minimum and
 *   maximum."), WeightPerUnit (theoretical weight per unit of measure, kg);
 * - Components: the bill of materials (table `product_components`, parent column `product_id`): LineId,
 *   ComponentId (product), Factor, Quantity (§5 "A BoM component cannot equal the product."; a component
 *   once per BoM, §8 "Product already added.").
 * Rules that read the database (kit → non-kit with BoM data, barcode confirmation) are server hooks.
 * Attachments are allowed (§5: PDF, BMP, GIF, JPG, PNG; a file is required — the attachment routes).
 */
import { QUANTITY, RATE } from '@erp/shared/entities/common';
import { defineEntity, type DecimalField, type RuleIssue } from '@erp/shared/entities/define';
import { cmp, isDecimal } from '@erp/shared/decimal';
import { IC, IC_ROLES, masterCode } from '../masters/common.ts';

const NAME = 'product';

export const KIT_TYPES = ['None', 'Kit', 'Assembly'] as const;
export type KitType = (typeof KIT_TYPES)[number];
export const PROFILE_SHAPES = ['Angle', 'Channel', 'Beam', 'Tube', 'Flat', 'Round', 'Square'] as const;
export const MATERIAL_TYPES = ['Carbon', 'Stainless', 'Aluminum', 'Galvanized', 'Copper', 'Other'] as const;

/** Dimensions of metals (gauge in mm, width and length in mm): NUMERIC(12,4). */
export const DIMENSION: DecimalField = { type: 'decimal', precision: 12, scale: 4, min: '0' };

export const PRODUCT_ID_BLANK_KEY = 'ic:rules.productIdBlank';
export const BOM_SELF_KEY = 'ic:rules.bomSelf';
/** §8 catalogue text, shared with the other product lists (tickets). */
export const PRODUCT_ADDED_KEY = 'errors:business.productAlreadyAdded';
export const KIT_WITH_BOM_KEY = 'ic:rules.kitWithBom';
export const DIMENSION_RANGE_KEY = 'ic:rules.dimensionRange';
export const MIN_OVER_MAX_KEY = 'ic:rules.minOverMax';
export const PROFILE_INCOMPLETE_KEY = 'ic:rules.profileIncomplete';
export const BARCODE_CONFIRM_KEY = 'ic:rules.barcodeExists';
/** Question id of the §5 barcode confirmation (ResultStatus 3; the caller answers with Confirmations). */
export const BARCODE_QUESTION = 'barcode-exists';

/** The three dimensions checked against the product's minimum and maximum. */
export const DIMENSIONS = ['Gauge', 'Width', 'Length'] as const;
export const PROFILE_FIELDS = ['ProfileShape', 'ProfileHeight', 'ProfileWidth', 'ProfileThickness'] as const;

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** §5 shape rules of a product (the same in the form and on the server). */
export function productIssues(record: Readonly<Record<string, unknown>>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  // §5 "A BoM component cannot equal the product."
  const id = typeof record['ProductId'] === 'string' ? record['ProductId'].trim().toUpperCase() : '';
  const components = Array.isArray(record['Components']) ? (record['Components'] as Record<string, unknown>[]) : [];
  const added = new Set<string>();
  components.forEach((line, index) => {
    const component = typeof line['ComponentId'] === 'string' ? line['ComponentId'].trim().toUpperCase() : '';
    if (id !== '' && component === id) issues.push({ field: `Components[${index}].ComponentId`, key: BOM_SELF_KEY });
    // §8 "Product already added." — a component appears once in a BoM.
    else if (component !== '' && added.has(component)) issues.push({ field: `Components[${index}].ComponentId`, key: PRODUCT_ADDED_KEY });
    added.add(component);
  });
  // A BoM belongs to a kit or an assembly (the §5 kit rule's other side).
  if (components.length > 0 && (record['KitType'] ?? 'None') === 'None') issues.push({ field: 'KitType', key: KIT_WITH_BOM_KEY });
  // §5 "Entered gauge, width and length must be within the product's minimum and maximum."
  for (const dimension of DIMENSIONS) {
    const value = record[dimension];
    const min = record[`${dimension}Min`];
    const max = record[`${dimension}Max`];
    if (isDecimal(min) && isDecimal(max) && cmp(min, max) > 0) issues.push({ field: `${dimension}Max`, key: MIN_OVER_MAX_KEY });
    if (!isDecimal(value)) continue;
    if ((isDecimal(min) && cmp(value, min) < 0) || (isDecimal(max) && cmp(value, max) > 0)) {
      issues.push({ field: dimension, key: DIMENSION_RANGE_KEY, params: { min: min ?? '', max: max ?? '' } });
    }
  }
  // §5 "Incomplete profile fields block saving the profile."
  const given = PROFILE_FIELDS.filter((field) => !blank(record[field]));
  if (given.length > 0 && given.length < PROFILE_FIELDS.length) {
    for (const field of PROFILE_FIELDS) if (blank(record[field])) issues.push({ field, key: PROFILE_INCOMPLETE_KEY });
  }
  return issues;
}

const productLookup = { type: 'lookup', entity: 'product', maxLength: 30, uppercase: true } as const;

export const product = defineEntity({
  name: NAME,
  namespace: IC,
  table: 'products',
  key: 'ProductId',
  // Issue 42 item 1: found by the command palette's global search.
  screen: '/novus-ic/product-maintenance',
  globalSearch: { words: ['VendorSku'] },
  application: 'NOVUS-IC',
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    // §5 "Product ID cannot be blank."
    ProductId: masterCode(30, { required: true, requiredKey: PRODUCT_ID_BLANK_KEY }),
    Description: { type: 'text', required: true, maxLength: 100 },
    ClassId: { type: 'lookup', entity: 'product-class', maxLength: 10, uppercase: true, required: true, activeOnly: true },
    Category: { type: 'lookup', entity: 'product-group', maxLength: 10, uppercase: true, activeOnly: true },
    TypeId: { type: 'lookup', entity: 'product-type', maxLength: 10, uppercase: true, activeOnly: true },
    ProductGradeId: { type: 'lookup', entity: 'product-grade', maxLength: 10, uppercase: true, activeOnly: true },
    Barcode: { type: 'text', maxLength: 40, pattern: '[0-9A-Za-z-]+' },
    KitType: {
      type: 'enum',
      required: true,
      defaultValue: 'None',
      options: KIT_TYPES.map((value) => ({ value, labelKey: `ic:${NAME}.kitTypes.${value}` })),
    },
    Manufacturer: { type: 'text', maxLength: 60 },
    IsService: { type: 'boolean', defaultValue: false },
    TrackInventory: { type: 'boolean', defaultValue: true },
    TrackLot: { type: 'boolean', defaultValue: false },
    Manufactured: { type: 'boolean', defaultValue: false },
    SpecialOrder: { type: 'boolean', defaultValue: false },
    FreightClass: { type: 'text', maxLength: 10 },
    UnitOfMeasure: masterCode(6, { required: true, defaultValue: 'EA' }),
    IsActive: { type: 'boolean', defaultValue: true },
    // Packaging.
    PackWeight: { ...QUANTITY, min: '0' },
    PackWidth: { ...DIMENSION },
    PackHeight: { ...DIMENSION },
    Cube: { ...QUANTITY, min: '0' },
    PalletQuantity: { type: 'integer', min: 0 },
    Stackable: { type: 'boolean', defaultValue: false },
    LoadSequence: { type: 'integer', min: 0, max: 999 },
    // Locations and levels.
    Location1: { type: 'text', maxLength: 20 },
    Location2: { type: 'text', maxLength: 20 },
    Location3: { type: 'text', maxLength: 20 },
    Location4: { type: 'text', maxLength: 20 },
    MinLevel: { ...QUANTITY, min: '0' },
    MaxLevel: { ...QUANTITY, min: '0' },
    // From the stock ledger (stock_balances, all warehouses), read-only.
    QuantityOnHand: { ...QUANTITY, readOnly: true, virtual: true },
    AverageCost: { ...QUANTITY, readOnly: true, virtual: true },
    LastCost: { ...QUANTITY, readOnly: true, virtual: true },
    LastSaleDate: { type: 'date', readOnly: true, virtual: true },
    LastReceiptDate: { type: 'date', readOnly: true, virtual: true },
    LastCountDate: { type: 'date', readOnly: true, virtual: true },
    // Notes.
    SalesNotes: { type: 'text', maxLength: 1000, format: 'multiline' },
    PurchasingNotes: { type: 'text', maxLength: 1000, format: 'multiline' },
    ShippingNotes: { type: 'text', maxLength: 1000, format: 'multiline' },
    WarehouseNotes: { type: 'text', maxLength: 1000, format: 'multiline' },
    // Selling.
    BlockSales: { type: 'boolean', defaultValue: false },
    ApplyDiscount: { type: 'boolean', defaultValue: true },
    TaxNumber1: { type: 'text', maxLength: 10 },
    TaxNumber2: { type: 'text', maxLength: 10 },
    CommissionPercent: { ...RATE, min: '0', max: '100' },
    CurrencyFluctuation: { type: 'boolean', defaultValue: false },
    VendorSku: { type: 'text', maxLength: 40 },
    // Profile.
    ProfileShape: { type: 'enum', options: PROFILE_SHAPES.map((value) => ({ value, labelKey: `ic:${NAME}.shapes.${value}` })) },
    ProfileHeight: { ...DIMENSION },
    ProfileWidth: { ...DIMENSION },
    ProfileThickness: { ...DIMENSION },
    // Coil data.
    MaterialType: { type: 'enum', options: MATERIAL_TYPES.map((value) => ({ value, labelKey: `ic:material.${value}` })) },
    Subtype: { type: 'text', maxLength: 30 },
    Alloy: { type: 'text', maxLength: 20 },
    Temper: { type: 'text', maxLength: 20 },
    GradeId: { type: 'lookup', entity: 'grade', maxLength: 20, uppercase: true, activeOnly: true },
    SpecificationId: { type: 'lookup', entity: 'product-specification', maxLength: 20, uppercase: true, activeOnly: true },
    Gauge: { ...DIMENSION },
    GaugeMin: { ...DIMENSION },
    GaugeMax: { ...DIMENSION },
    Width: { ...DIMENSION },
    WidthMin: { ...DIMENSION },
    WidthMax: { ...DIMENSION },
    Length: { ...DIMENSION },
    LengthMin: { ...DIMENSION },
    LengthMax: { ...DIMENSION },
    WeightPerUnit: { ...QUANTITY, min: '0' },
    // Bill of materials.
    Components: {
      type: 'children',
      lines: true,
      labelKey: `ic:${NAME}.fields.Components.label`,
      table: 'product_components',
      parentColumn: 'product_id',
      key: 'LineId',
      maxItems: 500,
      fields: {
        LineId: { type: 'integer' },
        ComponentId: { ...productLookup, required: true, labelKey: `ic:${NAME}.fields.Components.fields.ComponentId` },
        Factor: { ...QUANTITY, required: true, min: '0', defaultValue: '1.0000', labelKey: `ic:${NAME}.fields.Components.fields.Factor` },
        Quantity: { ...QUANTITY, required: true, min: '0', labelKey: `ic:${NAME}.fields.Components.fields.Quantity` },
      },
    },
  },
  listColumns: [
    'ProductId',
    'Description',
    'ClassId',
    'UnitOfMeasure',
    'KitType',
    { field: 'Category', visible: false },
    { field: 'Barcode', visible: false },
    { field: 'VendorSku', visible: false },
    { field: 'WeightPerUnit', visible: false },
    'TrackInventory',
    'IsActive',
  ],
  defaultSort: [{ field: 'ProductId' }],
  filters: [
    { field: 'ClassId', op: 'eq' },
    { field: 'Category', op: 'eq' },
    { field: 'KitType', op: 'in' },
    { field: 'IsActive', op: 'eq' },
    { field: 'ProductId', op: 'startsWith' },
  ],
  search: ['ProductId', 'Description', 'Barcode', 'VendorSku'],
  indexes: [['ClassId', 'ProductId']],
  roles: IC_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  lookupMarks: ['TrackLot'],
  rules: [(record) => productIssues(record)],
  formLayout: {
    sections: [
      {
        rows: [
          ['ProductId', 'Description'],
          ['ClassId', 'Category', 'TypeId', 'ProductGradeId'],
          ['UnitOfMeasure', 'KitType', 'Barcode', 'IsActive'],
          ['TrackInventory', 'TrackLot', 'Manufactured', 'IsService', 'SpecialOrder'],
          ['Manufacturer', 'FreightClass', 'VendorSku'],
        ],
      },
      {
        titleKey: `ic:${NAME}.sections.stock`,
        rows: [
          ['QuantityOnHand', 'AverageCost', 'LastCost'],
          ['LastSaleDate', 'LastReceiptDate', 'LastCountDate'],
          ['MinLevel', 'MaxLevel'],
          ['Location1', 'Location2', 'Location3', 'Location4'],
        ],
      },
      {
        titleKey: `ic:${NAME}.sections.selling`,
        rows: [
          ['BlockSales', 'ApplyDiscount', 'CurrencyFluctuation'],
          ['TaxNumber1', 'TaxNumber2', 'CommissionPercent'],
        ],
      },
      {
        titleKey: `ic:${NAME}.sections.packaging`,
        rows: [
          ['PackWeight', 'PackWidth', 'PackHeight', 'Cube'],
          ['PalletQuantity', 'Stackable', 'LoadSequence'],
        ],
      },
      {
        titleKey: `ic:${NAME}.sections.coil`,
        rows: [
          ['MaterialType', 'Subtype', 'Alloy', 'Temper'],
          ['GradeId', 'SpecificationId', 'WeightPerUnit'],
          ['Gauge', 'GaugeMin', 'GaugeMax'],
          ['Width', 'WidthMin', 'WidthMax'],
          ['Length', 'LengthMin', 'LengthMax'],
        ],
      },
      {
        titleKey: `ic:${NAME}.sections.profile`,
        rows: [['ProfileShape', 'ProfileHeight', 'ProfileWidth', 'ProfileThickness']],
      },
      {
        titleKey: `ic:${NAME}.sections.notes`,
        rows: [['SalesNotes', 'PurchasingNotes'], ['ShippingNotes', 'WarehouseNotes']],
      },
    ],
  },
});
