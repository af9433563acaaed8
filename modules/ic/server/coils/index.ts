/**
 * Coils and heat numbers — server side, owned by h15b (issue 15): entity hooks (rules that need the database) and demo data of
 * this part. The module's index (../index.ts) runs every part.
 * - rules.ts: the coil's dimensions within its product's minimum and maximum (§5 Product).
 * - seed.ts: demo heats (chemistry, mechanicals) and coils, written once when the tables are empty.
 * - report.ts: the coil inquiry's query (registered through ../reports/index.ts).
 */
import type { ModulePart } from '@erp/server/modules/part';
import { coilHooks } from './rules.ts';
import { seedCoils } from './seed.ts';

export const IC_COIL_PART: ModulePart = { hooks: { coil: coilHooks }, seed: seedCoils };
