/**
 * What the General Ledger's processes and documents need configured (issue 40 item 1; ./setup-check/needs.ts):
 * an open fiscal period containing today for every posting, the year-end's retained earnings and the
 * revaluation's exchange account, and — for every module's numbered documents — a counter, or a default prefix
 * no other counter holds (numbering.ts creates a missing counter, and refuses a prefix another sequence owns).
 */
import { allEntities } from '@erp/shared/entities/index';
import { FIX_PERIODS, FIX_SEQUENCES, integrationNeed, type FinderDb, type Missing, type SetupNeed } from './setup-check/needs.ts';
import { glDb } from './tables.generated.ts';

async function periodMissing(db: FinderDb, today: string): Promise<Missing[]> {
  const row = await glDb(db).selectFrom('fiscal_periods').select('period_no').where('start_date', '<=', today).where('end_date', '>=', today).limit(1).executeTakeFirst();
  return row ? [] : [{ key: 'gl:setup-check.items.period', params: { date: today } }];
}

async function numberingMissing(db: FinderDb): Promise<Missing[]> {
  const counters = await glDb(db).selectFrom('sequence_counters').select(['sequence_id', 'prefix']).execute();
  const ids = new Set(counters.map((c) => c.sequence_id));
  const owners = new Map(counters.filter((c) => c.prefix).map((c) => [String(c.prefix), c.sequence_id]));
  const out: Missing[] = [];
  for (const entity of allEntities()) {
    const numbering = entity.numbering;
    if (!numbering || ids.has(numbering.sequence)) continue;
    const owner = numbering.prefix ? owners.get(numbering.prefix) : undefined;
    if (owner && owner !== numbering.sequence) out.push({ key: 'gl:setup-check.items.numbering', params: { sequence: numbering.sequence, prefix: numbering.prefix, owner }, usedBy: [entity.name] });
  }
  return out;
}

export const setupNeeds: readonly SetupNeed[] = [
  { usedBy: ['gl-journal-entry', 'gl-post-drafts'], check: { kind: 'find', find: periodMissing }, fix: FIX_PERIODS },
  { usedBy: [], check: { kind: 'find', find: numberingMissing }, fix: FIX_SEQUENCES },
  integrationNeed(['gl-year-end'], ['GL', 'RETAINED-EARNINGS']),
  integrationNeed(['gl-fx-revaluation'], ['GL', 'FX-UNREALIZED'], ['GL', 'FX-GAIN-LOSS']),
];
