/**
 * Types only: what buildApp (app.ts) decorates the Fastify instance with — `app.erp` (`ErpParts`: the
 * configuration, the open database, the embedded OpenID Connect provider when there is one, the mailer). A module that
 * reads `app.erp` / `request.server.erp` imports this file for its types (`import type {} from
 * '../http/fastify-types.ts'`), never app.ts, so no type import makes a circle through the app's builder.
 */
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { EventHub } from '../events/hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { EmbeddedProvider } from '../oidc/index.ts';
import type { JobScheduler } from '../instances/jobs.ts';
import type { WebhookWorker } from '../webhooks/worker.ts';
import type { ReadDatabase } from '../db/read-database.ts';

export interface ErpParts {
  config: ServerConfig;
  database: Database;
  /** Absent when an external identity provider is configured. */
  oidc: EmbeddedProvider | undefined;
  /** E-mail out: an outside SMTP server, or the embedded capture (server/src/mail/). */
  mailer: Mailer;
  /** Record events and presence (issue 42, events/hub.ts). */
  events: EventHub;
  /** Background jobs, run once across instances (issue 43, instances/jobs.ts). */
  jobs: JobScheduler;
  /** Webhook deliveries from the outbox (issue 72 item 3, webhooks/worker.ts). */
  webhooks: WebhookWorker;
  /** Where reports and searches read (READ_DATABASE_URL's standby, else the primary; db/read-database.ts). */
  reads: ReadDatabase;
}

declare module 'fastify' {
  interface FastifyInstance {
    erp: ErpParts;
  }
}
