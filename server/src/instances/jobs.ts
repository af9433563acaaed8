/**
 * Background jobs that run once across every server instance on the database (issue 43 item 1).
 *
 * Contract:
 * - `registerJob({ name, everyMs, run })` (module level, like reports and processes) adds a job (and answers its removal); the built-in ones
 *   (sweeps of expired sign-in state, builtin-jobs.ts) are registered by this server.
 * - `JobScheduler` (`app.erp.jobs`): every instance ticks every TICK_MS (from start-up, jittered); a tick runs each
 *   job that is due and not held. `tick()` answers the names of the jobs this instance ran (tests call it).
 * - Once across instances: a job is a row of `background_jobs` (migration 0047). Taking it is ONE update — due and
 *   not leased (or the lease expired) → leased to this run — so the database decides between racing instances on
 *   both engines (PostgreSQL re-checks the condition after the row lock; SQLite writes one at a time). The run
 *   renews its lease every LEASE_MS / 3; when it ends (done or failed) the row gets its next due time and the lease
 *   is freed, naming this instance and the error, if any. An instance that dies mid-run leaves a lease that expires
 *   after LEASE_MS, and the next tick of any instance runs the job again.
 * - A job must tolerate running again after a crash (the sweeps are idempotent); it never runs twice at once.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** How long a run holds its job without renewal (a dead instance's job is free again after this). */
export const LEASE_MS = 5 * 60_000;
/** How often an instance looks for due jobs. */
export const TICK_MS = 30_000;

export interface JobContext {
  db: Kysely<DB>;
  /** This instance's name (host:pid:random), as `background_jobs.last_instance` records it. */
  instance: string;
}

export interface BackgroundJob {
  /** Unique, kebab-case: the row's key. */
  name: string;
  /** Time from the end of one run to the next. */
  everyMs: number;
  run(ctx: JobContext): Promise<void>;
}

interface JobsTable {
  job: string;
  due_at: number | string;
  holder: string | null;
  lease_until: number | string | null;
  runs: number;
  last_started_at: number | string | null;
  last_finished_at: number | string | null;
  last_instance: string | null;
  last_error: string | null;
}
type JobsDb = Kysely<{ background_jobs: JobsTable }>;

const registry = new Map<string, BackgroundJob>();

/** Adds (or replaces) a job; answers a function that removes it again (tests). */
export function registerJob(job: BackgroundJob): () => void {
  if (!/^[a-z][a-z0-9-]*$/.test(job.name)) throw new Error(`background job name "${job.name}" is not kebab-case`);
  registry.set(job.name, job);
  return () => {
    if (registry.get(job.name) === job) registry.delete(job.name);
  };
}

export function registeredJobs(): BackgroundJob[] {
  return [...registry.values()];
}

export interface SchedulerOptions {
  /** Warnings (a failed run, a failed tick). */
  warn?: (message: string) => void;
  /** Clock (tests move time instead of waiting). */
  now?: () => number;
}

export class JobScheduler {
  readonly instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly jobsDb: JobsDb;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: SchedulerOptions = {},
  ) {
    this.jobsDb = db as unknown as JobsDb;
    this.now = options.now ?? Date.now;
  }

  /**
   * Ticks once now (awaited: a started instance has done its due jobs, or seen them held or not due), then every
   * TICK_MS (± 20 %, so instances started together do not tick together).
   */
  async start(): Promise<void> {
    const tick = () => this.tick().catch((error: Error) => this.options.warn?.(`background jobs: tick failed (${error.message})`));
    const next = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        this.running = tick().finally(next);
      }, TICK_MS * (0.8 + Math.random() * 0.4));
      this.timer.unref();
    };
    this.running = tick();
    await this.running;
    next();
  }

  /** Stops ticking and waits for a run in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running.catch(() => undefined);
  }

  /** Runs every due, unheld job once; answers the names of those this instance ran. */
  async tick(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of registeredJobs()) {
      if (this.closed) break;
      if (await this.runIfDue(job)) ran.push(job.name);
    }
    return ran;
  }

  private async runIfDue(job: BackgroundJob): Promise<boolean> {
    const db = this.jobsDb;
    const now = this.now();
    // First sight of the job on this database: due at once.
    await db
      .insertInto('background_jobs')
      .values({ job: job.name, due_at: now, holder: null, lease_until: null, runs: 0, last_started_at: null, last_finished_at: null, last_instance: null, last_error: null })
      .onConflict((conflict) => conflict.column('job').doNothing())
      .execute();
    const token = randomBytes(12).toString('base64url');
    const taken = await db
      .updateTable('background_jobs')
      .set({ holder: token, lease_until: now + LEASE_MS, last_started_at: now, last_instance: this.instance })
      .where('job', '=', job.name)
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    const renew = setInterval(() => {
      db.updateTable('background_jobs')
        .set({ lease_until: this.now() + LEASE_MS })
        .where('job', '=', job.name)
        .where('holder', '=', token)
        .execute()
        .catch(() => undefined);
    }, LEASE_MS / 3);
    renew.unref();
    let error: string | null = null;
    try {
      await job.run({ db: this.db, instance: this.instance });
    } catch (failure) {
      error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 2000);
      this.options.warn?.(`background job ${job.name} failed on ${this.instance}: ${error}`);
    } finally {
      clearInterval(renew);
    }
    const finished = this.now();
    await db
      .updateTable('background_jobs')
      .set((eb) => ({ holder: null, lease_until: null, due_at: finished + job.everyMs, last_finished_at: finished, last_error: error, runs: eb('runs', '+', 1) }))
      .where('job', '=', job.name)
      .where('holder', '=', token)
      .execute();
    return true;
  }
}
