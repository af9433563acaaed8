/**
 * Production work orders on the server (definition and the rules in words: modules/ic/definitions/production;
 * §3 "Production work order and batch", §4 "Work order actions" and the production-ticket rules, SCREENS.md
 * IC-11 and WP3 acceptance 5).
 *
 * Saves (validate, before the transaction):
 * - §5 the product must exist and be an assembly (products.kit_type = 'Assembly');
 * - the product cannot change once the order is committed;
 * - the bill of materials is copied from the product (product_components) when the order is created without
 *   lines, or its product changes while Pending; each line's Quantity (factor × quantity to produce, 4
 *   decimals) and UsedToDate (as stored) are the server's, whatever the client sends; a component already used
 *   cannot be removed; a component cannot be the product itself; the quantity to produce cannot go below the
 *   quantity produced to date.
 * Delete: §4 only while Pending or Committed (the definition's states) and only while produced to date is 0.
 * Actions (one transaction each, the generic action call):
 * - commit: Pending → Committed; the product is still an assembly and the order has at least one component;
 *   a Committed order allocates what its components still need (quantity − used to date) in its warehouse
 *   (stock_balances.committed, released as batches consume them, on close and on delete, re-allocated on
 *   Re-Open and when its lines, quantity or warehouse change);
 * - produce: a batch of BatchQuantity (> 0, at most the remaining quantity) dated BatchDate (else today):
 *   every component issues factor × batch quantity at moving average and the product is received at the sum
 *   of those values — one stock-ledger movement set, one balanced IC journal (production.ts);
 * - close: Committed → Closed; a batch entered is produced first; §4 a closing reason is required when the
 *   remaining quantity is not 0; ClosedDate = the batch date (else today);
 * - reopen: Closed → Committed while the closing date's stock year is not closed (stock_closed_years) and
 *   its G/L period is open (§8 "Selected date is in a closed period.").
 */
import { cmp, isZero, mul, neg, sub, type Decimal } from '@erp/shared/decimal';
import { productionWorkOrder } from '../../definitions/production/index.ts';
import type { RuleIssue } from '@erp/shared/entities/define';
import { BusinessError, callResult, messageIn } from '@erp/server/entities/call-result';
import type { Kysely, Transaction } from 'kysely';
import type { ActionRun, Change, EntityContext, EntityHooks } from '@erp/server/entities/hooks';
import { adjustCommitted, assertStockYearOpen } from '../stock/ledger.ts';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { findPeriod, periodMissing } from '@erp/modules/gl/server/api';
import { linesOf, type ComponentLine } from './lines.ts';
import { produceBatch, today } from './production.ts';
import { icDb, type IcDatabase } from '../tables.generated.ts';

type IcTransaction = Transaction<IcDatabase>;

const NAME = productionWorkOrder.name;
const key = (rule: string) => `ic:${NAME}.rules.${rule}`;

/** The product's kit type, or null when it does not exist. */
async function kitType(db: Kysely<IcDatabase>, productId: string): Promise<string | null> {
  const row = await db.selectFrom('products').select('kit_type').where('product_id', '=', productId).executeTakeFirst();
  return row ? String(row.kit_type ?? 'None') : null;
}

/**
 * The product's bill of materials (product_components), in line order, as work order lines: the factor is the
 * component's quantity per unit of the product — the product BoM's quantity × its factor (4 decimals).
 */
export async function productBom(db: Kysely<IcDatabase>, productId: string): Promise<{ ComponentId: string; Factor: Decimal }[]> {
  const rows = await db
    .selectFrom('product_components')
    .select(['component_id', 'factor', 'quantity'])
    .where('product_id', '=', productId)
    .orderBy('line_id')
    .execute();
  return rows.map((row) => ({
    ComponentId: String(row.component_id),
    Factor: mul(decimalFromDb(db, row.quantity, 4) ?? '0.0000', decimalFromDb(db, row.factor, 4) ?? '1.0000', 4),
  }));
}

async function validate(ctx: EntityContext, change: Change): Promise<RuleIssue[]> {
  const next = change.next;
  const productId = String(next['ProductId'] ?? '');
  const issues: RuleIssue[] = [];
  if (change.mode === 'update' && change.changed.has('ProductId') && change.current?.['Status'] !== 'Pending') {
    return [{ field: 'ProductId', key: key('productLocked') }];
  }
  // §5: the product must be an assembly (the generic lookup check already refused a missing product).
  if (change.mode === 'create' || change.changed.has('ProductId')) {
    const kind = await kitType(icDb(ctx.db), productId);
    if (kind !== 'Assembly') return [{ field: 'ProductId', key: key('notAssembly'), params: { product: productId } }];
  }

  const quantity = String(next['QuantityToProduce'] ?? '0.0000');
  // Issue 22 item 12: what is already produced cannot be un-ordered (Remaining would go negative).
  const produced = String(change.current?.['ProducedToDate'] ?? '0.0000');
  if (change.mode === 'update' && change.changed.has('QuantityToProduce') && cmp(quantity, produced) < 0) {
    return [{ field: 'QuantityToProduce', key: key('belowProduced'), params: { produced } }];
  }
  const stored = new Map(linesOf(change.current ?? {}).map((line) => [line.LineId, line]));
  let lines: ComponentLine[];
  const given = change.changed.has('Components') ? linesOf(change.value) : null;
  if ((change.mode === 'create' || change.changed.has('ProductId')) && (given === null || given.length === 0)) {
    lines = (await productBom(icDb(ctx.db), productId)).map((row) => ({ LineId: null, ...row, Quantity: null, UsedToDate: null }));
  } else if (given !== null) lines = given;
  else if (change.changed.has('QuantityToProduce')) lines = linesOf(change.current ?? {});
  else return issues;
  // A component already consumed cannot be removed.
  const kept = new Set(lines.map((line) => line.LineId));
  for (const old of stored.values()) {
    if (!kept.has(old.LineId) && old.UsedToDate && !isZero(old.UsedToDate)) {
      issues.push({ field: 'Components', key: key('componentUsed'), params: { component: old.ComponentId } });
    }
  }
  const rebuilt = lines.map((line, index) => {
    if (line.ComponentId === productId) issues.push({ field: `Components[${index}].ComponentId`, key: key('componentIsProduct') });
    const old = line.LineId === null ? undefined : stored.get(line.LineId);
    if (old && old.ComponentId !== line.ComponentId && old.UsedToDate && !isZero(old.UsedToDate)) {
      issues.push({ field: `Components[${index}].ComponentId`, key: key('componentUsed'), params: { component: old.ComponentId } });
    }
    return {
      LineId: line.LineId ?? null,
      ComponentId: line.ComponentId,
      Factor: line.Factor,
      Quantity: mul(line.Factor, quantity, 4),
      UsedToDate: old?.UsedToDate ?? '0.0000',
    };
  });
  change.value['Components'] = rebuilt;
  change.changed.add('Components');
  change.next['Components'] = rebuilt;
  return issues;
}

/** Component quantities the order still needs (quantity − used to date, when positive), as stored in `trx`. */
async function outstandingOf(trx: IcTransaction, workOrderId: number): Promise<{ componentId: string; quantity: Decimal }[]> {
  const rows = await trx
    .selectFrom('production_work_order_components')
    .select(['component_id', 'quantity', 'used_to_date'])
    .where('work_order_id', '=', workOrderId)
    .execute();
  return rows
    .map((row) => ({
      componentId: String(row.component_id),
      quantity: sub(decimalFromDb(trx, row.quantity, 4) ?? '0.0000', decimalFromDb(trx, row.used_to_date, 4) ?? '0.0000'),
    }))
    .filter((row) => cmp(row.quantity, '0') > 0);
}

/**
 * A Committed order allocates what its components still need in its warehouse (stock_balances.committed, the
 * stock ledger's adjustCommitted): `sign` +1 allocates, −1 releases.
 */
async function allocate(trx: IcTransaction, warehouseId: string, needs: { componentId: string; quantity: Decimal }[], sign: 1 | -1): Promise<void> {
  for (const need of needs) await adjustCommitted(trx, need.componentId, warehouseId, sign === 1 ? need.quantity : neg(need.quantity));
}

function refuse(rule: string, params: Record<string, unknown> = {}, field = ''): never {
  throw BusinessError.of(409, rule, key(rule), params, field);
}

/** §8 "Selected date is in a closed period." when the date's stock year is closed (or a later one is), or its G/L period is. */
export async function assertStockDateOpen(trx: IcTransaction, date: string, field: string): Promise<void> {
  await assertStockYearOpen(trx, date, field);
  const period = await findPeriod(trx, date, 'share');
  if (!period) throw periodMissing(field);
  if (period.closed.gl) throw BusinessError.of(400, 'period_closed', key('dateClosed'), { date }, field);
}

async function produce(ctx: EntityContext, run: ActionRun, required: boolean) {
  const quantity = run.record['BatchQuantity'] == null ? null : String(run.record['BatchQuantity']);
  if (quantity === null || isZero(quantity)) {
    if (required) refuse('batchRequired', {}, 'BatchQuantity');
    return null;
  }
  const remaining = sub(String(run.record['QuantityToProduce']), String(run.record['ProducedToDate'] ?? '0'));
  if (cmp(quantity, remaining) > 0) refuse('batchTooLarge', { remaining }, 'BatchQuantity');
  if (linesOf(run.record).length === 0) refuse('noComponents', {}, 'Components');
  const id = Number(run.record['WorkOrderId']);
  const warehouseId = String(run.record['WarehouseId']);
  const trx = icDb(run.trx);
  await allocate(trx, warehouseId, await outstandingOf(trx, id), -1);
  const batch = await produceBatch(trx, { userId: ctx.user.userId, now: run.now }, run.record, quantity);
  await allocate(trx, warehouseId, await outstandingOf(trx, id), 1);
  return batch;
}

async function commit(_ctx: EntityContext, run: ActionRun) {
  const kind = await kitType(icDb(run.trx), String(run.record['ProductId']));
  if (kind !== 'Assembly') refuse('notAssembly', { product: run.record['ProductId'] }, 'ProductId');
  if (linesOf(run.record).length === 0) refuse('noComponents', {}, 'Components');
}

export const workOrderHooks: EntityHooks = {
  validate,
  async beforeDelete(ctx, record) {
    // §4: a production ticket or work order can be deleted only if the quantity produced to date is 0.
    if (isZero(String(record['ProducedToDate'] ?? '0'))) return null;
    return { status: 409, body: callResult(2, 'produced', messageIn(ctx.user.row.language, key('producedNoDelete'))) };
  },
  async onDelete(_ctx, engineTrx, record) {
    const trx = icDb(engineTrx);
    if (record['Status'] === 'Committed') await allocate(trx, String(record['WarehouseId']), await outstandingOf(trx, Number(record['WorkOrderId'])), -1);
    await trx.deleteFrom('production_batches').where('work_order_id', '=', Number(record['WorkOrderId'])).execute();
    return [];
  },
  async afterWrite(_ctx, engineTrx, change) {
    const trx = icDb(engineTrx);
    // A Committed order's allocation follows its lines, its quantity and its warehouse (issue 22 item 12: moved
    // to another warehouse, it is released where it was and allocated where it now is).
    if (change.mode === 'update' && change.current?.['Status'] === 'Committed' && ['Components', 'QuantityToProduce', 'WarehouseId'].some((field) => change.changed.has(field))) {
      const before = linesOf(change.current).map((line) => ({ componentId: line.ComponentId, quantity: sub(line.Quantity ?? '0.0000', line.UsedToDate ?? '0.0000') }));
      await allocate(trx, String(change.current['WarehouseId']), before.filter((row) => cmp(row.quantity, '0') > 0), -1);
      await allocate(trx, String(change.next['WarehouseId']), await outstandingOf(trx, Number(change.id)), 1);
    }
    return [];
  },
  actions: {
    commit: {
      guard: commit,
      async effect(_ctx, run) {
        const trx = icDb(run.trx);
        await allocate(trx, String(run.record['WarehouseId']), await outstandingOf(trx, Number(run.record['WorkOrderId'])), 1);
        return { touched: ['stock_balances'] };
      },
    },
    produce: {
      async effect(ctx, run) {
        const batch = await produce(ctx, run, true);
        return {
          set: batch!.set,
          touched: batch!.touched,
          messageKey: key('produced'),
          messageParams: { quantity: batch!.quantity, document: batch!.documentNo },
        };
      },
    },
    close: {
      async effect(ctx, run) {
        const batch = await produce(ctx, run, false);
        const produced = batch ? String(batch.set['ProducedToDate']) : String(run.record['ProducedToDate'] ?? '0.0000');
        const remaining = sub(String(run.record['QuantityToProduce']), produced);
        const reason = String(run.record['ClosingReason'] ?? '').trim();
        // §4: closing needs a closing reason when the remaining quantity is not 0.
        if (!isZero(remaining) && reason === '') refuse('closingReason', { remaining }, 'ClosingReason');
        const closedDate = (run.record['BatchDate'] as string | null) ?? today();
        // A Closed order allocates nothing.
        const trx = icDb(run.trx);
        await allocate(trx, String(run.record['WarehouseId']), await outstandingOf(trx, Number(run.record['WorkOrderId'])), -1);
        return {
          set: { ...(batch?.set ?? {}), ClosedDate: closedDate },
          touched: [...(batch?.touched ?? []), 'stock_balances'],
          messageKey: key('closed'),
          messageParams: { document: run.record['WorkOrderNo'] },
        };
      },
    },
    reopen: {
      async guard(_ctx, run) {
        const date = (run.record['ClosedDate'] as string | null) ?? today();
        await assertStockDateOpen(icDb(run.trx), date, 'ClosedDate');
      },
      async effect(_ctx, run) {
        const trx = icDb(run.trx);
        await allocate(trx, String(run.record['WarehouseId']), await outstandingOf(trx, Number(run.record['WorkOrderId'])), 1);
        return { set: { ClosedDate: null }, touched: ['stock_balances'] };
      },
    },
  },
};
