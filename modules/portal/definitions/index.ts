/**
 * The customer portal's definitions (issue 41): none of its own entities — its tables (`portal_*`, migrations
 * 0004 and 0009 in ./server) are read and written by its own calls, not the entity engine. Strings: namespace
 * `portal` (`modules/portal/locales/<lng>/portal.json`); server: modules/portal/server/; screens: ../screens,
 * bundled into `@erp/portal` (module.json `app`).
 */
import type { ModuleDefinition } from '@erp/shared/entities/index';

export const portalModule: ModuleDefinition = {
  name: 'portal',
  namespace: 'portal',
  entities: [],
};
