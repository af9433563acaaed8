/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, issue 72 item 3).
 *
 * Contract: `newWebhookSecret()` → `whsec_<base64 of 24 random bytes>`; `signedHeaders(secret, id, timestamp,
 * body)` → `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature` `v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body" keyed with the secret's decoded bytes>` — what the `standardwebhooks` package verifies.
 */
import { createHmac, randomBytes } from 'node:crypto';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function signedHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
