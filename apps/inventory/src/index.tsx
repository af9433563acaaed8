/**
 * @erp/inventory — Inventory control and warehouse counts (/novus-ic).
 * Screens as parcels for the shell's tab host (screen contract, `@erp/shared` screen.ts):
 * - `ApplicationHome` — the initial page of Inventory Control (Component `@erp/inventory#ApplicationHome`).
 * - `UserCodes` — GL-09 user codes (`/novus-ic/user-codes`), built by `@erp/accounting` and re-exported here.
 * The inventory screens named by the other route Components are not in this release: the shell says so in
 * their tabs.
 */
import { ApplicationHome as ApplicationHomePage, screen } from '@erp/ui';

export const ApplicationHome = screen(ApplicationHomePage, { module: '@erp/inventory' });

export { UserCodes } from '@erp/accounting';
