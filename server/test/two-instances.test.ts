/**
 * Issue 43 item 1 (acceptance): two server instances — two processes — on one PostgreSQL database serve any request;
 * the requests below alternate between them. Sign-in on one and calls on the other; the refresh token used on the
 * other; sign-in throttling counted across both; one Idempotency-Key sent to both acts once; one process run started
 * on both at once runs once (the other finds its items done and says by whom); a background job runs once across
 * instances and a dead instance's lease expires; mail sent through one is in the mailbox read through the other; a
 * setting and a cached list count changed through one are seen through the other.
 * PostgreSQL only: on SQLite the server is one instance by design (ARCHITECTURE.md "Instances").
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Kysely, PostgresDialect, sql } from 'kysely';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobScheduler, registerJob } from '../src/instances/jobs.ts';
import { PAIR_FAILURES } from '../src/security/sign-in-guard.ts';
import { guarded } from '../src/db/primary.ts';
import type { DB } from '../src/db/schema.ts';
import { apiGet, openLoginPage, refresh, signIn, submitLogin } from './helpers/app.ts';
import { createTestDatabase, engine, type TestDatabase } from './helpers/database.ts';
import { call } from './helpers/entities.ts';
import { startInstance, type Instance } from './helpers/instances.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.skipIf(engine !== 'postgres')('two instances on one PostgreSQL database (issue 43)', () => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  let admin: string;
  /** A port held by this test: the second instance is told to capture mail on it, finds it taken, takes another. */
  let held: Server;
  let heldPort: number;

  const count = async (table: string, where?: [string, string]) => {
    let query = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    if (where) query = query.where(where[0], '=', where[1]);
    return Number(((await query.executeTakeFirst()) as { n: unknown }).n);
  };
  const send = (instance: Instance, url: string, body: unknown, key?: string) =>
    instance.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await createTestDatabase({ template: 'core' });
    held = createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    heldPort = (held.address() as AddressInfo).port;
    // Started together, as a deployment starts them. The second asks for a taken mail capture port (mail/capture.ts).
    [a, b] = await Promise.all([startInstance(database.environment), startInstance({ ...database.environment, SMTP_CAPTURE_PORT: String(heldPort) })]);
    // Guarded like the server's pools: its end() resolves before its connections have closed, and the database's
    // drop then ends one with 57P01 — an error node-postgres emits on the pool, which unheard failed the run.
    db = new Kysely({ dialect: new PostgresDialect({ pool: guarded(new pg.Pool({ connectionString: database.environment.DATABASE_URL, max: 4 })) }) });
    admin = (await signIn(a.app, 'admin', 'admin')).access_token;
    // Two processes each compile the server at start: more than a test file's usual minute on a loaded machine.
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await new Promise<void>((resolve) => (held ? held.close(() => resolve()) : resolve()));
    await db?.destroy();
    await database?.drop();
  });

  it('signs in on one and answers calls on the other; the refresh token works on the other', async () => {
    const tokens = await signIn(b.app, 'clerk', 'clerk');
    const profile = await apiGet(a.app, '/api/shell/profile', tokens.access_token);
    expect(profile.statusCode, profile.body).toBe(200);
    expect((profile.json() as Json).shellSub.subjectId).toBe('clerk');
    const renewed = await refresh(a.app, tokens.refresh_token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const next = renewed.json() as Json;
    expect((await apiGet(b.app, '/api/shell/profile', next.access_token as string)).statusCode).toBe(200);
    // And the rotated token renews again on the first instance.
    expect((await refresh(b.app, next.refresh_token as string)).statusCode).toBe(200);
  });

  it('counts sign-in failures across both: the attempt after the limit is refused by either', async () => {
    const attempt = await openLoginPage(a.app);
    for (let i = 0; i < PAIR_FAILURES; i += 1) {
      const refused = await submitLogin(i % 2 === 0 ? a.app : b.app, attempt, 'twin-guesser', `wrong-${i}`);
      expect(refused.response.statusCode, `attempt ${i + 1}`).toBe(200);
    }
    for (const instance of [a, b]) {
      const locked = await submitLogin(instance.app, attempt, 'twin-guesser', 'wrong-again');
      expect(locked.response.statusCode).toBe(429);
      expect(Number(locked.response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('acts once for one Idempotency-Key sent to both at once, and replays it on both', async () => {
    for (const account of [
      { AccountId: '93600', Description: 'Twin expense', AccountType: 'expense' },
      { AccountId: '93700', Description: 'Twin bank', AccountType: 'asset' },
    ]) {
      expect((await send(a, '/api/data/gl-account', account)).statusCode).toBe(201);
    }
    const body = { EntryDate: '2026-11-03', Description: 'Twin keyed', Lines: [{ AccountId: '93600', Debit: '5.00' }, { AccountId: '93700', Credit: '5.00' }] };
    const answers = await Promise.all([a, b, a, b].map((instance) => send(instance, '/api/data/gl-journal-entry', body, 'twin-create-1')));
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const answer of created) expect(answer.body).toBe(created[0]!.body);
    for (const instance of [a, b]) {
      const again = await send(instance, '/api/data/gl-journal-entry', body, 'twin-create-1');
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(created[0]!.body);
    }
    expect(await count('gl_journal_entries', ['description', 'Twin keyed'])).toBe(1);
  });

  it('runs one process on both at once exactly once: the other finds its items done', async () => {
    for (const description of ['Twin draft 1', 'Twin draft 2']) {
      const draft = await send(b, '/api/data/gl-journal-entry', {
        EntryDate: '2026-11-04',
        Description: description,
        Lines: [{ AccountId: '93600', Debit: '7.00' }, { AccountId: '93700', Credit: '7.00' }],
      });
      expect(draft.statusCode, draft.body).toBe(201);
    }
    const parameters = { StartDate: '2026-11-04', EndDate: '2026-11-04' };
    const preview = (await send(a, '/api/processes/gl-post-drafts/preview', { Parameters: parameters })).json() as Json;
    const items = (preview.List as Json[]).map((row) => row.EntryId as string);
    expect(items).toHaveLength(2);
    const entries = await count('gl_entries');
    const runs = (await Promise.all([a, b].map((instance) => send(instance, '/api/processes/gl-post-drafts/run', { Parameters: parameters, Items: items })))).map(
      (answer) => answer.json() as Json,
    );
    const done = runs.filter((run) => run.ResultStatus === 1);
    const late = runs.filter((run) => run.ResultStatus !== 1);
    expect(done, JSON.stringify(runs)).toHaveLength(1);
    expect(late).toHaveLength(1);
    expect((late[0]!.List as Json[]).map((item) => item.ResultCode)).toEqual(['not_eligible', 'not_eligible']);
    const adminName = ((await db.selectFrom('users').select('display_name').where('user_id', '=', 'admin').executeTakeFirstOrThrow()) as Json).display_name as string;
    expect((late[0]!.List as Json[])[0]!.Message).toContain(`Already processed: ${adminName} ran it at`);
    // Two lines per entry, written once.
    expect(await count('gl_entries')).toBe(entries + 4);
  });

  it('ran the built-in jobs once at the two start-ups, and runs a due job once across instances', async () => {
    const builtin = (await db.selectFrom('background_jobs').select(['job', 'runs', 'holder', 'last_instance']).where('job', 'in', ['oidc-sweep', 'attempt-sweep']).orderBy('job').execute()) as Json[];
    expect(builtin.map((row) => [row.job, row.runs, row.holder])).toEqual([
      ['attempt-sweep', 1, null],
      ['oidc-sweep', 1, null],
    ]);
    // Two schedulers on the database (two instances' worth), ticking together many times.
    let runs = 0;
    const remove = registerJob({
      name: 'twin-probe',
      everyMs: 3600_000,
      run: async () => {
        runs += 1;
        // Long enough that every other tick meets the job held or not due any more.
        await sql`select pg_sleep(0.2)`.execute(db);
      },
    });
    try {
      const one = new JobScheduler(db as unknown as Kysely<DB>);
      const two = new JobScheduler(db as unknown as Kysely<DB>);
      const ran = await Promise.all([one, two, one, two, one, two].map((scheduler) => scheduler.tick()));
      expect(runs).toBe(1);
      expect(ran.filter((names) => names.includes('twin-probe'))).toHaveLength(1);
      // Held by a live instance (its lease not expired): not run, though due.
      await db.updateTable('background_jobs').set({ holder: 'alive', lease_until: Date.now() + 60_000, due_at: Date.now() - 1 }).where('job', '=', 'twin-probe').execute();
      expect(await two.tick()).not.toContain('twin-probe');
      // Held by an instance that died mid-run: its lease expires, and the next tick runs the job.
      await db.updateTable('background_jobs').set({ holder: 'dead', lease_until: Date.now() - 1 }).where('job', '=', 'twin-probe').execute();
      expect(await two.tick()).toContain('twin-probe');
      expect(runs).toBe(2);
      const row = (await db.selectFrom('background_jobs').selectAll().where('job', '=', 'twin-probe').executeTakeFirstOrThrow()) as Json;
      expect([row.runs, row.holder, row.last_instance]).toEqual([2, null, two.instance]);
    } finally {
      remove();
      await db.deleteFrom('background_jobs').where('job', '=', 'twin-probe').execute();
    }
  });

  it('shows mail sent through one instance in the mailbox read through the other', async () => {
    expect(a.smtp).toBeGreaterThan(0);
    expect(b.smtp).toBeGreaterThan(0);
    expect(b.smtp).not.toBe(a.smtp);
    expect(b.smtp).not.toBe(heldPort);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: a.smtp!, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'erp@localhost', to: 'twin@customer.example', subject: 'Twin mail TW-1', text: 'Sent through A.' });
    transport.close();
    const list = (await call(b.app, 'GET', '/api/data/captured-mail?Search=TW-1', admin)).json() as Json;
    expect(list.List.map((mail: Json) => [mail.MailTo, mail.Subject])).toEqual([['twin@customer.example', 'Twin mail TW-1']]);
  });

  it('sees through one instance a setting and a list count changed through the other', async () => {
    const created = await call(a.app, 'POST', '/api/data/configuration', admin, { ControlId: 'TWIN.SETTING', Description: 'Two instances', ControlValue: 'first' });
    expect(created.statusCode, created.body).toBe(201);
    const read = async () => ((await call(b.app, 'GET', '/api/Configuration/GetConfigurationByControlId?controlId=TWIN.SETTING', admin)).json() as Json).ControlValue;
    expect(await read()).toBe('first');
    const changed = await call(a.app, 'PUT', '/api/data/configuration/TWIN.SETTING', admin, { ControlValue: 'second', Version: (created.json() as Json).Data.Version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await read()).toBe('second');

    // The list's TotalCount is cached per instance (entities/paging.ts); a write through A drops B's copy through
    // the record events (LISTEN/NOTIFY), which arrive asynchronously: within a second or so.
    const total = async () => ((await call(b.app, 'GET', '/api/data/configuration', admin)).json() as Json).TotalCount as number;
    const before = await total();
    expect((await call(a.app, 'POST', '/api/data/configuration', admin, { ControlId: 'TWIN.SECOND', Description: 'Counted', ControlValue: 'x' })).statusCode).toBe(201);
    await expect.poll(total, { timeout: 5000 }).toBe(before + 1);
  });
});
