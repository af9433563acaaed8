/**
 * Server rules of coils (definition modules/ic/definitions/coils/coil.ts) — what the shared validator cannot
 * check because it reads other rows:
 * - §5 Product "Entered gauge, width and length must be within the product's minimum and maximum.": a
 *   coil's gauge, width and length are checked against its product's GaugeMin/GaugeMax, WidthMin/WidthMax,
 *   LengthMin/LengthMax (a bound left blank does not limit), whenever the product or a dimension changes.
 * The rest of §5 Coil is declarative (field bounds and required fields; the heat number's existence is the
 * generic lookup check with §8 "Heat number {0} cannot be found."), and §4 "a coil with certain statuses
 * cannot be updated" is the definition's state machine.
 */
import { cmp, isDecimal } from '@erp/shared/decimal';
import type { RuleIssue } from '@erp/shared/entities/define';
import { entityByName } from '@erp/shared/entities/index';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { rowToRecord } from '@erp/server/entities/wire';
import { icDb } from '../tables.generated.ts';

/** The coil's dimensions bounded by the product, with the product fields of their bounds. */
const BOUNDED = [
  ['Gauge', 'GaugeMin', 'GaugeMax'],
  ['Width', 'WidthMin', 'WidthMax'],
  ['Length', 'LengthMin', 'LengthMax'],
] as const;

export const coilHooks: EntityHooks = {
  async validate(ctx, change) {
    if (!['ProductId', ...BOUNDED.map(([field]) => field)].some((field) => change.changed.has(field))) return [];
    const product = entityByName('product');
    const productId = change.next['ProductId'];
    if (!product || typeof productId !== 'string') return [];
    const bounds = BOUNDED.flatMap(([, min, max]) => [min, max]).filter((field) => field in product.fields);
    if (bounds.length === 0) return [];
    const row = await icDb(ctx.db)
      .selectFrom('products')
      .select(['gauge_min', 'gauge_max', 'width_min', 'width_max', 'length_min', 'length_max'])
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (!row) return [];
    // Stored values to wire decimals by the definition's field kinds.
    const limits = rowToRecord(product, row, bounds, false);
    const issues: RuleIssue[] = [];
    for (const [field, minField, maxField] of BOUNDED) {
      const value = change.next[field];
      if (!isDecimal(value)) continue;
      const min = limits[minField];
      const max = limits[maxField];
      const below = isDecimal(min) && cmp(value, min) < 0;
      const above = isDecimal(max) && cmp(value, max) > 0;
      if (below || above) {
        issues.push({ field, key: 'ic:coil.rules.dimensionRange', params: { min: isDecimal(min) ? min : '', max: isDecimal(max) ? max : '' } });
      }
    }
    return issues;
  },
};
