/**
 * One server instance in its own process, for the two-instance suite (test/two-instances.test.ts, issue 43):
 * `node --import tsx server/test/helpers/instance-process.ts` with the test database's environment (DATABASE_URL,
 * DATA_DIR) builds the app as the tests do (helpers/app.ts `testConfig`), listens on a free loopback port and
 * prints one line `{"port": N, "smtp": M}` (M: its mail capture's port). SIGTERM closes it (app and database) and exits.
 */
import { buildApp } from '../../src/app.ts';
import { testConfig } from './app.ts';

const environment = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
const app = await buildApp(testConfig(environment), { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, smtp: app.erp.mailer.capturePort })}\n`);
process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
