/**
 * Copy model and change model prices (issue 28 item 2; definitions modules/te/definitions/reports.ts). Each item
 * runs in its own transaction.
 *
 * Copy model: the model under a new code (refused when the code is taken) with its options and its contract
 * prices on every site.
 * Change model prices: each contract price (model × site) the parameters select, by a percent or an amount —
 * exact decimals, to the cent, half-up; a price that would fall below zero is refused — written only while it
 * is still the previewed one; the unbilled lots of that model on that site follow in one statement
 * (masters.ts `repriceLots`).
 */
import { sql } from 'kysely';
import { cmp, type Decimal } from '@erp/shared/decimal';
import { BusinessError, messageIn } from '@erp/server/entities/call-result';
import { decimalToDb } from '@erp/server/db/decimal-codec';
import type { ItemOutcome, ProcessContext, ServerProcess } from '@erp/server/processes/engine';
import { changedPrice, changedPriceSql, changeMethod, prepareChange } from '@erp/server/processes/price-change';
import { changeModelPrices, copyModel } from '../definitions/reports.ts';
import { repriceLots } from './masters.ts';
import { money, text } from './records.ts';
import { teDb } from './tables.generated.ts';
import { flag, asFlag } from '@erp/server/db/schema';

const CODE = /^[A-Z0-9_.-]{1,12}$/;

function refused(ctx: ProcessContext, error: unknown, id: unknown): ItemOutcome {
  if (error instanceof BusinessError) {
    const issue = error.issues[0];
    return { ResultStatus: 2, ResultCode: error.code, Message: messageIn(ctx.locale, issue?.key ?? error.code, issue?.params ?? {}), EntityId: id as number };
  }
  throw error;
}

const copyModelProcess: ServerProcess = {
  def: copyModel,
  async prepare(ctx) {
    const target = text(ctx.params['ToModelId']).trim().toUpperCase();
    if (!CODE.test(target)) return [{ field: 'ToModelId', key: 'te:rules.modelCode' }];
    const taken = await teDb(ctx.db).selectFrom('te_models').select('model_id').where('model_id', '=', target).executeTakeFirst();
    if (taken) return [{ field: 'ToModelId', key: 'te:rules.modelExists', params: { model: target } }];
    ctx.state['target'] = target;
    return [];
  },
  preview(ctx) {
    return teDb(ctx.db)
      .selectFrom('te_models as m')
      .where('m.model_id', '=', String(ctx.params['FromModelId']))
      .select([
        'm.model_id as ModelId',
        'm.description as Description',
        'm.base_price as BasePrice',
        sql<number>`(select count(*) from te_model_options o where o.model_id = m.model_id)`.as('Options'),
        sql<number>`(select count(*) from te_model_prices p where p.model_id = m.model_id)`.as('Prices'),
      ]);
  },
  async runItem(ctx, row) {
    const source = String(row['ModelId']);
    const target = String(ctx.state['target']);
    try {
      return await teDb(ctx.db).transaction().execute(async (trx) => {
        if (await trx.selectFrom('te_models').select('model_id').where('model_id', '=', target).executeTakeFirst()) {
          throw BusinessError.of(409, 'exists', 'te:rules.modelExists', { model: target });
        }
        const now = new Date().toISOString();
        const trail = { created_by: ctx.user.userId, created_on: now, updated_by: ctx.user.userId, updated_on: now, version: 1 };
        const model = await trx.selectFrom('te_models').selectAll().where('model_id', '=', source).executeTakeFirstOrThrow();
        const description = text(ctx.params['Description']) || text(model['description']);
        await trx
          .insertInto('te_models')
          .values({ ...model, is_active: flag(asFlag(model.is_active)), model_id: target, description, ...trail })
          .execute();
        const options = await trx.selectFrom('te_model_options').select(['option_id', 'price', 'is_standard']).where('model_id', '=', source).orderBy('line_id').execute();
        // A flag as read (PostgreSQL's boolean, SQLite's 0/1) is written back as 0/1, which both store alike.
        if (options.length > 0) await trx.insertInto('te_model_options').values(options.map((option) => ({ ...option, is_standard: flag(asFlag(option.is_standard)), model_id: target }))).execute();
        const prices = await trx.selectFrom('te_model_prices').select(['site_id', 'contract_price', 'effective_date']).where('model_id', '=', source).execute();
        if (prices.length > 0) await trx.insertInto('te_model_prices').values(prices.map((price) => ({ ...price, model_id: target, ...trail }))).execute();
        return {
          ResultStatus: 1,
          ResultCode: 'copied',
          Message: messageIn(ctx.locale, 'te:reports.copyModel.done', { model: target, options: options.length, prices: prices.length }),
          EntityId: source,
        };
      });
    } catch (error) {
      return refused(ctx, error, source);
    }
  },
};

const changePricesProcess: ServerProcess = {
  def: changeModelPrices,
  prepare: prepareChange('te:rules.changeNumber'),
  preview(ctx) {
    const db = teDb(ctx.db);
    // Exact in SQL, to the cent.
    const newPrice = changedPriceSql(db, 'p.contract_price', changeMethod(ctx), ctx.state['change'] as Decimal, 2);
    const zero = decimalToDb(db, '0.00', 2);
    let query = db
      .selectFrom('te_model_prices as p')
      .select([
        'p.price_id as PriceId',
        'p.model_id as ModelId',
        'p.site_id as SiteId',
        'p.contract_price as ContractPrice',
        newPrice.as('NewPrice'),
        sql<number>`(select count(*) from te_lots l where l.model_id = p.model_id and l.site_id = p.site_id and coalesce(l.billed_amount, ${zero}) = ${zero})`.as('Lots'),
        sql<string>`p.model_id || ' ' || p.site_id`.as('Item'),
      ])
      .orderBy('p.model_id')
      .orderBy('p.site_id');
    if (ctx.params['ModelId'] !== undefined) query = query.where('p.model_id', '=', String(ctx.params['ModelId']));
    if (ctx.params['SiteId'] !== undefined) query = query.where('p.site_id', '=', String(ctx.params['SiteId']));
    return query;
  },
  async runItem(ctx, row) {
    const id = Number(row['PriceId']);
    try {
      return await teDb(ctx.db).transaction().execute(async (trx) => {
        const stored = await trx.selectFrom('te_model_prices').select(['model_id', 'site_id', 'contract_price']).where('price_id', '=', id).executeTakeFirst();
        const price = stored ? money(trx, stored['contract_price']) : null;
        // Changed or gone since the preview: left alone.
        if (!stored || price === null || cmp(price, String(row['ContractPrice'])) !== 0) {
          return { ResultStatus: 2, ResultCode: 'changed', Message: messageIn(ctx.locale, 'te:reports.changeModelPrices.changed'), EntityId: id };
        }
        const next = changedPrice(price, changeMethod(ctx), ctx.state['change'] as Decimal, 2);
        if (cmp(next, '0') < 0) return { ResultStatus: 2, ResultCode: 'refused', Message: messageIn(ctx.locale, 'te:reports.changeModelPrices.negative', { price, next }), EntityId: id };
        await trx
          .updateTable('te_model_prices')
          .set((eb) => ({ contract_price: decimalToDb(trx, next, 2), updated_by: ctx.user.userId, updated_on: new Date().toISOString(), version: eb('version', '+', 1) }))
          .where('price_id', '=', id)
          .execute();
        const lots = await repriceLots(trx, text(stored['model_id']), text(stored['site_id']), next, ctx.user.userId);
        return { ResultStatus: 1, ResultCode: 'changed', Message: messageIn(ctx.locale, 'te:reports.changeModelPrices.done', { price, next, count: lots }), EntityId: id };
      });
    } catch (error) {
      return refused(ctx, error, id);
    }
  },
};

export const TE_PROCESSES: readonly ServerProcess[] = [copyModelProcess, changePricesProcess];
