/**
 * Scope locks (issue 39 item 1a): work on one scope — a process and its key (a pay date, a bank account, a
 * queue) — runs one at a time, across every server instance on the database, on SQLite and PostgreSQL alike.
 *
 * Contract: `withScopeLock(db, scope, holder, work)` runs `work` while this caller holds `scope`, waiting (up to
 * WAIT_MS) while another holds it; `work` receives `waitedFor` — the holder this caller waited behind, if any,
 * so its answer can say who did the work first. When the wait runs out it throws `ScopeBusy` (who holds it,
 * since when): the caller answers a clear refusal, never a second effect.
 *
 * How: a row in `work_locks` (migration 0039) per held scope. Taking it is ONE statement — an insert that, on
 * conflict, takes over only an expired row — so the primary key decides between racing callers on both
 * engines (PostgreSQL row-locks the conflicting row; SQLite holds its write lock). The row is a lease: its
 * holder renews it every LEASE_MS / 3 while working and deletes it when done; an instance that dies mid-work
 * leaves a row that expires after LEASE_MS, and the next caller takes it over. Nothing lives in process memory
 * but a shortcut: a holder that lets a scope go wakes the callers of its own instance waiting for it, so the next
 * takes it at once instead of at its next poll (up to POLL_LAST_MS later: ten runs of one process queued behind
 * each other took seconds); callers on other instances poll.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** How long a lease lasts without renewal (a dead holder's scope is free again after this). */
export const LEASE_MS = 60_000;
/** How long a caller waits for a busy scope before it is refused. */
export const WAIT_MS = 120_000;
/** Polling interval while waiting, growing from the first to the last. */
const POLL_FIRST_MS = 20;
const POLL_LAST_MS = 500;

/** The holder of a scope: a user id and when it took it (ISO). */
export interface ScopeHolder {
  holder: string;
  since: string;
}

/** Thrown when the scope stayed busy for WAIT_MS. */
export class ScopeBusy extends Error {
  override name = 'ScopeBusy';
  constructor(readonly held: ScopeHolder) {
    super(`scope busy since ${held.since}`);
  }
}

// The lock table is part of every database; its row types come from db/schema.ts.
type LockDb = Kysely<DB>;

async function tryTake(db: LockDb, scope: string, token: string, holder: string): Promise<boolean> {
  const now = Date.now();
  const taken = await db
    .insertInto('work_locks')
    .values({ scope, token, holder, acquired_on: new Date(now).toISOString(), expires_at: now + LEASE_MS })
    .onConflict((conflict) =>
      conflict
        .column('scope')
        .doUpdateSet((eb) => ({
          token: eb.ref('excluded.token'),
          holder: eb.ref('excluded.holder'),
          acquired_on: eb.ref('excluded.acquired_on'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('work_locks.expires_at', '<', now),
    )
    .returning('token')
    .executeTakeFirst();
  return taken?.token === token;
}

async function currentHolder(db: LockDb, scope: string): Promise<ScopeHolder | null> {
  const row = await db.selectFrom('work_locks').select(['holder', 'acquired_on']).where('scope', '=', scope).executeTakeFirst();
  return row ? { holder: row.holder, since: row.acquired_on } : null;
}

/** This instance's callers waiting for each scope (see the module header). */
const waiting = new Map<string, Set<() => void>>();

/** Waits `ms`, or less when a holder in this instance lets `scope` go. */
function pause(scope: string, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const waiters = waiting.get(scope) ?? new Set<() => void>();
    waiting.set(scope, waiters);
    const wake = () => {
      clearTimeout(timer);
      waiters.delete(wake);
      if (waiters.size === 0 && waiting.get(scope) === waiters) waiting.delete(scope);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    waiters.add(wake);
  });
}

/** How many callers of this instance are waiting for `scope` now (tests see a caller queued). */
export function waitersFor(scope: string): number {
  return waiting.get(scope)?.size ?? 0;
}

function wakeWaiters(scope: string): void {
  for (const wake of [...(waiting.get(scope) ?? [])]) wake();
}

/** Runs `work` holding `scope` (see the module header). */
export async function withScopeLock<T>(db: LockDb, scope: string, holder: string, work: (waitedFor: ScopeHolder | null) => Promise<T>): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + WAIT_MS;
  let waitedFor: ScopeHolder | null = null;
  for (let poll = POLL_FIRST_MS; !(await tryTake(db, scope, token, holder)); poll = Math.min(POLL_LAST_MS, poll * 2)) {
    const held = await currentHolder(db, scope);
    if (held) waitedFor = held;
    if (Date.now() >= deadline) throw new ScopeBusy(held ?? waitedFor ?? { holder: '', since: '' });
    await pause(scope, poll);
  }
  const renew = setInterval(() => {
    db.updateTable('work_locks')
      .set({ expires_at: Date.now() + LEASE_MS })
      .where('scope', '=', scope)
      .where('token', '=', token)
      .execute()
      .catch(() => undefined);
  }, LEASE_MS / 3);
  renew.unref();
  try {
    return await work(waitedFor);
  } finally {
    clearInterval(renew);
    await db.deleteFrom('work_locks').where('scope', '=', scope).where('token', '=', token).execute();
    wakeWaiters(scope);
  }
}
