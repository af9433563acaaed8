/**
 * Issue 74, "a record and its lines in one statement" (entities/wire.ts, folded collections): on PostgreSQL a
 * record's child lines whose fields read alike as text come in the record's own row. What a read answers must not
 * change: lines in key order, exact decimals (never through a JSON number), flags, nulls and integers as the
 * separate statement read them — on both engines, and the firm in 2 statements on PostgreSQL (QUERY_COUNT).
 */
import { allEntities } from '@erp/shared/entities/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecords } from '../src/entities/wire.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { engine } from './helpers/database.ts';
import { call } from './helpers/entities.ts';

describe(`a record and its lines read together (${engine})`, () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ QUERY_COUNT: '1', DEMO_LEDGER: '1' });
    admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  });
  afterAll(async () => server?.stop());

  it('answers a firm\'s contacts as written: key order, flags, nulls; in 2 statements on PostgreSQL', async () => {
    const contacts = [
      { Name: 'Zoë Ng', Title: null, Phone: null, Email: 'zoe@example.com', IsPrimary: true },
      { Name: 'Émile Roy', Title: 'Buyer', Phone: '416-555-0100', Email: null, IsPrimary: false },
      { Name: 'A "quoted", name', Title: 'Ops', Phone: null, Email: null, IsPrimary: false },
    ];
    const created = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'LINES1', Name: 'Lines firm', FirmTypes: ['bill-to'], ProvinceCode: 'ON', Contacts: contacts });
    expect(created.statusCode, created.body).toBe(201);
    await call(server.app, 'GET', '/api/data/firm/LINES1', admin);
    const read = await call(server.app, 'GET', '/api/data/firm/LINES1', admin);
    expect(read.statusCode, read.body).toBe(200);
    const answered = read.json().Data.Contacts as Record<string, unknown>[];
    // In key order (the order written), each key a number.
    expect(answered.map((contact) => contact['Name'])).toEqual(contacts.map((contact) => contact.Name));
    for (const [at, contact] of contacts.entries()) expect(answered[at]).toMatchObject(contact);
    const keys = answered.map((contact) => contact['ContactKey']);
    expect(keys.every((key) => typeof key === 'number')).toBe(true);
    expect([...keys].sort((a, b) => Number(a) - Number(b))).toEqual(keys);
    const statements = Number(/dur=(\d+)/.exec(String(read.headers['server-timing']))?.[1]);
    expect(statements).toBeLessThanOrEqual(engine === 'postgres' ? 2 : 3);
    // A firm without contacts: an empty list, not null.
    const bare = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'LINES2', Name: 'Bare firm', FirmTypes: ['vendor'], ProvinceCode: 'ON' });
    expect(bare.statusCode, bare.body).toBe(201);
    expect((await call(server.app, 'GET', '/api/data/firm/LINES2', admin)).json().Data.Contacts).toEqual([]);
  });

  it('reads every entity with child lines on the synchronized schema (each line column exists, folded or not)', async () => {
    const db = server.app.erp.database.db as unknown as Parameters<typeof loadRecords>[0];
    const withLines = allEntities().filter((def) => Object.values(def.fields).some((field) => field.type === 'children'));
    expect(withLines.length).toBeGreaterThan(5);
    for (const def of withLines) {
      const missing = def.fields[def.key]!.type === 'integer' ? -1 : 'NO-SUCH-RECORD';
      // No row is found, but PostgreSQL checks every column the folded subqueries name.
      await expect(loadRecords(db, def, [missing]), def.name).resolves.toEqual(new Map());
    }
  });

  it('answers journal entry lines with exact decimals as written (13 digits before the point, a trailing zero)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await call(server.app, 'POST', '/api/data/gl-journal-entry', admin, {
      EntryDate: today,
      Description: 'Exact lines',
      Lines: [
        { AccountId: '1000', Debit: '1234567890123.40', Description: 'large' },
        { AccountId: '6600', Credit: '1234567890123.40' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().Data.EntryId as number;
    const read = await call(server.app, 'GET', `/api/data/gl-journal-entry/${id}`, admin);
    expect(read.statusCode, read.body).toBe(200);
    const lines = read.json().Data.Lines as Record<string, unknown>[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ AccountId: '1000', Debit: '1234567890123.40', Description: 'large' });
    expect(lines[1]).toMatchObject({ AccountId: '6600', Credit: '1234567890123.40', Description: null });
    expect(read.json().Data.TotalDebit).toBe('1234567890123.40');
  });
});
