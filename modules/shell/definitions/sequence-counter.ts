/** Sequence counters: the next number of each numbered document (orders, invoices, tickets…). */
import { ADMIN_ONLY, code } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';

export const sequenceCounter = defineEntity({
  name: 'sequence-counter',
  table: 'sequence_counters',
  key: 'SequenceId',
  application: 'SHELL',
  routes: ['/shell/sequence-counter'],
  fields: {
    SequenceId: code(20),
    Description: { type: 'text', required: true, maxLength: 100 },
    Prefix: { type: 'text', maxLength: 10, pattern: '[A-Z0-9-]*', uppercase: true },
    NextNumber: { type: 'integer', required: true, min: 1, defaultValue: 1 },
    Increment: { type: 'integer', required: true, min: 1, max: 1000, defaultValue: 1 },
    Width: { type: 'integer', required: true, min: 1, max: 20, defaultValue: 6 },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['SequenceId', 'Description', 'Prefix', 'NextNumber', { field: 'Increment', visible: false }, 'Width', 'IsActive'],
  defaultSort: [{ field: 'SequenceId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['SequenceId', 'Description'],
  roles: ADMIN_ONLY,
  activeField: 'IsActive',
  displayField: 'Description',
  formLayout: {
    sections: [{ rows: [['SequenceId', 'Description'], ['Prefix', 'NextNumber'], ['Increment', 'Width'], ['IsActive']] }],
  },
});
