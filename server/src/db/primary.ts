/**
 * PostgreSQL with automatic failover (issue 43 item 2): connections to whichever host of a multi-host
 * connection string is the writable primary, found again by themselves after a failover.
 *
 * pg_auto_failover hands out `postgres://user@host1:5432,host2:5433/db?target_session_attrs=read-write` (libpq's
 * syntax). node-postgres 8 reads one host only (pg-connection-string 2 parses the URL with WHATWG `URL`, which
 * refuses a comma in the authority), so the hosts are taken apart here and each is a one-host string for `pg`.
 *
 * Contract:
 * - `parseHosts(url)` → the hosts in order, one one-host connection string each (the query kept, without
 *   `target_session_attrs`, which `pg` does not know), and whether a writable primary is demanded
 *   (`target_session_attrs=read-write` or `primary`, or more than one host). A one-host string answers itself.
 * - `openPool(url, max)` → a pool for Kysely's PostgresDialect (and the events hub). With one host and no demand
 *   it is a plain `pg.Pool`. Otherwise every NEW physical connection is checked (`transaction_read_only` off,
 *   as libpq checks for read-write); a refused, dead or read-only one makes the pool look for the primary again
 *   (the hosts in order, each asked `pg_is_in_recovery()`), and the pool then connects there. While no host is a
 *   writable primary (a failover under way) `connect()` fails at once with a connection error (`NoPrimary`,
 *   SQLSTATE 08001), which the API answers 503 "try again" (http/errors.ts, db/retry.ts `isConnectionLoss`).
 * - `newClient(url)` → an unconnected `pg.Client` on the primary (a LISTEN connection).
 * - Pool errors never crash the process: an idle client that dies is dropped (logged once), the next request
 *   gets a fresh connection.
 */
import pg from 'pg';
import { isConnectionLoss } from './retry.ts';

export interface HostTarget {
  /** `host:port` as written (for the tenant page and messages). */
  label: string;
  /** A one-host connection string `pg` understands. */
  url: string;
}

export interface ParsedHosts {
  hosts: HostTarget[];
  /** Only a writable primary will do (libpq's target_session_attrs=read-write). */
  primaryOnly: boolean;
  /** The database name (the path). */
  database: string;
}

const MULTI = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i;

/** See the module header. */
export function parseHosts(url: string): ParsedHosts {
  const match = MULTI.exec(url);
  if (!match) return { hosts: [{ label: url, url }], primaryOnly: false, database: 'postgres' };
  const [, scheme = '', user = '', authority = '', path = '', query = ''] = match;
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const attrs = (params.get('target_session_attrs') ?? '').toLowerCase();
  params.delete('target_session_attrs');
  const rest = params.toString();
  const hostList = authority.split(',').filter((host) => host !== '');
  const hosts = (hostList.length > 0 ? hostList : ['']).map((host) => ({
    label: host || 'localhost',
    url: `${scheme}${user}${host}${path}${rest ? `?${rest}` : ''}`,
  }));
  const database = decodeURIComponent(path.replace(/^\//, '')) || 'postgres';
  return { hosts, primaryOnly: hosts.length > 1 || attrs === 'read-write' || attrs === 'primary', database };
}

/** Thrown while no host is a writable primary: SQLSTATE 08001 (sqlclient_unable_to_establish_sqlconnection). */
export class NoPrimary extends Error {
  override name = 'NoPrimary';
  readonly code = '08001';
  constructor(tried: string) {
    super(`no writable PostgreSQL primary among ${tried}`);
  }
}

/** How long one host may take to accept a connection while looking for the primary. */
const PROBE_TIMEOUT_MS = 2_000;

/** The first host, in order, that is a writable primary; NoPrimary when none is. */
export async function findPrimary(hosts: HostTarget[]): Promise<HostTarget> {
  for (const host of hosts) {
    const probe = new pg.Client({ connectionString: host.url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      const { rows } = await probe.query<{ standby: boolean; read_only: string }>(
        "SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS read_only",
      );
      if (rows[0] && !rows[0].standby && rows[0].read_only === 'off') return host;
    } catch {
      // Down, refusing or starting: the next host.
    } finally {
      await probe.end().catch(() => undefined);
    }
  }
  throw new NoPrimary(hosts.map((host) => host.label).join(', '));
}

/**
 * A connection that dies makes its client emit 'error' — through the pool while idle, on the client itself while
 * checked out (node-postgres emits it even when the running query gets the error too). Without a listener Node
 * would end the whole server; the query's caller has the error already, and the pool drops the dead client.
 */
export function guarded(pool: pg.Pool): pg.Pool {
  pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection failed (${error.message}); it is replaced.`));
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** What Kysely's PostgresDialect and the events hub need of a pool. */
export interface PrimaryPool {
  connect(): Promise<pg.PoolClient>;
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  end(): Promise<void>;
  readonly options: object;
}

class FailoverPool implements PrimaryPool {
  private pool: pg.Pool | null = null;
  private at: HostTarget | null = null;
  private locating: Promise<pg.Pool> | null = null;
  private readonly checked = new WeakSet<pg.PoolClient>();
  private ended = false;

  constructor(
    private readonly hosts: HostTarget[],
    private readonly max: number,
  ) {}

  get options(): object {
    return this.pool?.options ?? {};
  }

  /** The pool on the current primary, looking for it when there is none (one search at a time). */
  private current(): Promise<pg.Pool> {
    if (this.pool) return Promise.resolve(this.pool);
    this.locating ??= findPrimary(this.hosts)
      .then((host) => {
        if (this.ended) throw new NoPrimary('a closed pool');
        const pool = guarded(new pg.Pool({ connectionString: host.url, max: this.max, connectionTimeoutMillis: 5_000 }));
        if (this.at && this.at.label !== host.label) console.warn(`PostgreSQL: the primary is now ${host.label} (was ${this.at.label}).`);
        this.pool = pool;
        this.at = host;
        return pool;
      })
      .finally(() => (this.locating = null));
    return this.locating;
  }

  /** Forgets `pool` (its host is no longer the primary); its checked-out clients finish on their own. */
  private drop(pool: pg.Pool): void {
    if (this.pool !== pool) return;
    this.pool = null;
    void pool.end().catch(() => undefined);
  }

  async connect(): Promise<pg.PoolClient> {
    // Twice at most: the pool in use, then the one on the primary found again.
    for (let attempt = 1; ; attempt++) {
      const pool = await this.current();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        if (!isConnectionLoss(error) || attempt >= 2) throw error;
        this.drop(pool);
        continue;
      }
      if (this.checked.has(client)) return client;
      try {
        const { rows } = await client.query<{ read_only: string }>("SELECT current_setting('transaction_read_only') AS read_only");
        if (rows[0]?.read_only === 'off') {
          this.checked.add(client);
          return client;
        }
        client.release(true);
      } catch (error) {
        client.release(true);
        if (!isConnectionLoss(error) || attempt >= 2) throw error;
      }
      // Read-only (a demoted primary) or dead: look for the primary again.
      this.drop(pool);
      if (attempt >= 2) throw new NoPrimary(this.hosts.map((host) => host.label).join(', '));
    }
  }

  async query(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  }

  async end(): Promise<void> {
    this.ended = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.end();
  }
}

/** See the module header. */
export function openPool(url: string, max: number): PrimaryPool {
  const parsed = parseHosts(url);
  if (!parsed.primaryOnly) {
    return guarded(new pg.Pool({ connectionString: parsed.hosts[0]!.url, max }));
  }
  return new FailoverPool(parsed.hosts, max);
}

/** See the module header. */
export async function newClient(url: string): Promise<pg.Client> {
  const parsed = parseHosts(url);
  const host = parsed.primaryOnly ? await findPrimary(parsed.hosts) : parsed.hosts[0]!;
  return new pg.Client({ connectionString: host.url });
}
