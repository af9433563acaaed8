/**
 * Starts the API host: `node --import tsx server/src/main.ts` (docs/configuration.md lists the
 * environment variables). Listens on loopback unless HOST says otherwise; with PARTNER_DEMO on (the
 * default outside NODE_ENV=production) it also starts the demo partner site (partner/app.ts) on
 * PARTNER_PORT (default PORT+1), on the same interface. If that port is taken, the shell still runs and
 * the log says why the frames stay empty. SIGTERM/SIGINT close both listeners and the database before
 * exiting.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { buildPartnerApp } from './partner/app.ts';

let config: ServerConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}

const app = await buildApp(config);
let partner: FastifyInstance | undefined;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await Promise.all([app.close(), partner?.close()]);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  const embedded = config.oidc.embedded ? ' (embedded identity provider at /oidc)' : '';
  app.log.info(`ERP shell at ${config.publicUrl}/ — database: ${app.erp.database.server} ${app.erp.database.name}${embedded}`);
  // The Excel export loads exceljs lazily (entities/export.ts); load it now so the first export is not slower.
  void import('exceljs').catch(() => undefined);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close().catch(() => undefined);
  process.exit(1);
}

if (config.partner.enabled && !closing) {
  try {
    partner = await buildPartnerApp(config);
    await partner.listen({ port: config.partner.port, host: config.host });
    app.log.info(
      `Demo partner site on port ${config.partner.port}: steel page ${config.steel.frameUrl}, newer-version front end on ${config.frames.origins.join(' ')}`,
    );
  } catch (error) {
    app.log.error({ err: error }, `demo partner site could not start on port ${config.partner.port}; the shell runs without it`);
    await partner?.close().catch(() => undefined);
    partner = undefined;
  }
}
