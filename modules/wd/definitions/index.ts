/**
 * The Waste Disposal module's definitions (issue 27; SCREENS.md WP8). Strings: namespace `wd`
 * (`modules/wd/locales/<lng>/wd.json`); server: modules/wd/server/; screens: `@erp/waste` and the Receivables
 * re-export of the order entry (module.json `alsoIn`). Lookup targets first.
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { WD } from './common.ts';
import { wdOrder, wdQuote } from './documents.ts';
import { quotationTemplate, wasteClass, wdCertificate, wdControl, wdService } from './masters.ts';
import { extensions } from './extensions.ts';

export const wdModule: ModuleDefinition = {
  name: 'wd',
  namespace: WD,
  entities: [wdService, wdControl, wasteClass, wdCertificate, quotationTemplate, wdQuote, wdOrder],
  // What it adds to the modules below it (./extensions.ts).
  ...extensions,
};
