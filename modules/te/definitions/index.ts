/**
 * The Trades and contracting module's definitions (issue 28; SCREENS.md WP9 milestone 9a). Strings: namespace
 * `te` (`modules/te/locales/<lng>/te.json`); server: modules/te/server/; screens: `@erp/trades`. Lookup targets
 * first.
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { TE } from './common.ts';
import { contractBilling, holdbackBilling, inspectionRequest, optionBilling, progressBilling } from './documents.ts';
import { buildingSchedule, inspector, jobSite, lotOption, modelContractPrice, siteBuilding, siteOption, teLot, teModel, teOption } from './masters.ts';
import { extensions } from './extensions.ts';

export const teModule: ModuleDefinition = {
  name: 'te',
  namespace: TE,
  entities: [
    jobSite,
    siteBuilding,
    buildingSchedule,
    teOption,
    teModel,
    modelContractPrice,
    siteOption,
    teLot,
    lotOption,
    inspector,
    inspectionRequest,
    contractBilling,
    optionBilling,
    progressBilling,
    holdbackBilling,
  ],
  // What it adds to the modules below it (./extensions.ts).
  ...extensions,
};
