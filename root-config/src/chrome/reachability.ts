/**
 * §7 recovery when the API cannot be reached: while `bus.apiReachable$` is false (set by the API client on
 * a call that got no answer at all), the API is probed with a growing delay (1 s, 2 s, 4 s … at most 15 s,
 * and at once when the browser reports it is online again). Any HTTP answer — even 401 — means the host is
 * back: `apiReachable$` turns true, the banner goes away and the shell loads what failed, without a
 * reload. The probe asks the API itself (GET <apiBase>/tenant), not the page's server, because the API may
 * live on another host (`ShellConfig.apiBase`).
 */
import { apiUrl, authorizedFetch, bus, setApiReachable } from '@erp/shared';

export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15_000;

/** The delay before probe number `attempt` (0-based). */
export function backoffDelay(attempt: number, first = FIRST_DELAY_MS, max = MAX_DELAY_MS): number {
  return Math.min(max, first * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** One probe: true when the API answered anything at all. */
export async function probeApi(fetcher: (url: string, init: RequestInit) => Promise<Response> = authorizedFetch): Promise<boolean> {
  try {
    // The session's credentials (bearer, or DPoP with a proof) come from the API client's request helper.
    await fetcher(apiUrl('tenant'), { method: 'GET', credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json' } });
    return true;
  } catch {
    return false;
  }
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Watches `bus.apiReachable$` and probes while it is false. Answers the stopper. */
export function watchReachability(probe: () => Promise<boolean> = () => probeApi(), timers: Timers = browserTimers): () => void {
  let attempt = 0;
  let timer: unknown = null;
  let probing = false;
  let stopped = false;

  const cancel = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const schedule = () => {
    cancel();
    if (stopped || bus.apiReachable$.value) return;
    timer = timers.set(() => void run(), backoffDelay(attempt));
  };
  const run = async () => {
    timer = null;
    if (probing || stopped || bus.apiReachable$.value) return;
    probing = true;
    const answered = await probe();
    probing = false;
    if (stopped) return;
    if (answered) {
      setApiReachable(true);
      return;
    }
    attempt += 1;
    schedule();
  };

  const subscription = bus.apiReachable$.subscribe((reachable) => {
    if (reachable) {
      attempt = 0;
      cancel();
    } else if (timer === null && !probing) {
      schedule();
    }
  });
  const online = () => {
    if (bus.apiReachable$.value) return;
    cancel();
    void run();
  };
  globalThis.addEventListener?.('online', online);
  return () => {
    stopped = true;
    cancel();
    subscription.unsubscribe();
    globalThis.removeEventListener?.('online', online);
  };
}
