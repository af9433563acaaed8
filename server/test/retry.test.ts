/**
 * A unit of work PostgreSQL aborts for concurrency (deadlock 40P01, serialization failure 40001) runs again, at
 * most MAX_ATTEMPTS times; any other error goes on at once (server/src/db/retry.ts).
 */
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryingConcurrency } from '../src/db/retry.ts';

const abort = (code: string) => Object.assign(new Error(`aborted ${code}`), { code });

describe('retryingConcurrency', () => {
  it('runs the work again after a deadlock or a serialization failure', async () => {
    let runs = 0;
    const answer = await retryingConcurrency(async () => {
      runs++;
      if (runs === 1) throw abort('40P01');
      if (runs === 2) throw abort('40001');
      return 'written';
    });
    expect([answer, runs]).toEqual(['written', 3]);
  });

  it('gives up after its attempts, and never retries another error', async () => {
    let runs = 0;
    await expect(retryingConcurrency(async () => { runs++; throw abort('40P01'); })).rejects.toThrow('aborted 40P01');
    expect(runs).toBe(MAX_ATTEMPTS);
    runs = 0;
    await expect(retryingConcurrency(async () => { runs++; throw abort('23505'); })).rejects.toThrow('aborted 23505');
    expect(runs).toBe(1);
  });
});
