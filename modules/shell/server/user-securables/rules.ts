/**
 * §3 bill-to securable: `BILLTO,SHIPTO…` — the first id an existing active bill-to firm, every other an
 * existing active ship-to firm of that bill-to (a ship-to whose Bill To Id names another firm does not
 * belong to it). Anything else: 'Bill-to and ship-to id invalid.' (§8).
 */
import { securableIds } from '../../definitions/user-securables.ts';
import { asFlag } from '@erp/server/db/schema';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { shellDb } from '../tables.generated.ts';

export const userSecurablesHooks: EntityHooks = {
  async validate(ctx, change) {
    if (!change.changed.has('Identifier')) return [];
    const ids = securableIds(String(change.next['Identifier'] ?? ''));
    const rows = await shellDb(ctx.db)
      .selectFrom('firms')
      .select(['firm_id', 'is_active', 'is_bill_to', 'is_ship_to', 'bill_to_id'])
      .where('firm_id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.firm_id, row]));
    const [billTo, ...shipTos] = ids;
    const bill = billTo === undefined ? undefined : byId.get(billTo);
    const valid =
      bill !== undefined &&
      asFlag(bill.is_active) &&
      asFlag(bill.is_bill_to) &&
      shipTos.every((id) => {
        const ship = byId.get(id);
        return ship !== undefined && asFlag(ship.is_active) && asFlag(ship.is_ship_to) && (ship.bill_to_id === null || ship.bill_to_id === billTo);
      });
    return valid ? [] : [{ field: 'Identifier', key: 'entities:user-securables.rules.invalid' }];
  },
};
