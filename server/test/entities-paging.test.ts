/**
 * Paging on a larger table (1,500 firms, statistics analyzed): every page of a sorted, filtered list is
 * the right slice of one total order — sort fields, then a unique tie-breaker — whatever plan the
 * database picks (on SQLite the sort column's index is forced when walking it is cheaper:
 * entities/paging.ts sortIndexHint), and the pages neither overlap nor leave rows out.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { engine } from './helpers/database.ts';
import { call } from './helpers/entities.ts';

let server: TestServer;
let admin: string;
const FIRMS = 1500;
const NAMES = ['Acadia Steel', 'Boreal Wire', 'Cascade Metals', 'Huron Supply', 'Yukon Electric'];
const PROVINCES = ['ON', 'QC', 'BC', 'AB'];

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = server.app.erp.database.db as unknown as Kysely<any>;
  const now = new Date().toISOString();
  const rows = Array.from({ length: FIRMS }, (_, i) => ({
    firm_id: `P${String(i).padStart(5, '0')}`,
    // Few distinct names: the tie-breaker decides most of the order.
    name: NAMES[(i * 7) % NAMES.length],
    city: `City ${i % 13}`,
    province_code: PROVINCES[i % PROVINCES.length],
    is_active: i % 10 === 0 ? 0 : 1,
    is_bill_to: 1,
    is_ship_to: 0,
    is_vendor: 0,
    for_external_users: 0,
    is_sales_manager: 0,
    created_by: 'test',
    created_on: now,
    updated_by: 'test',
    updated_on: now,
    version: 1,
  }));
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('firms').values(rows.slice(i, i + 100)).execute();
  await sql`ANALYZE`.execute(server.app.erp.database.db);
});

afterAll(async () => {
  await server?.stop();
});

async function expectedOrder(where: (row: Record<string, unknown>) => boolean, descending: boolean): Promise<string[]> {
  const tie = sql<string | number>`${sql.raw(engine === 'sqlite' ? 'rowid' : 'firm_id')}`;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const rows = (await (server.app.erp.database.db as unknown as Kysely<any>)
    .selectFrom('firms')
    .select(['firm_id', 'name', 'province_code', 'is_active', tie.as('tie')])
    .execute()) as Record<string, unknown>[];
  const direction = descending ? -1 : 1;
  return rows
    .filter(where)
    .sort((a, b) => {
      // Byte order, as both databases compare these ASCII names.
      const first = String(a['name']) < String(b['name']) ? -1 : String(a['name']) > String(b['name']) ? 1 : 0;
      if (first !== 0) return first * direction;
      return (a['tie']! < b['tie']! ? -1 : a['tie']! > b['tie']! ? 1 : 0) * direction;
    })
    .map((row) => String(row['firm_id']));
}

describe('paging a larger table', () => {
  it('gives consecutive, non-overlapping slices of one order, with a filter and a descending sort', async () => {
    const expected = await expectedOrder((row) => row['province_code'] === 'ON' && (row['is_active'] === 1 || row['is_active'] === true), true);
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = (
        await call(server.app, 'GET', `/api/data/firm?Page=${page}&PageSize=100&SortFields=Name&SortDescending=Name&filter.ProvinceCode=ON&filter.IsActive=true`, admin)
      ).json();
      expect(body.TotalCount).toBe(expected.length);
      seen.push(...body.List.map((row: { FirmId: string }) => row.FirmId));
    }
    expect(seen).toEqual(expected.slice(0, seen.length));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('pages an unfiltered sort the same way, deep pages included', async () => {
    const expected = await expectedOrder(() => true, false);
    const page = (await call(server.app, 'GET', '/api/data/firm?Page=12&PageSize=50&SortFields=Name', admin)).json();
    expect(page.List.map((row: { FirmId: string }) => row.FirmId)).toEqual(expected.slice(550, 600));
  });
});
