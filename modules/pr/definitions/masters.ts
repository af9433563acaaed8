/**
 * Payroll masters (issue 29 items 1–2; spec §3 Employee, §5 Payroll, DOMAIN-NOTES §1.1–1.8):
 * - `pr-employee` (`/employee-maintenance`): names, SIN (Luhn; a temporary 9xx SIN needs its expiry), tax
 *   province, pay frequency and type, wages, TD1 claims, driver licence, health card, marital status,
 *   certificates with their training dates, emergency contact, bank for direct deposit, WSIB group and
 *   province, union and level. Pay data (SIN, wages, claims, bank, health card) carries `readRoles`: hidden
 *   from every caller without the payroll role, in lists, lookups, exports and the audit trail.
 * - `pr-union`, `pr-union-level` (`/union`, `/union-level`): a union's levels with their hourly rate, dues
 *   (per hour or %) and the employer's per-hour contributions (§1.8).
 * - `pr-wsib-group` (`/wsib-group`): rate per $100 of insurable earnings and maximum insurable earnings (§1.6).
 * - `pr-code` (`/payroll-codes`): earnings and deductions, which of taxable / pensionable / insurable, their
 *   T4 box and G/L account.
 * - `pr-statutory-rate`, `pr-tax-bracket` (`/contribution-maintenance`, `/tax-tables`): every rate,
 *   threshold and bracket the deductions engine reads, per jurisdiction and effective date (T4127 editions).
 * - `pr-pay-period` (`/journal-schedule`): the pay calendar — each period's dates and its pay (and journal) date.
 */
import { defineEntity, type RuleIssue } from '@erp/shared/entities/define';
import { PHONE, POSTAL_CODE } from '@erp/shared/entities/common';
import { glAccountLookup } from '@erp/modules/gl/definitions/index';
import {
  CODE_KINDS,
  EMPLOYEE_ROLES,
  EMPLOYEE_STATUSES,
  JURISDICTIONS,
  MARITAL_STATUSES,
  options,
  PAY_FREQUENCIES,
  PAY_TYPES,
  PAYMENT_METHODS,
  PAYROLL_ONLY,
  PR,
  PR_APP,
  MAX_PAY,
  PR_AMOUNT,
  PR_FACTOR,
  PR_HOURLY_RATE,
  PR_HOURS_ENTERED,
  PR_PERCENT,
  PR_RATE,
  PR_ROLES,
  prCode,
  PROVINCES,
  RATE_ITEMS,
  T4_BOXES,
} from './common.ts';
import { isTemporarySin, isValidSin } from './sin.ts';

const PAY = { readRoles: PAYROLL_ONLY } as const;
const text = (maxLength: number, extra: Record<string, unknown> = {}) => ({ type: 'text' as const, maxLength, ...extra });
const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** §5 Payroll rules the definition states (the server runs them too). */
function employeeRules(record: Record<string, unknown>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const sin = record['Sin'];
  if (typeof sin === 'string' && sin !== '') {
    if (!isValidSin(sin)) issues.push({ field: 'Sin', key: 'pr:rules.sinInvalid' });
    else if (isTemporarySin(sin) && !filled(record['SinExpiry'])) issues.push({ field: 'SinExpiry', key: 'pr:rules.sinExpiryRequired' });
  }
  // §5 "SIN … valid (also for Box 74 and Box 75)": past-service amounts are reported on the T4 under a valid SIN.
  const pastService = ['PastService74', 'PastService75'].some((field) => typeof record[field] === 'string' && !/^0*(\.0*)?$/.test(String(record[field])));
  if (pastService && !(typeof sin === 'string' && isValidSin(sin))) issues.push({ field: 'Sin', key: 'pr:rules.sinForPastService' });
  if (record['ApplyWsib'] === true && (!filled(record['WsibGroupId']) || !filled(record['TaxProvince']))) issues.push({ field: 'WsibGroupId', key: 'pr:rules.wsibNeedsGroup' });
  if (record['PaymentMethod'] === 'Deposit' && !['BankInstitution', 'BankTransit', 'BankAccount'].every((field) => filled(record[field]))) {
    issues.push({ field: 'BankAccount', key: 'pr:rules.bankRequired' });
  }
  if (record['PayType'] === 'Salary' && !filled(record['SalaryPerPeriod'])) issues.push({ field: 'SalaryPerPeriod', key: 'pr:rules.salaryRequired' });
  return issues;
}

export const prEmployee = defineEntity({
  name: 'pr-employee',
  namespace: PR,
  table: 'pr_employees',
  key: 'EmployeeId',
  // Issue 42 item 1: found by the command palette's global search.
  screen: '/novus-pr/employee-maintenance',
  globalSearch: { name: ['FirstName', 'LastName'], roles: ['PAYROLL'] },
  application: PR_APP,
  fields: {
    EmployeeId: prCode(10, { required: true, requiredKey: 'pr:rules.employeeIdRequired' }),
    FirstName: text(40, { required: true }),
    LastName: text(40, { required: true }),
    Address: text(100),
    City: text(40),
    ProvinceCode: { type: 'enum', options: options(PROVINCES, 'provinces') },
    PostalCode: POSTAL_CODE,
    Phone: PHONE,
    // §5 "Invalid email address" (the spec's text, not the generic email message).
    Email: { type: 'text', maxLength: 200, pattern: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+', patternKey: 'pr:rules.email' },
    BirthDate: { type: 'date' },
    HireDate: { type: 'date', required: true },
    TerminationDate: { type: 'date' },
    Status: { type: 'enum', required: true, defaultValue: 'Active', options: options(EMPLOYEE_STATUSES, 'employeeStatuses') },
    Occupation: text(60),
    Sin: { type: 'text', maxLength: 9, pattern: '[0-9]{9}', patternKey: 'pr:rules.sinInvalid', audit: 'mask', ...PAY },
    SinExpiry: { type: 'date', ...PAY },
    TaxProvince: { type: 'enum', required: true, defaultValue: 'ON', options: options(PROVINCES, 'provinces') },
    PayFrequency: { type: 'enum', required: true, defaultValue: '26', options: options(PAY_FREQUENCIES, 'payFrequencies') },
    PayType: { type: 'enum', required: true, defaultValue: 'Hourly', options: options(PAY_TYPES, 'payTypes') },
    HourlyRate: { ...PR_HOURLY_RATE, ...PAY },
    SalaryPerPeriod: { ...PR_AMOUNT, ...PAY },
    StandardHours: { ...PR_HOURS_ENTERED, defaultValue: '80.0000' },
    GrossLabourRate: { ...PR_HOURLY_RATE, ...PAY },
    FederalClaim: { ...PR_AMOUNT, ...PAY },
    ProvincialClaim: { ...PR_AMOUNT, ...PAY },
    AdditionalTax: { ...PR_AMOUNT, defaultValue: '0.00', ...PAY },
    CppExempt: { type: 'boolean', defaultValue: false },
    EiExempt: { type: 'boolean', defaultValue: false },
    PpipExempt: { type: 'boolean', defaultValue: false },
    VacationPercent: { ...PR_PERCENT, defaultValue: '4.000000' },
    DriverLicence: text(30, PAY),
    HealthCardNo: text(30, PAY),
    MaritalStatus: { type: 'enum', options: options(MARITAL_STATUSES, 'maritalStatuses') },
    EmergencyContact: text(80),
    EmergencyPhone: PHONE,
    PaymentMethod: { type: 'enum', required: true, defaultValue: 'Cheque', options: options(PAYMENT_METHODS, 'paymentMethods') },
    BankInstitution: { type: 'text', maxLength: 3, pattern: '[0-9]{3}', ...PAY },
    BankTransit: { type: 'text', maxLength: 5, pattern: '[0-9]{5}', ...PAY },
    BankAccount: { type: 'text', maxLength: 12, pattern: '[0-9]{5,12}', ...PAY },
    ApplyWsib: { type: 'boolean', defaultValue: true },
    WsibGroupId: { type: 'lookup', entity: 'pr-wsib-group', uppercase: true, maxLength: 10, activeOnly: true },
    WsibProvince: { type: 'enum', options: options(PROVINCES, 'provinces') },
    UnionId: { type: 'lookup', entity: 'pr-union', uppercase: true, maxLength: 10, activeOnly: true },
    UnionLevelId: { type: 'lookup', entity: 'pr-union-level', uppercase: true, maxLength: 12 },
    // T4 boxes 74 and 75: past-service RPP contributions for 1989 or earlier (parts of box 20; DOMAIN-NOTES §1.7).
    PastService74: { ...PR_AMOUNT, defaultValue: '0.00', ...PAY },
    PastService75: { ...PR_AMOUNT, defaultValue: '0.00', ...PAY },
    Certificates: {
      type: 'children',
      labelKey: 'pr:pr-employee.fields.Certificates.label',
      table: 'pr_employee_certificates',
      parentColumn: 'employee_id',
      key: 'CertificateId',
      maxItems: 50,
      fields: {
        CertificateId: { type: 'integer', labelKey: 'pr:pr-employee.fields.Certificates.fields.CertificateId' },
        Name: { type: 'text', required: true, maxLength: 80, labelKey: 'pr:pr-employee.fields.Certificates.fields.Name' },
        TrainingDate: { type: 'date', required: true, labelKey: 'pr:pr-employee.fields.Certificates.fields.TrainingDate' },
        ExpiryDate: { type: 'date', labelKey: 'pr:pr-employee.fields.Certificates.fields.ExpiryDate' },
      },
    },
  },
  listColumns: ['EmployeeId', 'LastName', 'FirstName', 'Status', 'Occupation', 'TaxProvince', 'PayType', 'HourlyRate', 'UnionId', 'UnionLevelId', 'WsibGroupId', 'PaymentMethod'],
  defaultSort: [{ field: 'EmployeeId' }],
  filters: [
    { field: 'Status', op: 'eq' },
    { field: 'TaxProvince', op: 'eq' },
    { field: 'UnionId', op: 'eq' },
  ],
  search: ['EmployeeId', 'LastName', 'FirstName'],
  roles: EMPLOYEE_ROLES,
  displayField: 'LastName',
  lookupDetails: ['FirstName'],
  attachments: true,
  rules: [employeeRules],
  formLayout: {
    sections: [
      { rows: [['EmployeeId', 'Status'], ['FirstName', 'LastName'], ['Address', 'City'], ['ProvinceCode', 'PostalCode'], ['Phone', 'Email'], ['BirthDate', 'HireDate', 'TerminationDate'], ['Occupation', 'MaritalStatus']] },
      { titleKey: 'pr:pr-employee.sections.pay', rows: [['Sin', 'SinExpiry'], ['TaxProvince', 'PayFrequency', 'PayType'], ['HourlyRate', 'SalaryPerPeriod', 'StandardHours'], ['GrossLabourRate', 'VacationPercent'], ['FederalClaim', 'ProvincialClaim', 'AdditionalTax'], ['CppExempt', 'EiExempt', 'PpipExempt'], ['PastService74', 'PastService75']] },
      { titleKey: 'pr:pr-employee.sections.bank', rows: [['PaymentMethod'], ['BankInstitution', 'BankTransit', 'BankAccount']] },
      { titleKey: 'pr:pr-employee.sections.union', rows: [['ApplyWsib', 'WsibGroupId', 'WsibProvince'], ['UnionId', 'UnionLevelId']] },
      { titleKey: 'pr:pr-employee.sections.personal', rows: [['DriverLicence', 'HealthCardNo'], ['EmergencyContact', 'EmergencyPhone']] },
    ],
  },
});

export const prUnion = defineEntity({
  name: 'pr-union',
  namespace: PR,
  table: 'pr_unions',
  key: 'UnionId',
  application: PR_APP,
  fields: {
    UnionId: prCode(10, { required: true }),
    Name: text(80, { required: true }),
    Local: text(20),
    ContactName: text(80),
    Phone: PHONE,
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['UnionId', { field: 'Name', width: 260 }, 'Local', 'ContactName', 'Phone', 'IsActive'],
  defaultSort: [{ field: 'UnionId' }],
  search: ['UnionId', 'Name'],
  roles: PR_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: false,
});

export const prUnionLevel = defineEntity({
  name: 'pr-union-level',
  namespace: PR,
  table: 'pr_union_levels',
  key: 'LevelId',
  application: PR_APP,
  fields: {
    LevelId: prCode(12, { required: true }),
    UnionId: { type: 'lookup', entity: 'pr-union', uppercase: true, maxLength: 10, required: true },
    Name: text(60, { required: true }),
    EffectiveFrom: { type: 'date', required: true },
    HourlyRate: { ...PR_HOURLY_RATE, required: true },
    DuesPerHour: { ...PR_HOURLY_RATE, defaultValue: '0.0000' },
    DuesPercent: { ...PR_PERCENT, defaultValue: '0.000000' },
    EmployerHealthPerHour: { ...PR_HOURLY_RATE, defaultValue: '0.0000' },
    EmployerPensionPerHour: { ...PR_HOURLY_RATE, defaultValue: '0.0000' },
    VacationPercent: { ...PR_PERCENT, defaultValue: '4.000000' },
  },
  listColumns: ['LevelId', 'UnionId', { field: 'Name', width: 200 }, 'EffectiveFrom', 'HourlyRate', 'DuesPerHour', 'DuesPercent', 'EmployerHealthPerHour', 'EmployerPensionPerHour', 'VacationPercent'],
  defaultSort: [{ field: 'UnionId' }, { field: 'LevelId' }],
  filters: [{ field: 'UnionId', op: 'eq' }],
  search: ['LevelId', 'Name'],
  roles: PR_ROLES,
  displayField: 'Name',
  attachments: false,
});

export const prWsibGroup = defineEntity({
  name: 'pr-wsib-group',
  namespace: PR,
  table: 'pr_wsib_groups',
  key: 'GroupId',
  application: PR_APP,
  fields: {
    GroupId: prCode(10, { required: true }),
    Description: text(80, { required: true }),
    Province: { type: 'enum', required: true, defaultValue: 'ON', options: options(PROVINCES, 'provinces') },
    // Dollars per $100 of insurable earnings: never more than the earnings themselves.
    RatePer100: { ...PR_RATE, required: true, min: '0', max: '100' },
    MaxInsurableEarnings: { ...PR_AMOUNT, required: true },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['GroupId', { field: 'Description', width: 260 }, 'Province', 'RatePer100', 'MaxInsurableEarnings', 'IsActive'],
  defaultSort: [{ field: 'GroupId' }],
  search: ['GroupId', 'Description'],
  roles: PR_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
});

export const prCodeEntity = defineEntity({
  name: 'pr-code',
  namespace: PR,
  table: 'pr_codes',
  key: 'CodeId',
  application: PR_APP,
  fields: {
    CodeId: prCode(10, { required: true }),
    Description: text(80, { required: true }),
    Kind: { type: 'enum', required: true, defaultValue: 'Earning', options: options(CODE_KINDS, 'codeKinds') },
    Taxable: { type: 'boolean', defaultValue: true },
    Pensionable: { type: 'boolean', defaultValue: true },
    Insurable: { type: 'boolean', defaultValue: true },
    // Insurable hours for the ROE (block 15A): regular and overtime hours count, vacation pay does not.
    InsurableHours: { type: 'boolean', defaultValue: true },
    // A bonus or retroactive pay: taxed by T4127's bonus method (the year's tax with it less without it), not
    // annualized with the period's pay.
    NonPeriodic: { type: 'boolean', defaultValue: false },
    T4Box: { type: 'enum', defaultValue: '', options: T4_BOXES.map((value) => ({ value, labelKey: `pr:t4Boxes.${value === '' ? 'none' : value}` })) },
    AccountId: glAccountLookup({ required: true }),
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['CodeId', { field: 'Description', width: 240 }, 'Kind', 'Taxable', 'Pensionable', 'Insurable', 'InsurableHours', 'NonPeriodic', 'T4Box', 'AccountId', 'IsActive'],
  defaultSort: [{ field: 'CodeId' }],
  filters: [{ field: 'Kind', op: 'eq' }],
  search: ['CodeId', 'Description'],
  roles: PR_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
});

const JURISDICTION = { type: 'enum' as const, required: true, defaultValue: 'CA', options: options(JURISDICTIONS, 'jurisdictions') };

export const prStatutoryRate = defineEntity({
  name: 'pr-statutory-rate',
  namespace: PR,
  table: 'pr_statutory_rates',
  key: 'RateKey',
  keyKind: 'auto',
  application: PR_APP,
  fields: {
    RateKey: { type: 'integer', readOnly: true },
    Jurisdiction: JURISDICTION,
    EffectiveFrom: { type: 'date', required: true },
    Item: { type: 'enum', required: true, options: options(RATE_ITEMS, 'rateItems') },
    // A rate (0.0595), an amount or threshold (74,600.00) or an age (70): none is negative.
    Value: { ...PR_FACTOR, required: true, min: '0', max: MAX_PAY },
    Source: text(200),
  },
  listColumns: [{ field: 'RateKey', visible: false }, 'Jurisdiction', 'EffectiveFrom', 'Item', 'Value', { field: 'Source', width: 300 }],
  defaultSort: [{ field: 'Jurisdiction' }, { field: 'EffectiveFrom' }, { field: 'Item' }],
  filters: [
    { field: 'Jurisdiction', op: 'eq' },
    { field: 'Item', op: 'eq' },
    { field: 'EffectiveFrom', op: 'range' },
  ],
  uniques: [['Jurisdiction', 'EffectiveFrom', 'Item']],
  roles: PR_ROLES,
  attachments: false,
});

export const BRACKET_KINDS = ['Tax', 'HealthPremium'] as const;

export const prTaxBracket = defineEntity({
  name: 'pr-tax-bracket',
  namespace: PR,
  table: 'pr_tax_brackets',
  key: 'BracketKey',
  keyKind: 'auto',
  application: PR_APP,
  fields: {
    BracketKey: { type: 'integer', readOnly: true },
    Jurisdiction: JURISDICTION,
    EffectiveFrom: { type: 'date', required: true },
    Kind: { type: 'enum', required: true, defaultValue: 'Tax', options: options(BRACKET_KINDS, 'bracketKinds') },
    Threshold: { ...PR_AMOUNT, required: true },
    // A fraction of income (0.205), never more than all of it.
    Rate: { ...PR_FACTOR, required: true, min: '0', max: '1' },
    // T4127's K (rates rise with the brackets, so it never falls below 0) or a health premium's base amount.
    Constant: { ...PR_AMOUNT, required: true, defaultValue: '0.00' },
    // The most a health-premium bracket charges (Ontario Health Premium); blank for tax brackets.
    Cap: PR_AMOUNT,
    Source: text(200),
  },
  listColumns: [{ field: 'BracketKey', visible: false }, 'Jurisdiction', 'EffectiveFrom', 'Kind', 'Threshold', 'Rate', 'Constant', 'Cap', { field: 'Source', width: 260 }],
  defaultSort: [{ field: 'Jurisdiction' }, { field: 'EffectiveFrom' }, { field: 'Kind' }, { field: 'Threshold' }],
  filters: [
    { field: 'Jurisdiction', op: 'eq' },
    { field: 'EffectiveFrom', op: 'range' },
  ],
  uniques: [['Jurisdiction', 'EffectiveFrom', 'Kind', 'Threshold']],
  roles: PR_ROLES,
  attachments: false,
});

export const prPayPeriod = defineEntity({
  name: 'pr-pay-period',
  namespace: PR,
  table: 'pr_pay_periods',
  key: 'PeriodId',
  application: PR_APP,
  fields: {
    PeriodId: { type: 'text', required: true, maxLength: 7, pattern: '[0-9]{4}-[0-9]{2}' },
    PeriodStart: { type: 'date', required: true },
    PeriodEnd: { type: 'date', required: true },
    PayDate: { type: 'date', required: true },
    Notes: text(100),
  },
  listColumns: ['PeriodId', 'PeriodStart', 'PeriodEnd', 'PayDate', { field: 'Notes', width: 260 }],
  defaultSort: [{ field: 'PeriodId' }],
  filters: [{ field: 'PayDate', op: 'range' }],
  uniques: [['PayDate']],
  roles: PR_ROLES,
  attachments: false,
  rules: [
    (record) =>
      typeof record['PeriodStart'] === 'string' && typeof record['PeriodEnd'] === 'string' && record['PeriodEnd'] !== '' && record['PeriodEnd'] < record['PeriodStart']
        ? [{ field: 'PeriodEnd', key: 'pr:rules.periodEndBeforeStart' }]
        : [],
  ],
});
