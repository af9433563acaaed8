/**
 * Issue 71 item 2, "no English in French": a document's state reaches the user through its label in their language,
 * never as stored — on SQLite and PostgreSQL (TEST_DATABASE=postgres):
 * - the refusal of an edit its state forbids ("Cet enregistrement est Reçu …", not "… est Received …"), for the
 *   first demo record of each kind found in a state that forbids edits;
 * - a lookup's details ("PO200037 · V100 · Ouvert", not "· Open"): the enumerations among a definition's lookup
 *   details.
 */
import { allEntities } from '@erp/shared/entities/index';
import type { AnyEntity } from '@erp/shared/entities/define';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageIn } from '../src/entities/call-result.ts';
import type { TestServer } from './helpers/app.ts';
import { signedInServer } from './helpers/api.ts';
import { call } from './helpers/entities.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let admin: string;

beforeAll(async () => {
  ({ server, tokens: { admin } } = await signedInServer('admin'));
  // An order to look up (the test database holds masters, not orders).
  const made = async (url: string, body: Json) => {
    const answer = await call(server.app, 'POST', url, admin, body);
    expect(answer.statusCode, answer.body).toBe(201);
  };
  await made('/api/data/firm', { FirmId: 'LGV1', Name: 'Langue Supply', FirmTypes: ['vendor'] });
  await made('/api/data/product-class', { ClassId: 'LGC', Description: 'Language test class', InventoryAccount: 'INVENTORY-STEEL' });
  await made('/api/data/product', { ProductId: 'LG-BOLT', Description: 'Language bolt', ClassId: 'LGC', KitType: 'None', TrackInventory: true });
  await made('/api/data/purchase-order', { OrderDate: '2043-02-01', VendorId: 'LGV1', ShipToId: 'TOR-02', Lines: [{ ProductId: 'LG-BOLT', QuantityOrdered: '1.0000', UnitPrice: '2.0000' }] });
  expect((await call(server.app, 'POST', '/api/shell_init/locale', admin, { locale: 'fr-CA' })).statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const optionsOf = (def: AnyEntity, field: string) => (def.fields[field] as { options?: readonly { value: string; labelKey: string }[] }).options ?? [];

describe('states in the user\u2019s language (issue 71 item 2)', () => {
  it('refuses an edit its state forbids naming the state by its French label', async () => {
    const db = server.app.erp.database.db;
    let checked = 0;
    for (const def of allEntities()) {
      const machine = def.states;
      if (!machine || machine.editable.length === 0) continue;
      const locked = optionsOf(def, machine.field).filter((option) => !machine.editable.includes(option.value));
      const french = locked.filter((option) => messageIn('fr-CA', option.labelKey) !== option.value);
      if (french.length === 0) continue;
      const column = (def.fields[machine.field] as { column: string }).column;
      const key = (def.fields[def.key] as { column: string }).column;
      const row = (await db
        .selectFrom(def.table as never)
        .select([`${key} as id`, `${column} as state`] as never)
        .where(column as never, 'in', french.map((option) => option.value) as never)
        .limit(1)
        .executeTakeFirst()) as Json | undefined;
      if (!row) continue;
      const record = await call(server.app, 'GET', `/api/data/${def.name}/${encodeURIComponent(String(row.id))}`, admin);
      if (record.statusCode !== 200) continue;
      const answer = await call(server.app, 'PUT', `/api/data/${def.name}/${encodeURIComponent(String(row.id))}`, admin, { Version: record.json().Data.Version });
      if (answer.statusCode !== 409 || answer.json().ResultCode !== 'state_locked') continue;
      const option = french.find((candidate) => candidate.value === row.state)!;
      expect(answer.json().Message, def.name).toContain(messageIn('fr-CA', option.labelKey));
      expect(answer.json().Message, def.name).not.toMatch(new RegExp(`\\b${option.value}\\b`));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('answers the enumerations among a lookup\u2019s details by their French labels', async () => {
    const defs = allEntities().filter((def) => def.lookupDetails.some((detail) => def.fields[detail]?.type === 'enum'));
    expect(defs.map((def) => def.name)).toEqual(expect.arrayContaining(['purchase-order']));
    let answered = 0;
    for (const def of defs) {
      const answer = await call(server.app, 'GET', `/api/lookup/${def.name}?Search=`, admin);
      expect(answer.statusCode, answer.body).toBe(200);
      const labels = (answer.json().List as Json[]).map((row) => String(row.Label));
      const enums = def.lookupDetails.filter((detail) => def.fields[detail]?.type === 'enum');
      for (const detail of enums) {
        for (const option of optionsOf(def, detail)) {
          const french = messageIn('fr-CA', option.labelKey);
          if (french === option.value) continue;
          expect(labels.filter((label) => label.split(' · ').includes(option.value)), `${def.name} ${option.value}`).toEqual([]);
        }
      }
      // Each state answered reads as its French label.
      const french = enums.flatMap((detail) => optionsOf(def, detail).map((option) => messageIn('fr-CA', option.labelKey)));
      expect(labels.every((label) => label.split(' · ').some((part) => french.includes(part))), `${def.name}: ${labels.slice(0, 3).join(' | ')}`).toBe(true);
      answered += labels.length;
    }
    expect(answered).toBeGreaterThan(0);
  });
});
