/**
 * Issue 70 item 2: one public OIDC client per allowed embedding origin, so a page of that origin can sign its user
 * in for the shell's elements (`connect()` in shell-elements/src/session/).
 *
 * Contract:
 * - The client id is `embed:<origin>` (`embedClientId`), e.g. `embed:https://wiki.example`. It exists while the
 *   origin is on the embedding allow-list (security/embed-origins.ts): the provider's `Client` adapter answers its
 *   metadata then and nothing once the origin is removed or deactivated, so its sign-ins and token renewals stop.
 * - Public client (no secret), authorization code + PKCE S256 (required for every client), refresh tokens rotated
 *   on every use, DPoP when the provider has it (the same settings as the shell's client, provider.ts).
 * - Redirects: any page of the origin (`https://wiki.example/any/path?query`, never a fragment), after sign-in and
 *   after sign-out — an intranet page is reached back wherever it is; the origin is what the administrator allowed.
 * - The provider answers CORS at its token and revocation endpoints to the client's own origin only
 *   (`clientBasedCORS` in provider.ts), and consents for it as for the shell (interactions.ts): the administrator
 *   allowed the origin, the user signs in on the provider's own page.
 */
import type { Adapter, AdapterPayload, ClientMetadata } from 'oidc-provider';
import type { EmbedOrigins } from '../security/embed-origins.ts';

const PREFIX = 'embed:';

/** The client id of an embedding origin's pages. */
export function embedClientId(origin: string): string {
  return `${PREFIX}${origin}`;
}

/** The origin an embedding client id stands for, or null when `clientId` is not one. */
export function embedOriginOf(clientId: string | undefined): string | null {
  if (!clientId?.startsWith(PREFIX)) return null;
  const origin = clientId.slice(PREFIX.length);
  return URL.parse(origin)?.origin === origin ? origin : null;
}

/** Whether `uri` is a page of `origin` (a redirect target of its embedding client). */
export function isPageOf(uri: string, origin: string): boolean {
  const url = URL.parse(uri);
  return url !== null && url.origin === origin && url.hash === '' && !uri.includes('#');
}

/** The metadata of an embedding origin's client. */
export function embedClientMetadata(origin: string): ClientMetadata {
  return {
    client_id: embedClientId(origin),
    client_name: `ERP elements on ${origin}`,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // Registered for the metadata's sake; `isPageOf` (provider.ts) allows every page of the origin.
    redirect_uris: [`${origin}/`],
    post_logout_redirect_uris: [`${origin}/`],
  };
}

/**
 * The provider's `Client` adapter: the embedding clients of the allowed origins; `stored` answers any other id
 * (none today: the shell's client is static).
 */
export function embedClientAdapter(stored: Adapter, origins: EmbedOrigins): Adapter {
  return {
    async find(id: string): Promise<AdapterPayload | undefined> {
      const origin = embedOriginOf(id);
      if (origin === null) return (await stored.find(id)) ?? undefined;
      return (await origins.allows(origin)) ? (embedClientMetadata(origin) as AdapterPayload) : undefined;
    },
    upsert: (id, payload, expiresIn) => stored.upsert(id, payload, expiresIn),
    findByUserCode: (code) => stored.findByUserCode(code),
    findByUid: (uid) => stored.findByUid(uid),
    consume: (id) => stored.consume(id),
    destroy: (id) => stored.destroy(id),
    revokeByGrantId: (grantId) => stored.revokeByGrantId(grantId),
  };
}
