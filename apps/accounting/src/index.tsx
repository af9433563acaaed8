/**
 * @erp/accounting — Accounting: general ledger, receivables, payables (/novus-gl, /novus-ar, /novus-ap).
 * This file holds only what belongs to the micro-app itself (the applications' initial page); the screens are
 * the modules' whose module.json names `"app": "accounting"` (modules/gl, modules/ar), added to the bundle by
 * its build (`moduleApp` in vite.library.ts), with the re-exports other modules ask for (`alsoIn`).
 */
import { applicationPage } from '@erp/home';

export const ApplicationHome = applicationPage('@erp/accounting');
