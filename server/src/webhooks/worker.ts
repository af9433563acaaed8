/**
 * The webhook worker (issue 72 item 3): sends the outbox's deliveries (outbox.ts), on every server instance.
 *
 * Contract:
 * - `WebhookWorker.start()` looks for due deliveries every `pollMs` and soon after `wake()` (the outbox wakes it
 *   after a write on this instance); `close()` stops it and waits for the sends under way.
 * - Claiming is ONE statement: Pending rows that are due and unclaimed (or whose claim ran out), and the earliest
 *   Pending row of their subscription and record — so a record's deliveries go one at a time, in order — are
 *   claimed for `leaseMs` by this instance (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so instances claiming together
 *   take different rows and never wait; SQLite writes one at a time). Every later write of the row names the claim,
 *   so a row taken over after its lease ran out is written by its new holder only.
 * - The payload is made at the first attempt and kept (retries and replays send the same body and `webhook-id`):
 *   `{ type, timestamp, data: { Entity, Id, Status?, ChangedBy, Record } }`, the record read with the owner's rights
 *   (entities/read.ts `readable`: roles, §6 assigned customers, hidden fields withheld); a record the owner may not
 *   read is Withheld, not sent. A deleted record's event carries its key only (to a §6-restricted owner of an entity
 *   with customers: Withheld, the record is gone and cannot be judged).
 * - Sent signed (sign.ts) with a 10 s timeout, 32 at a time; a 2xx answer is Delivered (a batch's results are
 *   written in one transaction). Otherwise the attempt is counted and the next one is due after `retryBaseMs` ×
 *   2^(attempts − 1) (at most an hour); once `retrySeconds` have passed since it was queued the delivery is Failed, its subscription deactivated (`DisabledReason`) and its owner e-mailed
 *   (mail/mailer.ts) in their language.
 * - A crash between the receiver's answer and the row's update sends the delivery again after the lease, with the
 *   same `webhook-id`: the receiver drops what it has seen (Standard Webhooks' idempotency).
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuthenticatedUser } from '../auth/user.ts';
import { openedApplications } from '../auth/access.ts';
import type { Database } from '../db/connection.ts';
import { asFlag } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { canRead, fieldAccess } from '../entities/access.ts';
import { isAnswer } from '../entities/answers.ts';
import { messageIn } from '../entities/call-result.ts';
import { hasCustomer, isRestricted } from '../entities/customers.ts';
import type { EntityContext, FieldAccess } from '../entities/hooks.ts';
import { shellDb, type ShellDatabase, type WebhookDeliveriesTable } from '@erp/modules/shell/server/tables.generated';
import { readable, readableMany } from '../entities/read.ts';
import { registeredEntity } from '../entities/registry.ts';
import { visibleRecord } from '../entities/wire.ts';
import { signedHeaders } from './sign.ts';

export interface WebhookSettings {
  pollMs: number;
  leaseMs: number;
  retryBaseMs: number;
  retrySeconds: number;
}

interface DeliveryRow {
  delivery_id: number;
  subscription_id: number;
  message_id: string;
  event_type: string;
  entity: string;
  record_id: string;
  record_status: string | null;
  changed_by: string | null;
  occurred_on: string;
  queued_on: string | null;
  attempts: number;
  payload: string | null;
}

interface SubscriptionRow {
  subscription_id: number;
  url: string;
  secret: string | null;
  owner_id: string | null;
  is_active: unknown;
}

const BATCH = 200;
const SEND_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 3_600_000;
/** Sends at once per instance (each to a different record). */
const PARALLEL = 32;

/** A batch's reads per owner: the user, the field rights per entity, the records (by owner, entity and key). */
interface Seen {
  users: Map<string, Promise<AuthenticatedUser | null>>;
  access: Map<string, Promise<FieldAccess>>;
  records: Map<string, Awaited<ReturnType<typeof readable>>>;
}

const recordKey = (owner: string, entity: string, id: string) => `${owner}\u0000${entity}\u0000${id}`;

function access(seen: Seen, key: string, read: () => Promise<FieldAccess>): Promise<FieldAccess> {
  let found = seen.access.get(key);
  if (!found) seen.access.set(key, (found = read()));
  return found;
}

interface Result {
  status: NonNullable<WebhookDeliveriesTable['status']>;
  attempts: number;
  code: number | null;
  error: string | null;
  payload: string | null;
  deliveredOn?: string;
  nextOn?: string;
}

/** An attempt's result, and the reason to turn its subscription off (persistent failure). */
interface Finished {
  row: DeliveryRow;
  result: Result;
  disable?: string;
}

type Outcome =
  | { status: 'Delivered'; code: number }
  | { status: 'Withheld' }
  | { status: 'Retry'; code: number; error: string };

export class WebhookWorker {
  readonly instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly db: Kysely<ShellDatabase>;
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly settings: WebhookSettings,
    private readonly warn: (message: string) => void = () => undefined,
  ) {
    this.db = shellDb(database.db);
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.settings.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due deliveries soon (a write on this instance queued some). */
  wake(): void {
    if (this.closed || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      void this.tick();
    }, 5);
  }

  /** Sends every due delivery it can claim; answers when none is left (tests call it). */
  tick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.closed) {
            const claimed = await this.claim();
            if (claimed.length === 0) break;
            await this.sendAll(claimed);
          }
        } while (this.again && !this.closed);
      } catch (error) {
        this.warn(`webhooks: ${(error as Error).message}`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    await this.running;
  }

  /** Module header: one statement claims the due rows, the first Pending one of each record. */
  private async claim(): Promise<DeliveryRow[]> {
    const now = new Date().toISOString();
    const until = new Date(Date.now() + this.settings.leaseMs).toISOString();
    const lock = this.database.engine === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<DeliveryRow>`
      update webhook_deliveries set claimed_by = ${this.instance}, claimed_until = ${until}
      where delivery_id in (
        select d.delivery_id from webhook_deliveries d
        where d.status = 'Pending' and d.next_attempt_on <= ${now} and (d.claimed_until is null or d.claimed_until < ${now})
          and not exists (
            select 1 from webhook_deliveries e
            where e.subscription_id = d.subscription_id and e.entity = d.entity and e.record_id = d.record_id
              and e.status = 'Pending' and e.delivery_id < d.delivery_id)
        order by d.delivery_id
        limit ${BATCH}
        ${lock})
      returning delivery_id, subscription_id, message_id, event_type, entity, record_id, record_status, changed_by,
        occurred_on, queued_on, attempts, payload`.execute(this.db);
    return [...result.rows].sort((a, b) => Number(a.delivery_id) - Number(b.delivery_id));
  }

  private async sendAll(rows: DeliveryRow[]): Promise<void> {
    const subscriptions = new Map<number, SubscriptionRow | undefined>();
    const ids = [...new Set(rows.map((row) => Number(row.subscription_id)))];
    const found = (await this.db.selectFrom('webhook_subscriptions').select(['subscription_id', 'url', 'secret', 'owner_id', 'is_active']).where('subscription_id', 'in', ids).execute()) as SubscriptionRow[];
    for (const row of found) subscriptions.set(Number(row.subscription_id), row);
    // What a batch reads once per owner (and entity), not once per delivery: the records too, a query per table.
    const seen: Seen = { users: new Map(), access: new Map(), records: new Map() };
    await this.preload(rows, subscriptions, seen);
    const queue = [...rows];
    const done: Finished[] = [];
    const lane = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const subscription = subscriptions.get(Number(row.subscription_id));
        try {
          await this.deliver(row, subscription, seen, done);
        } catch (error) {
          this.warn(`webhooks: delivery ${row.delivery_id}: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, rows.length) }, lane));
    // The batch's results in one transaction (one commit, not one per delivery); a crash before it sends the batch
    // again, with the same message ids.
    const written = await this.db.transaction().execute(async (trx) => {
      const kept: boolean[] = [];
      for (const { row, result } of done) kept.push(await this.finish(trx, row, result));
      return kept;
    });
    for (const [index, { row, disable }] of done.entries()) {
      const subscription = subscriptions.get(Number(row.subscription_id));
      if (disable !== undefined && written[index] && subscription) await this.disable(subscription, disable);
    }
  }

  /** One delivery's attempt; its result is added to `done` (written by `sendAll`). */
  private async deliver(row: DeliveryRow, subscription: SubscriptionRow | undefined, seen: Seen, done: Finished[]): Promise<void> {
    const now = new Date();
    if (!subscription || !asFlag(subscription.is_active as boolean)) {
      done.push({ row, result: { status: 'Failed', attempts: row.attempts, code: null, error: 'The subscription is not active.', payload: row.payload } });
      return;
    }
    let payload = row.payload;
    if (payload === null) {
      const owner = subscription.owner_id ?? '';
      const made = await this.payloadOf(row, owner, await this.ownerOf(owner, seen), seen);
      if (made === null) {
        done.push({ row, result: { status: 'Withheld', attempts: row.attempts, code: null, error: null, payload: null } });
        return;
      }
      payload = made;
    }
    const outcome = await this.send(subscription, row.message_id, payload);
    const attempts = Number(row.attempts) + 1;
    if (outcome.status === 'Delivered') {
      done.push({ row, result: { status: 'Delivered', attempts, code: outcome.code, error: null, payload, deliveredOn: now.toISOString() } });
      return;
    }
    const error = outcome.status === 'Retry' ? outcome.error : '';
    const code = outcome.status === 'Retry' ? outcome.code : null;
    const queued = Date.parse(row.queued_on ?? row.occurred_on);
    if (now.getTime() - queued >= this.settings.retrySeconds * 1000) {
      done.push({ row, result: { status: 'Failed', attempts, code, error, payload }, disable: error });
      return;
    }
    const delay = Math.min(this.settings.retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    done.push({ row, result: { status: 'Pending', attempts, code, error, payload, nextOn: new Date(now.getTime() + delay).toISOString() } });
  }

  private ownerOf(owner: string, seen: Seen): Promise<AuthenticatedUser | null> {
    if (!seen.users.has(owner)) seen.users.set(owner, this.userOf(owner));
    return seen.users.get(owner)!;
  }

  /** The context an owner reads an entity in (their roles and field rights); null when they may not read it. */
  private async contextOf(entity: string, user: AuthenticatedUser | null, seen: Seen): Promise<EntityContext | null> {
    const registered = registeredEntity(entity);
    if (!registered || !user || !canRead(registered.def, user)) return null;
    const { def, hooks } = registered;
    return {
      db: this.database.db,
      reader: this.database.reader,
      engine: this.database.engine,
      user,
      def,
      hooks,
      access: await access(seen, `${user.userId}\u0000${def.name}`, () => fieldAccess(this.database, def, user)),
    };
  }

  /** The records the batch's first attempts send, read per owner and entity at once (`readableMany`). */
  private async preload(rows: readonly DeliveryRow[], subscriptions: Map<number, SubscriptionRow | undefined>, seen: Seen): Promise<void> {
    const groups = new Map<string, { owner: string; entity: string; ids: Set<string> }>();
    for (const row of rows) {
      const subscription = subscriptions.get(Number(row.subscription_id));
      if (row.payload !== null || !subscription || row.event_type.endsWith('.deleted')) continue;
      const owner = subscription.owner_id ?? '';
      const key = `${owner}\u0000${row.entity}`;
      const group = groups.get(key) ?? { owner, entity: row.entity, ids: new Set<string>() };
      group.ids.add(row.record_id);
      groups.set(key, group);
    }
    for (const { owner, entity, ids } of groups.values()) {
      const ctx = await this.contextOf(entity, await this.ownerOf(owner, seen), seen);
      if (!ctx) continue;
      for (const [id, found] of await readableMany(ctx, [...ids])) seen.records.set(recordKey(owner, entity, id), found);
    }
  }

  /** The body of a delivery, or null when the owner may not read it (Withheld). */
  private async payloadOf(row: DeliveryRow, owner: string, user: AuthenticatedUser | null, seen: Seen): Promise<string | null> {
    const ctx = await this.contextOf(row.entity, user, seen);
    if (!ctx || !user) return null;
    const { def } = ctx;
    let record: Record<string, unknown> | null = null;
    if (row.event_type.endsWith('.deleted')) {
      if (isRestricted(user) && hasCustomer(def)) return null;
    } else {
      const found = seen.records.get(recordKey(owner, row.entity, row.record_id)) ?? (await readable(ctx, row.record_id));
      if (isAnswer(found)) {
        // Deleted since: the event still tells its change, without the record. Refused (§6): withheld.
        if (found.status !== 404) return null;
      } else record = visibleRecord(def, found.record, ctx.access.hidden);
    }
    return JSON.stringify({
      type: row.event_type,
      timestamp: row.occurred_on,
      data: {
        Entity: row.entity,
        Id: row.record_id,
        ...(row.record_status === null ? {} : { Status: row.record_status }),
        ChangedBy: row.changed_by,
        Record: record,
      },
    });
  }

  private async send(subscription: SubscriptionRow, id: string, body: string): Promise<Outcome> {
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const answer = await fetch(subscription.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'erp-webhooks', ...signedHeaders(subscription.secret ?? '', id, timestamp, body) },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await answer.body?.cancel().catch(() => undefined);
      if (answer.status >= 200 && answer.status < 300) return { status: 'Delivered', code: answer.status };
      return { status: 'Retry', code: answer.status, error: `HTTP ${answer.status}` };
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      return { status: 'Retry', code: 0, error: String(cause ?? (error as Error).message).slice(0, 500) };
    }
  }

  /** Writes an attempt's result, under this instance's claim; false when the claim was taken over. */
  private async finish(db: Transaction<ShellDatabase>, row: DeliveryRow, result: Result): Promise<boolean> {
    const now = new Date().toISOString();
    const updated = await db
      .updateTable('webhook_deliveries')
      .set({
        status: result.status,
        attempts: result.attempts,
        payload: result.payload,
        last_status_code: result.code,
        last_error: result.error,
        ...(result.code === null ? {} : { last_attempt_on: now }),
        ...(result.deliveredOn ? { delivered_on: result.deliveredOn } : {}),
        ...(result.nextOn ? { next_attempt_on: result.nextOn } : {}),
        claimed_by: null,
        claimed_until: null,
        updated_by: 'system',
        updated_on: now,
        version: sql`version + 1`,
      })
      .where('delivery_id', '=', row.delivery_id)
      .where('claimed_by', '=', this.instance)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Persistent failure: the subscription is deactivated (once) and its owner told. */
  private async disable(subscription: SubscriptionRow, error: string): Promise<void> {
    const now = new Date().toISOString();
    const reason = `${error}`.slice(0, 500);
    const updated = await this.db
      .updateTable('webhook_subscriptions')
      .set({ is_active: 0, disabled_reason: reason, updated_by: 'system', updated_on: now, version: sql`version + 1` })
      .where('subscription_id', '=', subscription.subscription_id)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return;
    const owner = subscription.owner_id
      ? await this.db.selectFrom('users').select(['email', 'language']).where('user_id', '=', subscription.owner_id).executeTakeFirst()
      : undefined;
    if (!owner?.email) {
      this.warn(`webhooks: subscription ${subscription.subscription_id} deactivated; its owner has no e-mail address`);
      return;
    }
    const params = { id: subscription.subscription_id, url: subscription.url, error: reason };
    try {
      await this.mailer.send({
        to: owner.email,
        subject: messageIn(owner.language, 'entities:webhook-subscription.mail.subject', params),
        text: messageIn(owner.language, 'entities:webhook-subscription.mail.text', params),
      });
    } catch (sendError) {
      this.warn(`webhooks: the deactivation e-mail of subscription ${subscription.subscription_id}: ${(sendError as Error).message}`);
    }
  }

  /** The owner as the API would see them (roles, applications): null when gone or inactive. */
  private async userOf(userId: string): Promise<AuthenticatedUser | null> {
    const db = this.database.db;
    const row = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row || !asFlag(row.is_active)) return null;
    const roles = (await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
    return { row, userId, roles, applications: await openedApplications(this.database, roles), token: {} };
  }
}
