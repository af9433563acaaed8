/**
 * Documents in the generic data service (issue 12): states and actions, computed fields, numbers, and the
 * checks of line fields that need the database. save.ts and delete.ts call these; an entity without `states`,
 * `computed`, `numbering` or `lines` is untouched by them.
 *
 * - `stateRefusal(ctx, record, 'edit' | 'delete')`: the server refuses an edit or delete the record's state
 *   does not allow (definition `states.editable` / `deletable`), whatever the client sends (409 CallResult,
 *   `entities:result.stateLocked`).
 * - `withComputed(def, record)`: the computed fields (shared/src/entities/compute.ts), the same evaluator
 *   the form uses; what a client sent for them is replaced.
 * - `assignNumber(trx, def, row)`: the document number from `sequence_counters` in the create's transaction.
 * - `lineLookupIssues(trx, def, value)`: every lookup of every line (definition `lines`), checked in the
 *   save's transaction: the target exists (and is active when the field says so).
 * - `runAction(ctx, rawId, action, body)` — POST /api/data/:entity/:id/actions/:action, body
 *   `{ Version, Confirmations?, … }`: checks the caller's roles for the transition, the record's Version
 *   (409 when stale) and that the state allows the action; then in ONE transaction: bumps the version
 *   (`WHERE version = ?`: concurrent actions on one version, one wins), runs the guard and the effect
 *   (EntityHooks.actions), sets the new state and the effect's fields, writes the audit rows; answers a
 *   CallResult with the record as it now reads, and invalidates the cached counts of every table touched.
 *   A guard or effect refuses with BusinessError (4xx, §8 text in the caller's language) or asks with
 *   ConfirmationNeeded (200, ResultStatus 3); either rolls everything back.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { retryingConcurrency } from '../db/retry.ts';
import { dynamicDb, type DynamicDb } from '../db/dynamic-db.ts';
import type { DB } from '../db/schema.ts';
import type { AnyEntity, ChildrenField, FieldDefinition, LookupField, ScalarField, TransitionSpec } from '@erp/shared/entities/define';
import { computeRecord } from '@erp/shared/entities/compute';
import { entityByName } from '@erp/shared/entities/index';
import { versionOf, type Answer } from './answers.ts';
import { actionMessage, kindKeyOf, numberOf, stateLabel, summaryMessage } from './action-answers.ts';
import { answerOf, callResult, confirmationsOf, messageIn, type BusinessIssue } from './call-result.ts';
import { writeAudit, type AuditEntry } from './audit.ts';
import type { ActionRun, EntityTransaction, EntityContext } from './hooks.ts';
import { refusalKey, whereColumns } from './lookups.ts';
import { nextNumber } from './numbering.ts';
import { tableChanged } from './paging.ts';
import { keyColumn, loadRecord, loadRecords, parseId, readScalar, visibleRecord, writeScalar } from './wire.ts';

/** A refusal when the record's state does not allow `what`; null when it does (or there are no states). */
export function stateRefusal(ctx: EntityContext, record: Record<string, unknown>, what: 'edit' | 'delete'): Answer | null {
  const machine = ctx.def.states;
  if (!machine) return null;
  const state = String(record[machine.field] ?? machine.initial);
  const allowed = what === 'edit' ? machine.editable : machine.deletable;
  if (allowed.includes(state)) return null;
  const language = ctx.user.row.language;
  // The state by its label in the user's language (issue 71 item 2: "Cet enregistrement est Reçu", never "Received").
  const text = messageIn(language, what === 'edit' ? 'entities:result.stateLocked' : 'entities:result.stateNoDelete', { state: stateLabel(ctx.def, state, language) });
  return { status: 409, body: callResult(2, 'state_locked', text, { Data: { State: state } }) };
}

/** The record with its computed fields recomputed (documents); the record itself otherwise. */
export function withComputed(def: AnyEntity, record: Record<string, unknown>): Record<string, unknown> {
  return Object.keys(def.computed).length > 0 ? computeRecord(def, record) : record;
}

/** Sets the document number column of a new row (definition `numbering`). */
export async function assignNumber<D>(trx: Transaction<D>, def: AnyEntity, row: Record<string, unknown>): Promise<string | null> {
  if (!def.numbering) return null;
  const number = await nextNumber(trx, def.numbering.sequence, { prefix: def.numbering.prefix ?? '', description: def.name });
  row[def.fields[def.numbering.field]!.column] = number;
  return number;
}

/**
 * Lookups of line fields (and of lines' own child rows) that name no (active) record, checked in `trx`;
 * a `whereFrom` reads `record` (the document after the save: its header, issue 21 item 8).
 */
export async function lineLookupIssues<D>(typed: Transaction<D>, def: AnyEntity, value: Record<string, unknown>, record: Record<string, unknown> = value): Promise<BusinessIssue[]> {
  const trx = dynamicDb(typed);
  const issues: BusinessIssue[] = [];
  for (const [name, field] of Object.entries(def.fields) as [string, FieldDefinition][]) {
    if (field.type !== 'children' || !field.lines || !Array.isArray(value[name])) continue;
    const lines = value[name] as Record<string, unknown>[];
    await rowLookupIssues(trx, (field as ChildrenField).fields, lines.map((row, index) => ({ path: `${name}[${index}]`, row })), issues, record);
    // A line's own child rows (issue 12): their lookups too, with the path of the line.
    for (const [subName, sub] of Object.entries((field as ChildrenField).lineChildren ?? {})) {
      const nested = lines.flatMap((line, index) =>
        ((line[subName] as Record<string, unknown>[] | undefined) ?? []).map((row, subIndex) => ({ path: `${name}[${index}].${subName}[${subIndex}]`, row })),
      );
      await rowLookupIssues(trx, sub.fields, nested, issues, record);
    }
  }
  return issues;
}

/** Lookup fields of `fields` in `rows` that name no (active) record: one query per lookup field. */
async function rowLookupIssues(
  trx: DynamicDb,
  fields: Readonly<Record<string, ScalarField>>,
  rows: { path: string; row: Record<string, unknown> }[],
  issues: BusinessIssue[],
  record: Record<string, unknown>,
): Promise<void> {
  for (const [childName, child] of Object.entries(fields)) {
    if (child.type !== 'lookup') continue;
    const lookup = child as LookupField & { labelKey?: string };
    const target = entityByName(lookup.entity);
    if (!target) continue;
    const wanted = [...new Set(rows.map(({ row }) => row[childName]).filter((v) => v !== null && v !== undefined))];
    if (wanted.length === 0) continue;
    const column = lookup.targetField ? target.fields[lookup.targetField]!.column : keyColumn(target);
    const activeColumn = lookup.activeOnly && target.activeField ? target.fields[target.activeField]!.column : null;
    const found = (await trx
      .selectFrom(target.table)
      .select([...new Set([column, ...(activeColumn ? [activeColumn] : []), ...whereColumns(target, lookup)])])
      .where(column, 'in', wanted)
      .execute()) as Record<string, unknown>[];
    const byValue = new Map(found.map((row) => [String(row[column]), row]));
    for (const { path, row } of rows) {
      const v = row[childName];
      if (v === null || v === undefined) continue;
      const hit = byValue.get(String(v));
      // Left out by the field's `where`: not accepted, as the lookup does not offer it (issue 21 item 5).
      const refused = refusalKey(target, lookup, hit, record);
      if (refused) issues.push({ field: `${path}.${childName}`, key: refused, params: { value: v } });
      else if (hit && activeColumn && !readScalar({ type: 'boolean' }, hit[activeColumn])) {
        issues.push({ field: `${path}.${childName}`, key: lookup.inactiveKey ?? 'entities:validation.lookupInactive', params: { value: v } });
      }
    }
  }
}

/** Thrown inside the action's transaction when the version moved on. */
class StaleVersion extends Error {}

function refusal(ctx: EntityContext, status: number, code: string, key: string, params: Record<string, unknown> = {}): Answer {
  return { status, body: callResult(status === 404 ? 5 : 2, code, messageIn(ctx.user.row.language, key, params)) };
}

/** POST /api/data/:entity/:id/actions/:action (see the module header). */
/** An action checked outside its transaction (rights, Version, state): what `applyAction` needs. */
interface PlannedAction {
  id: string | number;
  record: Record<string, unknown>;
  version: number;
  to: string | null;
  handler: NonNullable<EntityContext['hooks']['actions']>[string];
  transition: TransitionSpec;
  confirmations: ReadonlySet<string>;
  body: Record<string, unknown>;
}

type ActionOutcome = Awaited<ReturnType<NonNullable<PlannedAction['handler']['effect']>>>;

/** The checks before the transaction: a refusal, or the plan. */
async function checkAction(
  ctx: EntityContext,
  rawId: string,
  action: string,
  rawBody: unknown,
  preloaded?: ReadonlyMap<string, Record<string, unknown>>,
): Promise<Answer | PlannedAction> {
  const { def } = ctx;
  const language = ctx.user.row.language;
  const machine = def.states;
  const transition = machine?.transitions.find((candidate) => candidate.action === action);
  if (!machine || !transition) return refusal(ctx, 404, 'not_found', 'entities:result.actionUnknown', { action: action.slice(0, 40) });
  const roles = transition.roles ?? def.roles.write;
  if (roles !== '*' && !ctx.user.roles.some((role) => roles.includes(role))) return refusal(ctx, 403, 'forbidden', 'entities:result.forbidden');
  if (rawBody !== undefined && rawBody !== null && (typeof rawBody !== 'object' || Array.isArray(rawBody))) {
    return refusal(ctx, 400, 'bad_request', 'entities:result.badQuery', { detail: 'the body must be a JSON object' });
  }
  const body = (rawBody ?? {}) as Record<string, unknown>;
  const id = parseId(def, rawId);
  if (id === null) return refusal(ctx, 400, 'bad_request', 'entities:result.badQuery', { detail: `${rawId.slice(0, 64)} is not a valid ${def.key}` });
  const record = preloaded ? (preloaded.get(String(id)) ?? null) : await loadRecord(ctx.db, def, id);
  if (!record) return refusal(ctx, 404, 'not_found', 'entities:result.notFound');
  if (ctx.hooks.canView) {
    const refused = await ctx.hooks.canView(ctx, record);
    if (refused) return refused;
  }
  const version = versionOf(body['Version']);
  if (version === null) return refusal(ctx, 400, 'validation_failed', 'entities:validation.version');
  if (version !== record['Version']) {
    return { status: 409, body: callResult(2, 'version_conflict', messageIn(language, 'entities:result.versionConflict'), { Data: { CurrentVersion: record['Version'] } }) };
  }
  const state = String(record[machine.field]);
  if (!transition.from.includes(state)) {
    return refusal(ctx, 409, 'state_locked', 'entities:result.actionNotAllowed', { state: stateLabel(def, state, language) });
  }
  return { id, record, version, to: transition.to, transition, handler: ctx.hooks.actions?.[action] ?? {}, confirmations: confirmationsOf(body), body };
}

const isPlan = (value: Answer | PlannedAction): value is PlannedAction => 'record' in value;

/**
 * Inside the caller's transaction: the version bump first (it locks the row on PostgreSQL and makes a parallel
 * action on the same version fail here, before any effect runs), then the guard. Throws StaleVersion,
 * BusinessError or ConfirmationNeeded. Answers what the effect sees.
 */
async function beginAction(ctx: EntityContext, trx: EntityTransaction, plan: PlannedAction): Promise<ActionRun> {
  const now = new Date().toISOString();
  const bumped = await dynamicDb(trx)
    .updateTable(ctx.def.table)
    .set({ version: plan.version + 1, updated_by: ctx.user.userId, updated_on: now })
    .where(keyColumn(ctx.def), '=', plan.id)
    .where('version', '=', plan.version)
    .executeTakeFirst();
  if (Number(bumped.numUpdatedRows) !== 1) throw new StaleVersion();
  const run = { trx, record: plan.record, confirmations: plan.confirmations, body: plan.body, now };
  if (plan.handler.guard) await plan.handler.guard(ctx, run);
  return run;
}

/** After the effect: the new state and the effect's fields; their audit rows added to `audit`. */
async function finishAction(ctx: EntityContext, trx: EntityTransaction, plan: PlannedAction, outcome: ActionOutcome, touched: Set<string>, audit: AuditEntry[]): Promise<void> {
  const { def } = ctx;
  const keyCol = keyColumn(def);
  const set: Record<string, unknown> = { ...(outcome?.set ?? {}) };
  if (plan.to !== null) set[def.states!.field] = plan.to;
  const columns: Record<string, unknown> = {};
  audit.push(...(outcome?.audit ?? []));
  for (const [name, next] of Object.entries(set)) {
    const field = def.fields[name];
    if (!field || field.type === 'children' || field.type === 'set') continue;
    columns[field.column] = writeScalar(field, next, ctx.engine);
    audit.push({ table: def.table, idName: keyCol, idValue: plan.id, column: field.column, old: plan.record[name] ?? null, new: next, action: 'update' });
  }
  if (Object.keys(columns).length > 0) await dynamicDb(trx).updateTable(def.table).set(columns).where(keyCol, '=', plan.id).execute();
  for (const table of outcome?.touched ?? []) touched.add(table);
}

/** One action inside the caller's transaction: begin, the effect, finish, the audit rows. */
async function applyAction(ctx: EntityContext, trx: EntityTransaction, plan: PlannedAction, touched: Set<string>): Promise<ActionOutcome> {
  const run = await beginAction(ctx, trx, plan);
  const outcome = plan.handler.effect ? await plan.handler.effect(ctx, run) : undefined;
  const audit: AuditEntry[] = [];
  await finishAction(ctx, trx, plan, outcome, touched, audit);
  await writeAudit(trx, audit, ctx.user.userId, run.now);
  return outcome;
}

/** The answer to a stale version: 409 with the version the record has now. */
async function staleAnswer(ctx: EntityContext, id: string | number, db: Kysely<DB> = ctx.db): Promise<Answer> {
  const latest = await loadRecord(db, ctx.def, id);
  return { status: 409, body: callResult(2, 'version_conflict', messageIn(ctx.user.row.language, 'entities:result.versionConflict'), { Data: { CurrentVersion: latest?.['Version'] ?? null } }) };
}

export async function runAction(ctx: EntityContext, rawId: string, action: string, rawBody: unknown): Promise<Answer> {
  const { def } = ctx;
  const language = ctx.user.row.language;
  const plan = await checkAction(ctx, rawId, action, rawBody);
  if (!isPlan(plan)) return plan;
  let outcome: ActionOutcome = undefined;
  const touched = new Set<string>([def.table]);
  try {
    await retryingConcurrency(() =>
      ctx.db.transaction().execute(async (trx) => {
        outcome = await applyAction(ctx, trx, plan, touched);
      }),
    );
  } catch (error) {
    for (const table of touched) tableChanged(table);
    if (error instanceof StaleVersion) return staleAnswer(ctx, plan.id);
    const answer = answerOf(error, language);
    if (answer) return answer;
    throw error;
  }
  for (const table of touched) tableChanged(table);
  const done = outcome as ActionOutcome;
  const latest = await loadRecord(ctx.db, def, plan.id);
  return {
    status: 200,
    body: callResult(1, 'ok', actionMessage(def, latest ?? plan.record, plan.transition, language, done), {
      EntityId: plan.id,
      Data: { ...(latest ? visibleRecord(def, latest, ctx.access.hidden) : {}), ...(done?.data ? { ActionResult: done.data } : {}) },
    }),
  };
}

/** Most records one batch action call takes (a queue's batch). */
export const ACTION_BATCH_MAX = 1000;

/**
 * POST /api/data/:entity/actions/:action — one action on many records (a queue's batch, e.g. invoicing 1,000
 * shipped orders): body `{ Items: [{ Id, Version }], …the action's own fields }`. Each item is checked and run
 * exactly as `runAction` would, but all in ONE transaction, each item inside its own savepoint: an item refused
 * (its 4xx, a question it would ask, a stale version) is rolled back alone and answered as such; the others
 * stand. Answers `List: [{ Id, Number, ResultStatus, ResultCode, Message, ActionResult? }]` in the items' order,
 * `Number` the record's business number, a done item's Message naming it ("Sales order SO000123 is now Invoiced."),
 * a refused item's Message its reason; and a summary (issue 68 item 5): ResultStatus 1 / ResultCode 'ok' when every item was done, 3 'partial' when
 * some were refused, 2 'failed' when all were; Message "Invoice (Sales order) — 2 done: SO000123, SO000124. 1
 * failed: SO000125 (reason)." (action-answers.ts). An
 * action whose handler has a `batch` split (hooks.ts) writes its items together: each item is begun and prepared
 * in its savepoint (its refusal answered as above), then all prepared items are written by one `effectMany`.
 */
export async function runActions(ctx: EntityContext, action: string, rawBody: unknown): Promise<Answer> {
  const language = ctx.user.row.language;
  const body = (rawBody ?? {}) as Record<string, unknown>;
  const items = Array.isArray(body['Items']) ? (body['Items'] as { Id: string | number; Version: number }[]) : [];
  const { Items: _items, ...shared } = body;
  const results: Record<string, unknown>[] = [];
  const plans: { index: number; plan: PlannedAction }[] = [];
  // The records read together (one query per thousand and per collection), each then checked as alone.
  const ids = items.map((item) => parseId(ctx.def, String(item?.Id))).filter((id): id is string | number => id !== null);
  const records = await loadRecords(ctx.db, ctx.def, ids);
  /** The record an item names, when it was found. */
  const recordOf = (id: unknown) => {
    const parsed = parseId(ctx.def, String(id));
    return parsed === null ? null : (records.get(String(parsed)) ?? null);
  };
  for (const [index, item] of items.entries()) {
    const checked = await checkAction(ctx, String(item.Id), action, { ...shared, Version: item.Version }, records);
    if (isPlan(checked)) plans.push({ index, plan: checked });
    const answer = isPlan(checked) ? null : (checked.body as Record<string, unknown>);
    const record = recordOf(item.Id);
    const result: Record<string, unknown> = {
      Id: item.Id,
      Number: record ? numberOf(ctx.def, record) : null,
      ResultStatus: answer?.['ResultStatus'] ?? 1,
      ResultCode: answer?.['ResultCode'] ?? 'ok',
      Message: answer?.['Message'] ?? null,
    };
    results.push(result);
  }
  const touched = new Set<string>([ctx.def.table]);
  const succeeded = (index: number, plan: PlannedAction, done: ActionOutcome) => {
    results[index] = {
      Id: plan.id,
      Number: numberOf(ctx.def, plan.record),
      ResultStatus: 1,
      ResultCode: 'ok',
      Message: actionMessage(ctx.def, plan.record, plan.transition, language, done),
      ...(done?.data ? { ActionResult: done.data } : {}),
    };
  };
  /** `work` on one item in its savepoint: true when done; a refusal rolls the item back and is its answer. */
  const attempt = async (trx: EntityTransaction, index: number, plan: PlannedAction, work: () => Promise<void>): Promise<boolean> => {
    await sql`savepoint batch_item`.execute(trx);
    try {
      await work();
      await sql`release savepoint batch_item`.execute(trx);
      return true;
    } catch (error) {
      await sql`rollback to savepoint batch_item`.execute(trx);
      await sql`release savepoint batch_item`.execute(trx);
      const answer = error instanceof StaleVersion ? await staleAnswer(ctx, plan.id, trx) : answerOf(error, language);
      if (!answer) throw error;
      const refused = answer.body as Record<string, unknown>;
      results[index] = {
        Id: plan.id,
        Number: numberOf(ctx.def, plan.record),
        ResultStatus: refused['ResultStatus'] === 3 ? 3 : 2,
        ResultCode: refused['ResultCode'],
        Message: refused['Message'],
      };
      return false;
    }
  };
  const oneByOne = (trx: EntityTransaction) => async () => {
    for (const { index, plan } of plans) {
      let done: ActionOutcome = undefined;
      if (await attempt(trx, index, plan, async () => void (done = await applyAction(ctx, trx, plan, touched)))) succeeded(index, plan, done);
    }
  };
  // The handler's batch split (hooks.ts `ActionHandler.batch`): each item begun and prepared in its savepoint,
  // then every prepared item written by one `effectMany`, finished, and the audit rows written together.
  const batch = plans.length > 1 ? plans[0]!.plan.handler.batch : undefined;
  const together = (trx: EntityTransaction) => async () => {
    const prepared: { index: number; plan: PlannedAction; run: ActionRun; value: unknown }[] = [];
    for (const { index, plan } of plans) {
      await attempt(trx, index, plan, async () => {
        const run = await beginAction(ctx, trx, plan);
        prepared.push({ index, plan, run, value: await batch!.prepare(ctx, run) });
      });
    }
    const outcomes = prepared.length > 0 ? await batch!.effectMany(ctx, trx, prepared.map(({ run, value }) => ({ run, value }))) : [];
    const audit: AuditEntry[] = [];
    for (const [n, { index, plan }] of prepared.entries()) {
      await finishAction(ctx, trx, plan, outcomes[n], touched, audit);
      succeeded(index, plan, outcomes[n]);
    }
    await writeAudit(trx, audit, ctx.user.userId, new Date().toISOString());
  };
  const run = (path: typeof oneByOne) => retryingConcurrency(() => ctx.db.transaction().execute(async (trx) => path(trx)()));
  try {
    if (!batch) await run(oneByOne);
    else {
      try {
        await run(together);
      } catch {
        // effectMany must not refuse: whatever it threw undid the batch; each item then runs alone.
        await run(oneByOne);
      }
    }
  } finally {
    for (const table of touched) tableChanged(table);
  }
  // Issue 68 item 5: the answer says what was done to which documents, and names each refusal.
  const name = (result: Record<string, unknown>) => String(result['Number'] ?? result['Id'] ?? '');
  const done = results.filter((result) => result['ResultStatus'] === 1);
  const failed = results.filter((result) => result['ResultStatus'] !== 1);
  const transition = ctx.def.states?.transitions.find((candidate) => candidate.action === action);
  const what = messageIn(language, 'entities:result.summary.batchWhat', { action: transition ? messageIn(language, transition.labelKey) : action, kind: messageIn(language, kindKeyOf(ctx.def)) });
  const message = summaryMessage(language, what, done.map(name), failed.map((result) => ({ name: name(result), reason: String(result['Message'] ?? '') })));
  const [status, code] = failed.length === 0 ? [1, 'ok'] : done.length === 0 ? [2, 'failed'] : [3, 'partial'];
  return { status: 200, body: callResult(status as 1 | 2 | 3, code, message, { List: results }) };
}
