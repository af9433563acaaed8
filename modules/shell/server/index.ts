/**
 * The shell module on the server (issue 20).
 */
import type { ServerModule } from '@erp/server/modules/part';
import { shellModule } from '../definitions/index.ts';

export const serverModule: ServerModule = { definitions: shellModule, hooks: {} };
