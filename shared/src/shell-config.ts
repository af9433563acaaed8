/**
 * The browser configuration (`ShellConfig`, served unauthenticated at /shell-config.json). The root config
 * fetches it before creating the session, so `currentSession().config` normally has it; a screen mounted
 * before sign-in (or on a test page) fetches it once per page and shares the promise. A failed fetch is
 * forgotten, so the next caller tries again.
 */
import { currentSession } from './session.ts';
import type { ShellConfig } from './types.ts';

function isShellConfig(value: unknown): value is ShellConfig {
  const config = value as Partial<ShellConfig> | null;
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof config.oidc?.authority === 'string' &&
    typeof config.oidc.clientId === 'string' &&
    typeof config.oidc.scope === 'string'
  );
}

/** One request for the configuration, validated. */
export async function fetchShellConfig(url = '/shell-config.json'): Promise<ShellConfig> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const config: unknown = await response.json();
  if (!isShellConfig(config)) throw new Error(`${url}: not a shell configuration`);
  return config;
}

let pending: Promise<ShellConfig> | null = null;

/** The configuration when it is already known (no waiting). */
export function knownShellConfig(): ShellConfig | null {
  return currentSession()?.config ?? null;
}

/** The configuration: the session's, else one shared fetch per page. */
export function loadShellConfig(): Promise<ShellConfig> {
  const known = knownShellConfig();
  if (known) return Promise.resolve(known);
  if (!pending) {
    const request = fetchShellConfig();
    pending = request;
    request.catch(() => {
      if (pending === request) pending = null;
    });
  }
  return pending;
}
