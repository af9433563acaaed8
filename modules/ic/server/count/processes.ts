/**
 * The count cycle's process screens on the server (definitions: modules/ic/definitions/count/cycle.ts; engine:
 * server/src/processes/). Items are warehouses; each item runs its transition (cycle.ts) in its own
 * transaction. A refusal is the item's failure with the §8 message in the caller's language; a question
 * (re-freeze, set uncounted to 0) goes back to the screen, which asks and runs the item again confirmed.
 *
 * Preview: the warehouses the step applies to (the WarehouseId parameter: that warehouse whatever its stage, so
 * running it answers the spec's refusal; else freeze: every active warehouse, upgrade and post: those with a
 * count open), with the open count's figures.
 */
import { sql } from 'kysely';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import type { ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import { countFreeze, countPost, countUpgrade } from '../../definitions/count/cycle.ts';
import { freezeWarehouse, postWarehouseCount, upgradeWarehouse } from './cycle.ts';
import { icDb } from '../tables.generated.ts';

type Step = 'freeze' | 'upgrade' | 'post';

/** The warehouses with their stage and open count's figures. */
function warehouses(ctx: ProcessContext, step: Step) {
  const db = icDb(ctx.db);
  const lines = db
    .selectFrom('count_lines')
    .select([
      'count_id',
      sql<number>`count(*)`.as('products'),
      sql<number>`sum(case when is_counted = ${sql.lit(true)} then 1 else 0 end)`.as('counted'),
      sql<unknown>`sum(variance_value)`.as('variance_value'),
    ])
    .where('is_open', '=', sql.lit(true))
    .groupBy('count_id');
  const tags = db.selectFrom('count_tags').select(['count_id', sql<number>`count(*)`.as('open_tags')]).where('status', '=', 'Open').where('is_open', '=', sql.lit(true)).groupBy('count_id');
  const balances = db.selectFrom('stock_balances').select(['warehouse_id', sql<number>`count(*)`.as('n')]).groupBy('warehouse_id');
  let query = db
    .selectFrom('warehouses as w')
    .leftJoin('warehouse_counts as c', (join) => join.onRef('c.warehouse_id', '=', 'w.warehouse_id').on('c.status', 'in', ['Frozen', 'Counted']))
    .leftJoin(lines.as('l'), 'l.count_id', 'c.count_id')
    .leftJoin(tags.as('t'), 't.count_id', 'c.count_id')
    .leftJoin(balances.as('b'), 'b.warehouse_id', 'w.warehouse_id')
    .select([
      'w.warehouse_id as WarehouseId',
      'w.name as Name',
      'w.count_stage as CountStage',
      'c.count_date as CountDate',
      'c.count_no as CountNo',
      sql<number>`coalesce(${sql.ref(step === 'freeze' ? 'b.n' : 'l.products')}, 0)`.as('Products'),
      sql<number>`coalesce(l.counted, 0)`.as('Counted'),
      sql<number>`coalesce(l.products, 0) - coalesce(l.counted, 0)`.as('NotCounted'),
      sql<number>`coalesce(t.open_tags, 0)`.as('OpenTags'),
      sql<unknown>`coalesce(l.variance_value, 0)`.as('VarianceValue'),
    ])
    .orderBy('w.warehouse_id');
  const named = ctx.params['WarehouseId'];
  if (typeof named === 'string') return query.where('w.warehouse_id', '=', named);
  query = query.where('w.is_active', '=', sql.lit(true));
  return step === 'freeze' ? query : query.where('w.count_stage', 'in', ['Frozen', 'Counted']);
}

/** A refusal as the item's failure, in the caller's language; questions and other errors go to the engine. */
async function outcomeOf(ctx: ProcessContext, warehouseId: string, run: () => Promise<{ key: string; params: Record<string, unknown> }>) {
  try {
    const done = await run();
    return { ResultStatus: 1, ResultCode: 'done', Message: messageIn(ctx.locale, done.key, done.params), EntityId: warehouseId };
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    const issue = error.issues[0];
    return { ResultStatus: 2, ResultCode: error.code, Message: issue ? messageIn(ctx.locale, issue.key, issue.params ?? {}) : error.code, EntityId: warehouseId };
  }
}

function request(ctx: ProcessContext, row: Record<string, unknown>) {
  return { warehouseId: String(row['WarehouseId']), userId: ctx.user.userId, confirmations: ctx.confirmations };
}

export const countFreezeProcess: ServerProcess = {
  def: countFreeze,
  preview: (ctx) => warehouses(ctx, 'freeze'),
  runItem: (ctx, row) =>
    outcomeOf(ctx, String(row['WarehouseId']), async () => {
      const count = await icDb(ctx.db).transaction().execute((trx) => freezeWarehouse(trx, { ...request(ctx, row), countDate: String(ctx.params['CountDate']) }));
      return { key: 'ic:count-freeze.done', params: { warehouse: count.warehouseId, countNo: count.countNo, count: count.lines } };
    }),
};

export const countUpgradeProcess: ServerProcess = {
  def: countUpgrade,
  preview: (ctx) => warehouses(ctx, 'upgrade'),
  runItem: (ctx, row) =>
    outcomeOf(ctx, String(row['WarehouseId']), async () => {
      const count = await icDb(ctx.db).transaction().execute((trx) => upgradeWarehouse(trx, request(ctx, row)));
      return { key: 'ic:upgrade-count-stage.done', params: { warehouse: count.warehouseId, countNo: count.countNo, count: count.zeroFilled } };
    }),
};

export const countPostProcess: ServerProcess = {
  def: countPost,
  preview: (ctx) => warehouses(ctx, 'post'),
  runItem: (ctx, row) =>
    outcomeOf(ctx, String(row['WarehouseId']), async () => {
      const count = await icDb(ctx.db).transaction().execute((trx) => postWarehouseCount(trx, request(ctx, row)));
      return { key: 'ic:post-count-to-inventory.done', params: { warehouse: count.warehouseId, countNo: count.countNo, count: count.lines, value: count.value } };
    }),
};

export const IC_COUNT_SERVER_PROCESSES: readonly ServerProcess[] = [countFreezeProcess, countUpgradeProcess, countPostProcess];
