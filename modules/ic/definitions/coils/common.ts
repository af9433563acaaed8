/**
 * Pieces the coil and heat-number definitions share (issue 15 item 3, owned by h15b): who keeps them and the
 * decimal shapes of metals data (label keys are derived by `defineEntity`: `ic:<entity>.fields.<field>`).
 *
 * - `COIL_ROLES`: the module's roles (IC_ROLES): the inventory desk keeps coils and heats.
 * - `PERCENT_4`: a chemistry percentage, 0 … 100 with 4 decimals (mill certificates give C, P, S, N to
 *   three or four places).
 * - `DIMENSION_4`: a dimension or weight with 4 decimals (gauge 0.0478 in).
 * - `COST_4`: a cost per pound with 4 decimals (metals are priced per pound or per cwt).
 */
import type { DecimalField } from '@erp/shared/entities/define';
import { IC_ROLES } from '../masters/common.ts';

/** The module's roles (h15a, masters/common.ts). */
export const COIL_ROLES = IC_ROLES;

export const IC = 'ic';

export const PERCENT_4: DecimalField = { type: 'decimal', precision: 8, scale: 4, min: '0', max: '100' };
export const DIMENSION_4: DecimalField = { type: 'decimal', precision: 13, scale: 4 };
export const COST_4: DecimalField = { type: 'decimal', precision: 13, scale: 4, min: '0' };
