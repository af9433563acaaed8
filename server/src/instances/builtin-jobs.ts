/**
 * The server's own background jobs (instances/jobs.ts runs each once across instances):
 * - `oidc-sweep` (hourly): expired rows of the embedded provider's storage (oidc/adapter.ts);
 * - `attempt-sweep` (hourly): throttle failures older than a day (instances/attempts.ts).
 * Both are idempotent: run again after a crash, they delete nothing twice.
 */
import { sweepExpiredPayloads } from '../oidc/adapter.ts';
import { sweepAttempts } from './attempts.ts';
import { registerJob } from './jobs.ts';

const HOUR = 3600_000;

export function registerBuiltinJobs(): void {
  registerJob({ name: 'oidc-sweep', everyMs: HOUR, run: async ({ db }) => void (await sweepExpiredPayloads(db)) });
  registerJob({ name: 'attempt-sweep', everyMs: HOUR, run: async ({ db }) => void (await sweepAttempts(db)) });
}
