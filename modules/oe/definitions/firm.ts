/**
 * What Order Entry adds to the shell's firm (issue 41, `ModuleDefinition.extends`): the customer's discount table
 * (issue 25, a lookup to its own `discount-table`; an unknown one is a field error), on the Accounting section
 * Receivables adds, beside the sales rep. Strings: `oe:firm.*` (modules/oe/locales/<lng>/oe.json).
 */
import type { EntityExtension } from '@erp/shared/entities/define';

export const firmExtensions: readonly EntityExtension[] = [
  {
    entity: 'firm',
    fields: { DiscountTable: { type: 'lookup', entity: 'discount-table', maxLength: 20, uppercase: true } },
    formFields: [{ field: 'DiscountTable', before: 'SalesRep' }],
  },
];
