/**
 * What an entity may add to the generic data routes: its database rules and side effects, in
 * `server/src/entities/<name>/rules.ts`, registered in registry.ts. A typical entity has none.
 *
 * Order of a save (service.ts): field checks (shared validateRecord, with the definition's sync rules)
 * → generic lookup / uniqueness checks → `validate` → `confirm` (may stop the save with a warning) →
 * `prepare` (slow work outside the transaction, e.g. hashing a password) → one transaction: the row,
 * sets, children, `afterWrite`, the audit rows.
 */
import type { AnyEntity, RuleIssue } from '@erp/shared/entities/define';
import type { CallResult } from '@erp/shared/types';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { AuthenticatedUser } from '../auth/plugin.ts';
import type { DB } from '../db/schema.ts';
import type { AuditEntry } from './audit.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTransaction = Transaction<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;

/** What the caller may see and change of an entity (§6 form widgets security). */
export interface FieldAccess {
  hidden: Set<string>;
  readOnly: Set<string>;
}

export interface EntityContext {
  db: Kysely<DB>;
  /** SQLite: the read-only connection for list pages and exports (db/connection.ts). */
  reader?: (() => import('better-sqlite3').Database) | undefined;
  /** The same database, untyped, for tables named by definitions. */
  any: AnyDb;
  engine: 'sqlite' | 'postgres';
  user: AuthenticatedUser;
  def: AnyEntity;
  hooks: EntityHooks;
  access: FieldAccess;
}

/** One save, as the hooks see it. Records are in wire form (field names). */
export interface Change {
  mode: 'create' | 'update';
  /** The record's key (null before an auto key is assigned). */
  id: string | number | null;
  /** The validated fields given (create: all writable fields). */
  value: Record<string, unknown>;
  /** Fields whose value changes. */
  changed: Set<string>;
  /** The stored record (update), else null. */
  current: Record<string, unknown> | null;
  /** The record after the save: current with the changes applied. */
  next: Record<string, unknown>;
  /** The raw body (for flags that are not fields, like ConfirmDeleteAccounts). */
  body: Record<string, unknown>;
}

/** A failure answer: HTTP status and CallResult body. */
export interface Refusal {
  status: number;
  body: CallResult;
}

export interface EntityHooks {
  /** Body keys that are not fields and are allowed on create and update. */
  inputKeys?: readonly string[];
  /** Limits lists and exports to what the caller may see. */
  scope?(ctx: EntityContext, query: AnySelect): AnySelect | Promise<AnySelect>;
  /** May the caller see this record? A refusal (e.g. 403) when not. */
  canView?(ctx: EntityContext, record: Record<string, unknown>): Promise<Refusal | null>;
  /** Database rules; issues are answered as 400 validation errors. */
  validate?(ctx: EntityContext, change: Change): Promise<RuleIssue[]>;
  /** A warning that stops the save until the caller confirms (nothing is written). */
  confirm?(ctx: EntityContext, change: Change): Promise<Refusal | null>;
  /** Slow work before the transaction; answers extra columns to write (e.g. password_hash). */
  prepare?(ctx: EntityContext, change: Change): Promise<Record<string, unknown>>;
  /** Inside the save's transaction, after the row; answers extra audit entries. */
  afterWrite?(ctx: EntityContext, trx: AnyTransaction, change: Change & { id: string | number }): Promise<AuditEntry[]>;
  /** May this record be deleted? */
  beforeDelete?(ctx: EntityContext, record: Record<string, unknown>): Promise<Refusal | null>;
  /** Inside the delete's transaction, before the row goes; answers extra audit entries. */
  onDelete?(ctx: EntityContext, trx: AnyTransaction, record: Record<string, unknown>): Promise<AuditEntry[]>;
}
