/**
 * @erp/home — the HOME screens, as parcels for the shell's tab host (screen contract, `@erp/shared`
 * screen.ts):
 * - `Home` — the home page (route `/`, Component `@erp/home#Home`);
 * - `ApplicationHome` — the initial page of applications that have no micro-app of their own yet
 *   (Component `@erp/home#ApplicationHome`).
 * The module is not a single-spa application: the shell mounts one parcel per open tab.
 */
import { ApplicationHome as ApplicationHomePage, Home as HomePage, screen } from '@erp/ui';

export const Home = screen(HomePage, { module: '@erp/home' });
export const ApplicationHome = screen(ApplicationHomePage, { module: '@erp/home' });
