/**
 * Product masters — server side, owned by h15a (issue 15): entity hooks (rules that need the database) and demo data of
 * this part. The module's index (../index.ts) runs every part.
 */
import type { ModulePart } from '@erp/server/modules/part';

export const IC_MASTER_PART: ModulePart = { hooks: {} };
