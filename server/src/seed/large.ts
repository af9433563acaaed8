/**
 * `npm run seed:large [count]` — adds generated firms to the configured database (DATA_DIR / DATABASE_URL,
 * as the server reads them) up to `count` firms in all (default 100,000), for benchmarks and for feeling
 * the product at a distributor's real size. Runs against a stopped server's database; creates, migrates
 * and seeds it first when needed, like a start. Prints one JSON line: `{ "inserted", "seconds", "total" }`.
 */
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { firmId, insertFirms } from './demo-firms.ts';

const wanted = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(wanted) || wanted < 1 || wanted > 10_000_000) {
  console.error('seed:large: the count must be a whole number from 1 to 10000000');
  process.exit(2);
}

let config;
try {
  config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`seed:large: ${error.message}`);
  process.exit(2);
}
const app = await buildApp(config, { logger: false });
try {
  const db = app.erp.database.db;
  // Generated firms are numbered: continue after the highest one present.
  const last = await db
    .selectFrom('firms')
    .select('firm_id')
    .where('firm_id', '>=', firmId(0))
    .where('firm_id', '<=', firmId(999_999))
    .orderBy('firm_id', 'desc')
    .executeTakeFirst();
  const present = last && /^F\d{6,}$/.test(last.firm_id) ? Number(last.firm_id.slice(1)) : 0;
  const started = performance.now();
  if (wanted > present) {
    let reported = 0;
    await insertFirms(db, present + 1, wanted, (done) => {
      if (done - reported >= 10_000 || done === wanted) {
        reported = done;
        process.stderr.write(`seed:large: ${firmId(done)} written\n`);
      }
    });
  }
  const seconds = (performance.now() - started) / 1000;
  const total = await db.selectFrom('firms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  console.log(JSON.stringify({ inserted: Math.max(0, wanted - present), seconds: Number(seconds.toFixed(2)), total: Number(total.n) }));
} finally {
  await app.close();
}
