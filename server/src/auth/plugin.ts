/**
 * API authentication (ARCHITECTURE.md "/api/*: bearer JWT access token required").
 *
 * Tokens bound to a key (DPoP, RFC 9449: `cnf.jkt`) need `Authorization: DPoP <JWT>` and a valid `DPoP`
 * proof header (auth/dpop.ts); plain tokens need `Authorization: Bearer <JWT>` (refused when OIDC_DPOP is
 * `required`).
 *
 * Every request the router sends to a protected route (http/route-catalog.ts: a route pattern under `/api`
 * not declared `config.public`) must carry `Authorization: Bearer <JWT>`; the token is verified
 * (auth/tokens.ts) and its `sub` must name an active user. The decision uses the MATCHED route, not the
 * raw URL (issue #11: `/%61pi/tenant` routes to `/api/tenant` and is guarded like it). A request no route
 * matches is refused the same way when its normalized path (decoded, dot segments resolved, slashes
 * collapsed, lower case) is under `/api`, so anonymous callers cannot map the API by its 404s. Then `request.user` holds the users
 * row, the user's role ids and the applications those open. Anything else answers 401 with the CallResult body
 * `{ ResultStatus: 2, ResultCode: 'unauthorized', Message: 'Unauthorized', EntityId: null, Exception: null }`.
 *
 * The check runs in `onRequest` — before body parsing and schema validation — so an anonymous caller
 * learns nothing about a route's input rules and never makes the server parse a body.
 *
 * `requireApplication(name)` is a route-level preHandler for business routes: 403 unless one of the
 * caller's roles opens that application (and, for an API client, its scopes allow it for the call).
 *
 * Issue 72 item 2: a client-credentials token (claim `erp_client: true`, oidc/api-clients.ts) names an API client
 * in `sub`. The call needs an active client; it counts against the client's rate limit (429 with Retry-After,
 * security/api-clients.ts) and then runs as the client's service user — the users row of the same id, read like
 * any user's — with the applications narrowed to the client's scopes for the call's method.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { JWTPayload } from 'jose';
import type { Database } from '../db/connection.ts';
import { compiledOnce, PLACEHOLDER, readAll, readFirstCompiled } from '../db/read.ts';
import type {} from '../http/fastify-types.ts';
import { asFlag } from '../db/schema.ts';
import { sendFailure, UNAUTHORIZED } from '../http/errors.ts';
import { acceptedLanguage } from '../i18n/caller-language.ts';
import { isApiPattern, normalizedPath } from '../http/route-catalog.ts';
import { clientAccess, narrowApplications, RateLimiter } from '../security/api-clients.ts';
import { messageIn } from '../entities/call-result.ts';
import { openableApplications, openedApplications } from './access.ts';
import type { AuthenticatedUser } from './user.ts';
import { cachedRoles } from './access-cache.ts';
import type { DpopVerifier } from './dpop.ts';
import type { TokenVerifier } from './tokens.ts';

// The caller's type lives in a leaf (./user.ts) that every layer imports; re-exported for the modules and tests.
export type { AuthenticatedUser } from './user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller on /api/* routes (null elsewhere). */
    user: AuthenticatedUser | null;
  }
}

const AUTHORIZATION = /^(Bearer|DPoP) ([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)$/;

/** How the API treats sender-constrained tokens (config OIDC_DPOP; auth/dpop.ts). */
export interface DpopPolicy {
  mode: 'on' | 'off' | 'required';
  verify: DpopVerifier;
}

/** Whether this request must carry a token: decided by the route the router matched (module header). */
function needsToken(request: FastifyRequest): boolean {
  const route = request.routeOptions;
  if (route.url !== undefined) return isApiPattern(route.url) && route.config?.public !== true;
  return isApiPattern(normalizedPath(request.url));
}

function unauthorized(reply: FastifyReply, error?: 'invalid_dpop_proof') {
  return reply
    .code(401)
    .header('www-authenticate', error ? `DPoP error="${error}", algs="ES256 RS256 PS256 EdDSA"` : 'Bearer, DPoP algs="ES256 RS256 PS256 EdDSA"')
    .header('cache-control', 'no-store')
    .send(UNAUTHORIZED);
}

/**
 * Verified access tokens, kept until they expire (at most VERIFIED_TTL_MS): a token string that verified
 * once verifies again, so the signature check (asynchronous WebCrypto) runs once per token, not once per
 * request. The users row is still read on every request, so deactivating a user applies at once; the roles
 * follow their changes through the access cache (auth/access-cache.ts).
 */
const VERIFIED_TTL_MS = 60_000;
const MAX_VERIFIED = 5000;

function cachedVerifier(verify: TokenVerifier): TokenVerifier {
  const verified = new Map<string, { payload: JWTPayload & { sub: string }; until: number }>();
  return async (token) => {
    const now = Date.now();
    const hit = verified.get(token);
    if (hit && hit.until > now) return hit.payload;
    const payload = await verify(token);
    const expires = typeof payload.exp === 'number' ? payload.exp * 1000 : now;
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, { payload, until: Math.min(expires, now + VERIFIED_TTL_MS) });
    return payload;
  };
}

/** The token's DPoP binding (`cnf.jkt`), or null when it is a plain bearer token. */
function boundKey(token: JWTPayload): string | null {
  const cnf = token['cnf'];
  if (typeof cnf !== 'object' || cnf === null) return null;
  const jkt = (cnf as Record<string, unknown>)['jkt'];
  return typeof jkt === 'string' && jkt.length > 0 ? jkt : null;
}

/** Header of a call the server makes to its own API on a signed-in user's behalf (`internalCallHeaders`). */
const INTERNAL_TICKET = 'x-erp-internal-ticket';
const INTERNAL_TICKET_MS = 10 * 60_000;
const internalTickets = new Map<string, { sub: string; token: AuthenticatedUser['token']; expires: number }>();

/**
 * Headers for `app.inject` calls a request makes to this API as its own caller (a process posting each item
 * through the document action call). The caller's token cannot be replayed there: a DPoP-bound token needs a
 * fresh proof of a key only the browser holds (RFC 9449). Instead the call carries a random 256-bit ticket that
 * lives only in this process's memory, names the caller and expires after ten minutes; the user's row and roles
 * are still read on every call, so a deactivated user is refused as usual.
 */
export function internalCallHeaders(user: AuthenticatedUser): Record<string, string> {
  const now = Date.now();
  for (const [ticket, entry] of internalTickets) if (entry.expires <= now) internalTickets.delete(ticket);
  const ticket = randomBytes(32).toString('base64url');
  internalTickets.set(ticket, { sub: user.userId, token: user.token, expires: now + INTERNAL_TICKET_MS });
  return { [INTERNAL_TICKET]: ticket };
}

export function registerAuthentication(app: FastifyInstance, deps: { database: Database; verify: TokenVerifier; dpop: DpopPolicy }): void {
  const { database } = deps;
  const verify = cachedVerifier(deps.verify);
  const clientRate = new RateLimiter();
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!needsToken(request)) return;
    const ticket = request.headers[INTERNAL_TICKET];
    if (ticket !== undefined) {
      const entry = typeof ticket === 'string' ? internalTickets.get(ticket) : undefined;
      if (!entry || entry.expires <= Date.now()) return unauthorized(reply);
      // A client's own call made by the server for it keeps its scopes; it was counted once, when it came in.
      if (entry.token['erp_client'] === true) return signInClient(request, reply, entry.sub, entry.token, false);
      return signIn(request, reply, entry.sub, entry.token);
    }
    const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
    if (!match) return unauthorized(reply);
    const scheme = match[1] as 'Bearer' | 'DPoP';
    const accessToken = match[2]!;
    let token: JWTPayload & { sub: string };
    try {
      token = await verify(accessToken);
    } catch (error) {
      request.log.debug({ err: error }, 'access token refused');
      return unauthorized(reply);
    }
    // RFC 9449: a bound token only with the DPoP scheme and a valid proof of its key; a plain token only
    // as Bearer, and not at all when bound tokens are required.
    const jkt = boundKey(token);
    if (jkt !== null) {
      if (scheme !== 'DPoP' || deps.dpop.mode === 'off') return unauthorized(reply);
      try {
        await deps.dpop.verify({ proof: request.headers['dpop'], method: request.method, url: request.url, accessToken, jkt });
      } catch (error) {
        request.log.info({ reason: (error as Error).message }, 'DPoP proof refused');
        return unauthorized(reply, 'invalid_dpop_proof');
      }
    } else if (scheme !== 'Bearer' || deps.dpop.mode === 'required') {
      return unauthorized(reply);
    }
    if (token['erp_client'] === true) return signInClient(request, reply, token.sub, token, true);
    return signIn(request, reply, token.sub, token);
  });

  /** An API client's call (module header): active client, rate limit, then its service user within its scopes. */
  async function signInClient(request: FastifyRequest, reply: FastifyReply, clientId: string, token: AuthenticatedUser['token'], counted: boolean) {
    const access = await clientAccess(database, clientId);
    if (!access) return unauthorized(reply);
    const wait = counted ? clientRate.take(clientId, access.ratePerMinute) : 0;
    if (wait > 0) {
      const language = acceptedLanguage(request.headers['accept-language']);
      return reply
        .header('retry-after', String(wait))
        .header('cache-control', 'no-store')
        .code(429)
        .send({ ResultStatus: 2, ResultCode: 'rate_limited', Message: messageIn(language, 'entities:api-client.rules.rateLimited', { count: wait }), EntityId: null, Exception: null });
    }
    const refused = await signIn(request, reply, clientId, token);
    if (!request.user) return refused;
    request.user.client = clientId;
    request.user.applications = await narrowApplications(database, request.user.applications, access, request.method);
  }

  /**
   * Sets the caller. The users row is read on every request (one statement by its key; the read-only connection on
   * SQLite: db/read.ts), so deactivating a user applies to the next request on every instance. The roles and the
   * applications they open come from the instance's access cache (auth/access-cache.ts, issue 74): forgotten on
   * any change to them — here before the change's answer, elsewhere within a second — and the roles also when the
   * users row's version moves.
   */
  async function signIn(request: FastifyRequest, reply: FastifyReply, sub: string, token: AuthenticatedUser['token']) {
    // Compiled once per database (db/read.ts): the statement every request runs.
    const byId = compiledOnce(database.db, 'users by id', 1, () => database.db.selectFrom('users').selectAll().where('user_id', '=', PLACEHOLDER));
    const row = await readFirstCompiled(database, byId, [sub]);
    if (!row || !asFlag(row.is_active)) return unauthorized(reply);
    const roles = await cachedRoles(database.db, row.user_id, Number(row.version), async () =>
      (await readAll(database, database.db.selectFrom('user_roles').select('role_id').where('user_id', '=', row.user_id))).map((r) => r.role_id),
    );
    const language = acceptedLanguage(request.headers['accept-language']) ?? row.language;
    request.user = {
      row: { ...row, language },
      storedLanguage: row.language,
      userId: row.user_id,
      // A copy: the cached list is shared by this user's requests.
      roles: [...roles],
      applications: await openedApplications(database, roles),
      token,
    };
  }
}

/** The signed-in caller; only for handlers behind the /api/ authentication. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw Object.assign(new Error('Unauthorized'), { statusCode: 401 });
  return request.user;
}

/**
 * preHandler for business routes: 403 (CallResult) unless the caller's roles open the application
 * `name` (e.g. `{ preHandler: requireApplication('NOVUS-GL') }`).
 */
export function requireApplication(name: string): preHandlerAsyncHookHandler {
  return async function checkApplication(request, reply) {
    const user = request.user;
    if (!user) return unauthorized(reply);
    const openable = await openableApplications(request.server.erp.database.db, user.roles);
    // `user.applications` is what the roles open, narrowed to an API client's scopes (issue 72 item 2).
    if (!openable.has(name) || (user.client !== undefined && !user.applications.names.has(name))) {
      return sendFailure(reply, 403, 'forbidden', 'You do not have sufficient permissions.');
    }
  };
}
