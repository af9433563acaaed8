/** Cities: the state must be a state of the city's country. */
import type { EntityHooks } from '@erp/server/entities/hooks';

export const cityHooks: EntityHooks = {
  async validate(ctx, change) {
    if (!change.changed.has('StateKey') && !change.changed.has('CountryCode')) return [];
    const state = (await ctx.any
      .selectFrom('states')
      .select('country_code')
      .where('state_key', '=', change.next['StateKey'])
      .executeTakeFirst()) as { country_code: string } | undefined;
    return state && state.country_code !== change.next['CountryCode']
      ? [{ field: 'StateKey', key: 'entities:state.rules.countryMismatch' }]
      : [];
  },
};
