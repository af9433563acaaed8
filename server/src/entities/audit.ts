/**
 * §3 audit log rows: one per changed column (table, id name and value, column, old and new value,
 * action by, date) plus the action (insert, update, delete) and the record the row shows on
 * (`root_table`/`root_id`: child and link rows show on their parent). Always written inside the
 * transaction of the change they describe.
 */
import type { Transaction } from 'kysely';
import { coreDb } from '../db/schema.ts';
import type { AuditEntry } from './hooks.ts';

// The row's types live with the hooks that return them (./hooks.ts imports nothing of this file).
export type { AuditAction, AuditEntry } from './hooks.ts';


/** A value as audit text: booleans true/false, numbers as written, null stays null. */
export function auditText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Inserts the entries (in chunks: SQLite limits bound parameters per statement); a transaction of any schema. */
export async function writeAudit<D>(typed: Transaction<D>, entries: readonly AuditEntry[], actionBy: string, now: string): Promise<void> {
  const rows = entries.map((entry) => ({
    table_name: entry.table,
    id_name: entry.idName,
    id_value: String(entry.idValue),
    column_name: entry.column,
    old_value: entry.mask ? (entry.old === null || entry.old === undefined ? null : '***') : auditText(entry.old),
    new_value: entry.mask ? (entry.new === null || entry.new === undefined ? null : '***') : auditText(entry.new),
    action_by: actionBy,
    action_on: now,
    action: entry.action,
    root_table: entry.rootTable ?? entry.table,
    root_id: String(entry.rootId ?? entry.idValue),
  }));
  const trx = coreDb(typed);
  for (let i = 0; i < rows.length; i += 50) {
    await trx.insertInto('audit_log').values(rows.slice(i, i + 50)).execute();
  }
}
