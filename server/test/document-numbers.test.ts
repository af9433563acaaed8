/**
 * Document numbers are unique (issue 22 item 9; entities/numbering.ts, migration 0013_document_numbers), on
 * SQLite and PostgreSQL, with the demo data (ledger, receivables, inventory):
 * - a sequence counter moved back by hand issues no number twice: the next journal entry gets a number past
 *   every number the sequence issued;
 * - every sequence has its own prefix (IT and RC were each shared by two) and a second sequence cannot take a
 *   prefix in use;
 * - a document kind's numbers are unique in its table (a unique index: a second JE000001 cannot be stored);
 * - the migration runs on the demo data as an earlier version left it (shared prefixes, no issued numbers).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrations.ts';
import { serverMigrations } from '../src/modules/index.ts';
import { nextNumber } from '../src/entities/numbering.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let admin: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const db = () => server.app.erp.database.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const YEAR = 2085;

async function newEntry(): Promise<Json> {
  const created = await call(server.app, 'POST', '/api/data/gl-journal-entry', admin, {
    EntryDate: `${YEAR}-02-02`,
    Description: 'Numbering test',
    Lines: [{ AccountId: '1000', Debit: '1.00' }, { AccountId: '6600', Credit: '1.00' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().Data;
}

beforeAll(async () => {
  server = await startServer({ DEMO_LEDGER: '1' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  expect((await call(server.app, 'POST', '/api/data/accounting-period/fiscal-years', admin, { FiscalYear: YEAR })).statusCode).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

describe('document numbers', () => {
  it('migrates the demo data as an earlier version left it: distinct prefixes, issued numbers claimed', async () => {
    // The database before 0013: the placeholders' shared prefixes, no register of issued numbers.
    await db().schema.dropIndex('ux_sequence_counters_prefix').execute();
    await db().schema.dropTable('document_numbers').execute();
    await db().updateTable('sequence_counters').set({ prefix: 'IT' }).where('sequence_id', '=', 'INVENTORY-TICKET').execute();
    await db().updateTable('sequence_counters').set({ prefix: 'RC' }).where('sequence_id', '=', 'RECEIPT').execute();
    await db().deleteFrom('kysely_migration').where('name', 'in', ['0013_document_numbers', '0013_gl_document_numbers']).execute();

    expect(await migrate(db(), await serverMigrations())).toEqual(['0013_document_numbers', '0013_gl_document_numbers']);

    const shared = await db().selectFrom('sequence_counters').select(['prefix', db().fn.countAll().as('n')]).where('prefix', 'is not', null).groupBy('prefix').having(db().fn.countAll(), '>', 1).execute();
    expect(shared).toEqual([]);
    // The demo's documents are claimed: inventory tickets (IT), cash receipts (RC), bank adjustments and entries.
    for (const sequence of ['IC-TICKET', 'AR-RECEIPT']) {
      const claimed = await db().selectFrom('document_numbers').select(db().fn.countAll().as('n')).where('sequence_id', '=', sequence).executeTakeFirst();
      expect(Number(claimed?.n), sequence).toBeGreaterThan(0);
    }
  });

  it('a counter moved back issues no number twice: it moves forward past the numbers in use', async () => {
    const first = await newEntry();
    const second = await newEntry();
    const counter = await call(server.app, 'GET', '/api/data/sequence-counter/GL-ENTRY', admin);
    expect(counter.statusCode, counter.body).toBe(200);
    const moved = await call(server.app, 'PUT', '/api/data/sequence-counter/GL-ENTRY', admin, { Version: counter.json().Data.Version, NextNumber: 1 });
    expect(moved.statusCode, moved.body).toBe(200);

    const third = await newEntry();
    const numbers = [first, second, third].map((entry) => String(entry['DocumentNo']));
    expect(new Set(numbers).size).toBe(3);
    const digits = (no: string) => Number(no.replace(/^\D+/, ''));
    expect(digits(numbers[2]!)).toBeGreaterThan(digits(numbers[1]!));
    const stored = await db().selectFrom('gl_journal_entries').select('document_no').groupBy('document_no').having(db().fn.countAll(), '>', 1).execute();
    expect(stored).toEqual([]);
  });

  it('the sequence-counter screen refuses a prefix in use with a 4xx; sequences without a prefix are many', async () => {
    const taken = await call(server.app, 'POST', '/api/data/sequence-counter', admin, { SequenceId: 'TEST-JE', Description: 'Second JE', Prefix: 'JE', NextNumber: 1 });
    expect(taken.statusCode, taken.body).toBeGreaterThanOrEqual(400);
    expect(taken.statusCode, taken.body).toBeLessThan(500);
    for (const id of ['TEST-NONE-1', 'TEST-NONE-2']) {
      const created = await call(server.app, 'POST', '/api/data/sequence-counter', admin, { SequenceId: id, Description: id, Prefix: '', NextNumber: 1 });
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('a second sequence cannot take a prefix in use; a document kind cannot store a number twice', async () => {
    await expect(db().transaction().execute((trx) => nextNumber(trx, 'TEST-SEQUENCE', { prefix: 'JE' }))).rejects.toThrow(/prefix JE/);
    const row = await db().selectFrom('gl_journal_entries').selectAll().limit(1).executeTakeFirstOrThrow();
    const { entry_id: _id, ...copy } = row as Json;
    await expect(db().insertInto('gl_journal_entries').values(copy).execute()).rejects.toThrow();
  });
});
