/**
 * The embedded OpenID Connect provider (oidc-provider 9), issuer `$PUBLIC_URL/oidc`.
 *
 * Contract (ARCHITECTURE.md "Sign-in"):
 * - one public client (`OIDC_CLIENT_ID`, default `erp-shell`): authorization code + PKCE S256 (required),
 *   refresh tokens (always issued to it, rotated on every use; a rotated one stays usable for
 *   OIDC_REFRESH_REUSE_SECONDS, see oidc/adapter.ts), redirect `$PUBLIC_URL/auth/callback`,
 *   post-logout redirect `$PUBLIC_URL/`;
 * - access tokens are JWTs for the API: audience `API_AUDIENCE`, scopes `erp.shell erp.api`, 10 minutes.
 *   oidc-client-ts sends no `resource` parameter, so the API is the default resource, and refreshes reuse
 *   the granted resource — the refreshed access token is a JWT for the API too;
 * - ID tokens carry sub (= UserId), name, preferred_username and email (the access token is not usable
 *   at userinfo, so the claims go into the ID token);
 * - every model lives in the database (oidc/adapter.ts) and the keys too (oidc/keys.ts): a restart signs
 *   nobody out;
 * - login and consent are this server's own pages (oidc/interactions.ts); logout skips its confirmation
 *   page when the request carries a valid id_token_hint of the signed-in user;
 * - issue 72 item 2: API clients (oidc/api-clients.ts) get client-credentials tokens — JWTs for the API, scope
 *   `erp.api`, 5 minutes, claim `erp_client: true` — authenticated by a hashed secret or private_key_jwt.
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import { asFlag } from '../db/schema.ts';
import type { Database } from '../db/connection.ts';
import type { EmbedOrigins } from '../security/embed-origins.ts';
import { kyselyAdapterFactory } from './adapter.ts';
import { apiClientAdapter, CLIENT_SCOPE, CLIENT_TOKEN_SECONDS, secretMatches } from './api-clients.ts';
import { embedClientAdapter, embedOriginOf, isPageOf } from './embed-clients.ts';
import type { ProviderKeys } from './keys.ts';
import { PAGE_HEADERS, errorPage, logoutPage, signedOutPage } from './pages.ts';
import { shellDb } from '@erp/modules/shell/server/tables.generated';

/** OIDC scopes of the provider; the API scopes belong to the API resource server below. */
export const OIDC_SCOPES = ['openid', 'profile', 'offline_access'];
export const API_SCOPES = 'erp.shell erp.api';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** Cookie options the provider uses for its long-lived session cookie (also needed to delete it). */
const LONG_COOKIE = { httpOnly: true, sameSite: 'lax', signed: true } as const;
const SHORT_COOKIE = { httpOnly: true, sameSite: 'lax', signed: true } as const;

function setPageHeaders(ctx: KoaContextWithOIDC): void {
  for (const [name, value] of Object.entries(PAGE_HEADERS)) ctx.set(name, value);
}

/**
 * Ends the OP session right away (what the logout confirmation form would do): revokes the session's
 * grants and their tokens, destroys the session, clears its cookie and redirects to the client.
 */
async function endSessionNow(ctx: KoaContextWithOIDC): Promise<void> {
  const { session, provider } = ctx.oidc;
  if (!session) return;
  const state = (session.state ?? {}) as { postLogoutRedirectUri?: string; state?: string };
  for (const [clientId, authorization] of Object.entries(session.authorizations ?? {})) {
    const { grantId } = authorization;
    if (!grantId || session.authorizationFor(clientId).persistsLogout) continue;
    await Promise.all([
      provider.AccessToken.revokeByGrantId(grantId),
      provider.RefreshToken.revokeByGrantId(grantId),
      provider.AuthorizationCode.revokeByGrantId(grantId),
    ]);
    const grant = await provider.Grant.find(grantId);
    await grant?.destroy();
  }
  await session.destroy();
  ctx.cookies.set(provider.cookieName('session'), null, LONG_COOKIE);
  // Without a registered post-logout redirect the provider's own "signed out" page is shown.
  let target = ctx.oidc.urlFor('end_session_success');
  if (state.postLogoutRedirectUri) {
    const url = new URL(state.postLogoutRedirectUri);
    if (state.state != null) url.searchParams.set('state', state.state);
    target = url.href;
  }
  provider.emit('end_session.success', ctx);
  ctx.status = 303;
  ctx.redirect(target);
}

export interface EmbeddedProviderOptions {
  config: ServerConfig;
  database: Database;
  keys: ProviderKeys;
  /** The embedding allow-list: one public client per allowed origin (embed-clients.ts, issue 70). */
  embedding: EmbedOrigins;
}

/**
 * Seconds a new refresh token lives: the sliding lifetime, cut at the chain's absolute end (`iiat`, the
 * first token's issue time, + `absolute`); at least 1 (an exhausted chain's last token dies at once).
 */
export function refreshTokenTtl(nowSeconds: number, iiat: number | undefined, sliding: number, absolute: number): number {
  const start = typeof iiat === 'number' && Number.isFinite(iiat) ? iiat : nowSeconds;
  return Math.max(1, Math.min(sliding, start + absolute - nowSeconds));
}

export function createProvider({ config, database, keys, embedding }: EmbeddedProviderOptions): Provider {
  const { db } = database;
  const issuer = `${config.publicUrl}/oidc`;
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  const homeUrl = `${config.publicUrl}/`;
  const clientId = config.oidc.clientId;

  const stored = kyselyAdapterFactory(db, { refreshTokenReuseSeconds: config.oidc.refreshTokenReuseSeconds });
  const configuration: Configuration = {
    // Clients not in `clients` below: the embedding origins' (embed-clients.ts), then the API clients' (api-clients.ts).
    adapter: (name) => (name === 'Client' ? embedClientAdapter(apiClientAdapter(stored(name), shellDb(db)), embedding) : stored(name)),
    clients: [
      {
        client_id: clientId,
        client_name: 'ERP shell',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}${config.oidc.redirectPath}`],
        post_logout_redirect_uris: [`${config.publicUrl}${config.oidc.postLogoutRedirectPath}`],
      },
    ],
    jwks: { keys: keys.signing },
    cookies: { keys: keys.cookies, long: LONG_COOKIE, short: SHORT_COOKIE },
    scopes: OIDC_SCOPES,
    // Authorization code only: no implicit or hybrid flows.
    responseTypes: ['code'],
    claims: {
      openid: ['sub'],
      // The shell needs the e-mail with the profile; it asks for no separate email scope.
      profile: ['name', 'preferred_username', 'email'],
    },
    // The access token is for the API, so the client cannot call userinfo: put the claims in the ID token.
    conformIdTokenClaims: false,
    // Issue 70: the provider session in the access token (`sid`), so the event streams opened with it end when the
    // session does (events/hub.ts `endSession`) — a sign-out shows in the shell and on embedding pages alike.
    async extraTokenClaims(_ctx, token) {
      // Issue 72 item 2: the API knows a client's token by this claim (auth/plugin.ts); `sub` is the client id.
      if (token.kind === 'ClientCredentials') return { erp_client: true };
      const sessionUid = (token as { sessionUid?: string }).sessionUid;
      return sessionUid ? { sid: sessionUid } : undefined;
    },
    pkce: { required: () => true },
    clientBasedCORS(_ctx, origin, client) {
      return client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false;
    },
    async findAccount(_ctx, sub) {
      const user = await db
        .selectFrom('users')
        .select(['user_id', 'display_name', 'email', 'is_active'])
        .where('user_id', '=', sub)
        .executeTakeFirst();
      if (!user || !asFlag(user.is_active)) return undefined;
      return {
        accountId: user.user_id,
        claims: () => ({
          sub: user.user_id,
          name: user.display_name,
          preferred_username: user.user_id,
          email: user.email,
        }),
      };
    },
    // Trap 4 (NOTES-toolchain): without this the refresh token depends on offline_access surviving the
    // request (it is dropped when a prompt other than consent is sent). The shell needs one to renew.
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    // Every refresh rotates the refresh token, DPoP-bound ones too (oidc-provider's default keeps a
    // sender-constrained token): a token copied before a renewal is worthless after it. The chain still
    // ends at its absolute lifetime (ttl.RefreshToken).
    rotateRefreshToken: () => true,
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      // RFC 9449: a client that proves a key at the token endpoint gets access and refresh tokens bound to
      // it (auth/dpop.ts verifies the proofs at the API). OIDC_DPOP=off for clients without DPoP.
      dPoP: { enabled: config.oidc.dpop !== 'off' },
      revocation: { enabled: true },
      // Issue 72 item 2: the API clients' programs (api-clients.ts); only their clients have the grant.
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // No `resource` parameter (oidc-client-ts sends none) means the API.
        async defaultResource(_ctx, _client, oneOf) {
          if (Array.isArray(oneOf)) return oneOf.includes(config.apiAudience) ? config.apiAudience : oneOf;
          return oneOf ?? config.apiAudience;
        },
        // Code and refresh-token exchanges issue the token for the resource granted at authorization.
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, resourceIndicator, client) {
          if (resourceIndicator !== config.apiAudience) {
            throw new errors.InvalidTarget();
          }
          if (client.grantTypeAllowed('client_credentials')) {
            return { scope: CLIENT_SCOPE, audience: config.apiAudience, accessTokenTTL: CLIENT_TOKEN_SECONDS, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
          }
          return {
            scope: API_SCOPES,
            audience: config.apiAudience,
            accessTokenTTL: 10 * MINUTE,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const hint = ctx.oidc.entities.IdTokenHint;
          const accountId = ctx.oidc.session?.accountId;
          // The hint's signature was verified by the provider before this runs; when it names the
          // signed-in user, the RP's logout request is unambiguous and needs no confirmation click.
          if (hint && accountId && hint.payload.sub === accountId) {
            await endSessionNow(ctx);
            return;
          }
          setPageHeaders(ctx);
          ctx.body = logoutPage(form, homeUrl);
        },
        async postLogoutSuccessSource(ctx) {
          setPageHeaders(ctx);
          ctx.body = signedOutPage(homeUrl);
        },
      },
    },
    ttl: {
      AccessToken: 10 * MINUTE,
      AuthorizationCode: MINUTE,
      IdToken: 10 * MINUTE,
      Interaction: 30 * MINUTE,
      // Sliding (each rotation gives the new refresh token up to 14 days) within an absolute lifetime of
      // the whole rotation chain (OIDC_REFRESH_ABSOLUTE_DAYS): then the user signs in again.
      RefreshToken: (_ctx, token) => refreshTokenTtl(Math.floor(Date.now() / 1000), (token as { iiat?: number }).iiat, 14 * DAY, config.oidc.refreshTokenAbsoluteDays * DAY),
      Session: 14 * DAY,
      Grant: 30 * DAY,
    },
    async renderError(ctx, out) {
      setPageHeaders(ctx);
      ctx.type = 'html';
      ctx.body = errorPage(
        'The sign-in request could not be completed.',
        homeUrl,
        out.error_description ? `${out.error}: ${out.error_description}` : out.error,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  // An embedding client returns to any page of its origin (embed-clients.ts); every other client to its exact URIs.
  const { redirectUriAllowed, postLogoutRedirectUriAllowed } = provider.Client.prototype;
  provider.Client.prototype.redirectUriAllowed = function (this: InstanceType<Provider['Client']>, value: string) {
    const origin = embedOriginOf(this.clientId);
    return origin === null ? redirectUriAllowed.call(this, value) : isPageOf(value, origin);
  };
  provider.Client.prototype.postLogoutRedirectUriAllowed = function (this: InstanceType<Provider['Client']>, value: string) {
    const origin = embedOriginOf(this.clientId);
    return origin === null ? postLogoutRedirectUriAllowed.call(this, value) : isPageOf(value, origin);
  };
  // API clients' secrets are stored hashed (api-clients.ts); no other client has a secret.
  provider.Client.prototype.compareClientSecret = function (this: InstanceType<Provider['Client']>, actual: string) {
    return Promise.resolve(secretMatches(this.clientSecret, actual));
  };
  // Behind a TLS-terminating proxy the provider must trust X-Forwarded-Proto/Host to build its URLs.
  provider.proxy = config.trustProxy;
  return provider;
}
