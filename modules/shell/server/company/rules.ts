/** Companies: one default company — making a company the default clears the flag on the others. */
import { sql } from 'kysely';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { shellDb } from '../tables.generated.ts';

export const companyHooks: EntityHooks = {
  async afterWrite(ctx, entityTrx, change) {
    const trx = shellDb(entityTrx);
    if (!change.changed.has('IsDefault') || change.next['IsDefault'] !== true) return [];
    const others = (await trx
      .selectFrom('companies')
      .select('company_id')
      .where('is_default', '=', 1)
      .where('company_id', '!=', String(change.id))
      .execute()) as { company_id: string }[];
    if (others.length === 0) return [];
    const now = new Date().toISOString();
    await trx
      .updateTable('companies')
      .set({ is_default: 0, updated_by: ctx.user.userId, updated_on: now, version: sql`version + 1` })
      .where('company_id', 'in', others.map((row) => row.company_id))
      .execute();
    return others.map((row) => ({
      table: 'companies',
      idName: 'company_id',
      idValue: row.company_id,
      column: 'is_default',
      old: true,
      new: false,
      action: 'update' as const,
    }));
  },
};
