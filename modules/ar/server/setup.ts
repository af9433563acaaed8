/** What Receivables' documents need configured (issue 40 item 1; GL's setup-check/needs.ts). */
import { bankNeed, integrationNeed, type SetupNeed } from '@erp/modules/gl/server/api';

export const setupNeeds: readonly SetupNeed[] = [
  integrationNeed(['ar-invoice', 'cash-receipt', 'ar-credit-application', 'ar-write-off'], ['AR', 'RECEIVABLE']),
  integrationNeed(['ar-invoice'], ['AR', 'SALES']),
  integrationNeed(['cash-receipt', 'ar-credit-application'], ['AR', 'DISCOUNT']),
  integrationNeed(['ar-write-off'], ['AR', 'WRITE-OFF']),
  bankNeed(['cash-receipt']),
];
