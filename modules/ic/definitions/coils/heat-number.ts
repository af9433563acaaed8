/**
 * Heat numbers (`heat-number`, screen IC-09, route /novus-ic/heat-number): the mill's cast with its
 * certificate (mill test report, MTR), §3 "Coil or sheet product" chemical composition and mechanical
 * properties (DOMAIN-NOTES §6.5).
 *
 * - Identity: heat no (the key, upper case), mill of origin, grade and specification (h15a's masters),
 *   certificate no, EN 10204 certificate type, certificate date, vendor, purchase order, notes.
 * - `Chemistry` (table `heat_chemistry`): one row per element of §3 — Si, Fe, Cu, Mn, Mg, Cr, Zn, Ti, V, C,
 *   P, S, N, Ni, Mo, and "others each" — with its percentage (exact, 4 decimals, 0 … 100). An element is
 *   given once. `ChemistryTotal` (§3 "and total") is the exact sum of the rows, recomputed by the server on
 *   every save (shared/src/entities/compute.ts) and refused above 100 %.
 * - `Mechanicals` (table `heat_mechanicals`): property → value and unit, §3 "yield in MPa and psi, tensile
 *   in MPa and psi, percent elongation, r value, n value, hardness". The unit must suit the property
 *   (`MECHANICAL_UNITS`); a property is given once per unit.
 * - The MTR is an attachment of the record (the generic attachments, §5: PDF, BMP, GIF, JPG, PNG, at most
 *   25 MB, a file name once per record).
 * Coils name their heat (coil.ts); §8 "Heat number {0} cannot be found." is the coil's message.
 */
import { defineEntity, type RuleIssue, type SyncRule } from '@erp/shared/entities/define';
import { cmp, isDecimal, sum } from '@erp/shared/decimal';
import { COIL_ROLES, IC, PERCENT_4 } from './common.ts';

/** §3 chemical composition, in the spec's order; `Others` is "others each". */
export const CHEMICAL_ELEMENTS = ['Si', 'Fe', 'Cu', 'Mn', 'Mg', 'Cr', 'Zn', 'Ti', 'V', 'C', 'P', 'S', 'N', 'Ni', 'Mo', 'Others'] as const;

/** §3 mechanical properties. */
export const MECHANICAL_PROPERTIES = ['Yield', 'Tensile', 'Elongation', 'RValue', 'NValue', 'Hardness'] as const;

/** The units each property may be given in (yield and tensile in MPa and psi; hardness on its scale). */
export const MECHANICAL_UNITS: Readonly<Record<(typeof MECHANICAL_PROPERTIES)[number], readonly string[]>> = {
  Yield: ['MPa', 'psi'],
  Tensile: ['MPa', 'psi'],
  Elongation: ['Percent'],
  RValue: ['None'],
  NValue: ['None'],
  Hardness: ['HRB', 'HRC', 'HBW', 'HV'],
};

export const MECHANICAL_UNIT_OPTIONS = ['MPa', 'psi', 'Percent', 'None', 'HRB', 'HRC', 'HBW', 'HV'] as const;

/** EN 10204 inspection document types (DOMAIN-NOTES §6.5). */
export const CERTIFICATE_TYPES = ['2.1', '2.2', '3.1', '3.2'] as const;

/** A Chemistry or Mechanicals row in wire form. */
type PropertyRow = Record<string, unknown>;

/** An element given twice; the total over 100 %. */
function chemistryIssues(record: Parameters<SyncRule>[0]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const rows = Array.isArray(record['Chemistry']) ? (record['Chemistry'] as PropertyRow[]) : [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const element = row['Element'];
    if (typeof element !== 'string') return;
    if (seen.has(element)) issues.push({ field: `Chemistry[${index}].Element`, key: 'ic:heat-number.rules.elementTwice', params: { element } });
    seen.add(element);
  });
  // The total as the server will store it: the exact sum of the rows given (ChemistryTotal is computed).
  const percents = rows.map((row) => row['Percent']).filter((value): value is string => isDecimal(value));
  if (cmp(sum(percents, 4), '100') > 0) issues.push({ field: 'ChemistryTotal', key: 'ic:heat-number.rules.totalOver100' });
  return issues;
}

/** A unit that does not suit its property; a property given twice in one unit. */
function mechanicalIssues(record: Parameters<SyncRule>[0]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const rows = Array.isArray(record['Mechanicals']) ? (record['Mechanicals'] as PropertyRow[]) : [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const property = row['Property'] as keyof typeof MECHANICAL_UNITS | undefined;
    const unit = row['Unit'];
    if (typeof property !== 'string' || typeof unit !== 'string') return;
    if (!MECHANICAL_UNITS[property]?.includes(unit)) {
      issues.push({ field: `Mechanicals[${index}].Unit`, key: 'ic:heat-number.rules.unitMismatch' });
      return;
    }
    const id = `${property}/${unit}`;
    if (seen.has(id)) issues.push({ field: `Mechanicals[${index}].Property`, key: 'ic:heat-number.rules.propertyTwice' });
    seen.add(id);
  });
  return issues;
}

export const heatNumber = defineEntity({
  name: 'heat-number',
  namespace: IC,
  table: 'heat_numbers',
  key: 'HeatNo',
  application: 'NOVUS-IC',
  fields: {
    HeatNo: { type: 'text', required: true, maxLength: 30, pattern: '[A-Z0-9/._-]+', uppercase: true },
    Mill: { type: 'text', required: true, maxLength: 60 },
    GradeId: { type: 'lookup', entity: 'grade', uppercase: true, maxLength: 20 },
    SpecificationId: { type: 'lookup', entity: 'product-specification', uppercase: true, maxLength: 20 },
    CertificateNo: { type: 'text', maxLength: 40 },
    CertificateType: {
      type: 'enum',
      defaultValue: '3.1',
      options: CERTIFICATE_TYPES.map((value) => ({ value, labelKey: `ic:heat-number.options.certificate.${value.replace('.', '_')}` })),
    },
    CertificateDate: { type: 'date' },
    CountryOfOrigin: { type: 'text', maxLength: 2, pattern: '[A-Z]{2}', uppercase: true },
    PurchaseOrderNo: { type: 'text', maxLength: 30 },
    Notes: { type: 'text', maxLength: 2000, format: 'multiline' },
    ChemistryTotal: { type: 'decimal', precision: 9, scale: 4, readOnly: true },
    Chemistry: {
      type: 'children',
      table: 'heat_chemistry',
      parentColumn: 'heat_no',
      key: 'ChemistryKey',
      maxItems: CHEMICAL_ELEMENTS.length,
      fields: {
        ChemistryKey: { type: 'integer', readOnly: true },
        Element: {
          type: 'enum',
          required: true,
          options: CHEMICAL_ELEMENTS.map((value) => ({ value, labelKey: `ic:heat-number.options.element.${value}` })),
        },
        Percent: { ...PERCENT_4, required: true },
      },
    },
    Mechanicals: {
      type: 'children',
      table: 'heat_mechanicals',
      parentColumn: 'heat_no',
      key: 'MechanicalKey',
      maxItems: 20,
      fields: {
        MechanicalKey: { type: 'integer', readOnly: true },
        Property: {
          type: 'enum',
          required: true,
          options: MECHANICAL_PROPERTIES.map((value) => ({ value, labelKey: `ic:heat-number.options.property.${value}` })),
        },
        Value: { type: 'decimal', precision: 12, scale: 3, min: '0', required: true },
        Unit: {
          type: 'enum',
          required: true,
          options: MECHANICAL_UNIT_OPTIONS.map((value) => ({ value, labelKey: `ic:heat-number.options.unit.${value}` })),
        },
      },
    },
  },
  listColumns: ['HeatNo', 'Mill', 'GradeId', 'SpecificationId', 'CertificateNo', 'CertificateDate', 'ChemistryTotal'],
  defaultSort: [{ field: 'HeatNo' }],
  filters: [
    { field: 'Mill', op: 'contains' },
    { field: 'GradeId', op: 'eq' },
    { field: 'CertificateDate', op: 'range' },
  ],
  search: ['HeatNo', 'Mill', 'CertificateNo'],
  roles: COIL_ROLES,
  displayField: 'HeatNo',
  computed: { ChemistryTotal: { op: 'sum', collection: 'Chemistry', field: 'Percent' } },
  rules: [chemistryIssues, mechanicalIssues],
  formLayout: {
    sections: [
      { rows: [['HeatNo', 'Mill'], ['GradeId', 'SpecificationId'], ['CountryOfOrigin', 'PurchaseOrderNo']] },
      { titleKey: 'ic:heat-number.sections.certificate', rows: [['CertificateNo', 'CertificateType', 'CertificateDate'], ['Notes']] },
      { titleKey: 'ic:heat-number.sections.chemistry', rows: [['Chemistry'], ['ChemistryTotal']] },
      { titleKey: 'ic:heat-number.sections.mechanicals', rows: [['Mechanicals']] },
    ],
  },
});
