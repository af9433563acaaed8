/**
 * What Sales Orders adds to other modules (issue 41): the legacy NOVUS application its catalog declares shows the
 * G/L's trial balance, detailed ledger and year end on its menus (SCREENS.md GL-11, GL-12, GL-14), so those
 * routes are its contribution, not the G/L's. Its own file, light on purpose: every micro-app bundle carries it
 * (vite.library.ts).
 */
import type { ModuleExtensions } from '@erp/shared/entities/index';
import { shownElsewhere } from '@erp/shared/reports/define';

const LEGACY = 'NOVUS';

export const extensions: ModuleExtensions = shownElsewhere(
  { report: 'gl-trial-balance', application: LEGACY, path: '/trial-balance' },
  { report: 'gl-detailed-ledger', application: LEGACY, path: '/detailed-ledger' },
  { report: 'gl-year-end', application: LEGACY, path: '/year-end' },
);
