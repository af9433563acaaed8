/**
 * The real server as a child process (`node --import tsx server/src/main.ts`) and a sign-in over HTTP
 * with fetch: the same authorization-code + PKCE flow as helpers/app.ts `signIn`, with a small cookie
 * jar. Used by the crash test (entities-kill.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/**
 * Starts the server on a port of its own choosing (PORT=0) and waits, at most `timeoutMs`, until it says where it
 * listens. A port picked here and handed to the child could be taken meanwhile by another test's server or an
 * outgoing connection — and another server of ours answering on it looks exactly like this one starting.
 * `publicUrl` is only the name the server gives itself (its OIDC issuer): the same across restarts, any port.
 */
export async function spawnServer(publicUrl: string, environment: Record<string, string>, timeoutMs = 20_000): Promise<RunningServer> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      PARTNER_DEMO: '0',
      DEMO_FIRMS: '0',
      // The GL demo ledger (22 months posted at first start) is not what these process tests are about.
      DEMO_LEDGER: '0',
      // Throwaway databases: passwords hashed at a trivial cost, as in helpers/app.ts.
      PASSWORD_HASHING: 'fast',
      // Fastify's "Server listening at …" line is at level info.
      LOG_LEVEL: 'info',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms: ${output}`));
    }, timeoutMs);
    let found = false;
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (found) return;
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (address) {
        found = true;
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${output}`));
    });
  });
  const base = await listening;
  return { child, base, output: () => output };
}

/** Waits for a child to exit (after a kill). */
export async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

class Jar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const path = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = value === '' || attributes.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired) this.cookies.delete(`${name} ${path}`);
      else this.cookies.set(`${name} ${path}`, { value, path });
    }
  }

  header(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies.entries()]
      .filter(([, c]) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([key, c]) => `${key.split(' ')[0]}=${c.value}`)
      .join('; ');
  }
}

/** Signs in through the embedded provider over HTTP; answers the access token. */
export async function httpSignIn(base: string, publicUrl: string, username: string, password: string): Promise<string> {
  const jar = new Jar();
  const redirectUri = `${publicUrl}/auth/callback`;
  const toLocal = (url: string) => {
    const parsed = new URL(url, base);
    return `${base}${parsed.pathname}${parsed.search}`;
  };
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: jar.header(url) } });
    jar.take(response);
    return response;
  };
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'erp-shell',
    response_type: 'code',
    scope: 'openid profile offline_access erp.shell erp.api',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  });
  let url = `${base}/oidc/auth?${query}`;
  let response = await go(url);
  for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops++) {
    url = toLocal(response.headers.get('location')!);
    response = await go(url);
  }
  await response.text();
  response = await go(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  let code: string | null = null;
  for (let hops = 0; hops < 8 && response.status >= 300 && response.status < 400; hops++) {
    const location = response.headers.get('location')!;
    if (location.startsWith(redirectUri)) {
      code = new URL(location).searchParams.get('code');
      break;
    }
    response = await go(toLocal(location));
  }
  if (!code) throw new Error(`sign-in of ${username} failed (${response.status})`);
  const token = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'erp-shell', code_verifier: verifier }).toString(),
  });
  if (token.status !== 200) throw new Error(`token exchange failed: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { access_token: string }).access_token;
}
