/** Warehouses of a branch, with their physical-count stage (§4: Clear, Frozen, Counted). */
import { ADMIN_ONLY, POSTAL_CODE, PROVINCE_CODE, code } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const warehouse = defineEntity({
  name: 'warehouse',
  table: 'warehouses',
  key: 'WarehouseId',
  application: 'SHELL',
  routes: ['/shell/warehouse'],
  fields: {
    WarehouseId: code(10),
    Name: { type: 'text', required: true, maxLength: 60 },
    BranchId: { type: 'lookup', entity: 'branch', uppercase: true, required: true, maxLength: 10, activeOnly: true },
    // Set by the count cycle only (issue 23: Inventory Control's count freeze, upgrade and post), shown here.
    CountStage: {
      type: 'enum',
      required: true,
      readOnly: true,
      defaultValue: 'Clear',
      options: [
        { value: 'Clear', labelKey: 'entities:warehouse.options.Clear' },
        { value: 'Frozen', labelKey: 'entities:warehouse.options.Frozen' },
        { value: 'Counted', labelKey: 'entities:warehouse.options.Counted' },
      ],
    },
    Address: { type: 'text', maxLength: 200 },
    City: { type: 'text', maxLength: 80 },
    ProvinceCode: PROVINCE_CODE,
    PostalCode: POSTAL_CODE,
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['WarehouseId', 'Name', 'BranchId', 'CountStage', 'City', 'ProvinceCode', 'IsActive'],
  defaultSort: [{ field: 'WarehouseId' }],
  filters: [
    { field: 'BranchId', op: 'eq' },
    { field: 'CountStage', op: 'in' },
    { field: 'IsActive', op: 'eq' },
  ],
  search: ['WarehouseId', 'Name', 'City'],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Name',
  formLayout: {
    sections: [
      { rows: [['WarehouseId', 'Name'], ['BranchId', 'CountStage'], ['IsActive']] },
      { titleKey: 'entities:sections.address', rows: [['Address'], ['City', 'ProvinceCode', 'PostalCode']] },
    ],
  },
});
