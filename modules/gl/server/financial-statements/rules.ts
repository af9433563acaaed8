/**
 * Server rules of the financial statement formats (definitions: modules/gl/definitions/financial-statement.ts)
 * that read other rows (§3 Financial format: rows with range and sequence):
 * - a row detail is either an account range (both ends, From ≤ To) or the total of another row, not both;
 * - a total names a row of the same format with a lower sequence (so the statement adds rows in sequence order
 *   and a total can never include itself).
 * Uniqueness of the sequence and of the column number per format is the definition's `uniques`.
 */
import type { RuleIssue } from '@erp/shared/entities/define';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { glDb } from '../tables.generated.ts';

const K = 'gl:financial-statement-row-detail.rules';

const blank = (value: unknown) => value === undefined || value === null || value === '';

const rowDetailHooks: EntityHooks = {
  async validate(ctx, change) {
    const next = change.next;
    const hasRange = !blank(next['FromAccount']) || !blank(next['ToAccount']);
    const hasTotal = !blank(next['TotalOfSequence']);
    if (hasRange && hasTotal) return [{ field: 'TotalOfSequence', key: `${K}.rangeOrTotal` }];
    if (!hasRange && !hasTotal) return [{ field: 'FromAccount', key: `${K}.rangeOrTotal` }];
    if (hasRange) {
      const issues: RuleIssue[] = [];
      if (blank(next['FromAccount'])) issues.push({ field: 'FromAccount', key: `${K}.rangeIncomplete` });
      if (blank(next['ToAccount'])) issues.push({ field: 'ToAccount', key: `${K}.rangeIncomplete` });
      // Natural accounts are digits (§5): compared as numbers, so 999 < 1000.
      if (issues.length === 0 && Number(next['FromAccount']) > Number(next['ToAccount'])) issues.push({ field: 'ToAccount', key: `${K}.rangeOrder` });
      return issues;
    }
    const db = glDb(ctx.db);
    const row = await db.selectFrom('gl_fs_rows').select(['format_id', 'sequence']).where('row_id', '=', Number(next['RowId'])).executeTakeFirst();
    if (!row) return []; // the generic lookup check names the missing row
    const total = Number(next['TotalOfSequence']);
    const target = await db
      .selectFrom('gl_fs_rows')
      .select('row_id')
      .where('format_id', '=', row.format_id)
      .where('sequence', '=', total)
      .executeTakeFirst();
    if (!target || total >= Number(row.sequence)) return [{ field: 'TotalOfSequence', key: `${K}.totalRow` }];
    return [];
  },
};

/** Hooks by entity name (spread into the GL module's hooks in server/src/modules/index.ts). */
export const financialStatementHooks: Readonly<Record<string, EntityHooks>> = {
  'financial-statement-row-detail': rowDetailHooks,
};
