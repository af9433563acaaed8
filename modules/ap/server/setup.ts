/** What Payables' documents need configured (issue 40 item 1; GL's setup-check/needs.ts). */
import { bankNeed, integrationNeed, type SetupNeed } from '@erp/modules/gl/server/api';

export const setupNeeds: readonly SetupNeed[] = [
  integrationNeed(['ap-invoice', 'ap-payment-batch', 'ap-disbursement', 'ap-cheque', 'ap-card-invoice', 'ap-expense-report'], ['AP', 'PAYABLE']),
  integrationNeed(['ap-payment-batch', 'ap-disbursement'], ['AP', 'DISCOUNT-TAKEN']),
  integrationNeed(['ap-invoice'], ['AP', 'PRICE-VARIANCE']),
  integrationNeed(['ap-invoice'], ['AP', 'GST-HST-ITC']),
  integrationNeed(['ap-invoice'], ['AP', 'QST-ITR']),
  integrationNeed(['ap-invoice'], ['PO', 'RECEIPT-ACCRUAL']),
  bankNeed(['ap-payment-batch', 'ap-disbursement', 'ap-cheque']),
];
