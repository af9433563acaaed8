/**
 * The record event hub (issue 42 items 2 and 3): committed changes (capture.ts) → every instance on the database →
 * the event streams (SSE, routes.ts) of the sessions allowed to see them; and who has which record open (presence).
 *
 * Contract:
 * - Transport: on PostgreSQL every instance LISTENs on channel `erp_events` and publishes with `pg_notify` (so
 *   instances on one database hear each other's writes and presence; no broker); on SQLite the hub delivers in
 *   process. Messages are JSON under PostgreSQL's 8,000-byte payload limit (chunked).
 * - Coalescing and throttling: an instance publishes at most one change message per PUBLISH_MS (the first 40 ms
 *   after a quiet spell), merged per record; a stream sends at most one `records` event per SEND_MS, merged per
 *   record, and more than MANY_KEYS records of one entity in it become one entity-wide event (`Id: null`). A run
 *   writing 1,000 orders thus reaches a screen as a handful of events (BENCHMARKS.md "Events").
 * - Rights (§6), decided per stream when it sends, with the user's roles re-read at most every USER_TTL_MS: an
 *   entity's change reaches a stream only when its user may read the entity (`canRead`: roles and the applications
 *   they open) and, for an entity with row rights (`scope` / `canView` hooks: assigned customers), only for records
 *   the user may see now. A change that names no record, or a deleted record, of an entity with row rights reaches
 *   only users the rights do not restrict (their scope adds nothing) — and a deleted record also those who had it
 *   open (presence, checked when they opened it). Tables outside the definitions (the portal's) reach the users an
 *   `EventAudience` admits (portal users: their own accounts). Issue 74: a change reaching many streams is judged once
 *   per user, not per stream (`Answers`: the user's streams share their user's answers, never another's); the row-
 *   rights queries are the entity engine's (entities/row-rights.ts).
 * - Presence: a stream says which records its screens show (`setPresence`, checked like a read); instances
 *   exchange their streams' sets (again every PRESENCE_BEAT_MS, dropped after PRESENCE_TTL_MS without one), and a
 *   stream showing a record is told the other users showing it, and which of them are editing (`presence` event).
 * - `onChanges(listener)` (issue 74: the access cache, auth/access-cache.ts): the listener gets the root tables of
 *   this instance's committed changes at once (synchronously after COMMIT, before the writing request answers),
 *   another instance's as its message arrives, and null when the LISTEN connection was lost (anything may have
 *   changed). `rootOf(table)` names the root table a table's changes are told under.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { AnyEntity } from '@erp/shared/entities/define';
import { allEntities } from '@erp/shared/entities/index';
import type { Kysely } from 'kysely';
import { canRead } from '../entities/access.ts';
import { tableChanged } from '../entities/paging.ts';
import { registeredEntity } from '../entities/registry.ts';
import { rightsContext, unrestricted, visibleKeys } from '../entities/row-rights.ts';
import { keyColumn } from '../entities/wire.ts';
import { openedApplications } from '../auth/access.ts';
import type { AuthenticatedUser } from '../auth/user.ts';
import type { Database } from '../db/connection.ts';
import { newClient, openPool } from '../db/primary.ts';
import { asFlag, type DB } from '../db/schema.ts';
import type { ChangeKind, CommittedChange, WatchedTable } from './capture.ts';

export const CHANNEL = 'erp_events';
const PUBLISH_MS = 400;
const FIRST_PUBLISH_MS = 40;
const SEND_MS = 1000;
const MANY_KEYS = 50;
const USER_TTL_MS = 30_000;
const PRESENCE_BEAT_MS = 20_000;
const PRESENCE_TTL_MS = 50_000;
const REPLAY_SIZE = 500;
const PAYLOAD_LIMIT = 7000;

/** What a stream is sent in a `records` event (shared/src/record-events.ts mirrors it). */
export interface RecordEvent {
  Entity: string;
  /** The record's key; null: some records of the entity changed. */
  Id: string | null;
  Kind: ChangeKind;
  /** The user who wrote it (null: the server itself) and their display name. */
  By: string | null;
  ByName: string | null;
  At: string;
}

export interface PresenceUser {
  UserId: string;
  Name: string;
  Editing: boolean;
}

/** Who else may see records of a table that no definition covers (the portal's orders and notifications). */
export interface EventAudience {
  table: string;
  keyColumn: string;
  /** The name the browser knows the records by. */
  entity: string;
  /** The keys among `keys` this user may see (`db`: the core's typed view; the audience's module takes its own). */
  visible(db: Kysely<DB>, user: AuthenticatedUser, keys: readonly string[]): Promise<string[]>;
}

const audiences = new Map<string, EventAudience>();

/** Registers an audience (the portal's registers its tables). */
export function registerEventAudience(audience: EventAudience): void {
  audiences.set(audience.table, audience);
}

type Change = [table: string, key: string | null, kind: ChangeKind];
type WireMessage =
  | { t: 'c'; i: string; s: number; by: string | null; at: string; ch: Change[] }
  | { t: 'p'; i: string; st: string; u: string; n: string; r: [string, string, 0 | 1][] }
  /** A provider session ended (issue 70): its streams on every instance are told and closed. */
  | { t: 'e'; sid: string };

/** A stream as the hub sees it; routes.ts writes what `send` is given to the HTTP answer. */
export interface StreamSink {
  send(event: 'records' | 'presence' | 'reset' | 'ready' | 'signed-out', data: unknown, id?: string): void;
  /** Ends the answer (the server is closing). */
  end?(): void;
}

interface Pending {
  kind: ChangeKind;
  by: string | null;
  at: string;
}

export interface Stream {
  id: string;
  userId: string;
  /** The identity provider's session the stream's token came from (the access token's `sid`), if known. */
  sessionId: string | null;
  sink: StreamSink;
  queue: Map<string, Pending>;
  timer: NodeJS.Timeout | null;
  lastSent: number;
  lastId: string | null;
  open: Map<string, { entity: string; id: string; editing: boolean }>;
}

interface RemotePresence {
  userId: string;
  name: string;
  records: Map<string, boolean>;
  expires: number;
}

interface Transport {
  publish(message: WireMessage): Promise<void>;
  close(): Promise<void>;
}

const recordKey = (entity: string, id: string) => `${entity}\u0000${id}`;

/**
 * One user's rights answers while an event is sent (issue 74): each of the user's streams asks the same questions of
 * the same changes, and the first asking works each answer out for all of them. Kept for the user as `userOf` answered
 * them (a reread user starts afresh), for the current event only (`seq`), and at most SEND_MS.
 */
interface Answers {
  user: AuthenticatedUser;
  seq: number;
  until: number;
  kept: Map<string, Promise<unknown>>;
}

export class EventHub {
  readonly instance = randomBytes(6).toString('base64url');
  private readonly streams = new Map<string, Stream>();
  private readonly tables = new Map<string, WatchedTable>();
  private readonly defsByTable = new Map<string, AnyEntity[]>();
  private readonly users = new Map<string, { user: AuthenticatedUser; until: number }>();
  /** Users being read (`userOf`): streams asking meanwhile wait for the same read. */
  private readonly reading = new Map<string, Promise<AuthenticatedUser | null>>();
  /** By user id; never another user's (§6: cached rights never cross users). */
  private readonly answers = new Map<string, Answers>();
  /** How many times a user's rights answers were worked out afresh: once per user per event, whatever their streams. */
  rightsWorkedOut = 0;
  private readonly names = new Map<string, { name: string; until: number }>();
  private readonly presence = new Map<string, RemotePresence>();
  private readonly replay: { seq: number; changes: Map<string, Pending> }[] = [];
  private outbox = new Map<string, Pending>();
  private publishTimer: NodeJS.Timeout | null = null;
  private lastPublish = 0;
  private seq = 0;
  private beat: NodeJS.Timeout;
  private transport: Transport;
  /** Messages published, for the benchmark's count. */
  published = 0;
  private readonly changeListeners: ((tables: ReadonlySet<string> | null) => void)[] = [];

  private constructor(private readonly database: Database) {
    for (const def of allEntities()) this.watch(def);
    for (const audience of audiences.values()) this.tables.set(audience.table, { root: audience.table, keyColumn: audience.keyColumn, child: false });
    this.transport = { publish: async (message) => this.receive(message), close: async () => undefined };
    this.beat = setInterval(() => this.heartbeat(), PRESENCE_BEAT_MS);
    this.beat.unref();
  }

  /** Starts the hub on `database` (LISTEN on PostgreSQL) and attaches it to the change capture. */
  static async start(database: Database, pgUrl?: string): Promise<EventHub> {
    const hub = new EventHub(database);
    if (database.engine === 'postgres' && pgUrl) hub.transport = await listen(pgUrl, (message) => hub.receive(message), () => hub.lost());
    database.changes.attach({ watched: (table) => hub.tables.get(table), committed: (changes, by) => hub.committed(changes, by) });
    return hub;
  }

  /** Ends every stream (before the HTTP server closes: open streams would keep it waiting). */
  endStreams(): void {
    for (const stream of [...this.streams.values()]) {
      this.closeStream(stream.id);
      stream.sink.end?.();
    }
  }

  async close(): Promise<void> {
    this.endStreams();
    this.database.changes.attach(null);
    clearInterval(this.beat);
    if (this.publishTimer) clearTimeout(this.publishTimer);
    await this.transport.close();
  }

  /** Module header: told of committed changes' root tables (null: unknown, the LISTEN connection was lost). */
  onChanges(listener: (tables: ReadonlySet<string> | null) => void): void {
    this.changeListeners.push(listener);
  }

  /** The root table `table`'s changes are told under (itself when it is no record's child or not watched). */
  rootOf(table: string): string {
    return this.tables.get(table)?.root ?? table;
  }

  private tell(tables: ReadonlySet<string> | null): void {
    for (const listener of this.changeListeners) {
      try {
        listener(tables);
      } catch (error) {
        console.warn(`record events: ${(error as Error).message}`);
      }
    }
  }

  private watch(def: AnyEntity): void {
    const list = this.defsByTable.get(def.table) ?? [];
    list.push(def);
    this.defsByTable.set(def.table, list);
    // Issue 72 item 3: a document's state column, so that the webhooks' outbox tells its new state.
    const stateField = def.states ? (def.fields[def.states.field] as { column?: string } | undefined) : undefined;
    this.tables.set(def.table, { root: def.table, keyColumn: keyColumn(def), child: false, ...(stateField?.column ? { stateColumn: stateField.column } : {}) });
    for (const field of Object.values(def.fields) as { type: string; table?: string; parentColumn?: string; storage?: { kind: string; table: string; parentColumn: string } }[]) {
      if (field.type === 'children' && field.table && field.parentColumn) this.tables.set(field.table, { root: def.table, keyColumn: field.parentColumn, child: true });
      if (field.type === 'set' && field.storage?.kind === 'link') this.tables.set(field.storage.table, { root: def.table, keyColumn: field.storage.parentColumn, child: true });
    }
  }

  // ---- publishing ------------------------------------------------------------------------------------------

  /** From the capture: merged into the outbox, published at most every PUBLISH_MS. */
  private committed(changes: CommittedChange[], by: string | null): void {
    if (this.changeListeners.length > 0) this.tell(new Set(changes.map((change) => change.table)));
    const at = new Date().toISOString();
    for (const change of changes) mergePending(this.outbox, `${change.table}\u0000${change.key ?? '*'}`, { kind: change.kind, by, at });
    if (this.publishTimer) return;
    const wait = Math.max(FIRST_PUBLISH_MS, this.lastPublish + PUBLISH_MS - Date.now());
    this.publishTimer = setTimeout(() => void this.publishOutbox(), wait);
  }

  private async publishOutbox(): Promise<void> {
    this.publishTimer = null;
    this.lastPublish = Date.now();
    const outbox = this.outbox;
    this.outbox = new Map();
    // One message per writer (the event names who), chunked under the payload limit.
    const byWriter = new Map<string | null, { at: string; ch: Change[] }>();
    for (const [key, pending] of outbox) {
      const [table, id] = key.split('\u0000') as [string, string];
      const entry = byWriter.get(pending.by) ?? { at: pending.at, ch: [] };
      entry.ch.push([table, id === '*' ? null : id, pending.kind]);
      byWriter.set(pending.by, entry);
    }
    for (const [by, { at, ch }] of byWriter) {
      let chunk: Change[] = [];
      let size = 0;
      const send = async () => {
        if (chunk.length === 0) return;
        this.published += 1;
        await this.transport.publish({ t: 'c', i: this.instance, s: 0, by, at, ch: chunk }).catch((error: Error) => console.warn(`record events: publish failed (${error.message})`));
        chunk = [];
        size = 0;
      };
      for (const change of ch) {
        const length = JSON.stringify(change).length + 1;
        if (size + length > PAYLOAD_LIMIT) await send();
        chunk.push(change);
        size += length;
      }
      await send();
    }
  }

  // ---- receiving -------------------------------------------------------------------------------------------

  private receive(message: WireMessage): void {
    if (message.t === 'p') return this.receivePresence(message);
    if (message.t === 'e') return this.receiveSessionEnd(message.sid);
    const changes = new Map<string, Pending>();
    for (const [table, key, kind] of message.ch) {
      mergePending(changes, `${table}\u0000${key ?? '*'}`, { kind, by: message.by, at: message.at });
      // Another instance's write: this one's cached list counts of the table are stale (entities/paging.ts).
      if (message.i !== this.instance) tableChanged(table);
    }
    // This instance's own changes were told when they committed.
    if (message.i !== this.instance && this.changeListeners.length > 0) this.tell(new Set(message.ch.map(([table]) => table)));
    this.seq += 1;
    // Answers about the previous changes are about the records as they were: the new ones are asked afresh.
    this.answers.clear();
    this.replay.push({ seq: this.seq, changes });
    if (this.replay.length > REPLAY_SIZE) this.replay.shift();
    for (const stream of this.streams.values()) this.offer(stream, changes);
  }

  private offer(stream: Stream, changes: Map<string, Pending>): void {
    for (const [key, pending] of changes) mergePending(stream.queue, key, pending);
    stream.lastId = `${this.instance}.${this.seq}`;
    if (stream.timer) return;
    const wait = Math.max(FIRST_PUBLISH_MS, stream.lastSent + SEND_MS - Date.now());
    stream.timer = setTimeout(() => void this.flush(stream), wait);
  }

  /** A lost LISTEN connection may have missed events: whatever listens forgets, every stream refreshes. */
  private lost(): void {
    this.tell(null);
    this.resetAll();
  }

  private resetAll(): void {
    for (const stream of this.streams.values()) stream.sink.send('reset', {});
  }

  private async flush(stream: Stream): Promise<void> {
    stream.timer = null;
    stream.lastSent = Date.now();
    const queue = stream.queue;
    stream.queue = new Map();
    if (!this.streams.has(stream.id)) return;
    try {
      const events = await this.visibleEvents(stream, queue);
      if (events.length > 0) stream.sink.send('records', { Events: events }, stream.lastId ?? undefined);
    } catch (error) {
      // A stream closed meanwhile (the server closing and its database with it) has no one to tell.
      if (this.streams.has(stream.id)) console.warn(`record events: ${(error as Error).message}`);
    }
  }

  // ---- rights ----------------------------------------------------------------------------------------------

  /** The user of a stream, re-read at most every USER_TTL_MS (roles and deactivation apply). */
  async userOf(userId: string): Promise<AuthenticatedUser | null> {
    const hit = this.users.get(userId);
    if (hit && hit.until > Date.now()) return hit.user;
    let reading = this.reading.get(userId);
    if (!reading) {
      reading = this.readUser(userId).finally(() => this.reading.delete(userId));
      this.reading.set(userId, reading);
    }
    return reading;
  }

  private async readUser(userId: string): Promise<AuthenticatedUser | null> {
    const { db } = this.database;
    const row = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row || !asFlag(row.is_active)) {
      this.users.delete(userId);
      return null;
    }
    const roles = (await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
    const user: AuthenticatedUser = { row, userId, roles, applications: await openedApplications(this.database, roles), token: {} };
    this.users.set(userId, { user, until: Date.now() + USER_TTL_MS });
    this.names.set(userId, { name: row.display_name, until: Date.now() + USER_TTL_MS });
    return user;
  }

  private async nameOf(userId: string | null): Promise<string | null> {
    if (userId === null) return null;
    const hit = this.names.get(userId);
    if (hit && hit.until > Date.now()) return hit.name;
    const row = await this.database.db.selectFrom('users').select('display_name').where('user_id', '=', userId).executeTakeFirst();
    const name = row?.display_name ?? userId;
    this.names.set(userId, { name, until: Date.now() + USER_TTL_MS });
    return name;
  }

  /** `user`'s answers for the current event (module header: `Answers`). */
  private answersOf(user: AuthenticatedUser): Answers {
    const now = Date.now();
    const kept = this.answers.get(user.userId);
    if (kept && kept.user === user && kept.seq === this.seq && kept.until > now) return kept;
    const fresh: Answers = { user, seq: this.seq, until: now + SEND_MS, kept: new Map() };
    this.answers.set(user.userId, fresh);
    this.rightsWorkedOut += 1;
    return fresh;
  }

  /** The answer kept under `question` in `answers`, worked out by the first to ask (a failure is not kept). */
  private once<T>(answers: Answers, question: string, work: () => Promise<T>): Promise<T> {
    const kept = answers.kept.get(question) as Promise<T> | undefined;
    if (kept) return kept;
    const answer = work();
    answers.kept.set(question, answer);
    answer.catch(() => answers.kept.delete(question));
    return answer;
  }

  /** The events of `queue` this stream's user may see (module header, "Rights"). */
  async visibleEvents(stream: Pick<Stream, 'userId' | 'open'>, queue: Map<string, Pending>): Promise<RecordEvent[]> {
    const user = await this.userOf(stream.userId);
    if (!user) return [];
    // Every question below is the user's, asked of these changes: answered once for all the user's streams.
    const answers = this.answersOf(user);
    const seeing = (def: AnyEntity, ctx: () => ReturnType<typeof rightsContext>, keys: string[]) =>
      this.once(answers, JSON.stringify(['keys', def.name, keys]), async () => new Set(await visibleKeys(ctx(), keys)));
    const byTable = new Map<string, Map<string, Pending>>();
    for (const [key, pending] of queue) {
      const [table, id] = key.split('\u0000') as [string, string];
      const keys = byTable.get(table) ?? new Map<string, Pending>();
      keys.set(id, pending);
      byTable.set(table, keys);
    }
    const events: RecordEvent[] = [];
    const push = async (entity: string, id: string | null, pending: Pending) =>
      events.push({ Entity: entity, Id: id, Kind: pending.kind, By: pending.by, ByName: await this.nameOf(pending.by), At: pending.at });
    for (const [table, keys] of byTable) {
      const audience = audiences.get(table);
      if (audience) {
        const named = [...keys.keys()].filter((key) => key !== '*');
        const visible = await this.once(answers, JSON.stringify(['audience', table, named]), async () => new Set(await audience.visible(this.database.db, user, named)));
        for (const [key, pending] of keys) if (visible.has(key)) await push(audience.entity, key, pending);
        continue;
      }
      for (const def of this.defsByTable.get(table) ?? []) {
        if (!canRead(def, user)) continue;
        const ctx = () => rightsContext(this.database, def, registeredEntity(def.name)?.hooks ?? {}, user);
        const open = (key: string) => stream.open.has(recordKey(def.name, key));
        const free = await this.once(answers, JSON.stringify(['free', def.name]), () => unrestricted(ctx()));
        const whole = keys.get('*');
        const named = [...keys].filter(([key]) => key !== '*');
        if (whole || named.length > MANY_KEYS) {
          // Too many, or unnamed: one entity-wide event — only when the rights would show every record anyway;
          // otherwise the records this stream shows, checked one by one.
          const latest = whole ?? named[named.length - 1]![1];
          if (free) {
            await push(def.name, null, { ...latest, kind: 'changed' });
            continue;
          }
          const shown = named.filter(([key]) => open(key));
          const visible = await seeing(def, ctx, shown.map(([key]) => key));
          for (const [key, pending] of shown) if (visible.has(key) || pending.kind === 'deleted') await push(def.name, key, pending);
          continue;
        }
        const deleted = named.filter(([, pending]) => pending.kind === 'deleted');
        const live = named.filter(([, pending]) => pending.kind !== 'deleted');
        const visible = free ? new Set(live.map(([key]) => key)) : await seeing(def, ctx, live.map(([key]) => key));
        for (const [key, pending] of live) if (visible.has(key)) await push(def.name, key, pending);
        for (const [key, pending] of deleted) if (free || open(key)) await push(def.name, key, pending);
      }
    }
    return events;
  }

  // ---- streams ---------------------------------------------------------------------------------------------

  /** A new stream of `userId`; `lastEventId` (its previous stream's last event) replays what it missed. */
  openStream(userId: string, sink: StreamSink, lastEventId: string | null, sessionId: string | null = null): string {
    const id = randomBytes(12).toString('base64url');
    const stream: Stream = { id, userId, sessionId, sink, queue: new Map(), timer: null, lastSent: 0, lastId: null, open: new Map() };
    this.streams.set(id, stream);
    sink.send('ready', { Stream: id }, `${this.instance}.${this.seq}`);
    if (lastEventId !== null) {
      const [instance, seqText] = lastEventId.split('.');
      const seq = Number(seqText);
      const first = this.replay[0]?.seq ?? this.seq + 1;
      if (instance !== this.instance || !Number.isInteger(seq) || seq < first - 1 || seq > this.seq) sink.send('reset', {});
      else for (const entry of this.replay) if (entry.seq > seq) this.offer(stream, entry.changes);
    }
    return id;
  }

  closeStream(id: string): void {
    const stream = this.streams.get(id);
    if (!stream) return;
    if (stream.timer) clearTimeout(stream.timer);
    this.streams.delete(id);
    if (stream.open.size > 0) void this.publishPresence(stream, true);
  }

  /**
   * Issue 70: the provider session `sessionId` ended (a sign-out in the shell or on a page embedding the elements):
   * every stream opened under it, on any instance, gets `signed-out` and ends, so each side shows it at once.
   */
  async endSession(sessionId: string): Promise<void> {
    await this.transport.publish({ t: 'e', sid: sessionId }).catch((error: Error) => console.warn(`sign-out: publish failed (${error.message})`));
  }

  private receiveSessionEnd(sessionId: string): void {
    for (const stream of [...this.streams.values()]) {
      if (stream.sessionId !== sessionId) continue;
      stream.sink.send('signed-out', {});
      this.closeStream(stream.id);
      stream.sink.end?.();
    }
  }

  get streamCount(): number {
    return this.streams.size;
  }

  /** The stream `id` when it is `userId`'s (presence calls name their stream). */
  streamOf(id: string, userId: string): Stream | undefined {
    const stream = this.streams.get(id);
    return stream && stream.userId === userId ? stream : undefined;
  }

  // ---- presence --------------------------------------------------------------------------------------------

  /**
   * Sets the records a stream's screens show (`Editing`: a form with changes typed). Records the user may not
   * see are left out (answered as `Refused`).
   */
  async setPresence(stream: Stream, records: readonly { Entity: string; Id: string; Editing: boolean }[]): Promise<string[]> {
    const user = await this.userOf(stream.userId);
    const refused: string[] = [];
    const open = new Map<string, { entity: string; id: string; editing: boolean }>();
    for (const record of records) {
      const registered = registeredEntity(record.Entity);
      const ok = user && registered && canRead(registered.def, user) && (await visibleKeys(rightsContext(this.database, registered.def, registered.hooks, user), [record.Id])).length === 1;
      if (!ok) {
        refused.push(record.Entity);
        continue;
      }
      open.set(recordKey(record.Entity, record.Id), { entity: record.Entity, id: record.Id, editing: record.Editing });
    }
    stream.open = open;
    await this.publishPresence(stream, false);
    return refused;
  }

  private async publishPresence(stream: Stream, gone: boolean): Promise<void> {
    const name = (await this.nameOf(stream.userId)) ?? stream.userId;
    const records: [string, string, 0 | 1][] = gone ? [] : [...stream.open.values()].map((r) => [r.entity, r.id, r.editing ? 1 : 0]);
    // A set too large for one message is cut: presence is a courtesy, the records themselves stay safe.
    while (JSON.stringify(records).length > PAYLOAD_LIMIT) records.pop();
    await this.transport.publish({ t: 'p', i: this.instance, st: stream.id, u: stream.userId, n: name, r: records }).catch((error: Error) => console.warn(`presence: publish failed (${error.message})`));
  }

  private heartbeat(): void {
    const now = Date.now();
    for (const [key, entry] of this.presence) {
      if (entry.expires > now) continue;
      this.presence.delete(key);
      this.tellPresence(new Set(entry.records.keys()));
    }
    for (const stream of this.streams.values()) if (stream.open.size > 0) void this.publishPresence(stream, false);
  }

  private receivePresence(message: Extract<WireMessage, { t: 'p' }>): void {
    const key = `${message.i}.${message.st}`;
    const before = this.presence.get(key);
    const records = new Map(message.r.map(([entity, id, editing]) => [recordKey(entity, id), editing === 1]));
    if (records.size === 0) this.presence.delete(key);
    else this.presence.set(key, { userId: message.u, name: message.n, records, expires: Date.now() + PRESENCE_TTL_MS });
    const touched = new Set<string>(records.keys());
    for (const [record, editing] of before?.records ?? []) if (records.get(record) !== editing) touched.add(record);
    // Unchanged heartbeats tell nobody anything new.
    if (before && touched.size === records.size && [...records].every(([record, editing]) => before.records.get(record) === editing)) return;
    this.tellPresence(touched);
  }

  /** Tells every local stream showing one of `records` who else shows it now. */
  private tellPresence(records: Set<string>): void {
    for (const stream of this.streams.values()) {
      for (const record of records) {
        const shown = stream.open.get(record);
        if (!shown) continue;
        stream.sink.send('presence', { Entity: shown.entity, Id: shown.id, Users: this.whoShows(record, stream) });
      }
    }
  }

  /** The other users showing `record` (one entry per user; editing when any of their screens edits). */
  whoShows(record: string, stream: Pick<Stream, 'id' | 'userId'>): PresenceUser[] {
    const users = new Map<string, PresenceUser>();
    for (const [key, entry] of this.presence) {
      if (key === `${this.instance}.${stream.id}` || entry.userId === stream.userId || !entry.records.has(record)) continue;
      const editing = entry.records.get(record)!;
      const known = users.get(entry.userId);
      users.set(entry.userId, { UserId: entry.userId, Name: entry.name, Editing: editing || (known?.Editing ?? false) });
    }
    return [...users.values()].sort((a, b) => a.Name.localeCompare(b.Name));
  }
}

function mergePending(into: Map<string, Pending>, key: string, next: Pending): void {
  const before = into.get(key);
  if (!before) return void into.set(key, next);
  const rank = { changed: 0, created: 1, deleted: 2 } as const;
  into.set(key, { kind: rank[next.kind] >= rank[before.kind] ? next.kind : before.kind, by: next.by, at: next.at });
}

/** PostgreSQL transport: one LISTEN connection per instance (reconnecting), NOTIFY through a short connection pool. */
async function listen(url: string, deliver: (message: WireMessage) => void, lost: () => void): Promise<Transport> {
  // On a multi-host URL both follow the primary after a failover (db/primary.ts); LISTEN runs on it again below.
  const pool = openPool(url, 2);
  let client: pg.Client | null = null;
  let closed = false;
  const connect = async (): Promise<void> => {
    const next = await newClient(url);
    next.on('notification', (notice) => {
      if (notice.channel !== CHANNEL || !notice.payload) return;
      try {
        deliver(JSON.parse(notice.payload) as WireMessage);
      } catch (error) {
        console.warn(`record events: a message could not be read (${(error as Error).message})`);
      }
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (closed) return;
      client = null;
      // Events may have been missed while the connection was down: screens refresh once it is back.
      const retry = () => void connect().then(lost, () => setTimeout(retry, 1000).unref());
      setTimeout(retry, 500).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };
  await connect();
  return {
    async publish(message) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
