/**
 * Product masters (issue 15 item 1, SCREENS.md IC-01 … IC-06) — owned by h15a. Definitions of this part of
 * the module, in dependency order (a lookup's target before the entity using it). The module's index
 * (../index.ts) lists every part.
 *
 * - `product-class` (IC-01, table `product_classes`): ClassId + Description, both required (§5 "Product class
 *   id and description, and code id, are required."); InventoryAccount names the GL integration key of the
 *   class's inventory account (IC sub-ledger, e.g. INVENTORY-STEEL) for the stock ledger's postings.
 * - `product-group` (IC-02) and `product-type` (IC-03): id + name (name required).
 * - `product-grade` (IC-04): a commercial grade of a product (prime, secondary, …).
 * - `grade` (IC-05, material grades): the metallurgical grade of a coil or sheet (A36, 304, 6061-T6 …).
 * - `product-specification` (IC-06): the standard a coil or sheet is made to (ASTM A653 …).
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { defineEntity } from '@erp/shared/entities/define';
import { IC, IC_ROLES, masterCode } from './common.ts';

export const CLASS_REQUIRED_KEY = 'ic:rules.classRequired';

export const productClass = defineEntity({
  name: 'product-class',
  namespace: IC,
  table: 'product_classes',
  key: 'ClassId',
  application: 'NOVUS-IC',
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    ClassId: masterCode(10, { required: true, requiredKey: CLASS_REQUIRED_KEY }),
    Description: { type: 'text', required: true, maxLength: 60, requiredKey: CLASS_REQUIRED_KEY },
    // GL integration key (SubLedger IC) of the class's inventory account, e.g. INVENTORY-STEEL.
    InventoryAccount: masterCode(30),
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['ClassId', 'Description', 'InventoryAccount', 'IsActive'],
  defaultSort: [{ field: 'ClassId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['ClassId', 'Description'],
  roles: IC_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  formLayout: { sections: [{ rows: [['ClassId', 'Description'], ['InventoryAccount', 'IsActive']] }] },
});

function namedMaster(name: string, table: string, key: string, nameRequiredKey: string | undefined) {
  return defineEntity({
    name,
    namespace: IC,
    table,
    key,
    application: 'NOVUS-IC',
    fields: {
      [key]: masterCode(10, { required: true }),
      Name: { type: 'text', required: true, maxLength: 60, ...(nameRequiredKey ? { requiredKey: nameRequiredKey } : {}) },
      IsActive: { type: 'boolean', defaultValue: true },
    },
    listColumns: [key, 'Name', 'IsActive'],
    defaultSort: [{ field: key }],
    filters: [{ field: 'IsActive', op: 'eq' }],
    search: [key, 'Name'],
    roles: IC_ROLES,
    activeField: 'IsActive',
    displayField: 'Name',
    formLayout: { sections: [{ rows: [[key, 'Name'], ['IsActive']] }] },
  });
}

/** IC-02: product groups (name required). */
export const productGroup = namedMaster('product-group', 'product_groups', 'GroupId', 'ic:rules.nameRequired');
/** IC-03: product types (name required). */
export const productType = namedMaster('product-type', 'product_types', 'TypeId', 'ic:rules.nameRequired');

/** IC-04: commercial product grades (prime, secondary, excess prime …). */
export const productGrade = defineEntity({
  name: 'product-grade',
  namespace: IC,
  table: 'product_grades',
  key: 'ProductGradeId',
  application: 'NOVUS-IC',
  fields: {
    ProductGradeId: masterCode(10, { required: true }),
    Description: { type: 'text', required: true, maxLength: 60 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['ProductGradeId', 'Description', 'IsActive'],
  defaultSort: [{ field: 'ProductGradeId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['ProductGradeId', 'Description'],
  roles: IC_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  formLayout: { sections: [{ rows: [['ProductGradeId', 'Description'], ['IsActive']] }] },
});

/** IC-05: material grades of coils and sheets (coil/sheet classification: grade). */
export const grade = defineEntity({
  name: 'grade',
  namespace: IC,
  table: 'grades',
  key: 'GradeId',
  application: 'NOVUS-IC',
  fields: {
    GradeId: masterCode(20, { required: true }),
    Description: { type: 'text', required: true, maxLength: 60 },
    MaterialType: {
      type: 'enum',
      options: ['Carbon', 'Stainless', 'Aluminum', 'Galvanized', 'Copper', 'Other'].map((value) => ({ value, labelKey: `ic:material.${value}` })),
    },
    // Typical mechanical minimums of the grade (MPa), shown to the desk when choosing a grade.
    YieldMin: { type: 'decimal', precision: 10, scale: 1, min: '0' },
    TensileMin: { type: 'decimal', precision: 10, scale: 1, min: '0' },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['GradeId', 'Description', 'MaterialType', 'YieldMin', 'TensileMin', 'IsActive'],
  defaultSort: [{ field: 'GradeId' }],
  filters: [{ field: 'MaterialType', op: 'in' }, { field: 'IsActive', op: 'eq' }],
  search: ['GradeId', 'Description'],
  roles: IC_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  formLayout: { sections: [{ rows: [['GradeId', 'Description'], ['MaterialType', 'IsActive'], ['YieldMin', 'TensileMin']] }] },
});

/** IC-06: product specifications (coil/sheet classification: specification). */
export const productSpecification = defineEntity({
  name: 'product-specification',
  namespace: IC,
  table: 'product_specifications',
  key: 'SpecificationId',
  application: 'NOVUS-IC',
  fields: {
    SpecificationId: masterCode(20, { required: true }),
    Description: { type: 'text', required: true, maxLength: 100 },
    Standard: { type: 'text', maxLength: 40 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['SpecificationId', 'Description', 'Standard', 'IsActive'],
  defaultSort: [{ field: 'SpecificationId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['SpecificationId', 'Description', 'Standard'],
  roles: IC_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  formLayout: { sections: [{ rows: [['SpecificationId', 'Description'], ['Standard', 'IsActive']] }] },
});

export const IC_MASTER_ENTITIES: readonly AnyEntity[] = [productClass, productGroup, productType, productGrade, grade, productSpecification];
