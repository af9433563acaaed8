import { afterEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@erp/shared';
import { backoffDelay, probeApi, watchReachability } from './reachability.ts';

afterEach(() => {
  vi.useRealTimers();
  bus.apiReachable$.next(true);
});

describe('API reachability (§7 recovery)', () => {
  it('backs off 1 s, 2 s, 4 s … up to 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map((attempt) => backoffDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 15000, 15000, 15000,
    ]);
  });

  it('probes while unreachable, with growing delays, and stops once the API answers', async () => {
    vi.useFakeTimers();
    const answers = [false, false, true];
    const probe = vi.fn(async () => answers.shift() ?? true);
    const stop = watchReachability(probe);
    expect(probe).not.toHaveBeenCalled();

    bus.apiReachable$.next(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(probe).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(bus.apiReachable$.value).toBe(false);
    await vi.advanceTimersByTimeAsync(4000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(bus.apiReachable$.value).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(3);

    // Unreachable again: starts over at 1 s.
    bus.apiReachable$.next(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(probe).toHaveBeenCalledTimes(4);
    stop();
  });

  it('does not probe when a call brought the API back meanwhile', async () => {
    vi.useFakeTimers();
    const probe = vi.fn(async () => true);
    const stop = watchReachability(probe);
    bus.apiReachable$.next(false);
    bus.apiReachable$.next(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(probe).not.toHaveBeenCalled();
    stop();
  });

  it('counts any HTTP answer as reachable and a network failure as not', async () => {
    const answered = vi.fn(async () => new Response('', { status: 401 }));
    await expect(probeApi(answered as unknown as typeof fetch)).resolves.toBe(true);
    const failed = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(probeApi(failed as unknown as typeof fetch)).resolves.toBe(false);
  });
});
