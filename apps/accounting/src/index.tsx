/**
 * @erp/accounting — Accounting: general ledger, receivables, payables (/novus-gl, /novus-ar, /novus-ap).
 * Screens as parcels for the shell's tab host (screen contract, `@erp/shared` screen.ts):
 * - `ApplicationHome` — the initial page of each accounting application (Component
 *   `@erp/accounting#ApplicationHome`).
 * The accounting screens named by the other route Components (`@erp/accounting#GlChart`, …) are not in
 * this release: the shell says so in their tabs.
 */
import { ApplicationHome as ApplicationHomePage, screen } from '@erp/ui';

export const ApplicationHome = screen(ApplicationHomePage, { module: '@erp/accounting' });
