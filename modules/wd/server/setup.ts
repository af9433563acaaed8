/** What waste disposal's invoicing needs configured (issue 40 item 1): Receivables' posted invoice (AR RECEIVABLE, SALES). */
import { integrationNeed, type SetupNeed } from '@erp/modules/gl/server/api';

export const setupNeeds: readonly SetupNeed[] = [integrationNeed(['wd-invoice-processing'], ['AR', 'RECEIVABLE']), integrationNeed(['wd-invoice-processing'], ['AR', 'SALES'])];
/** Scheduling and the work load plan routes and trucks only. */
export const setupFree: readonly string[] = ['wd-scheduling', 'wd-serialize-work-load'];
