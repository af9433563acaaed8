/**
 * `npm run seed:large [count] [--ledger <entries>]` — adds generated firms to the configured database
 * (DATA_DIR / DATABASE_URL, as the server reads them) up to `count` firms in all (default 100,000), for
 * benchmarks and for feeling the product at a distributor's real size. With `--ledger N` it also writes N
 * posted GL entries with their journals, accounts, periods and balances (large-ledger.ts; 1,000,000 for the
 * ledger benchmark). With `--ar N` it also writes N AR items (invoices and receipts) with their applications for
 * the bill-to firms (large-ar.ts; 500,000 for the AR benchmark; subledger only, no GL postings — see there). With
 * `--ic` it also writes 50,000 products and 2,000,000 stock ledger rows over 5 warehouses with their balances
 * (large-ic.ts). Runs against a stopped server's database; creates, migrates and seeds it first when
 * needed, like a start. Prints one JSON line: `{ "inserted", "seconds", "total" }` (and `"ledger"`).
 */
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { firmId, insertFirms } from './demo-firms.ts';
import { insertLedger, type LedgerSummary } from './large-ledger.ts';
import { insertAr, type ArSummary } from './large-ar.ts';
import { insertIcStock, type IcSummary } from './large-ic.ts';

const args = process.argv.slice(2);
const icAt = args.indexOf('--ic');
if (icAt >= 0) args.splice(icAt, 1);
const ledgerAt = args.indexOf('--ledger');
const ledgerEntries = ledgerAt >= 0 ? Number(args[ledgerAt + 1]) : 0;
if (ledgerAt >= 0) args.splice(ledgerAt, 2);
if (!Number.isInteger(ledgerEntries) || ledgerEntries < 0 || ledgerEntries > 20_000_000) {
  console.error('seed:large: --ledger needs a whole number of entries from 0 to 20000000');
  process.exit(2);
}
const arAt = args.indexOf('--ar');
const arItems = arAt >= 0 ? Number(args[arAt + 1]) : 0;
if (arAt >= 0) args.splice(arAt, 2);
if (!Number.isInteger(arItems) || arItems < 0 || arItems > 20_000_000) {
  console.error('seed:large: --ar needs a whole number of AR items from 0 to 20000000');
  process.exit(2);
}
const wanted = Number(args[0] ?? 100_000);
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
  let ledger: LedgerSummary | undefined;
  let ar: ArSummary | undefined;
  if (ledgerEntries > 0 || arItems > 0) {
    // The bulk writers open their own connection: this app's must not hold a write lock meanwhile.
    closed = true;
    await app.close();
  }
  if (arItems > 0) {
    ar = await insertAr(config.database, { items: arItems, onProgress: (written) => process.stderr.write(`seed:large: ${written} AR items written\n`) });
  }
  if (ledgerEntries > 0) {
    ledger = await insertLedger(config.database, {
      entries: ledgerEntries,
      onProgress: (written) => process.stderr.write(`seed:large: ${written} GL entries written\n`),
    });
  }
  let ic: IcSummary | undefined;
  if (icAt >= 0) {
    if (!closed) await app.close();
    closed = true;
    ic = await insertIcStock(config.database, { onProgress: (written) => process.stderr.write(`seed:large: ${written} stock ledger rows written\n`) });
  }
  // eslint-disable-next-line no-console -- the command's report
  console.log(
    JSON.stringify({ inserted: Math.max(0, wanted - present), seconds: Number(seconds.toFixed(2)), total: Number(total.n), ...(ledger ? { ledger } : {}), ...(ar ? { ar } : {}), ...(ic ? { ic } : {}) }),
  );
} finally {
  if (!closed) await app.close();
}
