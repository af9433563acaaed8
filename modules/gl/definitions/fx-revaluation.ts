/**
 * Foreign exchange revaluation (issue 13 item 2, SCREENS.md FS-02), a process screen
 * (`../../processes/define.ts`): for a revaluation date, every active postable GL account whose currency is
 * not the home currency (GL control, CAD) is listed with its foreign balance, its booked CAD balance, the rate
 * in force on the date (fx_rates: the latest rate on or before it, DOMAIN-NOTES §0), the revalued CAD balance
 * and the unrealized gain (+) or loss (−). The run posts, per account picked, the difference at the end of the
 * G/L period containing the date (source FX) against the unrealized exchange account of GL integration
 * (`GL`/`FX-UNREALIZED`, else `GL`/`FX-GAIN-LOSS`), and its automatic reversal on the first day of the next
 * period — so the trial balance after the reversal equals the one before the run.
 * Server side: modules/gl/server/fx-revaluation/. Route: GL `/foreign-exchange-revaluation`
 * (`@erp/accounting#ForeignExchangeRevaluation`). Strings: `gl:fx-revaluation.*`.
 */
import { defineProcess, type ProcessDefinition } from '@erp/shared/processes/define';

export const fxRevaluation: ProcessDefinition = defineProcess({
  name: 'gl-fx-revaluation',
  application: 'NOVUS-GL',
  routes: [{ application: 'NOVUS-GL', path: '/foreign-exchange-revaluation' }],
  titleKey: 'gl:fx-revaluation.title',
  parameters: [{ name: 'RevaluationDate', type: 'date', required: true, defaultValue: 'today' }],
  rules: [],
  columns: [
    { field: 'AccountId', type: 'text' },
    { field: 'Description', type: 'text', width: 2 },
    { field: 'Currency', type: 'text' },
    { field: 'ForeignBalance', type: 'decimal', scale: 2 },
    { field: 'BookedBalance', type: 'decimal', scale: 2 },
    { field: 'Rate', type: 'decimal', scale: 6 },
    { field: 'RevaluedBalance', type: 'decimal', scale: 2 },
    { field: 'GainLoss', type: 'decimal', scale: 2 },
    { field: 'PostingDate', type: 'date' },
    { field: 'ReversalDate', type: 'date' },
  ],
  itemKey: 'AccountId',
  itemLabel: 'AccountId',
  maxItems: 500,
  confirmKey: 'gl:fx-revaluation.confirm',
});
