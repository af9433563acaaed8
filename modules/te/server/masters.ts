/**
 * Rules of the Trades masters (issue 28 item 1; definitions modules/te/definitions/masters.ts).
 * - a lot's building belongs to its site (§8 "Builder, site or lot not found." otherwise); its prices are the
 *   server's: model price = the model's contract price on the lot's site, else its base price; options total =
 *   Σ its lot options; contract price = both. A billed lot (something invoiced on it) keeps its model.
 * - a lot option takes the site's price of the option, else the option's list price, when none is typed; its
 *   amount is quantity × price; a billed one is final; every change re-prices its lot.
 * - a model's contract price on a site: the unbilled lots of that model and site follow (`repriceLots`).
 */
import { add, isZero, mul, type Decimal } from '@erp/shared/decimal';
import { BusinessError, callResult, messageIn } from '@erp/server/entities/call-result';
import { decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { Transaction } from 'kysely';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { teDb, type TeDatabase } from './tables.generated.ts';
import { money, notFound, text, wire } from './records.ts';
import { setField } from '@erp/server/entities/hooks';

/** The model's price on a site: its contract price there, else its base price. */
export async function modelPrice(trx: Transaction<TeDatabase>, modelId: string, siteId: string): Promise<Decimal> {
  if (modelId === '') return '0.00';
  const contract = (await trx.selectFrom('te_model_prices').select('contract_price').where('model_id', '=', modelId).where('site_id', '=', siteId).executeTakeFirst());
  if (contract) return money(trx, contract.contract_price);
  const model = (await trx.selectFrom('te_models').select('base_price').where('model_id', '=', modelId).executeTakeFirst());
  return model ? money(trx, model.base_price) : '0.00';
}

async function optionsTotal(trx: Transaction<TeDatabase>, lotId: string, excluding: number | null = null): Promise<Decimal> {
  let query = trx.selectFrom('te_lot_options').select('amount').where('lot_id', '=', lotId);
  if (excluding !== null) query = query.where('lot_option_id', '<>', excluding);
  const rows = await query.execute();
  let total = '0.00';
  for (const row of rows) total = add(total, money(trx, row.amount));
  return total;
}

/** Writes a lot's options total and contract price again (after its options changed; `excluding` one going). */
export async function repriceLot(trx: Transaction<TeDatabase>, lotId: string, userId: string, excluding: number | null = null): Promise<void> {
  const lot = (await trx.selectFrom('te_lots').select(['model_price']).where('lot_id', '=', lotId).executeTakeFirst());
  if (!lot) return;
  const engine = engineOf(trx);
  const options = await optionsTotal(trx, lotId, excluding);
  await trx
    .updateTable('te_lots')
    .set((eb) => ({
      options_total: decimalToDb(engine, options, 2),
      contract_price: decimalToDb(engine, add(money(trx, lot.model_price), options), 2),
      updated_by: userId,
      updated_on: new Date().toISOString(),
      version: eb('version', '+', 1),
    }))
    .where('lot_id', '=', lotId)
    .execute();
}

/**
 * The unbilled lots of a model on a site take the model's price there (contract price = price + their options):
 * one statement on both engines. Answers how many lots changed.
 */
export async function repriceLots(trx: Transaction<TeDatabase>, modelId: string, siteId: string, price: Decimal, userId: string): Promise<number> {
  const engine = engineOf(trx);
  const units = decimalToDb(engine, price, 2);
  const result = await trx
    .updateTable('te_lots')
    .set((eb) => ({
      model_price: units,
      contract_price: eb(eb.fn.coalesce('options_total', eb.val(decimalToDb(engine, '0.00', 2))), '+', units),
      updated_by: userId,
      updated_on: new Date().toISOString(),
      version: eb('version', '+', 1),
    }))
    .where('model_id', '=', modelId)
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('billed_amount', 'is', null), eb('billed_amount', '=', decimalToDb(engine, '0.00', 2))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const lotHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = teDb(engineTrx);
    const siteId = text(change.next['SiteId']);
    const buildingId = text(change.next['BuildingId']);
    if (buildingId !== '') {
      const building = (await trx.selectFrom('te_site_buildings').select('site_id').where('building_id', '=', buildingId).executeTakeFirst());
      if (!building || building.site_id !== siteId) notFound('BuildingId');
    }
    const billed = wire(change.current?.['BilledAmount']);
    if (!isZero(billed) && (change.changed.has('ModelId') || change.changed.has('SiteId'))) {
      throw BusinessError.of(400, 'lot_billed', 'te:rules.lotBilled', {}, 'ModelId');
    }
    if (change.mode === 'create' || change.changed.has('ModelId') || change.changed.has('SiteId')) {
      const price = await modelPrice(trx, text(change.next['ModelId']), siteId);
      const options = change.mode === 'create' ? '0.00' : await optionsTotal(trx, text(change.next['LotId']));
      setField(change, 'ModelPrice', price);
      setField(change, 'OptionsTotal', options);
      setField(change, 'ContractPrice', add(price, options));
    }
    if (change.mode === 'create') setField(change, 'BilledAmount', '0.00');
  },
};

async function optionPrice(trx: Transaction<TeDatabase>, lotId: string, optionId: string): Promise<Decimal> {
  const lot = (await trx.selectFrom('te_lots').select('site_id').where('lot_id', '=', lotId).executeTakeFirst());
  if (!lot) notFound('LotId');
  const site = (await trx.selectFrom('te_site_options').select('price').where('site_id', '=', text(lot.site_id)).where('option_id', '=', optionId).executeTakeFirst());
  if (site) return money(trx, site.price);
  const option = (await trx.selectFrom('te_options').select('price').where('option_id', '=', optionId).executeTakeFirst());
  return option ? money(trx, option.price) : '0.00';
}

export const lotOptionHooks: EntityHooks = {
  async beforeWrite(_ctx, engineTrx, change) {
    const trx = teDb(engineTrx);
    if (change.current && text(change.current['BillingNo']) !== '') throw BusinessError.of(409, 'option_billed', 'te:rules.optionBilled', { billing: change.current['BillingNo'] });
    const typed = change.next['Price'];
    const price = typeof typed === 'string' && typed !== '' && !(change.changed.has('OptionId') && !change.changed.has('Price') && change.mode === 'update')
      ? typed
      : await optionPrice(trx, text(change.next['LotId']), text(change.next['OptionId']));
    setField(change, 'Price', price);
    setField(change, 'Amount', mul(price, String(change.next['Quantity'] ?? '1'), 2));
  },
  async afterWrite(ctx, engineTrx, change) {
    const trx = teDb(engineTrx);
    await repriceLot(trx, text(change.next['LotId']), ctx.user.userId);
    if (change.current && change.current['LotId'] !== change.next['LotId']) await repriceLot(trx, text(change.current['LotId']), ctx.user.userId);
    return [];
  },
  async beforeDelete(ctx, record) {
    if (text(record['BillingNo']) === '') return null;
    return { status: 409, body: callResult(2, 'option_billed', messageIn(ctx.user.row.language, 'te:rules.optionBilled', { billing: record['BillingNo'] })) };
  },
  async onDelete(ctx, engineTrx, record) {
    const trx = teDb(engineTrx);
    // Runs before the row goes: the lot's total leaves this option out.
    await repriceLot(trx, text(record['LotId']), ctx.user.userId, Number(record['LotOptionId']));
    return [];
  },
};

export const modelPriceHooks: EntityHooks = {
  async afterWrite(ctx, engineTrx, change) {
    const trx = teDb(engineTrx);
    await repriceLots(trx, text(change.next['ModelId']), text(change.next['SiteId']), wire(change.next['ContractPrice']), ctx.user.userId);
    return [];
  },
};
