/** Menu access: a MenuId must be a menu of the row's application. */
import type { EntityHooks } from '@erp/server/entities/hooks';

export const menuAccessHooks: EntityHooks = {
  async validate(ctx, change) {
    const menuId = change.next['MenuId'];
    if (typeof menuId !== 'string' || !(change.changed.has('MenuId') || change.changed.has('Application'))) return [];
    const menu = await ctx.db
      .selectFrom('menus')
      .select('menu_key')
      .where('application', '=', String(change.next['Application']))
      .where('menu_id', '=', menuId)
      .executeTakeFirst();
    return menu ? [] : [{ field: 'MenuId', key: 'entities:menu-access.rules.menuInvalid' }];
  },
};
