/**
 * Issue 70 item 1: the origins allowed to embed the shell's custom elements on their own pages.
 *
 * The allow-list is EMBED_ORIGINS (config `embed.origins`) plus the active rows of the `embed-origin` entity
 * (/shell/embed-origins, administrators). An instance keeps its read until the table is written (entities/paging.ts
 * `tableGeneration`: this instance's saves, and on PostgreSQL the other instances' through the event hub) and at most
 * RELOAD_MS, so a change holds at once where it was made and on every instance within that time.
 *
 * What it drives, for a request whose `Origin` is another origin than the shell's own (PUBLIC_URL):
 * - `/elements/…`, `/locales/…` and `/api/…`: an allowed origin gets `Access-Control-Allow-Origin: <that origin>`
 *   (never `*`, never `…-Credentials`: the API authenticates by bearer or DPoP token, not by cookie),
 *   `Vary: Origin`, the answer headers a caller needs exposed, and `Cross-Origin-Resource-Policy: cross-origin`;
 *   its preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered 204 with the methods and the request
 *   headers the API reads. Any other origin gets no CORS header at all — the browser gives its page nothing —, its
 *   preflight a 403 without them, and its API request a 403 `origin_not_allowed` before anything is read (a
 *   browser always sends `Origin` on such a call: only programs without a browser's page, which CORS never
 *   concerned, call the API without it).
 * - Every answer under those paths carries `Cross-Origin-Resource-Policy: same-origin` unless the request came from
 *   an allowed origin: a page elsewhere cannot pull the elements or an answer in by a no-cors load (a classic
 *   `<script>`, an `<img>`), which sends no `Origin` to be checked.
 * The identity provider's endpoints (`/oidc/…`) answer CORS for their own clients (oidc/provider.ts
 * `clientBasedCORS`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { messageIn } from '../entities/call-result.ts';
import type { Kysely } from 'kysely';
import type { ShellDatabase } from '@erp/modules/shell/server/tables.generated';
import { sendFailure } from '../http/errors.ts';
import { acceptedLanguage } from '../i18n/caller-language.ts';
import { tableGeneration } from '../entities/paging.ts';

/** How long one read of the allow-list is used (ms): the delay before a change holds on every instance. */
export const RELOAD_MS = 2_000;

/** The `embed-origin` entity's table (modules/shell/definitions/embed-origin.ts), read through the shell module's table types. */
const TABLE = 'embed_origins';

/** The paths whose answers the allow-list opens to other origins. */
const EMBEDDABLE = /^\/(elements|locales|api)\//;

/** Request headers the API reads (auth/plugin.ts, auth/dpop.ts, exactly-once, http/locale, reports' time zone). */
const REQUEST_HEADERS = ['authorization', 'dpop', 'content-type', 'accept-language', 'idempotency-key', 'x-time-zone'];

/** Answer headers a caller on another origin may read. */
const EXPOSED_HEADERS = 'WWW-Authenticate, Retry-After, Idempotent-Replayed, Content-Disposition';

const METHODS = 'GET, POST, PUT, PATCH, DELETE';

export interface EmbedOrigins {
  /** Whether `origin` (as the browser sent it) may embed the elements now. */
  allows(origin: string): Promise<boolean>;
}

/** The allow-list of `config` and the `embed_origins` table of `database`. */
export function embedOrigins(config: ServerConfig, db: Kysely<ShellDatabase>): EmbedOrigins {
  const fixed = new Set(config.embed.origins);
  let cached: { set: Set<string>; until: number; generation: number } | null = null;
  let loading: Promise<Set<string>> | null = null;
  const load = async (): Promise<Set<string>> => {
    const generation = tableGeneration(TABLE);
    // Booleans: true on PostgreSQL, 1 on SQLite.
    const rows = await db.selectFrom(TABLE).select(['origin', 'is_active']).execute();
    const set = new Set(fixed);
    for (const row of rows) if (row.is_active === true || row.is_active === 1) set.add(row.origin);
    cached = { set, until: Date.now() + RELOAD_MS, generation };
    return set;
  };
  return {
    async allows(origin) {
      if (fixed.has(origin)) return true;
      if (cached && cached.until > Date.now() && cached.generation === tableGeneration(TABLE)) return cached.set.has(origin);
      loading ??= load().finally(() => (loading = null));
      return (await loading).has(origin);
    },
  };
}

/** Registers the CORS and CORP answers of the allow-list; before authentication, so a preflight needs no token. */
export function registerEmbedCors(app: FastifyInstance, config: ServerConfig, origins: EmbedOrigins): void {
  const own = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url;
    if (!EMBEDDABLE.test(path)) return;
    const origin = request.headers.origin;
    const foreign = typeof origin === 'string' && origin !== own;
    const allowed = foreign && (await origins.allows(origin));
    reply.header('vary', 'Origin');
    reply.header('cross-origin-resource-policy', allowed ? 'cross-origin' : 'same-origin');
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!allowed) {
      if (!foreign) return;
      // A page of another origin gets nothing: no CORS header, and no API answer is even computed for it.
      if (preflight) return reply.code(403).header('cache-control', 'no-store').send();
      if (path.startsWith('/api/')) {
        return sendFailure(reply, 403, 'origin_not_allowed', messageIn(acceptedLanguage(request.headers['accept-language']), 'entities:result.originNotAllowed', { origin }));
      }
      return;
    }
    reply.header('access-control-allow-origin', origin);
    if (!preflight) {
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      return;
    }
    const asked = String(request.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => REQUEST_HEADERS.includes(name));
    return reply
      .code(204)
      .header('access-control-allow-methods', METHODS)
      .header('access-control-allow-headers', asked.join(', '))
      .header('access-control-max-age', '600')
      .send();
  });
}
