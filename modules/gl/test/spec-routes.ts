/**
 * What the spec says of the General Ledger's screens, for the tests only: the 46 routes (SCREENS.md WP1: GL-01 …
 * GL-13 under GL, AP, AR, legacy NOVUS, and GL-09 user codes under every other business application) the route
 * catalog must answer (NOVUS-GL in ../server/catalog.ts, the others in their modules' server/catalog.ts: each
 * application lists the G/L screens of its menus itself; the G/L's code names none of them). Each Component is an export of a micro-app in the import map; the server test
 * `gl-routes.test.ts` checks that every one resolves, and the e2e test `gl-masters.spec.ts` opens each. GL-13's
 * A/R and A/P journal printings are those modules' own reports (issue 41), not listed here.
 *
 * The last element says who builds the screen in issue 12 (h12a: periods, journals, journal entry; h12b:
 * reports; h12c: masters), so the coordinator can see what each merge completes.
 */

/** [menu id, full route path, Component, distinct screen (SCREENS.md part 2), issue-12 owner]. */
export type GlRoute = readonly [menuId: string, path: string, component: string, screen: string, owner: 'h12a' | 'h12b' | 'h12c'];

export const GL_ROUTES: readonly GlRoute[] = [
  ['AP0101', '/novus-ap/accounting-journals', '@erp/accounting#AccountingJournals', 'GL-05', 'h12a'],
  ['AP0102', '/novus-ap/accounting-periods', '@erp/accounting#AccountingPeriods', 'GL-04', 'h12a'],
  ['AP0104', '/novus-ap/user-codes', '@erp/accounting#UserCodes', 'GL-09', 'h12c'],
  ['AP0105', '/novus-ap/gl-control', '@erp/accounting#GlControl', 'GL-02', 'h12c'],
  ['AP0106', '/novus-ap/gl-chart', '@erp/accounting#GlChart', 'GL-01', 'h12c'],
  ['AP0107', '/novus-ap/foreign-exchange', '@erp/accounting#ForeignExchange', 'GL-07', 'h12c'],
  ['AP0110', '/novus-ap/account-enquiry', '@erp/accounting#AccountEnquiry', 'GL-10', 'h12b'],
  ['AP0118', '/novus-ap/bank-account', '@erp/accounting#BankAccount', 'GL-08', 'h12c'],
  ['AP0122', '/novus-ap/gl-integration', '@erp/accounting#GlIntegration', 'GL-03', 'h12c'],
  ['AR0101', '/novus-ar/journals', '@erp/accounting#Journals', 'GL-05', 'h12a'],
  ['AR0102', '/novus-ar/periods', '@erp/accounting#Periods', 'GL-04', 'h12a'],
  ['AR0105', '/novus-ar/user-codes', '@erp/accounting#UserCodes', 'GL-09', 'h12c'],
  ['AR0106', '/novus-ar/gl-control', '@erp/accounting#GlControl', 'GL-02', 'h12c'],
  ['AR0107', '/novus-ar/gl-chart', '@erp/accounting#GlChart', 'GL-01', 'h12c'],
  ['AR0108', '/novus-ar/foreign-exchange', '@erp/accounting#ForeignExchange', 'GL-07', 'h12c'],
  ['AR0111', '/novus-ar/bank-account', '@erp/accounting#BankAccount', 'GL-08', 'h12c'],
  ['AR0112', '/novus-ar/account-enquiry', '@erp/accounting#AccountEnquiry', 'GL-10', 'h12b'],
  ['AR0123', '/novus-ar/gl-integration', '@erp/accounting#GlIntegration', 'GL-03', 'h12c'],
  ['GL0101', '/novus-gl/gl-journal-entry', '@erp/accounting#GlJournalEntry', 'GL-06', 'h12a'],
  ['GL0102', '/novus-gl/gl-journal-printing', '@erp/accounting#GlJournalPrinting', 'GL-13', 'h12b'],
  ['GL0103', '/novus-gl/accounting-journals', '@erp/accounting#AccountingJournals', 'GL-05', 'h12a'],
  ['GL0104', '/novus-gl/accounting-periods', '@erp/accounting#AccountingPeriods', 'GL-04', 'h12a'],
  ['GL0106', '/novus-gl/account-enquiry', '@erp/accounting#AccountEnquiry', 'GL-10', 'h12b'],
  ['GL0107', '/novus-gl/trial-balance', '@erp/accounting#TrialBalance', 'GL-11', 'h12b'],
  ['GL0108', '/novus-gl/detailed-ledger', '@erp/accounting#DetailedLedger', 'GL-12', 'h12b'],
  ['GL0109', '/novus-gl/user-codes', '@erp/accounting#UserCodes', 'GL-09', 'h12c'],
  ['GL0110', '/novus-gl/gl-control', '@erp/accounting#GlControl', 'GL-02', 'h12c'],
  ['GL0111', '/novus-gl/gl-chart', '@erp/accounting#GlChart', 'GL-01', 'h12c'],
  ['GL0112', '/novus-gl/foreign-exchange', '@erp/accounting#ForeignExchange', 'GL-07', 'h12c'],
  ['GL0113', '/novus-gl/bank-account', '@erp/accounting#BankAccount', 'GL-08', 'h12c'],
  ['GL0114', '/novus-gl/gl-integration', '@erp/accounting#GlIntegration', 'GL-03', 'h12c'],
  ['IC0110', '/novus-ic/user-codes', '@erp/inventory#UserCodes', 'GL-09', 'h12c'],
  ['OE0114', '/novus-oe/user-codes', '@erp/order-entry#UserCodes', 'GL-09', 'h12c'],
  ['PO0102', '/novus-po/user-codes', '@erp/purchasing#UserCodes', 'GL-09', 'h12c'],
  ['PT0103', '/novus-pt/user-codes', '@erp/order-entry#UserCodes', 'GL-09', 'h12c'],
  ['WD0103', '/novus-wd/user-codes', '@erp/waste#UserCodes', 'GL-09', 'h12c'],
  ['TE0104', '/novus-te/user-codes', '@erp/trades#UserCodes', 'GL-09', 'h12c'],
  ['NV0101', '/novus/user-codes', '@erp/legacy#UserCodes', 'GL-09', 'h12c'],
  ['NV0102', '/novus/accounting-periods', '@erp/legacy#AccountingPeriods', 'GL-04', 'h12a'],
  ['NV0104', '/novus/journals', '@erp/legacy#Journals', 'GL-05', 'h12a'],
  ['NV0105', '/novus/bank-account', '@erp/legacy#BankAccount', 'GL-08', 'h12c'],
  ['NV0106', '/novus/foreign-exchange', '@erp/legacy#ForeignExchange', 'GL-07', 'h12c'],
  ['NV0109', '/novus/gl-chart', '@erp/legacy#GlChart', 'GL-01', 'h12c'],
  ['NV0110', '/novus/gl-control', '@erp/legacy#GlControl', 'GL-02', 'h12c'],
  ['NV0111', '/novus/trial-balance', '@erp/legacy#TrialBalance', 'GL-11', 'h12b'],
  ['NV0112', '/novus/detailed-ledger', '@erp/legacy#DetailedLedger', 'GL-12', 'h12b'],
];
