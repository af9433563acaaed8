/** What the trades' billings need configured (issue 40 item 1; GL's setup-check/needs.ts; billing.ts teAccount). */
import { integrationNeed, type SetupNeed } from '@erp/modules/gl/server/api';

const BILLINGS = ['contract-billing', 'option-billing', 'progress-billing', 'holdback-billing'];

export const setupNeeds: readonly SetupNeed[] = [
  integrationNeed(BILLINGS, ['TE', 'CONTRACT-REVENUE']),
  integrationNeed(['holdback-billing', 'progress-billing'], ['TE', 'HOLDBACK-RECEIVABLE']),
  integrationNeed(BILLINGS, ['AR', 'RECEIVABLE']),
];
/** Model copies and price changes touch the trades' own masters only. */
export const setupFree: readonly string[] = ['te-copy-model', 'te-change-model-prices'];
