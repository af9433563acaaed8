/**
 * Issue 68 item 4: the Idempotency-Key covers the whole request, also an upload's file. Generated from the route
 * catalog: every route that takes a multipart upload (`apiSchema({ upload: true })`) must have a fixture below, or
 * this suite fails naming it. For each, on SQLite and PostgreSQL: the same key and the same file (sent with another
 * multipart boundary, as a retry would be) replays the first answer and acts once; the same key with other bytes,
 * another file name or an extra field is refused 422 `idempotency_mismatch` in the caller's language, and the new
 * file is not taken.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPattern } from '../src/http/route-catalog.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call, FILES } from './helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;
const db = () => server.app.erp.database.db as unknown as AnyDb;

/** How to run one upload route: its URL, a file it takes, and what it changed (read back from the database). */
interface UploadFixture {
  url(): Promise<string>;
  file(): Promise<{ name: string; bytes: Buffer }>;
  effect(url: string): Promise<unknown>;
}

/** The first price table whose ranges all name a product (its export imports again as it is). */
const firstPriceTable = async () =>
  String(
    ((await db()
      .selectFrom('price_table_ranges')
      .select('price_table_id')
      .groupBy('price_table_id')
      .having(sql`count(product_id)`, '=', sql`count(*)`)
      .orderBy('price_table_id')
      .limit(1)
      .executeTakeFirstOrThrow()) as Json).price_table_id,
  );
const download = async (url: string) => {
  const answer = await call(server.app, 'GET', url, admin);
  expect(answer.statusCode, url).toBe(200);
  return answer.rawPayload;
};

const FIXTURES: Record<string, UploadFixture> = {
  'POST /api/data/:entity/:id/attachments': {
    url: async () => `/api/data/firm/${encodeURIComponent(String(((await db().selectFrom('firms').select('firm_id').orderBy('firm_id').limit(1).executeTakeFirstOrThrow()) as Json).firm_id))}/attachments`,
    file: async () => ({ name: 'delivery-note.pdf', bytes: FILES.pdf }),
    effect: async (url) => {
      const id = decodeURIComponent(url.split('/')[4]!);
      const rows = (await db().selectFrom('attachments').select(['file_name', 'size']).where('entity', '=', 'firm').where('record_id', '=', id).orderBy('attachment_key').execute()) as Json[];
      return rows.map((row) => `${row.file_name} ${Number(row.size)}`);
    },
  },
  'POST /api/data/:entity/:id/logo': {
    url: async () => `/api/data/company/${encodeURIComponent(String(((await db().selectFrom('companies').select('company_id').orderBy('company_id').limit(1).executeTakeFirstOrThrow()) as Json).company_id))}/logo`,
    file: async () => ({ name: 'logo.png', bytes: FILES.png }),
    effect: async () => ((await db().selectFrom('companies').select(['logo', 'version']).orderBy('company_id').limit(1).executeTakeFirstOrThrow()) as Json),
  },
  'POST /api/oe/price-table/:id/import': {
    url: async () => `/api/oe/price-table/${encodeURIComponent(await firstPriceTable())}/import?Confirm=true`,
    file: async () => ({ name: 'ranges.xlsx', bytes: await download(`/api/oe/price-table/${encodeURIComponent(await firstPriceTable())}/export`) }),
    effect: async (url) => ((await db().selectFrom('price_tables').select('version').where('price_table_id', '=', decodeURIComponent(url.split('/')[4]!)).executeTakeFirstOrThrow()) as Json).version,
  },
  'POST /api/oe/product-prices/import': {
    url: async () => '/api/oe/product-prices/import?Confirm=true',
    file: async () => ({ name: 'list-prices.xlsx', bytes: await download('/api/oe/product-prices/export') }),
    // Every import rewrites the named products' rows: their keys change with each write.
    effect: async () => (await db().selectFrom('product_prices').select((eb) => eb.fn.max('price_id').as('top')).executeTakeFirstOrThrow()) as Json,
  },
};

/** A multipart body with one file and optional fields, under a fresh boundary each time (as a retry sends it). */
function body(name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----retry${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [field, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function send(url: string, key: string, name: string, bytes: Buffer, fields?: Record<string, string>) {
  const multipart = body(name, bytes, fields);
  return server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, 'content-type': multipart.contentType, 'idempotency-key': key }, payload: multipart.payload });
}

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
});
afterAll(async () => server?.stop());

const uploadRoutes = () =>
  server.app.routeCatalog
    .filter((route) => isApiPattern(route.url) && ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data'))
    .map((route) => `${route.method} ${route.url}`);

describe('an Idempotency-Key on an upload covers the file (issue 68 item 4)', () => {
  it('every upload route of the catalog has a fixture here', () => {
    const routes = uploadRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(routes.filter((route) => !FIXTURES[route]), 'upload routes with no fixture in server/test/idempotent-uploads.test.ts').toEqual([]);
  });

  it.each(Object.keys(FIXTURES))('%s: same file replays, another file, name or field is refused 422', async (route) => {
    expect(uploadRoutes()).toContain(route);
    const fixture = FIXTURES[route]!;
    const url = await fixture.url();
    const file = await fixture.file();
    const key = `upload-${route.length}-${Math.random().toString(36).slice(2)}`;
    const first = await send(url, key, file.name, file.bytes);
    expect(first.statusCode, first.body).toBeLessThan(300);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await fixture.effect(url);

    const again = await send(url, key, file.name, file.bytes);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await fixture.effect(url)).toEqual(after);

    const other = Buffer.concat([file.bytes, Buffer.from('another file')]);
    for (const [what, answer] of [
      ['other bytes', await send(url, key, file.name, other)],
      ['another name', await send(url, key, `renamed-${file.name}`, file.bytes)],
      ['an extra field', await send(url, key, file.name, file.bytes, { Note: 'x' })],
    ] as const) {
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(422);
      expect(answer.headers['idempotent-replayed'], what).toBeUndefined();
      expect(answer.json() as Json, what).toMatchObject({ ResultStatus: 2, ResultCode: 'idempotency_mismatch', Message: 'This Idempotency-Key was already used for another request.' });
    }
    expect(await fixture.effect(url), 'the refused files changed nothing').toEqual(after);
  });

  it('answers the refusal in the caller\'s language', async () => {
    const url = await FIXTURES['POST /api/data/:entity/:id/attachments']!.url();
    const key = 'upload-french';
    const language = (lang: string) => call(server.app, 'POST', '/api/shell_init/locale', admin, { locale: lang });
    expect((await send(url, key, 'scan.pdf', FILES.pdf)).statusCode).toBe(201);
    await language('fr-CA');
    try {
      const refused = await send(url, key, 'scan.pdf', FILES.gif);
      expect(refused.statusCode).toBe(422);
      expect((refused.json() as Json).Message).toBe('Cette clé Idempotency-Key a déjà servi pour une autre demande.');
    } finally {
      await language('en-CA');
    }
  });
});
