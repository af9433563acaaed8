/**
 * What payroll needs configured (issue 40 item 1; GL's setup-check/needs.ts): the PR integration rows the pay
 * journal books (payrun.ts journalLines: employer costs, each payable, the payroll bank; wages and deductions post to their pay codes' accounts).
 */
import { integrationNeed, type SetupNeed } from '@erp/modules/gl/server/api';

const POSTING = ['pr-journal-posting', 'pr-payment-processing'];
const TYPES = ['EMPLOYER-COSTS', 'WSIB-EXPENSE', 'UNION-EXPENSE', 'PENSION-PAYABLE', 'EI-PAYABLE', 'QPIP-PAYABLE', 'TAX-PAYABLE', 'UNION-PAYABLE', 'WSIB-PAYABLE', 'PAYROLL-BANK'];

export const setupNeeds: readonly SetupNeed[] = TYPES.map((type) => integrationNeed(POSTING, ['PR', type]));
/** Cheque preparation computes, rate updates and year end change payroll's own records, work orders plan labour. */
export const setupFree: readonly string[] = ['pr-cheque-preparation', 'pr-hourly-rate-update', 'pr-year-end', 'pr-generate-work-orders'];
