/**
 * Issue 68 item 6: limits per user, on SQLite and PostgreSQL. Event streams: at most EVENT_STREAMS_PER_USER open at
 * once per user on an instance (3 here); one more is refused 429 `too_many_streams` in the user's language, saying
 * to close other tabs — at the ticket and at the stream — and another user is not affected; a closed stream frees
 * its place. Unused tickets: at most twice that many at once. Idempotency-Keys: at most IDEMPOTENCY_KEYS_PER_USER held
 * (a new one past that is 429, a held one still replays). Files in progress: at most DOWNLOADS_PER_USER at once.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call, multipart } from './helpers/entities.ts';

let server: TestServer;
let admin: string;
let steel: string;
let port: number;

beforeAll(async () => {
  server = await startServer({ EVENT_STREAMS_PER_USER: '3' });
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  steel = (await signIn(server.app, 'steel', 'steel')).access_token;
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(async () => server?.stop());

const ticket = (token: string) => call(server.app, 'POST', '/api/events/ticket', token, {});

/** A stream opened over HTTP: its status, its first bytes, and the request to end it. */
function openStream(value: string): Promise<{ status: number; first: string; request: ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: `/api/events/stream?ticket=${value}` }, (response) => {
      response.once('data', (chunk: Buffer) => resolve({ status: response.statusCode ?? 0, first: chunk.toString(), request }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function stream(token: string) {
  const issued = await ticket(token);
  expect(issued.statusCode, issued.body).toBe(200);
  return openStream(issued.json().Data.Ticket as string);
}

describe('event streams per user (issue 68 item 6)', () => {
  it('reads EVENT_STREAMS_PER_USER, 10 by default', () => {
    expect(loadConfig({}).limits.eventStreams).toBe(10);
    expect(loadConfig({ EVENT_STREAMS_PER_USER: '25' }).limits.eventStreams).toBe(25);
    expect(() => loadConfig({ EVENT_STREAMS_PER_USER: 'many' })).toThrow(/EVENT_STREAMS_PER_USER/);
  });

  it('refuses a fourth stream of one user with 429 and what to do; another user and a freed place are served', async () => {
    const open = [await stream(admin), await stream(admin)];
    // A ticket taken while two are open, used once the third is: refused at the stream.
    const early = (await ticket(admin)).json().Data.Ticket as string;
    open.push(await stream(admin));
    for (const one of open) {
      expect(one.status).toBe(200);
      expect(one.first).toContain('event: ready');
    }
    const atStream = await openStream(early);
    expect(atStream.status).toBe(429);
    expect(JSON.parse(atStream.first)).toMatchObject({ ResultStatus: 2, ResultCode: 'too_many_streams' });

    const refused = await ticket(admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      ResultStatus: 2,
      ResultCode: 'too_many_streams',
      Message: 'You already have 3 live connections open to the application (the most one user may have). Close the application in some of your other tabs or windows, then reload this page.',
    });
    // In the user's language.
    await call(server.app, 'POST', '/api/shell_init/locale', admin, { locale: 'fr-CA' });
    try {
      expect((await ticket(admin)).json().Message).toContain('Vous avez déjà 3 connexions en direct ouvertes');
    } finally {
      await call(server.app, 'POST', '/api/shell_init/locale', admin, { locale: 'en-CA' });
    }

    const theirs = await stream(steel);
    expect(theirs.status).toBe(200);
    theirs.request.destroy();

    open.pop()!.request.destroy();
    await expect.poll(async () => (await ticket(admin)).statusCode, { timeout: 5000 }).toBe(200);
    for (const one of open) one.request.destroy();
  });

  it('keeps at most twice the stream limit of unused tickets per user', async () => {
    // Earlier tests' unused tickets are theirs: a new user's count starts at nothing.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await ticket(steel)).statusCode);
    expect(statuses.slice(0, 6).every((status) => status === 200)).toBe(true);
    expect(statuses[6]).toBe(429);
  });
});

describe('Idempotency-Keys per user (issue 68 item 6)', () => {
  it('reads IDEMPOTENCY_KEYS_PER_USER, 10000 by default, 0 for none', () => {
    expect(loadConfig({}).limits.idempotencyKeys).toBe(10_000);
    expect(loadConfig({ IDEMPOTENCY_KEYS_PER_USER: '0' }).limits.idempotencyKeys).toBe(0);
    expect(() => loadConfig({ IDEMPOTENCY_KEYS_PER_USER: '-1' })).toThrow(/IDEMPOTENCY_KEYS_PER_USER/);
  });

  it('refuses a new key past the limit with 429, while a held key still replays and another user is served', async () => {
    const limited = await startServer({ IDEMPOTENCY_KEYS_PER_USER: '3' });
    try {
      const [one, two] = [(await signIn(limited.app, 'admin', 'admin')).access_token, (await signIn(limited.app, 'steel', 'steel')).access_token];
      const save = (token: string, key: string, columns: string[]) =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/entities/firm/preferences',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
          payload: JSON.stringify({ Columns: columns }),
        });
      const firsts = [];
      for (const key of ['k1', 'k2', 'k3']) firsts.push(await save(one, key, ['FirmId']));
      expect(firsts.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const refused = await save(one, 'k4', ['FirmId']);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        ResultStatus: 2,
        ResultCode: 'too_many_keys',
        Message: 'You already hold 3 Idempotency-Keys from the last 24 hours, the most one user may hold. Try again later: each key is freed 24 hours after its request.',
      });
      const replay = await save(one, 'k2', ['FirmId']);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect((await save(one, 'k2', ['FirmId', 'Name'])).statusCode).toBe(422);
      expect((await save(two, 'k4', ['FirmId'])).statusCode).toBe(200);
      // A key past its 24 hours frees its place.
      await limited.app.erp.database.db.updateTable('idempotency_keys').set({ created_at: 0 }).where('user_id', '=', 'admin').where('idempotency_key', '=', 'k1').execute();
      expect((await save(one, 'k4', ['FirmId'])).statusCode).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe('files in progress per user (issue 68 item 6)', () => {
  it('reads DOWNLOADS_PER_USER, 6 by default', () => {
    expect(loadConfig({}).limits.downloads).toBe(6);
    expect(loadConfig({ DOWNLOADS_PER_USER: '2' }).limits.downloads).toBe(2);
  });

  it('refuses a third file at once with 429 and what to do; a file read to its end or cut off frees its place', async () => {
    const limited = await startServer({ DOWNLOADS_PER_USER: '2' });
    try {
      const token = (await signIn(limited.app, 'admin', 'admin')).access_token;
      // A file large enough that its answer waits for a client that does not read (the socket's buffers fill).
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
      const body = multipart('large.pdf', bytes, 'application/pdf');
      const uploaded = await limited.app.inject({ method: 'POST', url: '/api/data/firm/B100/attachments', headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType }, payload: body.payload });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const path = `/api/data/firm/B100/attachments/${uploaded.json().EntityId}`;
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const at = (limited.app.server.address() as AddressInfo).port;
      /** A download whose body is not read: its answer stays in progress. */
      const held = () =>
        new Promise<ClientRequest>((resolve, reject) => {
          const request = httpRequest({ host: '127.0.0.1', port: at, path, headers: { authorization: `Bearer ${token}` } }, (response) => {
            expect(response.statusCode).toBe(200);
            response.pause();
            resolve(request);
          });
          request.on('error', reject);
          request.end();
        });
      const downloads = [await held(), await held()];
      const refused = await call(limited.app, 'GET', path, token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        ResultStatus: 2,
        ResultCode: 'too_many_downloads',
        Message: '2 files are already being prepared for you, the most at once. Wait until one of them has arrived, then try again.',
      });
      // Another user is not held back.
      const other = (await signIn(limited.app, 'steel', 'steel')).access_token;
      expect((await call(limited.app, 'GET', '/api/oe/product-prices/export', other)).statusCode).toBe(200);
      downloads[0]!.destroy();
      await expect.poll(async () => (await call(limited.app, 'GET', path, token)).statusCode, { timeout: 5000 }).toBe(200);
      downloads[1]!.destroy();
    } finally {
      await limited.stop();
    }
  });
});
