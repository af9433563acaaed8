/**
 * The shell module's screens (issue 20): bundled into `@erp/records` (module.json `app`), whose generic
 * `EntityScreen` is the route Component of every shell administration and firm-maintenance route — so loading
 * `@erp/records` registers the shell's definitions, before any entity screen (of any module) mounts.
 */
import { registerModule } from '@erp/shared/entities/index';
import { shellModule } from '../definitions/index.ts';

registerModule(shellModule);
