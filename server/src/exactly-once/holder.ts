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
import type { ScopeHolder } from './scope-lock.ts';

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

export async function holderParams(database: Database, held: ScopeHolder, request: FastifyRequest): Promise<{ user: string; time: string }> {
  const row = held.holder ? await readFirst(database, database.db.selectFrom('users').select('display_name').where('user_id', '=', held.holder)) : undefined;
  const header = request.headers['x-time-zone'];
  const zone = typeof header === 'string' && ZONE.test(header) ? header : 'UTC';
  return { user: row?.display_name ?? held.holder, time: timeIn(held.since, reportLocale(currentUser(request).row.language), zone) };
}
