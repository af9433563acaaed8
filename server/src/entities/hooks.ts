/**
 * What an entity may add to the generic data routes: its database rules and side effects, in its module's
 * `server/` (e.g. modules/shell/server/firm/rules.ts), given as `serverModule.hooks` and registered in
 * registry.ts. A typical entity has none.
 *
 * Order of a save (save.ts): field checks (shared validateRecord, with the definition's sync rules)
 * → generic lookup / uniqueness checks → `validate` → `confirm` (may stop the save with a warning) →
 * `prepare` (slow work outside the transaction, e.g. hashing a password) → one transaction: the row,
 * sets, children, `afterWrite`, the audit rows.
 */
import type { AnyEntity, RuleIssue } from '@erp/shared/entities/define';
import type { CallResult } from '@erp/shared/types';
import type { Kysely, Transaction } from 'kysely';
import type { DynamicSelect } from '../db/dynamic-db.ts';
import type { AuthenticatedUser } from '../auth/user.ts';
import type { DB } from '../db/schema.ts';

/**
 * §3 audit log rows, written by ./audit.ts (here so that this file imports nothing of it). `email`: the record was
 * e-mailed (issue 40 item 4, mail/documents.ts).
 */
export type AuditAction = 'insert' | 'update' | 'delete' | 'email';

export interface AuditEntry {
  table: string;
  idName: string;
  idValue: string | number;
  column: string;
  old: unknown;
  new: unknown;
  action: AuditAction;
  /** The record this row shows on, when not the row itself. */
  rootTable?: string;
  rootId?: string | number;
  /** Record only that the value changed (passwords, logos). */
  mask?: boolean;
}

/**
 * The transaction a save, delete or document action runs in, as hooks get it: the core's typed view. Module hooks
 * name their tables through their own view of it, `<m>Db(trx)` (which takes a transaction of any schema); the
 * engine's work on definition-named tables, `dynamicDb(trx)` (db/dynamic-db.ts).
 */
export type EntityTransaction = Transaction<DB>;

/** The hooks' view of a transaction typed otherwise (a module's `<m>Db(trx)`, a seed's): the same object. */
export function entityTransaction<D>(trx: Transaction<D>): EntityTransaction {
  return trx as unknown as EntityTransaction;
}

/** What the caller may see and change of an entity (§6 form widgets security). */
export interface FieldAccess {
  hidden: Set<string>;
  readOnly: Set<string>;
}

export interface EntityContext {
  db: Kysely<DB>;
  /** SQLite: the read-only connection for list pages and exports (db/connection.ts). */
  reader?: (() => import('../db/sqlite.ts').Sqlite) | undefined;
  engine: 'sqlite' | 'postgres';
  user: AuthenticatedUser;
  def: AnyEntity;
  hooks: EntityHooks;
  access: FieldAccess;
  /** A lookup's context: the target field its suggestions carry as `Value` (the field's `targetField`; default the key). */
  lookupValue?: string;
}

/**
 * A record in wire form as hooks see it: by default any field name; an entity's hooks typed with its record
 * (`EntityHooks<SalesOrderRecord>`, shared `EntityRecord<typeof salesOrder>`) read each field with its type.
 */
export type WireRecord = Record<string, unknown>;

/** One save, as the hooks see it. Records are in wire form (field names). */
export interface Change<R extends object = WireRecord> {
  mode: 'create' | 'update';
  /** The record's key (null before an auto key is assigned). */
  id: string | number | null;
  /** The validated fields given (create: all writable fields). */
  value: Partial<R>;
  /** Fields whose value changes. */
  changed: Set<string>;
  /** The stored record (update), else null. */
  current: R | null;
  /** The record after the save: current with the changes applied. */
  next: R;
  /** The raw body (for flags that are not fields: the hooks' `inputKeys`, e.g. a confirmation the entity asks for). */
  body: Record<string, unknown>;
}

/** A hook's own value for a field of the save (a computed total, the server's price): value, next and changed. */
export function setField<R extends object, K extends keyof R & string>(change: Change<R>, field: K, value: R[K]): void {
  change.value[field] = value;
  change.next[field] = value;
  change.changed.add(field);
}

/** A failure answer: HTTP status and CallResult body. */
export interface Refusal {
  status: number;
  body: CallResult;
}

/** What a document action's guard and effect see (issue 12 "States and actions", entities/documents.ts). */
export interface ActionRun<R extends object = WireRecord> {
  trx: EntityTransaction;
  /** The record as read at the start of the action (wire form), version already checked and locked. */
  record: R;
  /** Question ids the caller answered Yes to (§5 confirmations). */
  confirmations: ReadonlySet<string>;
  /** The action body's other fields (e.g. a reversal date). */
  body: Record<string, unknown>;
  now: string;
}

/** What an effect answers: fields of the record to set, audit entries, tables it wrote, a message. */
export interface ActionOutcome {
  set?: Record<string, unknown>;
  audit?: AuditEntry[];
  /** Tables the effect wrote (their cached list counts are invalidated). */
  touched?: string[];
  /**
   * Message key of the success answer, a richer sentence than the default "<kind> <number> is now <state>."
   * (entities/action-answers.ts); it is given `kind`, `number`, `action` and `state` besides `messageParams`.
   */
  messageKey?: string;
  messageParams?: Record<string, unknown>;
  /** Extra Data of the answer (e.g. the reversing entry's id). */
  data?: Record<string, unknown>;
}

/** Server code of one transition: guard (throws BusinessError / ConfirmationNeeded) and effect, in one transaction. */
export interface ActionHandler<R extends object = WireRecord> {
  guard?(ctx: EntityContext, run: ActionRun<R>): Promise<void>;
  effect?(ctx: EntityContext, run: ActionRun<R>): Promise<ActionOutcome | void>;
  /**
   * The effect split for a batch (POST /api/data/:entity/actions/:action, entities/documents.ts), so many records
   * are written at once: `prepare` runs for each record in its savepoint after the guard — every check of the
   * effect, refusing as the effect would (that record alone is rolled back) — and answers what `effectMany`
   * needs; `effectMany` then writes all prepared records together and answers each one's outcome, in order. It
   * must not refuse: anything it throws undoes the batch, which then runs record by record through `effect`.
   * `effect` should be `prepare` and `effectMany` of one record, so both paths write the same.
   */
  batch?: {
    prepare(ctx: EntityContext, run: ActionRun<R>): Promise<unknown>;
    effectMany(ctx: EntityContext, trx: EntityTransaction, prepared: readonly { run: ActionRun<R>; value: unknown }[]): Promise<(ActionOutcome | void)[]>;
  };
}

/** An entity's hooks; `R` its wire record when its module types it (the engine calls them with the record it read). */
export interface EntityHooks<R extends object = WireRecord> {
  /** Document actions by transition id (definition `states.transitions`). */
  actions?: Readonly<Record<string, ActionHandler<R>>>;
  /**
   * Inside the save's transaction, before the row is written (documents: rules that read other tables,
   * e.g. a period that must be open). Throws BusinessError / ConfirmationNeeded to refuse.
   */
  beforeWrite?(ctx: EntityContext, trx: EntityTransaction, change: Change<R>, confirmations: ReadonlySet<string>): Promise<void>;
  /**
   * Issue 40 item 5: the values of the fields the definition's `defaults[trigger]` declares, for `record` (the
   * form's values, `trigger` just picked; 'new': a new record; a line trigger 'Lines.ProductId': `line` is the line). One function for the form's pick (POST
   * /api/defaults/<entity>) and the save (blank declared fields are filled): entities/defaults.ts.
   */
  defaults?(ctx: EntityContext, trigger: string, record: Readonly<Record<string, unknown>>, line: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>>;
  /** Body keys that are not fields and are allowed on create and update. */
  inputKeys?: readonly string[];
  /** Limits lists and exports to what the caller may see. */
  scope?(ctx: EntityContext, query: DynamicSelect): DynamicSelect | Promise<DynamicSelect>;
  /** May the caller see this record? A refusal (e.g. 403) when not. */
  canView?(ctx: EntityContext, record: R): Promise<Refusal | null>;
  /**
   * May `user` name these records (keys) in a report's or process's lookup parameters? A refusal when not,
   * answered as the entity routes answer `canView` (§6 assigned customers); parameter-guard.ts runs it.
   */
  parameterRefusal?(db: Kysely<DB>, user: AuthenticatedUser, keys: readonly unknown[]): Promise<Refusal | null>;
  /** Database rules; issues are answered as 400 validation errors. */
  validate?(ctx: EntityContext, change: Change<R>): Promise<RuleIssue[]>;
  /** A warning that stops the save until the caller confirms (nothing is written). */
  confirm?(ctx: EntityContext, change: Change<R>): Promise<Refusal | null>;
  /** Slow work before the transaction; answers extra columns to write (e.g. password_hash). */
  prepare?(ctx: EntityContext, change: Change<R>): Promise<Record<string, unknown>>;
  /** Inside the save's transaction, after the row; answers extra audit entries. */
  afterWrite?(ctx: EntityContext, trx: EntityTransaction, change: Change<R> & { id: string | number }): Promise<AuditEntry[]>;
  /**
   * Values of the definition's read-only `virtual` fields, answered with the record (GET one record and the
   * answer of a save), e.g. a product's quantity on hand read from the stock ledger's balances.
   */
  readVirtual?(ctx: EntityContext, record: R): Promise<Record<string, unknown>>;
  /** May this record be deleted? */
  beforeDelete?(ctx: EntityContext, record: R): Promise<Refusal | null>;
  /** Inside the delete's transaction, before the row goes; answers extra audit entries. */
  onDelete?(ctx: EntityContext, trx: EntityTransaction, record: R): Promise<AuditEntry[]>;
}

/**
 * Issue 41: the hooks of an entity as its owner's, then those other modules register on it (a module's hooks of
 * an entity of a module it requires, server/src/entities/registry.ts), in that order. Rules and effects add up:
 * `validate` issues, `afterWrite` / `onDelete` audit entries, `prepare` / `readVirtual` / `defaults` values, body
 * keys are joined; `beforeWrite` runs each; a refusal (`confirm`, `canView`, `beforeDelete`, `parameterRefusal`)
 * is the first one's; `scope` narrows in turn. A document action belongs to one of them (two: an error).
 */
export function composeHooks(owner: EntityHooks, added: readonly EntityHooks[]): EntityHooks {
  if (added.length === 0) return owner;
  const all = [owner, ...added];
  const having = <K extends keyof EntityHooks>(name: K) => all.filter((hooks) => hooks[name] !== undefined);
  const firstRefusal = async (run: (hooks: EntityHooks) => Promise<Refusal | null> | undefined): Promise<Refusal | null> => {
    for (const hooks of all) {
      const refusal = await run(hooks);
      if (refusal) return refusal;
    }
    return null;
  };
  const merged = async (run: (hooks: EntityHooks) => Promise<Record<string, unknown>> | undefined): Promise<Record<string, unknown>> => {
    const values: Record<string, unknown> = {};
    for (const hooks of all) Object.assign(values, await run(hooks));
    return values;
  };
  const actions: Record<string, ActionHandler> = {};
  for (const hooks of all) {
    for (const [id, handler] of Object.entries(hooks.actions ?? {})) {
      if (actions[id]) throw new Error(`action ${id} has two handlers`);
      actions[id] = handler;
    }
  }
  const composed: EntityHooks = {};
  if (Object.keys(actions).length > 0) composed.actions = actions;
  const inputKeys = [...new Set(all.flatMap((hooks) => hooks.inputKeys ?? []))];
  if (inputKeys.length > 0) composed.inputKeys = inputKeys;
  if (having('beforeWrite').length > 0) {
    composed.beforeWrite = async (ctx, trx, change, confirmations) => {
      for (const hooks of all) await hooks.beforeWrite?.(ctx, trx, change, confirmations);
    };
  }
  if (having('defaults').length > 0) composed.defaults = (ctx, trigger, record, line) => merged((hooks) => hooks.defaults?.(ctx, trigger, record, line));
  if (having('scope').length > 0) {
    composed.scope = async (ctx, query) => {
      let scoped = query;
      for (const hooks of all) if (hooks.scope) scoped = await hooks.scope(ctx, scoped);
      return scoped;
    };
  }
  if (having('canView').length > 0) composed.canView = (ctx, record) => firstRefusal((hooks) => hooks.canView?.(ctx, record));
  if (having('parameterRefusal').length > 0) composed.parameterRefusal = (db, user, keys) => firstRefusal((hooks) => hooks.parameterRefusal?.(db, user, keys));
  if (having('validate').length > 0) {
    composed.validate = async (ctx, change) => {
      const issues: RuleIssue[] = [];
      for (const hooks of all) if (hooks.validate) issues.push(...(await hooks.validate(ctx, change)));
      return issues;
    };
  }
  if (having('confirm').length > 0) composed.confirm = (ctx, change) => firstRefusal((hooks) => hooks.confirm?.(ctx, change));
  if (having('prepare').length > 0) composed.prepare = (ctx, change) => merged((hooks) => hooks.prepare?.(ctx, change));
  if (having('afterWrite').length > 0) {
    composed.afterWrite = async (ctx, trx, change) => {
      const entries: AuditEntry[] = [];
      for (const hooks of all) if (hooks.afterWrite) entries.push(...(await hooks.afterWrite(ctx, trx, change)));
      return entries;
    };
  }
  if (having('readVirtual').length > 0) composed.readVirtual = (ctx, record) => merged((hooks) => hooks.readVirtual?.(ctx, record));
  if (having('beforeDelete').length > 0) composed.beforeDelete = (ctx, record) => firstRefusal((hooks) => hooks.beforeDelete?.(ctx, record));
  if (having('onDelete').length > 0) {
    composed.onDelete = async (ctx, trx, record) => {
      const entries: AuditEntry[] = [];
      for (const hooks of all) if (hooks.onDelete) entries.push(...(await hooks.onDelete(ctx, trx, record)));
      return entries;
    };
  }
  return composed;
}
