/**
 * The shell module's screens (issue 20): bundled into `@erp/records` (module.json `app`), whose generic
 * `EntityScreen` is the route Component of every shell administration and firm-maintenance route — so loading
 * `@erp/records` registers the shell's definitions and the widgets they name (widgets.tsx), before any entity
 * screen (of any module) mounts. Its one screen of its own: the webhook deliveries' document screen (issue 72 item 3:
 * the log with its Replay action).
 */
import { documentScreen } from '@erp/records';
import { registerModule } from '@erp/shared/entities/index';
import { shellModule } from '../definitions/index.ts';
import { registerShellWidgets } from './widgets.tsx';

registerModule(shellModule);
registerShellWidgets();

/** Shell → Security → Webhook Deliveries (/shell/webhook-deliveries): the log of deliveries, Replay on each. */
export const WebhookDeliveries = documentScreen('webhook-delivery', { module: '@erp/records' });
