/** Cities: the state must be a state of the city's country. */
import type { EntityHooks } from '@erp/server/entities/hooks';
import { shellDb } from '../tables.generated.ts';

export const cityHooks: EntityHooks = {
  async validate(ctx, change) {
    if (!change.changed.has('StateKey') && !change.changed.has('CountryCode')) return [];
    const stateKey = change.next['StateKey'];
    // No state: nothing to match (the query on a null key found none either).
    if (stateKey === null || stateKey === undefined) return [];
    const state = await shellDb(ctx.db).selectFrom('states').select('country_code').where('state_key', '=', Number(stateKey)).executeTakeFirst();
    return state && state.country_code !== change.next['CountryCode']
      ? [{ field: 'StateKey', key: 'entities:state.rules.countryMismatch' }]
      : [];
  },
};
