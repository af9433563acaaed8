/**
 * Issue 44, paint before script: the user's HOME as the shell last showed it, kept in localStorage, so the page
 * itself shows it — tiles, recent screens, system information — in its first frame, before any module runs.
 *
 * Contract:
 * - `keptHomeOf(page, now)` decides, from what the page can read synchronously, whether a kept HOME may be shown:
 *   only to the user it was kept for (authority, client and subject of the stored sign-in), only while that
 *   sign-in has not expired and can be renewed (the same test as the shell's own start: session.ts
 *   `peekStoredUser`), only on HOME (`#/`; never on the sign-in callback page, where the user is about to
 *   change), and only for the HOME code that rendered it (the import map's URL of `@erp/home`, which changes
 *   with every new version). Anything else, or anything unreadable, answers null: the page keeps its skeleton.
 * - `keptHomeEntry(...)` is what the shell writes (root-config keep-home.ts): HOME's page markup with its ids
 *   renamed (`kept-…`) so the kept copy and the live page never share an id while both are in the document.
 * - Nothing here is trusted beyond the origin: the markup was produced by the shell's own escaped templates and
 *   is inserted under the page's Content-Security-Policy (no inline handler or script can run from it).
 * This module is bundled into the page's inline boot script (loader.ts): keep its imports free of start-up work.
 */
import { storedUserKey } from '@erp/shared/user-store';

/** The localStorage key of the kept HOME (one user at a time, like the kept start-up answers). */
export const KEPT_HOME_KEY = 'erp.kept-home';
/** Import-map specifier of HOME's code: its versioned URL names the markup's version. */
export const HOME_MODULE = '@erp/home';

export interface KeptHome {
  authority: string;
  clientId: string;
  subject: string;
  /** The import map's URL of `@erp/home` when the markup was kept. */
  module: string;
  /** The page's language (`<html lang>`) when the markup was kept. */
  lang: string;
  /** HOME's page markup (light DOM, ids renamed). */
  html: string;
}

/** What the page holds that the decision needs, as text (each may be missing). */
export interface PageFacts {
  /** `#erp-shell-config` data block: `{ oidc: { authority, clientId, redirectPath } }`. */
  shellConfig: string | null;
  /** The `<script type="importmap">` text. */
  importMap: string | null;
  /** location.pathname */
  pathname: string;
  /** location.hash */
  hash: string;
  /** localStorage reader (may throw where storage is refused). */
  read(key: string): string | null;
}

function parse(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The kept HOME to show now (`nowSeconds`: epoch seconds), or null. */
export function keptHomeOf(page: PageFacts, nowSeconds: number): KeptHome | null {
  const path = page.hash.replace(/^#/, '');
  if (path !== '' && path !== '/') return null;
  const config = parse(page.shellConfig);
  const oidc = isRecord(config) && isRecord(config['oidc']) ? config['oidc'] : null;
  const authority = text(oidc?.['authority']);
  const clientId = text(oidc?.['clientId']);
  const withoutSlash = (value: string) => value.replace(/\/+$/, '') || '/';
  if (withoutSlash(page.pathname) === withoutSlash(text(oidc?.['redirectPath']) ?? '/auth/callback')) return null;
  const map = parse(page.importMap);
  const module = isRecord(map) && isRecord(map['imports']) ? text(map['imports'][HOME_MODULE]) : null;
  if (!authority || !clientId || !module) return null;
  let keptText: string | null;
  let userText: string | null;
  try {
    keptText = page.read(KEPT_HOME_KEY);
    userText = page.read(storedUserKey(authority, clientId));
  } catch {
    return null;
  }
  const kept = parse(keptText);
  const user = parse(userText);
  if (!isRecord(kept) || !isRecord(user)) return null;
  const subject = isRecord(user['profile']) ? text(user['profile']['sub']) : null;
  const expiresAt = typeof user['expires_at'] === 'number' ? user['expires_at'] : null;
  // A live sign-in that can be renewed: the shell will start with it (session.ts resume).
  if (!subject || expiresAt === null || expiresAt <= nowSeconds || !text(user['refresh_token'])) return null;
  const entry: KeptHome = {
    authority: text(kept['authority']) ?? '',
    clientId: text(kept['clientId']) ?? '',
    subject: text(kept['subject']) ?? '',
    module: text(kept['module']) ?? '',
    lang: text(kept['lang']) ?? '',
    html: text(kept['html']) ?? '',
  };
  const same = entry.authority === authority && entry.clientId === clientId && entry.subject === subject && entry.module === module;
  return same && entry.html !== '' ? entry : null;
}

/** Attributes holding ids or id references in HOME's markup. */
const ID_ATTRIBUTES = /\b(id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]*)"/g;

/**
 * The entry the shell keeps: `html` is HOME's page markup; lit's comment markers are dropped and every id (and
 * reference to one) gets a `kept-` prefix.
 */
export function keptHomeEntry(owner: Omit<KeptHome, 'module' | 'lang' | 'html'>, module: string, lang: string, html: string): KeptHome {
  const markup = html
    .replace(/<!--[^]*?-->/g, '')
    .replace(ID_ATTRIBUTES, (_whole, name: string, value: string) =>
      `${name}="${value.split(/\s+/).filter(Boolean).map((id) => `kept-${id}`).join(' ')}"`,
    );
  return { ...owner, module, lang, html: markup };
}
