/**
 * The API host as a Fastify instance (used by main.ts and, through `inject`, by the tests).
 *
 * Contract: `buildApp(config)` opens (creates, migrates, seeds) the database, mounts the embedded
 * OpenID Connect provider when OIDC_AUTHORITY is this server's `/oidc`, protects `/api/*` with bearer
 * JWTs, registers the §7 shell calls, the generic entity data routes (entities/routes.ts: screens as
 * data) and the static front end, and answers the ready instance. Every
 * HTML answer carries a strict Content-Security-Policy (security/). The demo partner site is a separate
 * instance (partner/app.ts), started by main.ts.
 * `app.close()` also closes the database. `app.erp` exposes the parts tests and main.ts need (its type,
 * `ErpParts`, and the Fastify augmentation are in http/fastify-types.ts).
 */
import formbody from '@fastify/formbody';
import { allEntities } from '@erp/shared/entities/index';
import Fastify, { type FastifyInstance } from 'fastify';
import { createDpopVerifier } from './auth/dpop.ts';
import { usePasswordHashing } from './auth/password.ts';
import { databaseReplayStore } from './auth/dpop-replay.ts';
import { registerAuthentication } from './auth/plugin.ts';
import { registerIdempotency } from './exactly-once/idempotency.ts';
import { registerDownloadLimit } from './http/downloads-per-user.ts';
import { registerHealth } from './http/health.ts';
import { createTokenVerifier } from './auth/tokens.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { openReadDatabase } from './db/read-database.ts';
import { registerQueryCount } from './db/query-count.ts';
import { seedDatabase } from './db/seed.ts';
import { registerEntityRoutes } from './entities/routes.ts';
import { syncEntityTables } from './entities/schema-sync.ts';
import { syncSearchIndex } from './search/index-sync.ts';
import { registerSearchRoutes } from './search/routes.ts';
import { frameworkError, registerErrorHandlers } from './http/errors.ts';
import { registerApiDocs } from './http/openapi.ts';
import { collectRoutes } from './http/route-catalog.ts';
import { clientErrorHandler, registerStrictValidation } from './http/validation.ts';
import { mountEmbeddedProvider } from './oidc/index.ts';
import { loadProviderKeys } from './oidc/keys.ts';
import { embedOrigins, registerEmbedCors } from './security/embed-origins.ts';
import { registerSecurityHeaders } from './security/headers.ts';
import { registerShellRoutes } from './shell/routes.ts';
import { registerReporting } from './reports/index.ts';
import { registerProcessing } from './processes/index.ts';
import { registerStaticRoutes } from './static/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { shellDb } from '@erp/modules/shell/server/tables.generated';
import { registerServerModules, seedServerModules, serverMigrations } from './modules/index.ts';
import { EventHub } from './events/hub.ts';
import { ACCESS_TABLES, startAccessCache } from './auth/access-cache.ts';
import { registerEventRoutes, registerWriterContext } from './events/routes.ts';
import { JobScheduler } from './instances/jobs.ts';
import { registerBuiltinJobs } from './instances/builtin-jobs.ts';
import { webhookOutbox } from './webhooks/outbox.ts';
import { WebhookWorker } from './webhooks/worker.ts';
import { schemaView } from './db/migration-db.ts';

// `app.erp` (decorated in buildApp) is typed in http/fastify-types.ts; ErpParts stays importable from here.
export type { ErpParts } from './http/fastify-types.ts';

export interface BuildOptions {
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | { level: string };
}

export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Business modules' definitions and rules (modules/*/server) before anything reads the registry.
  await registerServerModules();
  // Before the seed hashes the demo users' passwords.
  usePasswordHashing(config.oidc.passwordHashing);
  // The start-up turn (db/connection.ts): the modules loaded, their migrations run (the db layer names no module),
  // then the seeds; instances starting together on one database seed one after the other.
  const database = await openDatabase(config.database, { migrations: await serverMigrations(), prepare: async ({ db }) => {
    await seedDatabase(db, { steelDomain: config.steel.domain });
    // Entity tables follow their definitions (additive), then each module's demo data (the shell's
    // administration data and demo firms first).
    await syncEntityTables(schemaView(db), allEntities());
    // Issue 42 item 1: the search index's triggers before any seed writes (search/index-sync.ts).
    await syncSearchIndex(db, allEntities());
    await seedServerModules(schemaView(db), config);
  } });
  let app: FastifyInstance | undefined;
  try {

    app = Fastify({
      logger: options.logger ?? { level: config.logLevel },
      trustProxy: config.trustProxy,
      // Large enough for any form or JSON the shell sends; bigger bodies are refused with 413.
      bodyLimit: 1024 * 1024,
      // Routing errors (malformed URL, over-long path parameter) are CallResults too.
      frameworkErrors: frameworkError,
      // Malformed requests the HTTP parser refuses answer in the CallResult shape too.
      clientErrorHandler,
    });
    // First: every route registered from here on is in the catalog (guard, OpenAPI, route tests).
    collectRoutes(app);
    if (config.oidc.passwordHashing === 'fast') app.log.warn('PASSWORD_HASHING=fast: passwords are hashed at a trivial cost — for test suites only');
    // Issue 74: statements per request, answered in Server-Timing when QUERY_COUNT is on (db/query-count.ts).
    registerQueryCount(app, config.queryCount);
    app.addHook('onClose', async () => database.close());
    registerErrorHandlers(app);
    // One strict input behaviour for every route (http/validation.ts): no coerced JSON types, exact-text
    // query numbers, finite numbers only, over-long addresses refused.
    registerStrictValidation(app);
    registerSecurityHeaders(app, config);
    // Issue 70: CORS for the pages of the allowed embedding origins, before authentication (a preflight has no token).
    const embedding = embedOrigins(config, shellDb(database.db));
    registerEmbedCors(app, config, embedding);
    await app.register(formbody);

    const oidc = config.oidc.embedded ? await mountEmbeddedProvider(app, { config, database, embedding }) : undefined;
    const mailer = await createMailer(config.mail, shellDb(database.db));
    app.addHook('onClose', async () => mailer.close());
    // Issue 42: record events and presence; on PostgreSQL through LISTEN/NOTIFY (events/hub.ts).
    const events = await EventHub.start(database, config.database.kind === 'postgres' ? config.database.url : undefined);
    app.addHook('onClose', async () => events.close());
    // Issue 74: users' roles, applications and field rules kept per instance, forgotten on a change to them here
    // (before the change answers) or on another instance (its LISTEN/NOTIFY message) — auth/access-cache.ts.
    const access = startAccessCache(database.db);
    const accessRoots = new Set(ACCESS_TABLES.map((table) => events.rootOf(table)));
    events.onChanges((tables) => {
      if (tables === null || [...tables].some((table) => accessRoots.has(table))) access.invalidate();
    });
    // Issue 70: a provider session that ends closes its event streams everywhere (the other side sees the sign-out).
    oidc?.provider.on('end_session.success', (ctx: { oidc?: { session?: { uid?: string } } }) => {
      const uid = ctx.oidc?.session?.uid;
      if (uid) void events.endSession(uid);
    });
    // Issue 43: background jobs run once across the instances on the database (instances/jobs.ts).
    registerBuiltinJobs();
    const jobs = new JobScheduler(database.db, { warn: (message) => app?.log.warn(message) });
    app.addHook('onClose', async () => jobs.close());
    // Issue 72 item 3: the webhooks' outbox is written with every change (webhooks/outbox.ts) and sent by the worker.
    const webhooks = new WebhookWorker(database, mailer, config.webhooks, (message) => app?.log.warn(message));
    database.changes.attachOutbox(webhookOutbox(database, () => webhooks.wake()));
    app.addHook('onClose', async () => {
      database.changes.attachOutbox(null);
      await webhooks.close();
    });
    // Issue 43 item 3: reports and searches read from READ_DATABASE_URL (a standby) when set (db/read-database.ts).
    const reads = openReadDatabase(config.readDatabaseUrl, database);
    app.addHook('onClose', async () => reads.close());
    app.decorate('erp', { config, database, oidc, mailer, events, jobs, reads, webhooks });
    // Before authentication: each request's writes are told with its caller (events/capture.ts).
    registerWriterContext(app);

    const verify = createTokenVerifier({
      issuer: config.oidc.authority,
      audience: config.apiAudience,
      localJwks: oidc?.keys.publicJwks,
      // Issue 43: a key another instance added verifies here too (oidc/keys.ts reads the shared table).
      ...(oidc ? { reloadLocalJwks: async () => (await loadProviderKeys(database.db)).publicJwks } : {}),
    });
    registerAuthentication(app, {
      database,
      verify,
      dpop: { mode: config.oidc.dpop, verify: createDpopVerifier({ publicUrl: config.publicUrl, replay: databaseReplayStore(database.db) }) },
    });
    registerIdempotency(app, { database, keysPerUser: config.limits.idempotencyKeys });
    registerDownloadLimit(app, { perUser: config.limits.downloads });
    registerShellRoutes(app, { config, database });
    await registerEntityRoutes(app, { database });
    registerSearchRoutes(app, { database: reads.database });
    registerApiDocs(app, config);
    registerReporting(app, { database, reads });
    registerProcessing(app, { database });
    registerEventRoutes(app, { database, hub: events, streamsPerUser: config.limits.eventStreams });
    registerHealth(app, { database });
    await registerStaticRoutes(app, config);

    await app.ready();
    await jobs.start();
    webhooks.start();
    return app;
  } catch (error) {
    if (app) await app.close().catch(() => undefined);
    else await database.close();
    throw error;
  }
}
