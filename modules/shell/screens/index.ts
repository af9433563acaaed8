/**
 * The shell module's screens (issue 20): bundled into `@erp/records` (module.json `app`), whose generic
 * `EntityScreen` is the route Component of every shell administration and firm-maintenance route — so loading
 * `@erp/records` registers the shell's definitions and the widgets they name (widgets.tsx), before any entity
 * screen (of any module) mounts. The shell has no screens of its own to export.
 */
import { registerModule } from '@erp/shared/entities/index';
import { shellModule } from '../definitions/index.ts';
import { registerShellWidgets } from './widgets.tsx';

registerModule(shellModule);
registerShellWidgets();
