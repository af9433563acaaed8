/**
 * The browser configuration (`ShellConfig`). The server inlines it in the shell page as a JSON data block
 * (`<script type="application/json" id="erp-shell-config">`), so the shell reads it without a round trip;
 * pages without it (tests, embedding pages) fetch /shell-config.json, served unauthenticated. The root config
 * loads it before creating the session, so `currentSession().config` normally has it; a screen mounted
 * before sign-in (or on a test page) loads it once per page and shares the promise. A failed fetch is
 * forgotten, so the next caller tries again.
 */
import { normalizeRouterPath } from './navigation.ts';
import { onceUntilFailure } from './once.ts';
import { currentSession } from './session.ts';
import type { PartnerFrame, ShellConfig } from './types.ts';

/** The id of the shell page's configuration block (written by server/src/static/routes.ts). */
export const SHELL_CONFIG_ELEMENT_ID = 'erp-shell-config';
const DEFAULT_URL = '/shell-config.json';

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

/**
 * The configuration inlined in the page, validated; null when the page has none or it is unreadable.
 * @param doc the document to read (the page's by default)
 */
export function inlineShellConfig(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): ShellConfig | null {
  const text = doc?.getElementById(SHELL_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const config: unknown = JSON.parse(text);
    return isShellConfig(config) ? config : null;
  } catch {
    return null;
  }
}

/**
 * The configuration, validated: the page's inline one when present (no request), else one request. An
 * explicit other `url` is always fetched.
 */
export async function fetchShellConfig(url = DEFAULT_URL): Promise<ShellConfig> {
  if (url === DEFAULT_URL) {
    const inline = inlineShellConfig();
    if (inline) return inline;
  }
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const config: unknown = await response.json();
  if (!isShellConfig(config)) throw new Error(`${url}: not a shell configuration`);
  return config;
}

const fetchOnce = onceUntilFailure(() => fetchShellConfig());

/** The configuration when it is already known (no waiting). */
export function knownShellConfig(): ShellConfig | null {
  return currentSession()?.config ?? null;
}

/** The configuration: the session's, else one shared fetch per page. */
export function loadShellConfig(): Promise<ShellConfig> {
  const known = knownShellConfig();
  if (known) return Promise.resolve(known);
  return fetchOnce();
}

/** The configured partner frame shown by route Component `component`, or null (none configured). */
export function partnerFrameOf(config: ShellConfig | null | undefined, component: string): PartnerFrame | null {
  return config?.partnerFrames?.find((frame) => frame.component === component) ?? null;
}

/** The configured partner frame at the shell route `path` (case-insensitive, as the router), or null. */
export function partnerFrameAt(config: ShellConfig | null | undefined, path: string): PartnerFrame | null {
  const wanted = normalizeRouterPath(path).toLowerCase();
  return config?.partnerFrames?.find((frame) => normalizeRouterPath(frame.path).toLowerCase() === wanted) ?? null;
}
