/**
 * One Idempotency-Key per user intent (issue 39 item 2; the server's side is server/src/exactly-once/idempotency.ts).
 * `intentKey(method, url, body)` answers the key for a request that changes something: the key of an identical
 * request (same method, URL and body) that is still waiting for its answer or got none that counts — no answer
 * at all (the network failed, the tab lost the connection), a 5xx, or "still in progress" — and a new one
 * otherwise. `settleIntent(key, status)` is told how the request ended: an answer that counts (any 2xx–4xx but
 * 409 in progress) ends the intent, so doing the same thing again on purpose later is a new intent; anything
 * else keeps the key for the retry, which the server then answers with the first answer instead of acting twice.
 * Kept in memory for KEEP_MS (the server keeps answers 24 hours).
 */
const KEEP_MS = 30 * 60 * 1000;

interface Intent {
  key: string;
  since: number;
}

const pending = new Map<string, Intent>();
const byKey = new Map<string, string>();

function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function intentKey(method: string, url: string, body: string): string {
  const now = Date.now();
  for (const [request, intent] of pending) {
    if (now - intent.since > KEEP_MS) {
      pending.delete(request);
      byKey.delete(intent.key);
    }
  }
  const request = `${method} ${url}\n${body}`;
  const known = pending.get(request);
  if (known) return known.key;
  const intent = { key: newKey(), since: now };
  pending.set(request, intent);
  byKey.set(intent.key, request);
  return intent.key;
}

/** `status` 0: no answer. */
export function settleIntent(key: string, status: number, code?: string): void {
  const request = byKey.get(key);
  if (request === undefined) return;
  const counts = status >= 200 && status < 500 && !(status === 409 && code === 'idempotency_in_progress');
  if (!counts) return;
  pending.delete(request);
  byKey.delete(key);
}
