/**
 * The Trades demo data (issue 28 item 6) with DEMO_LEDGER and demo firms on: two builders of its own, their sites, buildings, models with
 * options, 100 lots in every stage, inspection requests in every state, and billings posted through Receivables —
 * progress billings with holdback retained (a holdback billing Retained), one holdback released and invoiced,
 * one released — each invoice balanced, and the holdback receivable holding exactly what is not yet invoiced.
 */
import { add, sub } from '@erp/shared/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '@erp/server/db/decimal-codec';
import { startServer, type TestServer } from '../../../server/test/helpers/app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => server.app.erp.database.db as any;
const engine = () => server.app.erp.database.engine;
const sum = (rows: Json[], column: string) => rows.reduce((total: string, row: Json) => add(total, decimalFromDb(engine(), row[column], 2) ?? '0.00'), '0.00');

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1', DEMO_FIRMS: '3' });
});

afterAll(async () => {
  await server?.stop();
});

describe('trades demo data', () => {
  it('has sites of two builders, 100 lots in every stage and inspections in every state', async () => {
    const sites = await db().selectFrom('te_job_sites').select(['site_id', 'builder_id']).orderBy('site_id').execute();
    // Their own builders with the demo firms (a PostgreSQL template database seeded without them keeps the shell's).
    expect(sites.map((site: Json) => site.site_id)).toEqual(['LAKE', 'MAPLE']);
    expect(['BLD200', 'B200']).toContain(sites[0].builder_id);
    expect(['BLD100', 'B100']).toContain(sites[1].builder_id);
    const billedTo = await db().selectFrom('ar_invoices').select('bill_to_id').distinct().where('reference', 'like', 'CB%').execute();
    expect(billedTo.map((row: Json) => row.bill_to_id)).toEqual([sites[1].builder_id]);
    const lots = await db().selectFrom('te_lots').select(['stage']).execute();
    expect(lots).toHaveLength(100);
    expect(new Set(lots.map((l: Json) => l.stage))).toEqual(new Set(['Planned', 'UnderConstruction', 'Ready', 'Inspected', 'Closed']));
    const requests = await db().selectFrom('te_inspection_requests').select(['status']).execute();
    expect(new Set(requests.map((r: Json) => r.status))).toEqual(new Set(['Requested', 'Scheduled', 'Passed', 'Failed']));
    expect((await db().selectFrom('te_model_options').select('option_id').execute()).length).toBeGreaterThan(0);
  });

  it('posts its billings through Receivables with holdback retained, one released and invoiced', async () => {
    const progress = await db().selectFrom('te_progress_billings').select(['status', 'invoice_no']).execute();
    expect(progress.map((p: Json) => p.status).sort()).toEqual(['Certified', 'Draft', 'Invoiced', 'Invoiced']);
    const holdbacks = await db().selectFrom('te_holdback_billings').select(['status', 'kind', 'invoice_no', 'amount']).orderBy('billing_id').execute();
    expect(holdbacks.map((h: Json) => [h.kind, h.status])).toEqual([['Commercial', 'Retained'], ['Residential', 'Invoiced'], ['Residential', 'Released']]);
    const invoiced = [...progress, ...holdbacks].filter((b: Json) => b.invoice_no);
    for (const billing of invoiced) {
      const entries = await db().selectFrom('gl_entries').select('amount').where('document_no', '=', billing.invoice_no).execute();
      expect(entries.length).toBeGreaterThan(0);
      expect(sum(entries, 'amount')).toBe('0.00');
    }
    // The holdback receivable holds what was retained less what the invoiced holdback billing released.
    const retained = add(sum(await db().selectFrom('te_progress_billings').select('holdback_this_billing').where('status', '=', 'Invoiced').execute(), 'holdback_this_billing'),
      sum(await db().selectFrom('te_contract_billings').select('holdback').where('status', '=', 'Invoiced').execute(), 'holdback'));
    const released = sum(holdbacks.filter((h: Json) => h.status === 'Invoiced'), 'amount');
    expect(sum(await db().selectFrom('gl_entries').select('amount').where('account_id', '=', '1160').execute(), 'amount')).toBe(sub(retained, released));
  });
});
