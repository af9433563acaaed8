/**
 * `npm run seed:large [count] [<module option> [n]] …` — adds generated firms to the configured database
 * (DATA_DIR / DATABASE_URL, as the server reads them) up to `count` firms in all (default 100,000), for
 * benchmarks and for feeling the product at a distributor's real size. Each module may add its own bulk data
 * (`serverModule.large`, modules/<m>/server/seed-large.ts), asked for by its option:
 *   --ledger N   N posted GL entries with their journals, accounts, periods and balances (1,000,000 for the
 *                ledger benchmark);
 *   --ar N       N AR items (invoices and receipts) with their applications for the bill-to firms (500,000 for
 *                the AR benchmark; subledger only, no GL postings);
 *   --ic         50,000 products and 2,000,000 stock ledger rows over 5 warehouses with their balances.
 *   --po N       purchase orders of N lines in all (100,000 for the open-orders benchmark), their posted receipts.
 *   --so N       sales orders of N lines in all (modules/so/server/seed-large.ts), in every state.
 *   --wd N       waste-disposal service orders (modules/wd/server/seed-large.ts), in every state.
 *   --pr N       N employees with a year of bi-weekly pay cheques and the next pay date's transactions
 *                (modules/pr/server/seed-large.ts; 2,000 for the payroll benchmark).
 *   --labour N   trades labour time cards on jobs of the generated lots (modules/pr/server/labour/seed-large.ts; with
 *                or after --te).
 * Runs against a stopped server's database; creates, migrates and seeds it first when needed, like a start.
 * Prints one JSON line: `{ "inserted", "seconds", "total" }` and each module's summary under its key.
 */
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { loadServerModules } from '../modules/index.ts';
import type { LargeSeed } from '../modules/part.ts';
import { firmId, insertFirms } from './demo-firms.ts';

function refuse(message: string): never {
  console.error(`seed:large: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
const seeds = (await loadServerModules()).flatMap((module) => (module.large ? [module.large].flat() : []));
/** The module seeds asked for, with their counts, in module order. */
const asked: { seed: LargeSeed; count: number | undefined }[] = [];
for (const seed of seeds) {
  const at = args.indexOf(seed.option);
  if (at < 0) continue;
  if (!seed.counts) {
    args.splice(at, 1);
    asked.push({ seed, count: undefined });
    continue;
  }
  const count = Number(args[at + 1]);
  const max = seed.max ?? 20_000_000;
  if (!Number.isInteger(count) || count < 0 || count > max) refuse(`${seed.option} needs a whole number of ${seed.counts} from 0 to ${max}`);
  args.splice(at, 2);
  if (count > 0) asked.push({ seed, count });
}
const unknown = args.find((arg) => arg.startsWith('--'));
if (unknown) refuse(`unknown option ${unknown} (the modules' options: ${seeds.map((s) => s.option).join(', ')})`);
const wanted = Number(args[0] ?? 100_000);
if (!Number.isInteger(wanted) || wanted < 1 || wanted > 10_000_000) refuse('the count must be a whole number from 1 to 10000000');

let config;
try {
  config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  refuse(error.message);
}
const app = await buildApp(config, { logger: false });
let closed = false;
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
  const summaries: Record<string, unknown> = {};
  if (asked.length > 0) {
    // The bulk writers open their own connection: this app's must not hold a write lock meanwhile.
    closed = true;
    await app.close();
  }
  for (const { seed, count } of asked) {
    summaries[seed.summary] = await seed.run(config.database, count, (written) => process.stderr.write(`seed:large: ${written} ${seed.progress} written\n`));
  }
  // eslint-disable-next-line no-console -- the command's report
  console.log(JSON.stringify({ inserted: Math.max(0, wanted - present), seconds: Number(seconds.toFixed(2)), total: Number(total.n), ...summaries }));
} finally {
  if (!closed) await app.close();
}
