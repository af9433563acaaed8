/**
 * The shell module on the server (issue 20): the hooks of the shell's own entities (one folder each, beside
 * nothing else: `<entity>/rules.ts`), their own calls (`firm/routes.ts` the §5 firm lookup, `company/routes.ts`
 * the logo, `configuration/routes.ts` the portal's homepage text), §6 assigned customers for every module
 * (`firm/assigned.ts`), and the administration demo data with the demo firms. Every other module requires it, so
 * its entities are registered, its calls routed and its data seeded first.
 */
import type { ServerModule } from '@erp/server/modules/part';
import { seedDemoFirms } from '@erp/server/seed/demo-firms';
import { shellModule } from '../definitions/index.ts';
import { catalog } from './catalog.ts';
import { apiClient } from '../definitions/api-client.ts';
import { webhookDelivery, webhookSubscription } from '../definitions/webhook.ts';
import { city } from '../definitions/city.ts';
import { company } from '../definitions/company.ts';
import { firm } from '../definitions/firm.ts';
import { formWidgetsSecurity } from '../definitions/form-widgets-security.ts';
import { menuAccess } from '../definitions/menu-access.ts';
import { userSecurables } from '../definitions/user-securables.ts';
import { user } from '../definitions/user.ts';
import { apiClientHooks } from './api-client/rules.ts';
import { webhookDeliveryHooks, webhookSubscriptionHooks } from './webhook/rules.ts';
import { cityHooks } from './city/rules.ts';
import { companyRoutes } from './company/routes.ts';
import { companyHooks } from './company/rules.ts';
import { configurationRoutes } from './configuration/routes.ts';
import { firmRoutes } from './firm/routes.ts';
// Issue 40 item 4: documents e-mailed to a firm go to its contact.
import './firm/recipients.ts';
import { firmHooks } from './firm/rules.ts';
import { formWidgetsSecurityHooks } from './form-widgets-security/rules.ts';
import { m0048_menu_windows } from './m0048-menu-windows.ts';
import { menuAccessHooks } from './menu-access/rules.ts';
import { seedEntities } from './seed.ts';
import { userSecurablesHooks } from './user-securables/rules.ts';
import { userHooks } from './user/rules.ts';
import { coreDb } from '@erp/server/db/schema';

export const serverModule: ServerModule = {
  definitions: shellModule,
  catalog,
  hooks: {
    [firm.name]: firmHooks,
    [company.name]: companyHooks,
    [city.name]: cityHooks,
    [formWidgetsSecurity.name]: formWidgetsSecurityHooks,
    [menuAccess.name]: menuAccessHooks,
    [user.name]: userHooks,
    [userSecurables.name]: userSecurablesHooks,
    [apiClient.name]: apiClientHooks,
    [webhookSubscription.name]: webhookSubscriptionHooks,
    [webhookDelivery.name]: webhookDeliveryHooks,
  },
  async routes(app, deps) {
    for (const routes of [firmRoutes, companyRoutes, configurationRoutes]) await routes(app, deps);
  },
  migrations: { '0048_menu_windows': m0048_menu_windows },
  async seed(db, config) {
    await seedEntities(coreDb(db));
    if (config.demoFirms !== undefined) await seedDemoFirms(coreDb(db), config.demoFirms);
  },
};
