/**
 * A webhook receiver for the tests (issue 72 item 3): an HTTP server on 127.0.0.1 that verifies every request with
 * the `standardwebhooks` package against the secret of the subscription its path names (`/<name>`), keeps what it
 * got (verified or not), and answers 200 — or the status `failNext(name, n, status)` asked of the next n requests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  id: string;
  verified: boolean;
  answered: number;
  body: { type: string; timestamp: string; data: { Entity: string; Id: string; Status?: string; ChangedBy: string | null; Record: Record<string, unknown> | null } };
}

export interface Receiver {
  url(name: string): string;
  secrets: Map<string, string>;
  received: Received[];
  failNext(name: string, count: number, status?: number): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const secrets = new Map<string, string>();
  const failing = new Map<string, { count: number; status: number }>();
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const name = (request.url ?? '/').slice(1);
      const secret = secrets.get(name);
      let verified = false;
      try {
        if (secret) {
          new Webhook(secret).verify(body, request.headers as Record<string, string>);
          verified = true;
        }
      } catch {
        verified = false;
      }
      const fail = failing.get(name);
      const answered = fail && (fail.count === Infinity || fail.count > 0) ? fail.status : 200;
      if (fail && fail.count !== Infinity) fail.count -= 1;
      received.push({ path: name, id: String(request.headers['webhook-id']), verified, answered, body: JSON.parse(body) as Received['body'] });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    secrets,
    received,
    failNext(name, count, status = 500) {
      failing.set(name, { count, status });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
