/**
 * Mounts the embedded OpenID Connect provider under `/oidc` (only when OIDC_AUTHORITY is the server's
 * own `/oidc`): provider keys from the database, the provider's Koa app through @fastify/middie, and
 * the login/consent pages as Fastify routes beside it.
 *
 * Contract: `mountEmbeddedProvider(app, options)` answers the provider and its public JWKS (the API
 * verifies access tokens against that key set directly, without an HTTP round trip).
 */
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { EmbedOrigins } from '../security/embed-origins.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/connection.ts';
import { registerInteractionRoutes } from './interactions.ts';
import { loadProviderKeys, type ProviderKeys } from './keys.ts';
import { createProvider } from './provider.ts';
import { SignInGuard } from '../security/sign-in-guard.ts';

export interface EmbeddedProvider {
  provider: Provider;
  keys: ProviderKeys;
  mountPath: string;
  /** Sign-in throttling and the sign-in log (security/sign-in-guard.ts). */
  signInGuard: SignInGuard;
}

export async function mountEmbeddedProvider(
  app: FastifyInstance,
  options: { config: ServerConfig; database: Database; embedding: EmbedOrigins },
): Promise<EmbeddedProvider> {
  const { config, database, embedding } = options;
  const keys = await loadProviderKeys(database.db);
  const provider = createProvider({ config, database, keys, embedding });
  const mountPath = new URL(`${config.publicUrl}/oidc`).pathname.replace(/\/$/, '');

  // oidc-provider logs its own errors through events; surface server errors in the server log.
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'oidc-provider server error'));

  await app.register(middie);
  const handle = provider.callback();
  app.use(mountPath, (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    // middie strips the mount path from req.url; the interaction pages are Fastify routes.
    if (req.url?.startsWith('/interaction/')) {
      next();
      return;
    }
    // Koa answers its own errors; anything it still rejects goes to the log, never unhandled.
    handle(req, res).catch((error: unknown) => app.log.error({ err: error }, 'oidc-provider request failed'));
  });

  const signInGuard = new SignInGuard(database);
  registerInteractionRoutes(app, { provider, config, database, mountPath, signInGuard });

  // Expired provider rows are swept by the background job `oidc-sweep`, once across instances (instances/builtin-jobs.ts).
  return { provider, keys, mountPath, signInGuard };
}
