/**
 * Server configuration from the environment (docs/configuration.md).
 *
 * Contract: `loadConfig(env)` is pure — it reads only the object it is given — so tests build configs
 * without touching `process.env`. Paths are absolute and resolved from the repository root (found from
 * this file's location, never from the current directory), so the server behaves the same wherever it
 * is started from. `ERP_REPO_ROOT` overrides that root (the tests point it at a fake front-end build);
 * `TRUST_PROXY=1` trusts X-Forwarded-* headers; `LOG_LEVEL` sets the log level (default info).
 *
 * Origins (STEEL_ORIGIN, NOVUS_FRONTEND_ORIGIN, FRAME_ANCESTORS) are validated and normalized here,
 * because they end up in the Content-Security-Policy header and in postMessage target origins: a bad
 * value throws `ConfigError` at start-up instead of producing a header that silently allows too much.
 *
 * The embedded frames (§1, §2) and their demo partner site:
 * - the steel order-entry page is `STEEL_ORIGIN` + `STEEL_PATH`; its shell route is `/resteel-oe/resteel`;
 * - the newer-version front end lives on `NOVUS_FRONTEND_ORIGIN` (one origin or several, separated by
 *   spaces or commas; relative frame `src` Props resolve against the first);
 * - with `PARTNER_DEMO` on (the default unless NODE_ENV=production) main.ts also serves a small demo
 *   partner site on `PARTNER_PORT` (default PORT+1). Both origins default to `http://127.0.0.1:<that
 *   port>`: a different host from `localhost`, hence a different origin (and site) from the shell.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PasswordHashing } from './auth/password.ts';

/** Absolute path of the repository root (the folder holding the root package.json). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The steel frame's shell route (§2 "Embedded steel frame"). Not to be confused with STEEL_PATH. */
export const STEEL_ROUTE = '/resteel-oe/resteel';

/** Default path of the steel order-entry page on STEEL_ORIGIN. */
export const DEFAULT_STEEL_PAGE_PATH = '/resteel/order-entry.html';

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type DatabaseConfig =
  /**
   * `synchronous` (SQLITE_SYNCHRONOUS): 'full' (default) syncs the disk at every commit, so an acknowledged
   * posting survives a power loss; 'normal' syncs at WAL checkpoints only — still consistent after any crash, and
   * still durable when only the process dies, but the last commits can be lost with the machine. For throwaway
   * databases (the tests), where a commit's disk sync costs more than the work.
   */
  | { kind: 'sqlite'; file: string; synchronous?: 'full' | 'normal' }
  /**
   * `preparedStatements` (PREPARED_STATEMENTS, default 200; 0 = off): statements each pooled connection keeps
   * prepared (db/prepared.ts), the least recently used beyond that deallocated.
   */
  | { kind: 'postgres'; url: string; preparedStatements?: number };

export interface ServerConfig {
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Public address without a trailing slash; issuer and redirect URIs derive from it. */
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  /**
   * READ_DATABASE_URL (optional, issue 43): a PostgreSQL standby of DATABASE_URL that reports and searches read from
   * (db/read-database.ts); null: they read the primary.
   */
  readDatabaseUrl: string | null;
  oidc: {
    /** Issuer the API trusts (no trailing slash). */
    authority: string;
    /** True when the authority is this server's own `/oidc` provider. */
    embedded: boolean;
    clientId: string;
    scopes: string;
    /** Paths of the browser's sign-in callback and post-logout landing. */
    redirectPath: string;
    postLogoutRedirectPath: string;
    /** The external provider's account page (OIDC_ACCOUNT_URL); always null with the embedded provider. */
    accountUrl: string | null;
    /**
     * Embedded provider: seconds a rotated refresh token may still be used (OIDC_REFRESH_REUSE_SECONDS,
     * default 30), so a page closed while its renewal was in flight does not cost the user the sign-in.
     */
    refreshTokenReuseSeconds: number;
    /**
     * Embedded provider: days a refresh-token chain lives at most, however often it rotates
     * (OIDC_REFRESH_ABSOLUTE_DAYS, default 30); then the user signs in again.
     */
    refreshTokenAbsoluteDays: number;
    /**
     * Sender-constrained tokens, RFC 9449 (OIDC_DPOP): 'on' (default) — the embedded provider binds tokens
     * to a key the client proves, and the API verifies the DPoP proof of every bound token; 'required' —
     * the API also refuses tokens that are not bound; 'off' — for a provider without DPoP: no binding,
     * the DPoP scheme is refused.
     */
    dpop: 'on' | 'off' | 'required';
    /**
     * PASSWORD_HASHING: 'owasp' (default) — every new password hash costs OWASP's scrypt minimum (auth/password.ts);
     * 'fast' — a trivial cost, for test suites on throwaway databases only (the server warns at start).
     */
    passwordHashing: PasswordHashing;
  };
  /** Audience the API demands in access tokens. */
  apiAudience: string;
  steel: {
    /** Profile domain allowed to see the steel frame (STEEL_COMPANY_DOMAIN). */
    domain: string;
    /** Origin of the steel order-entry system (STEEL_ORIGIN), normalized: no path, no trailing slash. */
    origin: string;
    /** The shell route showing the frame: STEEL_ROUTE. */
    path: string;
    /** Path of the steel page on `origin` (STEEL_PATH). */
    pagePath: string;
    /** origin + pagePath: what the frame loads. */
    frameUrl: string;
  };
  /** The newer-version front end (§1 "one frame per registered path"). */
  frames: {
    /** NOVUS_FRONTEND_ORIGIN, normalized, without duplicates; never empty. The first is the base of relative `src` Props. */
    origins: string[];
  };
  /** The demo partner site (partner/app.ts) serving the steel page and the newer-version front end. */
  partner: {
    enabled: boolean;
    port: number;
    /** Origin of the shell as the partner pages see it: PUBLIC_URL's origin. */
    shellOrigin: string;
  };
  security: {
    /** CSP `frame-ancestors` sources of the shell (FRAME_ANCESTORS), e.g. ["'self'"]. */
    frameAncestors: string[];
  };
  /**
   * Issue 70: EMBED_ORIGINS, the origins whose pages may embed the shell's custom elements (spaces or commas between;
   * default none). The administrators' list (/shell/embed-origins) adds to it (security/embed-origins.ts).
   */
  embed: { origins: string[] };
  releaseNumber: string;
  /** Trust X-Forwarded-* headers (set when a reverse proxy terminates TLS). */
  trustProxy: boolean;
  /** Demo firms added to a database that has none (DEMO_FIRMS, default 2000; 0 = none). */
  demoFirms: number;
  /**
   * The General Ledger's demo activity (DEMO_LEDGER, default on; 0/false/no = off): months of postings on an
   * empty ledger (modules/gl/server/seed-ledger.ts). The GL masters and periods are seeded either way.
   */
  demoLedger: boolean;
  /**
   * E-mail (server/src/mail/mailer.ts): SMTP_URL an outside SMTP server; unset, the embedded capture server on
   * 127.0.0.1:SMTP_CAPTURE_PORT (default 0: any free port) keeps every message for the mailbox screen.
   * MAIL_FROM the sender.
   */
  mail: { smtpUrl: string | null; capturePort: number; from: string };
  /**
   * Per-user limits (issue 68 item 6), of what a user's own requests make and keep open on one instance.
   * `eventStreams` (EVENT_STREAMS_PER_USER, default 10): live event streams (a tab each) a user may hold open at
   * once on one instance; one more is refused 429 `too_many_streams`, and so is a ticket past twice that many unused.
   * `idempotencyKeys` (IDEMPOTENCY_KEYS_PER_USER, default 10000; 0 = no limit): Idempotency-Keys a user may hold
   * (each kept 24 hours with its answer, across instances); a request with a new key past that is refused 429
   * `too_many_keys`, while the same key's replay still answers.
   * `downloads` (DOWNLOADS_PER_USER, default 6): files (exports, report PDFs and .xlsx, attachments) a user may be
   * sent at once by one instance; one more is refused 429 `too_many_downloads` (http/downloads-per-user.ts).
   */
  limits: { eventStreams: number; idempotencyKeys: number; downloads: number };
  /**
   * QUERY_COUNT (default off): every answer says how many database statements its request ran, in a
   * `Server-Timing: db;desc="queries";dur=<n>` header (db/query-count.ts; the capacity benchmark and tests).
   */
  queryCount: boolean;
  /**
   * Webhook deliveries (issue 72 item 3, server/src/webhooks/worker.ts): each instance looks for due deliveries
   * every `pollMs` (WEBHOOK_POLL_MS, default 1000) and at once after its own writes; a claim lasts `leaseMs`
   * (WEBHOOK_LEASE_MS, default 60000: a dead instance's deliveries are sent by another after it); a failed attempt
   * is tried again after `retryBaseMs` (WEBHOOK_RETRY_BASE_MS, default 5000) doubled per attempt, for `retrySeconds`
   * (WEBHOOK_RETRY_SECONDS, default 86400: 24 hours) from the change, then the subscription is deactivated.
   */
  webhooks: { pollMs: number; leaseMs: number; retryBaseMs: number; retrySeconds: number };
  /** Absolute repository root; static files are served from folders below it. */
  repoRoot: string;
  logLevel: string;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function rootPackageVersion(root: string): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** A port number from the environment, or undefined when absent or not a port. */
function portOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,5}$/.test(value.trim())) return undefined;
  const port = Number(value);
  return port >= 0 && port < 65536 ? port : undefined;
}

/** A count from 0 to 1,000,000; a value that is not one is a configuration error. */
function countOf(variable: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d{1,7}$/.test(value.trim()) || Number(value) > 1_000_000) {
    throw new ConfigError(`${variable} must be a whole number from 0 to 1000000, not "${value}"`);
  }
  return Number(value);
}

/**
 * An enumerated setting (any case, spaces trimmed): one of `options`, the first when unset; anything else is a
 * configuration error naming the choices.
 */
function choiceOf<const T extends string>(variable: string, value: string | undefined, options: readonly [T, ...T[]]): T {
  const mode = (value ?? '').trim().toLowerCase();
  if (mode === '') return options[0];
  const chosen = options.find((option) => option === mode);
  if (chosen !== undefined) return chosen;
  const named = options.length === 2 ? options.join(' or ') : `${options.slice(0, -1).join(', ')} or ${options[options.length - 1]}`;
  throw new ConfigError(`${variable} must be ${named}, not "${value}"`);
}

/** An on/off switch: 1/true/yes/on and 0/false/no/off (any case); anything else is the default. */
function switchOf(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(value.trim())) return true;
  if (/^(0|false|no|off)$/i.test(value.trim())) return false;
  return fallback;
}

/**
 * An http(s) origin, normalized by the URL parser (lower-case host, default port dropped, no trailing
 * slash). Anything with a path, query, fragment or credentials is refused.
 */
export function parseOrigin(variable: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(`${variable} is not a URL: ${value}`);
  }
  const bare = url.pathname === '/' && !/[?#]/.test(value) && !url.username && !url.password;
  // Host names as the URL parser leaves them (punycode for non-ASCII) or bracketed IPv6; nothing else.
  const plainHost = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(url.hostname);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || !plainHost) {
    throw new ConfigError(`${variable} must be an http(s) origin like https://host:port, without a path: ${value}`);
  }
  return url.origin;
}

/** An absolute http(s) URL (a link the browser shows), or a ConfigError. */
function parseHttpUrl(variable: string, value: string): string {
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new ConfigError(`${variable} must be an absolute http(s) URL: ${value}`);
}

/** A list of origins separated by spaces or commas, normalized, without duplicates. */
function parseOrigins(variable: string, value: string): string[] {
  const parts = value.split(/[\s,]+/).filter((part) => part.length > 0);
  if (parts.length === 0) throw new ConfigError(`${variable} names no origin`);
  return [...new Set(parts.map((part) => parseOrigin(variable, part)))];
}

/** A path on a partner origin: starts with a single '/', no scheme, no spaces. */
function parsePagePath(variable: string, value: string): string {
  const path = value.trim();
  if (!/^\/(?!\/)[^\s\\]*$/.test(path)) {
    throw new ConfigError(`${variable} must be a path starting with '/': ${value}`);
  }
  return path;
}

/**
 * CSP `frame-ancestors` sources: 'self', 'none', or http(s) host sources (optionally `*.` subdomain
 * wildcard and port). Quotes around self/none may be left out. 'none' must stand alone.
 */
export function parseFrameAncestors(value: string): string[] {
  const sources = value
    .split(/[\s,]+/)
    .filter((part) => part.length > 0)
    .map((part) => {
      const keyword = /^'?(self|none)'?$/i.exec(part);
      if (keyword) return `'${keyword[1]!.toLowerCase()}'`;
      if (/^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:(\d{1,5}|\*))?\/?$/.test(part)) return part.replace(/\/$/, '').toLowerCase();
      throw new ConfigError(`FRAME_ANCESTORS: not a frame-ancestors source: ${part}`);
    });
  if (sources.length === 0) throw new ConfigError('FRAME_ANCESTORS names no source');
  if (sources.includes("'none'") && sources.length > 1) {
    throw new ConfigError("FRAME_ANCESTORS: 'none' cannot be combined with other sources");
  }
  return [...new Set(sources)];
}

/** Builds the configuration from an environment-like object (defaults in docs/configuration.md). */
/** READ_DATABASE_URL: a postgres URL, and only beside a PostgreSQL DATABASE_URL (a standby of it). */
function readDatabaseUrl(env: Record<string, string | undefined>): string | null {
  const value = (env.READ_DATABASE_URL ?? '').trim();
  if (value === '') return null;
  if (!isPostgresUrl(value)) throw new ConfigError('READ_DATABASE_URL must be a postgres:// URL (a standby of DATABASE_URL)');
  if (!isPostgresUrl(env.DATABASE_URL)) throw new ConfigError('READ_DATABASE_URL needs DATABASE_URL to be PostgreSQL: a standby reads a PostgreSQL primary');
  return value;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const root = env.ERP_REPO_ROOT ? resolve(env.ERP_REPO_ROOT) : repoRoot;
  const port = Number.parseInt(env.PORT ?? '', 10);
  const listenPort = Number.isInteger(port) && port >= 0 && port < 65536 ? port : 8080;
  const publicUrl = trimSlash(env.PUBLIC_URL || `http://localhost:${listenPort}`);
  const dataDirRaw = env.DATA_DIR || '.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(root, dataDirRaw);
  const embeddedIssuer = `${publicUrl}/oidc`;
  const authority = trimSlash(env.OIDC_AUTHORITY || embeddedIssuer);
  const embedded = authority === embeddedIssuer;
  const shellOrigin = new URL(parseHttpUrl('PUBLIC_URL', publicUrl)).origin;

  // The demo partner site listens on PORT+1 unless PARTNER_PORT says otherwise; the frame origins
  // default to it, on 127.0.0.1 so they are another origin than the shell's localhost.
  const partnerPort = portOf(env.PARTNER_PORT) ?? (listenPort > 0 && listenPort < 65535 ? listenPort + 1 : 0);
  const partnerOrigin = `http://127.0.0.1:${partnerPort}`;
  const steelOrigin = parseOrigin('STEEL_ORIGIN', env.STEEL_ORIGIN || partnerOrigin);
  const steelPagePath = parsePagePath('STEEL_PATH', env.STEEL_PATH || DEFAULT_STEEL_PAGE_PATH);

  return {
    port: listenPort,
    // 'localhost' makes Fastify listen on every loopback address (127.0.0.1 and ::1), never outside.
    host: env.HOST || 'localhost',
    publicUrl,
    dataDir,
    database: isPostgresUrl(env.DATABASE_URL)
      ? { kind: 'postgres', url: env.DATABASE_URL, preparedStatements: countOf('PREPARED_STATEMENTS', env.PREPARED_STATEMENTS, 200) }
      : { kind: 'sqlite', file: resolve(dataDir, 'erp.sqlite'), synchronous: choiceOf('SQLITE_SYNCHRONOUS', env.SQLITE_SYNCHRONOUS, ['full', 'normal']) },
    readDatabaseUrl: readDatabaseUrl(env),
    oidc: {
      authority,
      embedded,
      clientId: env.OIDC_CLIENT_ID || 'erp-shell',
      scopes: env.OIDC_SCOPES || 'openid profile offline_access erp.shell erp.api',
      redirectPath: '/auth/callback',
      postLogoutRedirectPath: '/',
      accountUrl: !embedded && env.OIDC_ACCOUNT_URL ? parseHttpUrl('OIDC_ACCOUNT_URL', env.OIDC_ACCOUNT_URL) : null,
      refreshTokenReuseSeconds: countOf('OIDC_REFRESH_REUSE_SECONDS', env.OIDC_REFRESH_REUSE_SECONDS, 30),
      refreshTokenAbsoluteDays: Math.max(1, countOf('OIDC_REFRESH_ABSOLUTE_DAYS', env.OIDC_REFRESH_ABSOLUTE_DAYS, 30)),
      dpop: choiceOf('OIDC_DPOP', env.OIDC_DPOP, ['on', 'off', 'required']),
      passwordHashing: choiceOf('PASSWORD_HASHING', env.PASSWORD_HASHING, ['owasp', 'fast']),
    },
    apiAudience: env.API_AUDIENCE || `${publicUrl}/api`,
    steel: {
      domain: env.STEEL_COMPANY_DOMAIN || 'resteel.example',
      origin: steelOrigin,
      path: STEEL_ROUTE,
      pagePath: steelPagePath,
      frameUrl: new URL(steelPagePath, steelOrigin).href,
    },
    frames: { origins: parseOrigins('NOVUS_FRONTEND_ORIGIN', env.NOVUS_FRONTEND_ORIGIN || partnerOrigin) },
    embed: { origins: (env.EMBED_ORIGINS ?? '').trim() === '' ? [] : parseOrigins('EMBED_ORIGINS', env.EMBED_ORIGINS!) },
    partner: {
      enabled: switchOf(env.PARTNER_DEMO, env.NODE_ENV !== 'production'),
      port: partnerPort,
      shellOrigin,
    },
    security: { frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS || "'self'") },
    releaseNumber: env.RELEASE_NUMBER || rootPackageVersion(root),
    trustProxy: /^(1|true|yes)$/i.test(env.TRUST_PROXY ?? ''),
    demoFirms: countOf('DEMO_FIRMS', env.DEMO_FIRMS, 2000),
    demoLedger: !/^(0|false|no|off)$/i.test(env.DEMO_LEDGER ?? ''),
    mail: { smtpUrl: env.SMTP_URL || null, capturePort: countOf('SMTP_CAPTURE_PORT', env.SMTP_CAPTURE_PORT, 0), from: env.MAIL_FROM || 'ERP <erp@localhost>' },
    limits: {
      eventStreams: Math.max(1, countOf('EVENT_STREAMS_PER_USER', env.EVENT_STREAMS_PER_USER, 10)),
      idempotencyKeys: countOf('IDEMPOTENCY_KEYS_PER_USER', env.IDEMPOTENCY_KEYS_PER_USER, 10_000),
      downloads: Math.max(1, countOf('DOWNLOADS_PER_USER', env.DOWNLOADS_PER_USER, 6)),
    },
    queryCount: switchOf(env.QUERY_COUNT, false),
    webhooks: {
      pollMs: Math.max(10, countOf('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 1000)),
      leaseMs: Math.max(100, countOf('WEBHOOK_LEASE_MS', env.WEBHOOK_LEASE_MS, 60_000)),
      retryBaseMs: countOf('WEBHOOK_RETRY_BASE_MS', env.WEBHOOK_RETRY_BASE_MS, 5000),
      retrySeconds: countOf('WEBHOOK_RETRY_SECONDS', env.WEBHOOK_RETRY_SECONDS, 86_400),
    },
    repoRoot: root,
    logLevel: env.LOG_LEVEL || 'info',
  };
}
