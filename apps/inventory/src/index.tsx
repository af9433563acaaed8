/**
 * @erp/inventory — Inventory control and warehouse counts (/novus-ic). This file holds only what belongs to
 * the micro-app itself (the application's initial page); the screens are the modules' whose module.json names
 * `"app": "inventory"` (modules/ic), with the re-exports other modules ask for (`alsoIn`: GL's user codes),
 * added to the bundle by its build (`moduleApp` in vite.library.ts).
 */
import { applicationPage } from '@erp/home';

export const ApplicationHome = applicationPage('@erp/inventory');
