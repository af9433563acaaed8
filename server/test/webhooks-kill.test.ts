/**
 * Webhooks across a crash (issue 72 item 3): the real server (a child process, on the engine under test) takes a
 * loop of writes from four clients while its worker delivers their events to a receiver inside the test (every
 * request verified with `standardwebhooks`); it is killed with SIGKILL mid-run and restarted on the same data.
 * Then every record stored has exactly one message (one `webhook-id`; a message the crash cut between the
 * receiver's answer and the log's update arrives again with the same id, which the receiver drops), no record
 * that was not stored has one, and the log holds one Delivered row per record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { exited, freePort, httpSignIn, spawnServer, type RunningServer } from './helpers/http.ts';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.ts';

let testDb: TestDatabase;
let running: RunningServer | undefined;
let receiver: Receiver;

beforeAll(async () => {
  testDb = await createTestDatabase({ template: 'core' });
  receiver = await startReceiver();
});

afterAll(async () => {
  running?.child.kill('SIGKILL');
  if (running) await exited(running.child);
  await testDb?.drop();
  await receiver?.close();
});

// As entities-kill.test.ts: the budget bounds a start that never comes, it is not what the test measures.
const START_BUDGET_MS = 150_000;
const CODE_TYPE = 'HOOK-KILL';

describe('kill -9 while webhooks are being written and sent', () => {
  it('delivers exactly one message per stored change', async () => {
    const publicUrl = `http://localhost:${await freePort()}`;
    // A dead instance's claims are free again after a second; the worker looks every 200 ms.
    const environment = { ...testDb.environment, WEBHOOK_LEASE_MS: '1000', WEBHOOK_POLL_MS: '200', WEBHOOK_RETRY_BASE_MS: '100' };
    running = await spawnServer(publicUrl, environment, START_BUDGET_MS);
    const token = await httpSignIn(running.base, publicUrl, 'admin', 'admin');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const subscribed = await fetch(`${running.base}/api/data/webhook-subscription`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ Url: receiver.url('kill'), Events: 'code-index.created' }),
    });
    expect(subscribed.status).toBe(201);
    receiver.secrets.set('kill', ((await subscribed.json()) as { Data: { Secret: string } }).Data.Secret);

    const base = running.base;
    const acknowledged: string[] = [];
    let stop = false;
    let next = 0;
    async function writer(): Promise<void> {
      while (!stop) {
        const code = `W${String(next++).padStart(5, '0')}`;
        try {
          const response = await fetch(`${base}/api/data/code-index`, { method: 'POST', headers, body: JSON.stringify({ CodeType: CODE_TYPE, Code: code, Description: `Hooked ${code}` }) });
          if (response.status === 201) acknowledged.push(code);
          else await response.text();
        } catch {
          return; // the server is gone
        }
      }
    }
    const writers = Array.from({ length: 4 }, () => writer());
    // Killed while writes and deliveries are both under way.
    while ((acknowledged.length < 80 || receiver.received.length < 20) && acknowledged.length < 2000) await new Promise((resolve) => setTimeout(resolve, 20));
    running.child.kill('SIGKILL');
    await exited(running.child);
    stop = true;
    await Promise.all(writers);

    running = await spawnServer(publicUrl, environment, START_BUDGET_MS);
    const get = async (path: string) => (await (await fetch(`${running!.base}${path}`, { headers })).json()) as { TotalCount: number; List: Record<string, unknown>[] };
    // The restarted worker sends what is left (and what the dead one had claimed, once its lease ran out).
    for (let waited = 0; (await get('/api/data/webhook-delivery?filter.Status=Pending&PageSize=1')).TotalCount > 0; waited++) {
      expect(waited, 'deliveries still pending after the restart').toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    /** Every row of a list, a page of 1,000 at a time. */
    const all = async (path: string) => {
      const rows: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        const answer = await get(`${path}&PageSize=1000&Page=${page}`);
        expect(answer.List, JSON.stringify(answer)).toBeDefined();
        rows.push(...answer.List);
        if (rows.length >= answer.TotalCount || answer.List.length === 0) return rows;
      }
    };
    const stored = await all(`/api/data/code-index?filter.CodeType=${CODE_TYPE}`);
    const storedCodes = new Set(stored.map((row) => row['Code']));
    expect(acknowledged.filter((code) => !storedCodes.has(code))).toEqual([]);
    const got = receiver.received.filter((one) => one.path === 'kill');
    expect(got.every((one) => one.verified)).toBe(true);
    const idsByRecord = new Map<string, Set<string>>();
    for (const one of got) idsByRecord.set(one.body.data.Id, (idsByRecord.get(one.body.data.Id) ?? new Set()).add(one.id));
    // Exactly the stored records, one message each.
    expect([...idsByRecord.keys()].sort()).toEqual(stored.map((row) => String(row['CodeKey'])).sort());
    expect([...idsByRecord.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    const log = await all(`/api/data/webhook-delivery?filter.EventType=code-index.created`);
    expect(log).toHaveLength(stored.length);
    expect(log.filter((row) => row['Status'] !== 'Delivered')).toEqual([]);

    running.child.kill('SIGTERM');
    await exited(running.child);
    running = undefined;
  }, 2 * START_BUDGET_MS + 120_000);
});
