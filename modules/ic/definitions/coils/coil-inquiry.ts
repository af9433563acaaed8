/**
 * Coil inquiry (`ic-coil-inquiry`, screen IC-17, route /novus-ic/coil-inquiry): the coils on file with their
 * heat (mill, grade) and product, grouped by product with the coil weight summed per product and in total.
 * Parameters, all optional: product, heat number, coil status, warehouse, and a received-date range (at most
 * one year, §9). Query: modules/ic/server/coils/report.ts; strings: `ic:reports.coilInquiry.*`.
 */
import { defineReport, type ReportColumn, type ReportColumnInput, type ReportDefinition } from '@erp/shared/reports/define';
import { COIL_STATUSES } from './coil.ts';

const text = (field: string, extra: Partial<ReportColumn> = {}): ReportColumnInput => ({ field, type: 'text', ...extra });
const dec = (field: string, extra: Partial<ReportColumn> = {}): ReportColumnInput => ({ field, type: 'decimal', scale: 4, ...extra });

export const coilInquiry: ReportDefinition = defineReport({
  name: 'ic-coil-inquiry',
  application: 'NOVUS-IC',
  routes: [{ application: 'NOVUS-IC', path: '/coil-inquiry' }],
  titleKey: 'ic:reports.coilInquiry.title',
  parameters: [
    { name: 'ProductId', type: 'lookup', entity: 'product', maxLength: 30 },
    { name: 'HeatNo', type: 'lookup', entity: 'heat-number', maxLength: 30 },
    {
      name: 'CoilStatus',
      type: 'enum',
      options: COIL_STATUSES.map((value) => ({ value, labelKey: `ic:coil.options.status.${value}` })),
    },
    { name: 'WarehouseId', type: 'lookup', entity: 'warehouse', maxLength: 10 },
    { name: 'ReceivedFrom', type: 'date' },
    { name: 'ReceivedTo', type: 'date' },
  ],
  rules: [{ kind: 'dateRange', start: 'ReceivedFrom', end: 'ReceivedTo', maxYears: 1 }],
  columns: [
    text('ProductId', { hidden: true }),
    text('ProductDescription', { hidden: true }),
    text('CoilNo'),
    text('HeatNo'),
    text('Mill', { width: 1.4 }),
    text('ManufacturerCoilNo'),
    text('CoilStatus', { width: 0.8, options: COIL_STATUSES.map((value) => ({ value, labelKey: `ic:coil.options.status.${value}` })) }),
    text('WarehouseId', { width: 0.7 }),
    text('StorageId', { width: 0.7 }),
    { field: 'ReceivedDate', type: 'date' },
    dec('Gauge', { width: 0.7 }),
    dec('Width', { width: 0.7 }),
    dec('CoilWeight', { total: true }),
    dec('CostPerPound', { width: 0.8 }),
  ],
  group: { field: 'ProductId', headingFields: ['ProductId', 'ProductDescription'] },
  defaultSort: [{ field: 'ProductId' }, { field: 'CoilNo' }],
  orientation: 'landscape',
});
