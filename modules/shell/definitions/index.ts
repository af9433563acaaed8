/**
 * The shell module's definitions (issue 20): the shell's own entities — the §2 shell administration screens
 * (countries, states and cities, sequence counters, code index, configuration, company, branches, warehouses,
 * applications, roles, users and their securables, menu access, form widgets security, the sign-in log, the mailbox of captured e-mail, the origins allowed to embed the elements, the API clients, the webhook subscriptions and their deliveries) and
 * firm maintenance, which every business module refers to. Strings: namespace `entities`
 * (`modules/shell/locales/<lng>/entities.json`, shared with the entity engine's own messages, whose keys
 * carry that namespace on the wire); server rules and calls: modules/shell/server/; screens: the generic
 * `@erp/records#EntityScreen` (module.json `app`), whose bundle registers this module when it loads.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import type { ModuleDefinition } from '@erp/shared/entities/index';
import { apiClient } from './api-client.ts';
import { webhookDelivery, webhookSubscription } from './webhook.ts';
import { application } from './application.ts';
import { branch } from './branch.ts';
import { capturedMail } from './captured-mail.ts';
import { city } from './city.ts';
import { codeIndex } from './code-index.ts';
import { company } from './company.ts';
import { configuration } from './configuration.ts';
import { country } from './country.ts';
import { embedOrigin } from './embed-origin.ts';
import { firm } from './firm.ts';
import { formWidgetsSecurity } from './form-widgets-security.ts';
import { menuAccess } from './menu-access.ts';
import { role } from './role.ts';
import { sequenceCounter } from './sequence-counter.ts';
import { signIn } from './sign-in.ts';
import { state } from './state.ts';
import { userSecurables } from './user-securables.ts';
import { user } from './user.ts';
import { warehouse } from './warehouse.ts';

export {
  apiClient,
  application,
  branch,
  capturedMail,
  city,
  codeIndex,
  company,
  configuration,
  country,
  embedOrigin,
  firm,
  formWidgetsSecurity,
  menuAccess,
  role,
  sequenceCounter,
  signIn,
  state,
  user,
  userSecurables,
  warehouse,
};

/** The i18n namespace of the shell entities' strings. */
export const SHELL_NAMESPACE = 'entities';

export const shellModule: ModuleDefinition = {
  name: 'shell',
  namespace: SHELL_NAMESPACE,
  // Dependency order: a lookup's target before the entity using it.
  entities: [
    country,
    state,
    city,
    sequenceCounter,
    codeIndex,
    configuration,
    company,
    branch,
    warehouse,
    application,
    role,
    firm,
    user,
    userSecurables,
    menuAccess,
    formWidgetsSecurity,
    signIn,
    capturedMail,
    embedOrigin,
    apiClient,
    webhookSubscription,
    webhookDelivery,
  ] as unknown as readonly AnyEntity[],
};

// The module's contract for other code (other modules, the server, tests): besides the module definition, only
// what is re-exported here may be imported of modules/shell/definitions/ (.dependency-cruiser.cjs `module-deep-import`).
export { firmLookup, firmOfType } from './firm-lookup.ts';
export type { SignInOutcome } from './sign-in.ts';
export { webhookDelivery, webhookSubscription } from './webhook.ts';
