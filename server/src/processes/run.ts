/**
 * One process run (issue 12 "Process screens"; issue 39: exactly once), called by the run route:
 * - `selectItems`: the items as they qualify now — every item the parameters select (`All`), or the ids sent
 *   that the preview's rules still select — read again by the route while it holds the run's scope, so a run
 *   that waited behind another finds the other's work done instead of doing it again; with `Seen` (the preview's
 *   digest of each item, `rowDigest`), an item whose row changed since the user saw it is not run either: the
 *   run does what the user saw, once (a rate raised by 3 % is not raised again by a second click);
 * - `runItems`: each item through `runItem` (its own transaction), or a thousand at a time through `runBatch`
 *   (a batch that throws runs again item by item); one §3 Call result per item, in the items' order. An item
 *   no longer selected is answered `not_eligible` with the text the route gives (who did it, when known).
 */
import { createHash } from 'node:crypto';
import { BULK_MAX_ITEMS, type ProcessItemResult, type ProcessMade } from '@erp/shared/processes/define';
import type { FastifyBaseLogger } from 'fastify';
import { canRead } from '../entities/access.ts';
import { ConfirmationNeeded, messageIn } from '../entities/call-result.ts';
import { registeredEntity } from '../entities/registry.ts';
import { decodeRow, readFirstRows, readRowsIn, type ReportRow } from '../reports/engine.ts';
import type { ReportTranslate } from '../reports/messages.ts';
import { BATCH_SIZE, type ItemOutcome, type ProcessContext, type ServerProcess } from './engine.ts';

export interface SelectedItems {
  ids: string[];
  byId: Map<string, ReportRow>;
}

/** A preview row's digest: what the user saw of an item (sent back as `Seen`). */
export function rowDigest(row: ReportRow): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('base64url').slice(0, 22);
}

/** The items to run (see the header); null when `All` selects more than BULK_MAX_ITEMS. */
export async function selectItems(
  process: ServerProcess,
  ctx: ProcessContext,
  sent: readonly (string | number)[] | null,
  seen: Readonly<Record<string, string>> = {},
): Promise<SelectedItems | null> {
  const { def } = process;
  if (sent === null) {
    // Every item the parameters select, as they qualify now, in the preview's order.
    const rows = await readFirstRows(ctx, process.preview(ctx), BULK_MAX_ITEMS + 1);
    if (rows.length > BULK_MAX_ITEMS) return null;
    const decoded = rows.map((raw) => decodeRow(ctx.db, def, raw));
    const ids = decoded.map((row) => String(row[def.itemKey]));
    return { ids, byId: new Map(decoded.map((row, i) => [ids[i]!, row])) };
  }
  const ids = [...new Set(sent.map(String))];
  const keyColumn = def.columns.find((c) => c.field === def.itemKey)!;
  const keys = keyColumn.type === 'integer' ? ids.map(Number).filter(Number.isSafeInteger) : ids;
  // The items as they qualify now (the preview's rules, read again).
  const eligible = keys.length === 0 ? [] : await readRowsIn(ctx, process.preview(ctx), def.itemKey, keys);
  const byId = new Map<string, ReportRow>();
  for (const raw of eligible) {
    const row = decodeRow(ctx.db, def, raw);
    const id = String(row[def.itemKey]);
    if (!Object.hasOwn(seen, id) || seen[id] === rowDigest(row)) byId.set(id, row);
  }
  return { ids, byId };
}

export async function runItems(
  process: ServerProcess,
  ctx: ProcessContext,
  { ids, byId }: SelectedItems,
  texts: { translate: ReportTranslate; notEligible: string; log: FastifyBaseLogger },
): Promise<ProcessItemResult[]> {
  const { def } = process;
  const results: ProcessItemResult[] = [];
  const resultOf = (id: string, row: ReportRow, outcome: ItemOutcome): ProcessItemResult => ({
    ItemId: id,
    Label: String(row[def.itemLabel] ?? id),
    EntityId: outcome.EntityId ?? id,
    ResultStatus: outcome.ResultStatus,
    ResultCode: outcome.ResultCode,
    Message: outcome.Message,
    ...(outcome.Data ? { Data: outcome.Data } : {}),
    ...(outcome.Made && outcome.Made.length > 0 ? { Made: outcome.Made.map(madeLink) } : {}),
  });
  // Issue 40 item 3: a made document links to its screen when the caller may read it.
  const madeLink = (made: { Entity: string; Id: string | number; Number: string }): ProcessMade => {
    const other = registeredEntity(made.Entity)?.def;
    const screen = other && canRead(other, ctx.user) ? other.screen : null;
    return { Entity: made.Entity, Id: String(made.Id), Number: made.Number, LabelKey: other?.labelKey ?? made.Entity, Screen: screen };
  };
  /** One item through runItem: its outcome, its question (§5), or a failure logged. */
  const runOne = async (id: string, row: ReportRow): Promise<ProcessItemResult> => {
    const label = String(row[def.itemLabel] ?? id);
    try {
      return resultOf(id, row, await process.runItem(ctx, row));
    } catch (error) {
      if (error instanceof ConfirmationNeeded) {
        const message = messageIn(ctx.locale, error.key, error.params);
        return { ItemId: id, Label: label, ResultStatus: 3, ResultCode: 'confirm', Message: message, EntityId: id, Question: { Id: error.id, Key: error.key, Params: error.params, Message: message } };
      }
      texts.log.error({ err: error }, `process ${def.name}: item ${id} failed`);
      return { ItemId: id, Label: label, ResultStatus: 2, ResultCode: 'failed', Message: texts.translate('reports:process.failed'), EntityId: id };
    }
  };
  const notEligible = (id: string): ProcessItemResult => ({ ItemId: id, Label: id, ResultStatus: 2, ResultCode: 'not_eligible', Message: texts.notEligible, EntityId: id });
  if (!process.runBatch) {
    for (const id of ids) {
      const row = byId.get(id);
      results.push(row ? await runOne(id, row) : notEligible(id));
    }
    return results;
  }
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    const batch = ids.slice(start, start + BATCH_SIZE);
    const rows = batch.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    let outcomes: ItemOutcome[] | null = null;
    try {
      outcomes = rows.length > 0 ? await process.runBatch(ctx, rows) : [];
    } catch (error) {
      texts.log.warn({ err: error }, `process ${def.name}: a batch failed, its items run one by one`);
    }
    let k = 0;
    for (const id of batch) {
      const row = byId.get(id);
      if (!row) results.push(notEligible(id));
      else if (outcomes) results.push(resultOf(id, row, outcomes[k++]!));
      else results.push(await runOne(id, row));
    }
  }
  return results;
}
