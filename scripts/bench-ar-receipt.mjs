#!/usr/bin/env node
/**
 * Cash receipt benchmark (issue 14 "Performance": posting a receipt applied to 200 invoices ≤ 300 ms):
 * `node --import tsx scripts/bench-ar-receipt.mjs` (run by `npm run bench`). On SQLite and on PostgreSQL side
 * by side:
 *
 * 1. Builds the real app (server/src/app.ts) on a fresh database (SQLite: a temporary DATA_DIR; PostgreSQL: a
 *    new database on TEST_PG_URL, dropped at the end) without the demo ledger, so it migrates and seeds, closes
 *    it, builds it again (scripts/bench-app.mjs) and fills ar_items through it with BENCH_AR_ITEMS (default
 *    500,000) background items of 100,000 generated customers (bulk insert), so the receipt's reads run against
 *    a full subledger.
 * 2. Per run: 200 open invoices of customer B100 (one AR posting through the posting service and 200 AR items),
 *    a draft receipt applying all of them (POST /api/data/cash-receipt, 200 lines: the save is measured too),
 *    then the measured call — POST /api/data/cash-receipt/:id/actions/post through `app.inject` (server time,
 *    no network), with an access token the embedded provider's key signs for the demo administrator: the
 *    lines checked again, the GL posting (Dr bank, Dr discounts, Cr receivables), the receipt's AR item and
 *    200 applications in one transaction. Medians of BENCH_AR_RUNS (default 7) runs after a warm-up.
 * 3. Replaces the "## AR: posting a cash receipt applied to 200 invoices" section of BENCHMARKS.md.
 *
 * Options (environment): BENCH_AR_ITEMS, BENCH_AR_RUNS, BENCH_AR_ENGINES (default "sqlite,postgres";
 * PostgreSQL is skipped with a note when TEST_PG_URL cannot be reached), BENCH_NO_WRITE=1.
 */
import { engineOptions, engineTable, measuredWith, median, ms, publish } from './bench-common.mjs';
import { eachEngine, withBenchApp } from './bench-app.mjs';

const ITEMS = Number(process.env.BENCH_AR_ITEMS || 500_000);
const { runs: RUNS, engines: ENGINES } = engineOptions('AR');
const SECTION = '## AR: posting a cash receipt applied to 200 invoices';
const INVOICES = 200;

const { post } = await import('@erp/modules/gl/server/api');
const { addArItem } = await import('@erp/modules/ar/server/api');
const { decimalToDb, engineOf } = await import('../server/src/db/decimal-codec.ts');

/** Background items: ITEMS rows over 100,000 generated customers, half of them settled. */
async function fillItems(db) {
  const engine = engineOf(db);
  const now = new Date().toISOString();
  const started = performance.now();
  const batch = 2000;
  for (let start = 0; start < ITEMS; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(ITEMS, start + batch); i++) {
      const open = i % 2 === 0;
      const day = String(1 + (i % 28)).padStart(2, '0');
      const month = String(1 + (i % 12)).padStart(2, '0');
      rows.push({
        firm_id: `G${String(i % 100_000).padStart(6, '0')}`,
        item_type: 'Invoice',
        document_no: `BG-${i}`,
        document_date: `2025-${month}-${day}`,
        due_date: `2025-${month}-${day}`,
        discount_available: decimalToDb(engine, '0.00', 2),
        currency: 'CAD',
        amount: decimalToDb(engine, '125.00', 2),
        open_balance: decimalToDb(engine, open ? '125.00' : '0.00', 2),
        status: open ? 'Open' : 'Closed',
        origin_type: 'bench',
        origin_id: String(i),
        created_by: 'bench',
        created_on: now,
      });
    }
    await db.insertInto('ar_items').values(rows).execute();
  }
  return (performance.now() - started) / 1000;
}

let invoiceRun = 0;

/** 200 open invoices of B100 (one AR posting and 200 items); answers their numbers. */
async function invoices(db) {
  invoiceRun += 1;
  const numbers = Array.from({ length: INVOICES }, (_, i) => `BI-${invoiceRun}-${i + 1}`);
  await db.transaction().execute(async (trx) => {
    const posted = await post(trx, {
      source: 'AR',
      subLedger: 'ar',
      dataType: 'Actual',
      date: '2026-02-02',
      documentNo: `BI-${invoiceRun}`,
      origin: { type: 'bench', id: String(invoiceRun) },
      lines: [
        { accountId: '1100', amount: '22600.00' },
        { accountId: '4100', amount: '-22600.00' },
      ],
      userId: 'admin',
    });
    for (const documentNo of numbers) {
      await addArItem(trx, {
        firmId: 'B100',
        itemType: 'Invoice',
        documentNo,
        documentDate: '2026-02-02',
        dueDate: '2026-03-04',
        discountDate: '2026-02-12',
        discountAvailable: '2.26',
        amount: '113.00',
        origin: { type: 'bench', id: documentNo },
        journalId: posted.journalId,
        userId: 'admin',
      });
    }
  });
  return numbers;
}

async function benchEngine(engine) {
  const environment = { DEMO_LEDGER: '0' };
  return withBenchApp(engine, { prefix: 'erp_bench_ar', environment }, async ({ app, call }) => {
    const db = app.erp.database.db;
    const fillSeconds = await fillItems(db);
    console.log(`${engine}: ${ITEMS} background AR items written in ${fillSeconds.toFixed(1)} s`);
    const saves = [];
    const posts = [];
    for (let run = 0; run <= RUNS; run++) {
      const numbers = await invoices(db);
      const lines = numbers.map((InvoiceNo) => ({ InvoiceNo, Payment: '110.74' }));
      const body = { FirmId: 'B100', BankAccountId: 'OPERATING', ReceiptDate: '2026-02-10', Amount: '22148.00', Reference: `BENCH ${run}`, Lines: lines };
      let start = performance.now();
      const created = (await call('/api/data/cash-receipt', body, { expected: 201 })).json().Data;
      const save = performance.now() - start;
      if (created.DiscountTotal !== '452.00' || created.RemainingToApply !== '0.00') throw new Error(`receipt totals: ${created.DiscountTotal} ${created.RemainingToApply}`);
      start = performance.now();
      const posted = (await call(`/api/data/cash-receipt/${created.ReceiptId}/actions/post`, { Version: created.Version })).json();
      const time = performance.now() - start;
      if (posted.Data.Status !== 'Posted') throw new Error('receipt not posted');
      if (run > 0) {
        saves.push(save);
        posts.push(time);
      }
    }
    return { engine, fillSeconds, save: median(saves), post: median(posts) };
  });
}

const { results, notes } = await eachEngine(ENGINES, benchEngine);

const rows = [
  [`Background AR items (bulk insert, ${ITEMS.toLocaleString('en-CA')} rows)`, '—', (r) => `${r.fillSeconds.toFixed(1)} s`],
  ['Saving the draft receipt with 200 application lines (POST /api/data/cash-receipt)', '—', (r) => ms(r.save)],
  ['Posting the receipt applied to 200 invoices (post action: GL posting, AR item, 200 applications)', '≤ 300 ms', (r) => ms(r.post)],
];
const section = `${SECTION}

${measuredWith('bench-ar-receipt.mjs')}: server time through \`app.inject\` (no network), medians of
${RUNS} runs after a warm-up; each run's receipt pays 200 fresh open invoices of one customer (discount taken
within the terms) in a subledger of ${ITEMS.toLocaleString('en-CA')} other AR items.

${engineTable(results, rows)}
${notes.length ? `\n${notes.join('\n')}\n` : ''}`;

publish(SECTION, section);
