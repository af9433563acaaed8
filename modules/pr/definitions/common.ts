/**
 * Pieces the Payroll definitions share (issue 29; DOMAIN-NOTES §1): the i18n namespace (`locales/<lng>/pr.json`),
 * the application, who may see payroll data (§6: the PAYROLL role only — SIN, bank and wages never reach anyone
 * else, `readRoles` on the employee's fields and the roles of every other payroll entity, report and process),
 * the provinces and the statutory items the deductions engine reads from data (never constants in code).
 */
import type { DecimalField, EntityRoles, FieldOption, TextField } from '@erp/shared/entities/define';

export const PR = 'pr';
export const PR_APP = 'NOVUS-PR';

/** The payroll role: the only one that sees pay data. */
export const PAYROLL_ROLE = 'PAYROLL';
export const PAYROLL_ONLY: readonly string[] = [PAYROLL_ROLE];
export const PR_ROLES: EntityRoles = { read: PAYROLL_ONLY, write: PAYROLL_ONLY };
/** The employee's name, trade and union may be looked up by the desks (time cards, work orders); pay data may not. */
export const EMPLOYEE_ROLES: EntityRoles = { read: ['ADMIN', 'CLERK', PAYROLL_ROLE], write: PAYROLL_ONLY };

export const PR_MONEY: DecimalField = { type: 'decimal', precision: 15, scale: 2 };
export const PR_RATE: DecimalField = { type: 'decimal', precision: 15, scale: 4 };
export const PR_HOURS: DecimalField = { type: 'decimal', precision: 14, scale: 4 };
/** Statutory rates and amounts (rates to 6 decimals: 0.059500, 0.004940). */
export const PR_FACTOR: DecimalField = { type: 'decimal', precision: 15, scale: 6 };

/*
 * What a user may enter (issue 39 item 4): every payroll amount, hours and rate field that is typed has bounds, so the
 * shared validator refuses an out-of-scale value in the form and again at the server's save, naming the field — nothing
 * a pay run cannot pay reaches cheque preparation. The shapes above, unbounded, are for the figures the server computes.
 */
/** A month of hours (31 × 24): the most one pay line or a standard pay period holds. */
export const MAX_HOURS = '744';
/** The highest hourly rate (and dues or employer contribution per hour). */
export const MAX_HOURLY_RATE = '9999.9999';
/**
 * The most one pay carries: a CPA-005 payment is 10 digits of cents (modules/ap/documents/payment/server/eft.ts); also the bound of a
 * salary, a TD1 claim or a statutory threshold.
 */
export const MAX_PAY = '99999999.99';

export const PR_HOURS_ENTERED: DecimalField = { ...PR_HOURS, min: '0', max: MAX_HOURS };
export const PR_HOURLY_RATE: DecimalField = { ...PR_RATE, min: '0', max: MAX_HOURLY_RATE };
export const PR_AMOUNT: DecimalField = { ...PR_MONEY, min: '0', max: MAX_PAY };
/** A percentage (vacation pay, union dues). */
export const PR_PERCENT: DecimalField = { ...PR_FACTOR, min: '0', max: '100' };
/** A job's or a model's budgeted hours: a budget may hold more than a month of one person's time. */
export const PR_BUDGET_HOURS: DecimalField = { ...PR_HOURS, min: '0', max: '99999' };

/** Provinces and territories of employment (tax province); QC means QPP, QPIP and Québec EI. */
export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
/** Jurisdictions of the statutory tables: CA (federal, CPP, EI) and each province (QC: QPP, QPIP, Québec EI). */
export const JURISDICTIONS = ['CA', ...PROVINCES] as const;

/**
 * The statutory items of `pr-statutory-rate` (effective-dated per jurisdiction; DOMAIN-NOTES §1.2–1.6):
 * pension (CPP in CA, QPP in QC; the ages contributions start and end), EI (CA; QC's reduced rate), QPIP (QC), income tax credits (a basic
 * amount reduced on net income between two thresholds down to a minimum: Manitoba's BPAMB), Ontario's surtax,
 * tax reduction and health premium, British Columbia's low-income reduction, Alberta's credit supplement (K5P), Québec's deduction for workers and
 * its credits without the contributions (TP-1015.F),
 * WSIB's maximum insurable earnings.
 */
export const RATE_ITEMS = [
  'PENSION_YMPE',
  'PENSION_YAMPE',
  'PENSION_EXEMPTION',
  'PENSION_RATE',
  'PENSION_BASE_RATE',
  'PENSION_MAX',
  'PENSION2_RATE',
  'PENSION2_MAX',
  'PENSION_START_AGE',
  'PENSION_END_AGE',
  'EI_RATE',
  'EI_MAX_INSURABLE',
  'EI_MAX',
  'EI_EMPLOYER_FACTOR',
  'QPIP_RATE',
  'QPIP_EMPLOYER_RATE',
  'QPIP_MAX_INSURABLE',
  'TAX_CREDIT_RATE',
  'BASIC_PERSONAL',
  'BASIC_PERSONAL_REDUCED_FROM',
  'BASIC_PERSONAL_REDUCED_TO',
  'BASIC_PERSONAL_MIN',
  'EMPLOYMENT_AMOUNT',
  'ABATEMENT',
  'SURTAX_THRESHOLD1',
  'SURTAX_RATE1',
  'SURTAX_THRESHOLD2',
  'SURTAX_RATE2',
  'TAX_REDUCTION',
  'HEALTH_PREMIUM',
  'LOW_INCOME_REDUCTION',
  'LOW_INCOME_THRESHOLD',
  'LOW_INCOME_RATE',
  'LOW_INCOME_CEILING',
  'CREDIT_SUPPLEMENT_BASE',
  'CREDIT_SUPPLEMENT_RATE',
  'WORKER_DEDUCTION_RATE',
  'WORKER_DEDUCTION_MAX',
  'CONTRIBUTIONS_CREDITED',
  'LABOUR_FUND_RATE',
  'LABOUR_FUND_MAX',
  'UNION_DUES_DEDUCTED',
] as const;
export type RateItem = (typeof RATE_ITEMS)[number];

export const PAY_FREQUENCIES = ['52', '26', '24', '12'] as const;
export const PAY_TYPES = ['Hourly', 'Salary'] as const;
export const EMPLOYEE_STATUSES = ['Active', 'Leave', 'Terminated'] as const;
export const MARITAL_STATUSES = ['Single', 'Married', 'CommonLaw', 'Separated', 'Divorced', 'Widowed'] as const;
export const PAYMENT_METHODS = ['Cheque', 'Deposit'] as const;
export const CODE_KINDS = ['Earning', 'Deduction'] as const;
export const TRANSACTION_KINDS = ['Regular', 'Adjustment'] as const;
export const TRANSACTION_STATUSES = ['Entered', 'Prepared', 'Cancelled'] as const;
/** §4 pay cheque: Prepared → Paid (cheque printed or deposit filed) → Posted (journal) | Cancelled. */
export const CHEQUE_STATUSES = ['Prepared', 'Paid', 'Posted', 'Cancelled'] as const;
/** T4 boxes a payroll code may feed (DOMAIN-NOTES §1.7); earnings are box 14 anyway. */
export const T4_BOXES = ['', '20', '40', '42', '44', '46', '52'] as const;

export const options = (values: readonly string[], base: string): FieldOption[] => values.map((value) => ({ value, labelKey: `${PR}:${base}.${value}` }));

/** An upper-case master code: letters, digits, `-`, `_`, `.`. */
export function prCode(maxLength: number, extra: Partial<TextField> = {}): TextField {
  return { type: 'text', maxLength, pattern: '[A-Z0-9_.-]+', uppercase: true, ...extra };
}

/** Sequence counters of the payroll numbers. */
export const TRANSACTION_SEQUENCE = 'PR-TRANSACTION';
