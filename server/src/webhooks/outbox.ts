/**
 * The webhooks' outbox (issue 72 item 3): one `webhook_deliveries` row per change and matching subscription,
 * written in the transaction of the change.
 *
 * Contract: `webhookOutbox(database, wake)` is the change capture's `beforeCommit` (events/capture.ts, attached with
 * `database.changes.attachOutbox`): every INSERT / UPDATE / DELETE of a table an entity definition names — a
 * generic save, a document action, a process, a module's posting code alike — reaches it on the transaction's own
 * connection before COMMIT, so a delivery exists if and only if its change committed (a crash before COMMIT leaves
 * neither; after, both). Per changed record and transaction: `E.created`, `E.changed` or `E.deleted` (E: the
 * entity's name), and `E.status_changed` when the change wrote the document's state. A subscription (active, its
 * `Events` matching: `E.kind`, `E.*`, `*`) gets one Pending row per event, due now; the worker (worker.ts) sends it.
 * The rows' ids rise in commit order per record (the record's row lock orders its writers), which is the order the
 * worker keeps. Not told: statements that name no record (raw SQL, a WHERE without the key) and the webhook
 * tables themselves.
 */
import { randomUUID } from 'node:crypto';
import type { AnyEntity } from '@erp/shared/entities/define';
import { allEntities } from '@erp/shared/entities/index';
import { webhookDelivery, webhookSubscription } from '@erp/modules/shell/definitions/index';
import type { CompiledQuery, Insertable, QueryResult } from 'kysely';
import type { Database } from '../db/connection.ts';
import { asFlag } from '../db/schema.ts';
import type { CommittedChange } from '../events/capture.ts';
import { shellDb, type WebhookDeliveriesTable } from '@erp/modules/shell/server/tables.generated';

/** The outbox never tells of its own tables (a delivery's state is the worker's bookkeeping). */
const OWN_TABLES = new Set([webhookDelivery.table, webhookSubscription.table]);

export type EventKind = 'created' | 'changed' | 'deleted' | 'status_changed';
export const EVENT_KINDS: readonly EventKind[] = ['created', 'changed', 'deleted', 'status_changed'];

/** The events an entity's changes raise (none for the webhook tables themselves); the OpenAPI `webhooks` lists them. */
export function eventKinds(def: AnyEntity): EventKind[] {
  if (OWN_TABLES.has(def.table)) return [];
  return def.states ? [...EVENT_KINDS] : EVENT_KINDS.filter((kind) => kind !== 'status_changed');
}

/** One subscription's `Events`, parsed: null when a token is not an event pattern (the rules refuse it). */
export function parseEvents(text: string): { entity: string; kind: string }[] | null {
  const patterns: { entity: string; kind: string }[] = [];
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    if (token === '*') {
      patterns.push({ entity: '*', kind: '*' });
      continue;
    }
    const match = /^([a-z0-9][a-z0-9-]*)\.(created|changed|deleted|status_changed|\*)$/.exec(token);
    if (!match) return null;
    patterns.push({ entity: match[1]!, kind: match[2]! });
  }
  return patterns;
}

const parsed = new Map<string, { entity: string; kind: string }[]>();

function matches(events: string, entity: string, kind: EventKind): boolean {
  let patterns = parsed.get(events);
  if (!patterns) {
    patterns = parseEvents(events) ?? [];
    if (parsed.size > 1000) parsed.clear();
    parsed.set(events, patterns);
  }
  return patterns.some((p) => (p.entity === '*' || p.entity === entity) && (p.kind === '*' || p.kind === kind));
}

let byTable: Map<string, AnyEntity[]> | null = null;

/** The definitions of a table (read once: the definitions are registered before the first write). */
function definitionsOf(table: string): AnyEntity[] {
  if (!byTable) {
    byTable = new Map();
    for (const def of allEntities()) byTable.set(def.table, [...(byTable.get(def.table) ?? []), def]);
  }
  return byTable.get(table) ?? [];
}

/** The message id of a delivery (`webhook-id`): `msg_` and 32 hex digits. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** See the module header. */
export function webhookOutbox(database: Pick<Database, 'db'>, wake: () => void) {
  const db = shellDb(database.db);
  return async (changes: CommittedChange[], by: string | null, run: (query: CompiledQuery) => Promise<QueryResult<unknown>>): Promise<void> => {
    const told = changes.filter((change) => change.key !== null && !OWN_TABLES.has(change.table) && definitionsOf(change.table).length > 0);
    if (told.length === 0) return;
    const found = await run(db.selectFrom('webhook_subscriptions').select(['subscription_id', 'events', 'is_active']).compile());
    const subscriptions = (found.rows as { subscription_id: number; events: string | null; is_active: unknown }[]).filter((row) => asFlag(row.is_active as boolean));
    if (subscriptions.length === 0) return;
    const now = new Date().toISOString();
    const rows: Insertable<WebhookDeliveriesTable>[] = [];
    for (const change of told) {
      for (const def of definitionsOf(change.table)) {
        const kinds: EventKind[] = [change.kind];
        if (change.state !== undefined && change.kind === 'changed') kinds.push('status_changed');
        for (const subscription of subscriptions) {
          for (const kind of kinds) {
            if (!matches(subscription.events ?? '', def.name, kind)) continue;
            rows.push({
              subscription_id: Number(subscription.subscription_id),
              message_id: newMessageId(),
              event_type: `${def.name}.${kind}`,
              entity: def.name,
              record_id: change.key,
              record_status: change.state ?? null,
              changed_by: by,
              occurred_on: now,
              queued_on: now,
              status: 'Pending',
              attempts: 0,
              next_attempt_on: now,
              created_by: by ?? 'system',
              created_on: now,
              updated_by: by ?? 'system',
              updated_on: now,
              version: 1,
            });
          }
        }
      }
    }
    // SQLite binds at most 999 values per statement: 17 columns × 50 rows.
    for (let i = 0; i < rows.length; i += 50) await run(db.insertInto('webhook_deliveries').values(rows.slice(i, i + 50)).compile());
    if (rows.length > 0) wake();
  };
}
