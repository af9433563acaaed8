/**
 * Webhooks (issue 72 item 3), on the engine under test: an administrator subscribes a receiver (inside the test,
 * helpers/webhook-receiver.ts) to events; every delivery is verified with the `standardwebhooks` package; one
 * delivery per change and subscription, in order per record, the record as the subscription's owner may read it (§6:
 * an owner restricted to B100 gets nothing of B200's order); a 500 is retried; a delivery is replayed from the log;
 * a subscription whose deliveries fail past the retry window is turned off and its owner e-mailed (read from the
 * capture mailbox). The worker is driven by `app.erp.webhooks.tick()` (it also runs on its own).
 * docs/public-api.md "Webhooks: receive and verify": the subscription (curl) and the receiver (Node, `standardwebhooks`) snippets, as written.
 * The crash (kill -9 mid-run, restart, one delivery per change): webhooks-kill.test.ts.
 */
import { execFile, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call, salesOrderBody as order } from './helpers/entities.ts';
import { freePort, REPO_ROOT } from './helpers/http.ts';
import { snippet } from './helpers/snippets.ts';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any


let server: TestServer;
let receiver: Receiver;
let admin: string;
let restricted: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;

const as = (token: string) => ({
  post: async (url: string, body: unknown) => {
    const answer = await call(server.app, 'POST', url, token, body);
    return { status: answer.statusCode, body: answer.json() as Json };
  },
  get: async (url: string) => {
    const answer = await call(server.app, 'GET', url, token);
    return { status: answer.statusCode, body: answer.json() as Json };
  },
});

/** Subscribes the receiver's `name` as `token`'s user; answers the saved subscription (with its secret). */
async function subscribe(token: string, name: string, events: string): Promise<Json> {
  const made = await as(token).post('/api/data/webhook-subscription', { Url: receiver.url(name), Events: events, Description: name });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const secret = made.body['Data']['Secret'] as string;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  receiver.secrets.set(name, secret);
  return made.body['Data'] as Json;
}

const deliveries = async (subscription: number) =>
  (await db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', subscription).orderBy('delivery_id').execute()) as Json[];

beforeAll(async () => {
  server = await startServer({ WEBHOOK_RETRY_BASE_MS: '0', WEBHOOK_POLL_MS: '1000000' });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db = server.app.erp.database.db as unknown as Kysely<any>;
  receiver = await startReceiver();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  // A copy of admin (every role, the same password), restricted to the customer B100 (§6).
  const row = await db.selectFrom('users').selectAll().where('user_id', '=', 'admin').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ ...row, user_id: 'hooked', display_name: 'Hooked B100', restricted_to_customers: server.database.engine === 'postgres' ? true : 1 }).execute();
  for (const { role_id } of await db.selectFrom('user_roles').select('role_id').where('user_id', '=', 'admin').execute()) await db.insertInto('user_roles').values({ user_id: 'hooked', role_id }).execute();
  await db.insertInto('user_customers').values({ user_id: 'hooked', firm_id: 'B100' }).execute();
  restricted = (await signIn(server.app, 'hooked', 'admin')).access_token;
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('webhooks', () => {
  it('documents every event in the OpenAPI webhooks section', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = answer.json() as Json;
    const event = document['webhooks']['sales-order.status_changed']['post'];
    expect(event['requestBody']['content']['application/json']['schema']).toEqual({ $ref: '#/components/schemas/SalesOrderEvent' });
    expect(event['parameters'].map((p: Json) => p['name'])).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const body = document['components']['schemas']['SalesOrderEvent'];
    expect(body['properties']['type']['enum']).toEqual(['sales-order.created', 'sales-order.changed', 'sales-order.deleted', 'sales-order.status_changed']);
    expect(body['properties']['data']['properties']['Record']['anyOf'][0]).toEqual({ $ref: '#/components/schemas/SalesOrder' });
    // An entity without states has no status_changed; the webhook tables tell nothing of themselves.
    expect(document['webhooks']['code-index.created']).toBeDefined();
    expect(document['webhooks']['code-index.status_changed']).toBeUndefined();
    expect(Object.keys(document['webhooks']).filter((name) => name.startsWith('webhook-'))).toEqual([]);
  });

  it('refuses events that are not events of an entity', async () => {
    const refused = await as(admin).post('/api/data/webhook-subscription', { Url: receiver.url('x'), Events: 'no-such-thing.created' });
    expect(refused.status).toBe(400);
    const malformed = await as(admin).post('/api/data/webhook-subscription', { Url: receiver.url('x'), Events: 'sales-order.shipped' });
    expect(malformed.status).toBe(400);
    const made = await as(admin).post('/api/data/webhook-delivery', {});
    expect([400, 403]).toContain(made.status);
  });

  it('delivers one signed event per change and subscription, in order per record, as the owner may read it', async () => {
    const all = await subscribe(admin, 'all', 'sales-order.*');
    const own = await subscribe(restricted, 'own', 'sales-order.created, sales-order.status_changed');
    expect(own['OwnerId']).toBe('hooked');
    const mine = (await as(admin).post('/api/data/sales-order', order('B100', 'S101'))).body['Data'] as Json;
    const theirs = (await as(admin).post('/api/data/sales-order', order('B200', 'S201'))).body['Data'] as Json;
    const committed = await as(admin).post(`/api/data/sales-order/${mine['OrderKey']}/actions/commit`, { Version: mine['Version'] });
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    await server.app.erp.webhooks.tick();

    const got = receiver.received.filter((one) => one.path === 'all');
    expect(got.every((one) => one.verified)).toBe(true);
    const ofMine = got.filter((one) => one.body.data.Id === String(mine['OrderKey'])).map((one) => one.body.type);
    expect(ofMine).toEqual(['sales-order.created', 'sales-order.changed', 'sales-order.status_changed']);
    const statusEvent = got.find((one) => one.body.type === 'sales-order.status_changed')!;
    expect(statusEvent.body.data.Status).toBe('Committed');
    expect(statusEvent.body.data.Record!['BillToId']).toBe('B100');
    expect(got.filter((one) => one.body.data.Id === String(theirs['OrderKey'])).map((one) => one.body.type)).toEqual(['sales-order.created']);
    // One delivery per change: no message twice.
    expect(new Set(got.map((one) => one.id)).size).toBe(got.length);
    const logged = await deliveries(all['SubscriptionId'] as number);
    expect(logged.map((row) => row.status)).toEqual(logged.map(() => 'Delivered'));
    expect(logged).toHaveLength(got.length);

    // §6: the subscription of the user restricted to B100 gets B100's order, never B200's (withheld in the log).
    const ownGot = receiver.received.filter((one) => one.path === 'own');
    expect(ownGot.every((one) => one.verified)).toBe(true);
    expect(ownGot.map((one) => [one.body.data.Id, one.body.type])).toEqual([
      [String(mine['OrderKey']), 'sales-order.created'],
      [String(mine['OrderKey']), 'sales-order.status_changed'],
    ]);
    const withheld = (await deliveries(own['SubscriptionId'] as number)).filter((row) => row.record_id === String(theirs['OrderKey']));
    expect(withheld.map((row) => row.status)).toEqual(['Withheld']);
    expect(withheld[0]!.payload).toBeNull();
  });

  it('tries again after the receiver answers 500, with the same message id', async () => {
    const flaky = await subscribe(admin, 'flaky', 'code-index.created');
    receiver.failNext('flaky', 2, 500);
    const made = await as(admin).post('/api/data/code-index', { CodeType: 'HOOK', Code: 'RETRY', Description: 'Retried' });
    expect(made.status).toBe(201);
    await server.app.erp.webhooks.tick();
    const got = receiver.received.filter((one) => one.path === 'flaky');
    expect(got.map((one) => one.answered)).toEqual([500, 500, 200]);
    expect(new Set(got.map((one) => one.id)).size).toBe(1);
    expect(got.every((one) => one.verified)).toBe(true);
    const [row] = await deliveries(flaky['SubscriptionId'] as number);
    expect(row).toMatchObject({ status: 'Delivered', attempts: 3, last_status_code: 200 });
  });

  it('replays a delivery from the log', async () => {
    const logged = await as(admin).get('/api/data/webhook-delivery?filter.EventType=code-index.created&PageSize=10');
    expect(logged.status).toBe(200);
    const entry = (logged.body['List'] as Json[])[0]!;
    const before = receiver.received.filter((one) => one.path === 'flaky').length;
    const full = await as(admin).get(`/api/data/webhook-delivery/${entry['DeliveryId']}`);
    const replayed = await as(admin).post(`/api/data/webhook-delivery/${entry['DeliveryId']}/actions/replay`, { Version: full.body['Data']['Version'] });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200);
    expect((await as(admin).get(`/api/data/webhook-delivery/${entry['DeliveryId']}`)).body['Data']['Status']).toBe('Pending');
    await server.app.erp.webhooks.tick();
    const got = receiver.received.filter((one) => one.path === 'flaky');
    expect(got).toHaveLength(before + 1);
    expect(got.at(-1)!.id).toBe(full.body['Data']['MessageId']);
    expect(got.at(-1)!.verified).toBe(true);
    expect((await as(admin).get(`/api/data/webhook-delivery/${entry['DeliveryId']}`)).body['Data']).toMatchObject({ Status: 'Delivered', Attempts: 4 });
  });

  it('turns a subscription off after its deliveries fail for the retry window and e-mails its owner', async () => {
    await db.updateTable('users').set({ email: 'hooks-admin@example.com' }).where('user_id', '=', 'admin').execute();
    const down = await subscribe(admin, 'down', 'code-index.*');
    receiver.failNext('down', Infinity, 503);
    // The 24 hours pass at once.
    server.config.webhooks.retrySeconds = 0;
    try {
      expect((await as(admin).post('/api/data/code-index', { CodeType: 'HOOK', Code: 'DOWN', Description: 'Down' })).status).toBe(201);
      await server.app.erp.webhooks.tick();
    } finally {
      server.config.webhooks.retrySeconds = 86_400;
    }
    const [row] = await deliveries(down['SubscriptionId'] as number);
    expect(row).toMatchObject({ status: 'Failed', last_status_code: 503 });
    const subscription = (await as(admin).get(`/api/data/webhook-subscription/${down['SubscriptionId']}`)).body['Data'] as Json;
    expect(subscription['IsActive']).toBe(false);
    expect(subscription['DisabledReason']).toBe('HTTP 503');
    const mails = await db.selectFrom('captured_mails').selectAll().where('mail_to', '=', 'hooks-admin@example.com').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Webhook ${down['SubscriptionId']} turned off`);
    expect(mails[0]!.body_text).toContain(receiver.url('down'));
    // Off: a later change queues nothing for it.
    expect((await as(admin).post('/api/data/code-index', { CodeType: 'HOOK', Code: 'LATER', Description: 'Later' })).status).toBe(201);
    expect(await deliveries(down['SubscriptionId'] as number)).toHaveLength(1);
  });
});

describe('docs/public-api.md: receive and verify a webhook — the snippets as written', () => {
  it('subscribes with curl and verifies the order\'s events with the receiver script', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const listening = await freePort();
    const receiverUrl = `http://127.0.0.1:${listening}/hooks`;
    const curl = await promisify(execFile)('sh', ['-c', snippet('webhook-subscribe')], { env: { ...process.env, ERP_URL: `http://127.0.0.1:${port}`, ADMIN_TOKEN: admin, RECEIVER_URL: receiverUrl } });
    const made = JSON.parse(curl.stdout) as Json;
    expect(made['ResultStatus']).toBe(1);
    const secret = made['Data']['Secret'] as string;

    const child = spawn(process.execPath, ['--input-type=module', '-e', snippet('webhook-receiver')], { cwd: REPO_ROOT, env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(listening) }, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: string[] = [];
    let buffered = '';
    const waiters: (() => void)[] = [];
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      lines.push(...parts);
      for (const wake of waiters.splice(0)) wake();
    });
    const line = async (count: number) => {
      while (lines.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return lines[count - 1]!;
    };
    try {
      expect(await line(1)).toBe('listening');
      const placed = (await as(admin).post('/api/data/sales-order', order('B100', 'S101'))).body['Data'] as Json;
      await server.app.erp.webhooks.tick();
      expect(await line(2)).toBe(`sales-order.created ${placed['OrderKey']} ${placed['OrderNo']}`);
      // The log shows the receiver's 204; a replay comes with the same webhook-id, which the script drops.
      const [row] = (await db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', made['Data']['SubscriptionId']).execute()) as Json[];
      expect(row).toMatchObject({ status: 'Delivered', last_status_code: 204 });
    } finally {
      child.kill('SIGTERM');
    }
  });
});

