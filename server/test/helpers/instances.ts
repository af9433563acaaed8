/**
 * Server instances in their own processes (issue 43), reached over HTTP through the same `inject` shape the helpers
 * of app.ts use, so `signIn`, `refresh`, `apiGet`, `apiPost` and `call` work against them unchanged.
 *
 * `startInstance(environment)` spawns instance-process.ts and waits for its port; `instance.app` is the stand-in
 * for a FastifyInstance (only `inject` is there); `stop()` sends SIGTERM and waits for the exit.
 */
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface Instance {
  port: number;
  /** The instance's mail capture port (null with SMTP_URL). */
  smtp: number | null;
  app: FastifyInstance;
  stop(): Promise<void>;
}

interface ParsedCookie {
  name: string;
  value: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
}

function parseSetCookie(line: string): ParsedCookie {
  const [pair = '', ...attributes] = line.split(';');
  const at = pair.indexOf('=');
  const cookie: ParsedCookie = { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const value = rest.join('=').trim();
    const name = key.trim().toLowerCase();
    if (name === 'path') cookie.path = value;
    else if (name === 'expires') cookie.expires = new Date(value);
    else if (name === 'max-age') cookie.maxAge = Number(value);
  }
  return cookie;
}

/** An `inject` over HTTP to 127.0.0.1:port, with the Host the tests' PUBLIC_URL names (localhost). */
function injector(port: number) {
  return (options: InjectOptions): Promise<LightMyRequestResponse> =>
    new Promise((resolve, reject) => {
      const payload = options.payload === undefined ? undefined : typeof options.payload === 'string' || Buffer.isBuffer(options.payload) ? options.payload : JSON.stringify(options.payload);
      const headers: Record<string, string> = { host: 'localhost' };
      for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = String(value);
      if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
      const sent = httpRequest({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: String(options.url), headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = raw.toString('utf8');
          const setCookie = response.headers['set-cookie'] ?? [];
          resolve({
            statusCode: response.statusCode ?? 0,
            statusMessage: response.statusMessage ?? '',
            headers: response.headers,
            raw: { res: response, req: sent },
            rawPayload: raw,
            payload: body,
            body,
            json: () => JSON.parse(body),
            stream: () => {
              throw new Error('not available over HTTP');
            },
            cookies: setCookie.map(parseSetCookie),
            trailers: {},
          } as unknown as LightMyRequestResponse);
        });
      });
      sent.on('error', reject);
      if (payload !== undefined) sent.write(payload);
      sent.end();
    });
}

const SCRIPT = fileURLToPath(new URL('./instance-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export async function startInstance(environment: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { port, smtp } = await new Promise<{ port: number; smtp: number | null }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /\{"port":\d+,"smtp":(\d+|null)\}/.exec(out);
      if (line) resolve(JSON.parse(line[0]) as { port: number; smtp: number | null });
    });
    child.once('exit', (code) => reject(new Error(`instance exited (${code}) before listening: ${errors}`)));
  });
  return {
    port,
    smtp,
    app: { inject: injector(port) } as unknown as FastifyInstance,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
