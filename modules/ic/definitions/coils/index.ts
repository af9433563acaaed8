/**
 * Coils and heat numbers — owned by h15b (issue 15). Definitions of this part of the module, in dependency order (a lookup's
 * target before the entity using it). The module's index (../index.ts) lists every part.
 * - `heat-number` (IC-09, heat-number.ts): the mill's cast, its chemistry, mechanicals and MTR attachment.
 * - `coil` (IC-08, coil.ts): every §3 coil field, the §5 coil rules, the coil status (§4).
 * - `ic-coil-inquiry` (IC-17, coil-inquiry.ts): the report.
 */
import type { AnyEntity } from '@erp/shared/entities/define';
import { coil } from './coil.ts';
import { heatNumber } from './heat-number.ts';

export { coil, COIL_EDITABLE, COIL_STATUSES } from './coil.ts';
export { coilInquiry } from './coil-inquiry.ts';
export { CHEMICAL_ELEMENTS, heatNumber, MECHANICAL_PROPERTIES, MECHANICAL_UNITS } from './heat-number.ts';

export const IC_COIL_ENTITIES: readonly AnyEntity[] = [heatNumber, coil];
