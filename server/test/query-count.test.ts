/**
 * Issue 74: what a request costs the database, counted by the data layer (db/query-count.ts, QUERY_COUNT on).
 * A record read makes at most 3 statements once the caller's roles, applications and field rules are cached
 * (auth/access-cache.ts; the users row is still read by every call); the other hot calls at most 2, so a
 * regression that adds round trips per request fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { engine } from './helpers/database.ts';
import { call } from './helpers/entities.ts';

/** The statements of one call, from its Server-Timing header. */
function statements(response: { headers: Record<string, unknown> }): number {
  const header = String(response.headers['server-timing'] ?? '');
  const match = /^db;desc="queries";dur=(\d+)$/.exec(header);
  if (!match) throw new Error(`no query count in Server-Timing: "${header}"`);
  return Number(match[1]);
}

describe(`statements per request (${engine})`, () => {
  let server: TestServer;
  let admin: string;
  /** The statements of a GET, after one warm-up call (the caches filled, as in steady use). */
  const counted = async (url: string) => {
    const first = await call(server.app, 'GET', url, admin);
    expect(first.statusCode, first.body).toBe(200);
    const response = await call(server.app, 'GET', url, admin);
    expect(response.statusCode, response.body).toBe(200);
    return statements(response);
  };

  beforeAll(async () => {
    server = await startServer({ QUERY_COUNT: '1' });
    admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  });
  afterAll(async () => server?.stop());

  it('answers no count when QUERY_COUNT is off (production answers unchanged)', async () => {
    const plain = await startServer();
    try {
      const token = (await signIn(plain.app, 'admin', 'admin')).access_token;
      const response = await call(plain.app, 'GET', '/api/data/firm/B100', token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['server-timing']).toBeUndefined();
    } finally {
      await plain.stop();
    }
  });

  it('reads a record in at most 3 statements, a list page, a search and the applications in at most 2', async () => {
    const cases = {
      record: await counted('/api/data/firm/B100'),
      firmList: await counted('/api/data/firm?Page=1&PageSize=50'),
      invoiceList: await counted('/api/data/ar-invoice?Page=1&PageSize=50'),
      search: await counted('/api/search?Search=bra'),
      applications: await counted('/api/shell/applications'),
    };
    // Before issue 74 (the user's roles, applications and field rules read on every call): 6, 5, 4, 5 and 6.
    // Now the users row (the deactivation check) and what the call itself reads.
    // On PostgreSQL the firm's contacts come in the firm's own row (entities/wire.ts, folded collections).
    expect(cases.record, JSON.stringify(cases)).toBeLessThanOrEqual(engine === 'postgres' ? 2 : 3);
    expect(cases.firmList, JSON.stringify(cases)).toBeLessThanOrEqual(2);
    expect(cases.invoiceList, JSON.stringify(cases)).toBeLessThanOrEqual(2);
    expect(cases.search, JSON.stringify(cases)).toBeLessThanOrEqual(2);
    expect(cases.applications, JSON.stringify(cases)).toBeLessThanOrEqual(2);
  });
});
