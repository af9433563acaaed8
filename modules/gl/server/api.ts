/**
 * The General Ledger module's server contract: what other modules' server code, the API host (server/src), the
 * scripts and the tests may import of modules/gl/server/ — nothing else (.dependency-cruiser.cjs
 * `module-deep-import`, ARCHITECTURE.md "Module contract"). The loader's entry stays ./index.ts.
 */
export { integrationAccount, requiredIntegrationAccount } from './ledger/integration.ts';
export { assertPeriodOpen, findPeriod, periodClosedKey, periodMissing, yearState } from './ledger/periods.ts';
export { CONTROL_ACCOUNT_KEY, checkPosting, post, postMany, registerControlAccountPoster, registerControlAccounts } from './ledger/posting.ts';
export type { PostingLine } from './ledger/posting.ts';
export type { PostingRequest, PostingResult } from './ledger/types.ts';
export { journalReport } from './reports/index.ts';
export { integrationPart, seedIntegration, userCodesPart } from './seed.ts';
export type { IntegrationRow } from './seed.ts';
export { balancedLines, demoDocument, demoMonths, postDemoDocuments } from './seed-ledger.ts';
export { integrationResolved } from './setup-check/check.ts';
export { FIX_INTEGRATION, bankNeed, integrationNeed, missingIntegration, warehouseNeed } from './setup-check/needs.ts';
export type { FinderDb, IntegrationKey, Missing, SetupNeed } from './setup-check/needs.ts';
export { agingBuckets, daysBefore, movementsAsOf } from './subledger/aging.ts';
export { defineSubLedger, discountOn, discountRoom, itemRow, money, openItemOf } from './subledger/engine.ts';
export type { NewApplication, OpenItemCore, SideRequest, SubLedgerApplicationColumns, SubLedgerItemColumns, SubLedgerSide } from './subledger/engine.ts';
