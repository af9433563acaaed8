/**
 * Issue 72 item 2: what an API client (OAuth 2.0 client credentials, oidc/api-clients.ts) may do on a call, and
 * its rate limit. The clients are the `api-client` entity's records (modules/shell/definitions/api-client.ts; the
 * server does not import modules, so its tables are named here).
 *
 * Contract (auth/plugin.ts applies it to every call made with a client-credentials token, `erp_client: true`):
 * - the client must be active; it then acts as its service user (the users row of the same id: roles, §6 assigned
 *   customers, the §3 trail's name) — read on every call like any user, so a change applies to the next call;
 * - `narrowApplications`: of the applications the roles open, a read call (GET, HEAD) keeps those the client may
 *   read or write (ReadApplications ∪ WriteApplications), any other call only WriteApplications — an entity of an
 *   application the client only reads is read-only for it (403 on a write), as for a user whose roles open it for
 *   reading only. Nothing is added to what the roles open;
 * - `RateLimiter`: a token bucket per client of RateLimitPerMinute calls, refilled continuously (a burst of up to
 *   one minute's calls, then the rate); an empty bucket answers 429 with `Retry-After` (whole seconds until the
 *   next call is allowed). Kept per instance, in memory: behind several instances a client gets that many per
 *   instance.
 */
import type { OpenedApplications } from '../auth/user.ts';
import type { Database } from '../db/connection.ts';
import { readAll, readFirst } from '../db/read.ts';
import { schemaView } from '../db/migration-db.ts';

/** The tables of the `api-client` entity (modules/shell/definitions/api-client.ts). */
export const API_CLIENTS_TABLE = 'api_clients';
const READ_SCOPES = 'api_client_read_scopes';
const WRITE_SCOPES = 'api_client_write_scopes';

/** Methods that only read: a client's read scopes suffice for them. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ClientAccess {
  clientId: string;
  readApplications: ReadonlySet<string>;
  writeApplications: ReadonlySet<string>;
  ratePerMinute: number;
}

/** The client's scopes and rate, or null when no active client has that id. */
export async function clientAccess(database: Pick<Database, 'db' | 'reader'>, clientId: string): Promise<ClientAccess | null> {
  // The shell module's tables (its api-client entity), named here as constants: the core reads them untyped.
  const db = schemaView(database.db);
  const row = (await readFirst(database, db.selectFrom(API_CLIENTS_TABLE).select(['client_id', 'is_active', 'rate_limit_per_minute']).where('client_id', '=', clientId))) as
    | { client_id: string; is_active: unknown; rate_limit_per_minute: number | null }
    | undefined;
  if (!row || !(row.is_active === true || row.is_active === 1)) return null;
  const scopes = async (table: string) =>
    new Set(((await readAll(database, db.selectFrom(table).select('application').where('client_id', '=', clientId))) as { application: string }[]).map((r) => r.application));
  return {
    clientId,
    readApplications: await scopes(READ_SCOPES),
    writeApplications: await scopes(WRITE_SCOPES),
    ratePerMinute: Number(row.rate_limit_per_minute ?? DEFAULT_RATE_PER_MINUTE),
  };
}

export const DEFAULT_RATE_PER_MINUTE = 600;

/**
 * The applications a client's call may use: those its roles open (`opened`, names and router paths in the same
 * order of reading) within its scopes for the call's method (module header).
 */
export async function narrowApplications(
  database: Pick<Database, 'db' | 'reader'>,
  opened: OpenedApplications,
  access: ClientAccess,
  method: string,
): Promise<OpenedApplications> {
  const allowed = new Set(access.writeApplications);
  if (READ_METHODS.has(method.toUpperCase())) for (const name of access.readApplications) allowed.add(name);
  const names = [...opened.names].filter((name) => allowed.has(name));
  if (names.length === 0) return { names: new Set(), paths: new Set() };
  const rows = await readAll(database, database.db.selectFrom('applications').select(['application', 'router_path']).where('application', 'in', names));
  return { names: new Set(names), paths: new Set(rows.map((row) => row.router_path.toLowerCase()).filter((path) => opened.paths.has(path))) };
}

/** Per-key token buckets (module header). */
export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  /** Takes one call for `key` at `perMinute`: 0 when allowed, else the seconds to wait (≥ 1). */
  take(key: string, perMinute: number, now = Date.now()): number {
    const capacity = Math.max(1, perMinute);
    const perMs = capacity / 60_000;
    const bucket = this.#buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }
}
