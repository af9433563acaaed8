/**
 * The provider's interaction endpoints, served by Fastify (devInteractions is off):
 * - GET  /oidc/interaction/:uid — the login page, or, for the consent prompt, an automatic consent
 *   (the shell is a first-party client: the user is never asked to approve it);
 * - POST /oidc/interaction/:uid — checks username and password against the users table (scrypt) and
 *   finishes the login prompt — for a first-party client with its consent (`consentWithLogin`), so the
 *   provider goes on to the client at once instead of through a consent interaction (issue 69 item 3, issue 71
 *   item 3: two redirects fewer); a request the automatic consent must see itself (claims, an explicit
 *   consent prompt, another resource) still goes through it. Wrong credentials, unknown and inactive users
 *   all get the same message and sign nobody in. The password check's time is in `Server-Timing: password`. Attempts are throttled by user name, client address and both, and every attempt
 *   is written to the sign-in log (security/sign-in-guard.ts); a locked attempt is answered 429 with
 *   Retry-After and a message in the browser's language, before the password is looked at.
 * The interaction is bound to the browser by the provider's interaction cookie, checked by
 * `interactionDetails`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { embedOriginOf } from './embed-clients.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/connection.ts';
import { asFlag } from '../db/schema.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/password.ts';
import { INVALID_CREDENTIALS, PAGE_HEADERS, errorPage, loginPage, pageHeaders } from './pages.ts';
import { API_SCOPES, OIDC_SCOPES } from './provider.ts';
import { throttledMessage, type SignInGuard } from '../security/sign-in-guard.ts';
import { portalSignInCookie } from '../static/portal-sign-in.ts';
import { isPortalLanding } from '@erp/shared/portal-types';

/** A raw answer's Set-Cookie header as a list. */
function setCookies(value: number | string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

interface InteractionOptions {
  provider: Provider;
  config: ServerConfig;
  database: Database;
  mountPath: string;
  signInGuard: SignInGuard;
}

/** Limits on the posted form: long enough for any real name, short enough to be harmless. */
const MAX_USERNAME = 128;
const MAX_PASSWORD = 1024;

export function registerInteractionRoutes(app: FastifyInstance, options: InteractionOptions): void {
  const { provider, config, database, mountPath, signInGuard } = options;
  const homeUrl = `${config.publicUrl}/`;

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply.code(status).headers(PAGE_HEADERS).send(html);
  }

  /**
   * The login page of `interaction`: its form ends, through the provider's redirects, on the client's redirect URI —
   * this origin for the shell, the page's own origin for an embedding client (CSP form-action covers redirects).
   */
  function sendLoginPage(reply: FastifyReply, status: number, interaction: Interaction, options: Parameters<typeof loginPage>[0]) {
    const embedded = embedOriginOf(String(interaction.params.client_id));
    return reply.code(status).headers(pageHeaders(embedded === null ? [] : [embedded])).send(loginPage(options));
  }

  async function details(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      // Missing or expired interaction cookie, or an unknown uid: the sign-in must start over.
      await sendPage(
        reply,
        400,
        errorPage('This sign-in page has expired or was opened in another browser.', homeUrl),
      );
      return undefined;
    }
  }

  /** Grants the first-party shell everything it asked for (scopes, claims, API resource scopes). */
  async function consent(interaction: Interaction): Promise<Record<string, unknown>> {
    const { prompt, params, session, grantId } = interaction;
    const accountId = session?.accountId;
    if (!accountId) throw new Error('consent prompt without a signed-in account');
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId, clientId: String(params.client_id) });
    if (!grant) throw new Error('grant of the interaction not found');
    const detail = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (detail.missingOIDCScope) grant.addOIDCScope(detail.missingOIDCScope.join(' '));
    if (detail.missingOIDCClaims) grant.addOIDCClaims(detail.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(detail.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const savedId = await grant.save();
    // A new grant must be named in the result; an updated one is already bound to the interaction.
    return grantId ? {} : { consent: { grantId: savedId } };
  }

  /** The shell's and the allowed embedding origins' clients (embed-clients.ts): consent is never asked of them. */
  const firstParty = (clientId: string) => clientId === config.oidc.clientId || embedOriginOf(clientId) !== null;

  /**
   * The consent the consent step would give `accountId` right after this login, given now: the interaction's
   * scopes (already checked by the provider against the client) that the provider's OIDC scopes and the API's
   * scopes name, in a new grant. Null, and the consent step follows as before, for a client that is not
   * first-party or a request that asks for more than scopes (claims, an explicit consent prompt, a resource
   * other than the API), so nothing is granted here that the consent step would not grant.
   */
  async function consentWithLogin(interaction: Interaction, accountId: string): Promise<{ grantId: string } | null> {
    const { params } = interaction;
    const clientId = String(params.client_id);
    if (!firstParty(clientId)) return null;
    if (params.claims !== undefined || params.authorization_details !== undefined) return null;
    if (String(params.prompt ?? '').split(' ').includes('consent')) return null;
    if (params.resource !== undefined && params.resource !== config.apiAudience) return null;
    const requested = String(params.scope ?? '').split(' ').filter(Boolean);
    const oidcScopes = requested.filter((scope) => OIDC_SCOPES.includes(scope));
    const apiScopes = requested.filter((scope) => API_SCOPES.split(' ').includes(scope));
    const grant = new provider.Grant({ accountId, clientId });
    if (oidcScopes.length) grant.addOIDCScope(oidcScopes.join(' '));
    if (apiScopes.length) grant.addResourceScope(config.apiAudience, apiScopes.join(' '));
    return { grantId: await grant.save() };
  }

  /**
   * Stores `password` again with today's parameters (auth/password.ts) in place of `old`, which it just matched —
   * unless the password was changed meanwhile. Answers the time it took. A failure only leaves the old hash.
   */
  async function rehash(userId: string, old: string, password: string): Promise<number> {
    const start = performance.now();
    try {
      const hash = await hashPassword(password);
      await database.db.updateTable('users').set({ password_hash: hash }).where('user_id', '=', userId).where('password_hash', '=', old).execute();
    } catch (error) {
      app.log.warn({ err: error, userId }, 'password re-hash failed');
    }
    return performance.now() - start;
  }

  app.get<{ Params: { uid: string } }>(
    `${mountPath}/interaction/:uid`,
    { schema: { params: { type: 'object', properties: { uid: { type: 'string', maxLength: 128 } } } } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return reply;
      if (interaction.uid !== request.params.uid) {
        return sendPage(reply, 400, errorPage('This sign-in page does not match your sign-in request.', homeUrl));
      }
      if (interaction.prompt.name === 'login') {
        return sendLoginPage(reply, 200, interaction, { action: `${mountPath}/interaction/${interaction.uid}` });
      }
      if (interaction.prompt.name === 'consent' && firstParty(String(interaction.params.client_id))) {
        const result = await consent(interaction);
        const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
          mergeWithLastSubmission: true,
        });
        return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
      }
      return sendPage(reply, 400, errorPage('This sign-in request cannot be completed here.', homeUrl));
    },
  );

  app.post<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>(
    `${mountPath}/interaction/:uid`,
    { schema: { params: { type: 'object', properties: { uid: { type: 'string', maxLength: 128 } } } } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return reply;
      const action = `${mountPath}/interaction/${interaction.uid}`;
      if (interaction.uid !== request.params.uid || interaction.prompt.name !== 'login') {
        return sendPage(reply, 400, errorPage('This sign-in request cannot be completed here.', homeUrl));
      }
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const username = typeof body.username === 'string' ? body.username.trim().slice(0, MAX_USERNAME) : '';
      const password = typeof body.password === 'string' ? body.password : '';

      const address = request.ip || 'unknown';
      let accountId: string | undefined;
      /** The password check's own time, in Server-Timing (the sign-in benchmark reads it). */
      let checkMs: number | null = null;
      /** The re-hash of a hash made with older parameters, in parallel with the rest of the sign-in. */
      let rehashed: Promise<number> | null = null;
      /** Issue 69 item 3: the callback page fetches the portal's screens with the boot (static/portal-sign-in.ts). */
      let portalCustomer = false;
      if (username) {
        const gate = await signInGuard.begin(username, address);
        if (!gate.allowed) {
          if (await signInGuard.logThrottled(address)) await signInGuard.record(username, address, 'throttled');
          request.log.warn({ username, address }, 'sign-in throttled');
          reply.header('retry-after', String(gate.retryAfterSeconds));
          return sendLoginPage(reply, 429, interaction, { action, username, error: throttledMessage(request.headers['accept-language'], gate.retryAfterSeconds) });
        }
      }
      if (username && password && password.length <= MAX_PASSWORD) {
        const user = await database.db
          .selectFrom('users')
          .select(['user_id', 'password_hash', 'is_active', 'landing_page'])
          .where('user_id', '=', username)
          .executeTakeFirst();
        // An unknown user still costs one scrypt, so response time does not reveal which names exist.
        const checking = performance.now();
        const matches = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
        checkMs = performance.now() - checking;
        if (user && matches && asFlag(user.is_active)) {
          accountId = user.user_id;
          portalCustomer = isPortalLanding(user.landing_page);
          if (needsRehash(user.password_hash)) rehashed = rehash(user.user_id, user.password_hash, password);
        }
      }
      // The check's time is already visible in the answer's own time; saying it tells nothing more.
      if (checkMs !== null) reply.header('server-timing', `password;dur=${checkMs.toFixed(1)}`);
      if (!accountId) {
        if (username) await signInGuard.record(username, address, 'failure');
        request.log.info({ username, address }, 'sign-in refused');
        return sendLoginPage(reply, 200, interaction, { action, username, error: INVALID_CREDENTIALS });
      }
      const [, , consented] = await Promise.all([
        signInGuard.succeeded(username, address),
        signInGuard.record(username, address, 'success'),
        consentWithLogin(interaction, accountId),
      ]);
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        consented ? { login: { accountId }, consent: consented } : { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      if (rehashed) reply.header('server-timing', `password;dur=${checkMs?.toFixed(1)}, rehash;dur=${(await rehashed).toFixed(1)}`);
      // Beside any cookie the provider wrote on the raw answer (Fastify's own headers would replace those).
      const mark = portalSignInCookie(portalCustomer, config.publicUrl);
      reply.raw.setHeader('set-cookie', [...setCookies(reply.raw.getHeader('set-cookie')), mark]);
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    },
  );
}
