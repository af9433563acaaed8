/** Demo and benchmark firms: deterministic, seeded once, valid against the firm rules' basics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { demoFirm, firmId, insertFirms, seedDemoFirms } from '../src/seed/demo-firms.ts';
import { startServer, testConfig, type TestServer } from './helpers/app.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ DEMO_FIRMS: '300' });
});

afterAll(async () => {
  await server?.stop();
});

describe('demo firms', () => {
  it('are the same firm for the same number, whichever run makes them', () => {
    const now = '2026-01-01T00:00:00.000Z';
    expect(demoFirm(1234, now)).toEqual(demoFirm(1234, now));
    expect(demoFirm(1234, now).row.firm_id).toBe('F001234');
    expect(demoFirm(1235, now).row.name).not.toBe(demoFirm(1234, now).row.name);
  });

  it('seeds DEMO_FIRMS firms with their accounts once; a second call adds nothing', async () => {
    const db = server.app.erp.database.db;
    const count = async () => Number((await db.selectFrom('firms').select((eb) => eb.fn.countAll<number>().as('n')).where('created_by', '=', 'demo').executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(300);
    expect(await seedDemoFirms(db, 300)).toBe(false);
    expect(await count()).toBe(300);
    const withoutAccount = await db
      .selectFrom('firms as f')
      .select('f.firm_id')
      .where('f.created_by', '=', 'demo')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('firm_accounts as a').select('a.firm_id').whereRef('a.firm_id', '=', 'f.firm_id'))))
      .execute();
    expect(withoutAccount).toEqual([]);
  });

  it('names as bill-to of a ship-to only an earlier generated firm', async () => {
    const rows = (await server.app.erp.database.db
      .selectFrom('firms')
      .selectAll()
      .where('created_by', '=', 'demo')
      .execute()) as unknown as { firm_id: string; bill_to_id: string | null; is_ship_to: number | boolean }[];
    const shipTos = rows.filter((row) => row.bill_to_id);
    expect(shipTos.length).toBeGreaterThan(50);
    for (const row of shipTos) {
      expect(Boolean(row.is_ship_to)).toBe(true);
      expect(row.bill_to_id! < row.firm_id).toBe(true);
    }
  });

  it('continues numbering where a range ends', async () => {
    await insertFirms(server.app.erp.database.db, 301, 305);
    const ids = await server.app.erp.database.db.selectFrom('firms').select('firm_id').where('firm_id', '>', firmId(299)).where('firm_id', '<=', firmId(999)).orderBy('firm_id').execute();
    expect(ids.map((row) => row.firm_id)).toEqual(['F000300', 'F000301', 'F000302', 'F000303', 'F000304', 'F000305']);
  });

  it('refuses a DEMO_FIRMS that is not a count', () => {
    expect(() => testConfig({ DEMO_FIRMS: 'lots' })).toThrow(ConfigError);
    expect(() => testConfig({ DEMO_FIRMS: '-1' })).toThrow(ConfigError);
    expect(testConfig({ DEMO_FIRMS: '0' }).demoFirms).toBe(0);
  });
});
