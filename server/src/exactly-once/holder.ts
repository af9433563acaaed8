/**
 * Who holds (or held) a scope, as a refusal says it (issue 39 item 1b: "already done by Marie at 14:02:07"):
 * `holderParams(database, holder, request)` → `{ user, time }` — the user's display name (the id when the user is
 * gone) and the time in the caller's language and time zone (`X-Time-Zone`, as reports take it; UTC otherwise).
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.ts';
import { readFirst } from '../db/read.ts';
import { currentUser } from '../auth/plugin.ts';
import { reportLocale } from '../reports/messages.ts';
import { ScopeBusy, withScopeLock, type ScopeHolder } from './scope-lock.ts';
import { messageIn } from '../entities/call-result.ts';

const ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

function timeIn(iso: string, locale: string, zone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: zone, ...(zone === 'UTC' ? { timeZoneName: 'short' } : {}) }).format(at);
  } catch {
    return timeIn(iso, locale, 'UTC');
  }
}

export async function holderParams(database: Pick<Database, 'db' | 'reader'>, held: ScopeHolder, request: FastifyRequest): Promise<{ user: string; time: string }> {
  const row = held.holder ? await readFirst(database, database.db.selectFrom('users').select('display_name').where('user_id', '=', held.holder)) : undefined;
  const header = request.headers['x-time-zone'];
  const zone = typeof header === 'string' && ZONE.test(header) ? header : 'UTC';
  return { user: row?.display_name ?? held.holder, time: timeIn(held.since, reportLocale(currentUser(request).row.language), zone) };
}

/**
 * A route's work on `scope`, one caller at a time on every instance (scope-lock.ts), for work outside the
 * process engine (a government file generated and recorded): `{ value }`, or `{ busy }` — the message "<what> is
 * being run by <user> since <time>" in the caller's language when the scope stayed busy. A caller that waited
 * runs its work after the other's commit, so it finds the other's work done.
 */
export async function oneAtATime<T>(database: Pick<Database, 'db' | 'reader'>, request: FastifyRequest, scope: string, what: string, work: () => Promise<T>): Promise<{ value: T; busy?: undefined } | { busy: string }> {
  try {
    return { value: await withScopeLock(database.db, scope, currentUser(request).userId, work) };
  } catch (error) {
    if (!(error instanceof ScopeBusy)) throw error;
    return { busy: messageIn(currentUser(request).row.language, 'reports:process.busy', { process: what, ...(await holderParams(database, error.held, request)) }) };
  }
}
