/**
 * The provider's interaction endpoints, served by Fastify (devInteractions is off):
 * - GET  /oidc/interaction/:uid — the login page, or, for the consent prompt, an automatic consent
 *   (the shell is a first-party client: the user is never asked to approve it);
 * - POST /oidc/interaction/:uid — checks username and password against the users table (scrypt) and
 *   finishes the login prompt. Wrong credentials, unknown and inactive users all get the same message
 *   and sign nobody in. Attempts are throttled by user name, client address and both, and every attempt
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
import { decoyPasswordHash, verifyPassword } from '../auth/password.ts';
import { INVALID_CREDENTIALS, PAGE_HEADERS, errorPage, loginPage, pageHeaders } from './pages.ts';
import { throttledMessage, type SignInGuard } from '../security/sign-in-guard.ts';

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
      // First-party clients: the shell's and the allowed embedding origins' (embed-clients.ts).
      const clientId = String(interaction.params.client_id);
      if (interaction.prompt.name === 'consent' && (clientId === config.oidc.clientId || embedOriginOf(clientId) !== null)) {
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
          .select(['user_id', 'password_hash', 'is_active'])
          .where('user_id', '=', username)
          .executeTakeFirst();
        // An unknown user still costs one scrypt, so response time does not reveal which names exist.
        const matches = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
        if (user && matches && asFlag(user.is_active)) accountId = user.user_id;
      }
      if (!accountId) {
        if (username) await signInGuard.record(username, address, 'failure');
        request.log.info({ username, address }, 'sign-in refused');
        return sendLoginPage(reply, 200, interaction, { action, username, error: INVALID_CREDENTIALS });
      }
      await signInGuard.succeeded(username, address);
      await signInGuard.record(username, address, 'success');

      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    },
  );
}
