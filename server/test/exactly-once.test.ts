/**
 * Idempotency keys (issue 39 item 2), on SQLite and PostgreSQL, one test per kind of call that acts — a document
 * action, a process run, a record's creation — : the same request with the same `Idempotency-Key` twice answers
 * the same and acts once (also ten at once); the key with another request is refused (422); a bad key is refused
 * (400); keys are per user. The portal's order submit claims its key in its own transaction (portal.test.ts).
 * And the scope lock: one holder at a time, and a caller waiting in this instance takes the scope as soon as its
 * holder lets it go.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { waitersFor, withScopeLock } from '../src/exactly-once/scope-lock.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
let steel: string;
const db = () => server.app.erp.database.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function send(token: string, url: string, body: unknown, key?: string) {
  return server.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: JSON.stringify(body),
  });
}

const count = async (table: string) => Number(((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: unknown }).n);
/** Journal lines written: a second effect writes them again. */
const entries = () => count('gl_entries');

async function draftEntry(description: string): Promise<Json> {
  const created = await send(admin, '/api/data/gl-journal-entry', {
    EntryDate: '2026-11-03',
    Description: description,
    Lines: [
      { AccountId: '93600', Debit: '10.00' },
      { AccountId: '93700', Credit: '10.00' },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as Json).Data;
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  steel = (await signIn(server.app, 'steel', 'steel')).access_token;
  for (const account of [
    { AccountId: '93600', Description: 'Key test expense', AccountType: 'expense' },
    { AccountId: '93700', Description: 'Key test bank', AccountType: 'asset' },
  ]) {
    expect((await send(admin, '/api/data/gl-account', account)).statusCode).toBe(201);
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('Idempotency-Key', () => {
  it('creates a record once: the same key and body answer the first answer', async () => {
    const before = await count('gl_journal_entries');
    const body = { EntryDate: '2026-11-03', Description: 'Keyed', Lines: [{ AccountId: '93600', Debit: '5.00' }, { AccountId: '93700', Credit: '5.00' }] };
    const first = await send(admin, '/api/data/gl-journal-entry', body, 'create-1');
    const again = await send(admin, '/api/data/gl-journal-entry', body, 'create-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count('gl_journal_entries')).toBe(before + 1);
  });

  it('runs a document action once, however often and however parallel it is sent', async () => {
    const entry = await draftEntry('Keyed post');
    const written = await entries();
    const body = { Version: entry.Version };
    const url = `/api/data/gl-journal-entry/${entry.EntryId}/actions/post`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(admin, url, body, `post-${entry.EntryId}`)));
    const done = answers.filter((answer) => answer.statusCode === 200);
    // The first answers; the others replay it or are told it is still in progress — none acts again.
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(done.length).toBeGreaterThan(0);
    for (const answer of done) expect(answer.body).toBe(done[0]!.body);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect((answer.json() as Json).ResultCode).toBe('idempotency_in_progress');
    const later = await send(admin, url, body, `post-${entry.EntryId}`);
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe(done[0]!.body);
    expect(await entries()).toBe(written + 2);
  });

  it('runs a process once for one key', async () => {
    await draftEntry('Keyed process');
    const parameters = { StartDate: '2026-11-03', EndDate: '2026-11-03' };
    const preview = (await send(admin, '/api/processes/gl-post-drafts/preview', { Parameters: parameters })).json() as Json;
    const items = (preview.List as Json[]).map((row) => row.EntryId);
    expect(items.length).toBeGreaterThan(0);
    const written = await entries();
    const body = { Parameters: parameters, Items: items };
    const first = await send(admin, '/api/processes/gl-post-drafts/run', body, 'run-1');
    expect((first.json() as Json).ResultStatus, first.body).toBe(1);
    const again = await send(admin, '/api/processes/gl-post-drafts/run', body, 'run-1');
    expect(again.body).toBe(first.body);
    const posted = await entries();
    expect(posted).toBeGreaterThan(written);
    // Without a key the run is not replayed: the items are done, and the answer says by whom they were.
    const unkeyed = (await send(admin, '/api/processes/gl-post-drafts/run', body)).json() as Json;
    expect(unkeyed.List[0].ResultCode).toBe('not_eligible');
    expect(await entries()).toBe(posted);
  });

  it('refuses the key for another request, a malformed key, and never answers one user with another’s', async () => {
    const body = { EntryDate: '2026-11-03', Description: 'Mismatch', Lines: [{ AccountId: '93600', Debit: '1.00' }, { AccountId: '93700', Credit: '1.00' }] };
    expect((await send(admin, '/api/data/gl-journal-entry', body, 'mismatch-1')).statusCode).toBe(201);
    const other = await send(admin, '/api/data/gl-journal-entry', { ...body, Description: 'Another' }, 'mismatch-1');
    expect(other.statusCode).toBe(422);
    expect((other.json() as Json).ResultCode).toBe('idempotency_mismatch');
    expect((other.json() as Json).Message).toBe('This Idempotency-Key was already used for another request.');
    const bad = await send(admin, '/api/data/gl-journal-entry', body, 'with space');
    expect(bad.statusCode).toBe(400);
    // Another user's request with the same key is that user's own (here refused by its own rights, not replayed).
    const theirs = await send(steel, '/api/data/gl-journal-entry', body, 'mismatch-1');
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('is documented in OpenAPI on the calls that act', async () => {
    const spec = server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = ((await spec).json() as Json).paths as Json;
    const names = (path: string, method: string) => ((paths[path]?.[method]?.parameters ?? []) as Json[]).map((p) => p.name);
    expect(names('/api/processes/{process}/run', 'post')).toContain('Idempotency-Key');
    expect(names('/api/data/{entity}/{id}/actions/{action}', 'post')).toContain('Idempotency-Key');
    expect(names('/api/processes', 'get')).not.toContain('Idempotency-Key');
    // A POST that only reads takes none: nothing to replay, nothing kept.
    expect(names('/api/reports/{report}/run', 'post')).not.toContain('Idempotency-Key');
    expect(names('/api/processes/{process}/preview', 'post')).not.toContain('Idempotency-Key');
  });
});

describe('scope lock', () => {
  it('runs one holder at a time; a waiting caller of this instance takes the scope when it is let go, not at its next poll', async () => {
    const lockDb = server.app.erp.database.db;
    const order: string[] = [];
    let release!: () => void;
    const first = withScopeLock(lockDb, 'test:wake', 'u1', async () => {
      order.push('first in');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first out');
    });
    await vi.waitFor(() => expect(order).toEqual(['first in']), { timeout: 20_000 });
    // The waiter's polls never come (their timers are frozen): only the holder letting go can let it in.
    const realTimeout = globalThis.setTimeout;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const second = withScopeLock(lockDb, 'test:wake', 'u2', async (waitedFor) => {
        order.push(`second in, after ${waitedFor?.holder}`);
      });
      // Queued: it found the scope taken and waits (looked at on real timers; vi.waitFor would run the fake ones).
      for (let looks = 0; waitersFor('test:wake') !== 1; looks++) {
        expect(looks, 'the second caller never queued').toBeLessThan(2000);
        await new Promise((resolve) => realTimeout(resolve, 10));
      }
      expect(order).toEqual(['first in']);
      release();
      await first;
      await second;
    } finally {
      vi.useRealTimers();
    }
    expect(order).toEqual(['first in', 'first out', 'second in, after u1']);
  });
});
