/**
 * Content-Security-Policy builders for every HTML page the server sends.
 *
 * Contract:
 * - `shellCsp(config, { scriptHashes, styleHashes })` is the policy of the shell (`/`, `/auth/callback`)
 *   and, without hashes, of any other HTML file served from a build folder. The only inline scripts and
 *   styles the shell may have are the ones the server inlines (the import map, the boot loader, the
 *   stylesheets); each is allowed by the SHA-256 hash of its exact text (`sha256Source`), which the static
 *   routes compute from the very string they insert. A hash rather than a nonce: the page is static, so
 *   nothing per-request needs to be generated and the page can be
 *   revalidated and cached like a file.
 * - `partnerCsp(shellOrigin)` is the policy of the demo partner pages: 'self' only, framable by the
 *   shell's origin alone.
 * - `providerPageCsp(styleHash)` is the policy of the embedded identity provider's pages: no script at
 *   all, one hashed inline style, never framed.
 * - `serializeCsp` refuses sources that would weaken or break a policy: `'unsafe-inline'`,
 *   `'unsafe-eval'`, `'unsafe-hashes'`, `'wasm-unsafe-eval'`, a bare `*`, and anything holding a `;`,
 *   `,`, quote or white space (header injection). A bad configuration therefore fails loudly.
 *
 * Directive choices for the shell (docs/configuration.md lists the variables):
 *   default-src 'self'; script-src 'self' <inline script hashes>; style-src 'self' <inline style hashes>
 *   (the page's inlined stylesheets, external stylesheets and Lit's constructable stylesheets only — CSSOM
 *   changes such as element.style.x = … are not affected, `style="…"` attributes in markup are);
 *   img-src 'self' data: (base64 company logos); font-src 'self'; connect-src 'self' + the external OIDC
 *   authority's origin; frame-src exactly the configured frame origins ('none' if there are none);
 *   frame-ancestors from FRAME_ANCESTORS; object-src 'none'; base-uri 'none'; form-action 'self' + the
 *   external authority's origin; worker-src 'self'.
 */
import { createHash } from 'node:crypto';
import type { ServerConfig } from '../config.ts';

/** Directives in the order they are written; each with at least one source. */
export type CspDirectives = ReadonlyArray<readonly [directive: string, sources: readonly string[]]>;

const UNSAFE_KEYWORD = /^'(unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval|unsafe-allow-redirects)'$/i;
const KEYWORD = /^'(self|none|strict-dynamic|report-sample)'$/;
const HASH = /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/;
/** Scheme sources (`data:`) and host sources (`https://*.example.com:8443`), without quotes or separators. */
const PLAIN = /^[A-Za-z0-9+.\-:/*[\]]+$/;

/** The CSP hash source of a script or style text: `'sha256-<base64>'` of its exact UTF-8 bytes. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function checkSource(directive: string, source: string): void {
  if (UNSAFE_KEYWORD.test(source)) throw new Error(`CSP ${directive}: ${source} is not allowed`);
  if (source === '*') throw new Error(`CSP ${directive}: a bare * is not allowed`);
  if (KEYWORD.test(source) || HASH.test(source)) return;
  if (!PLAIN.test(source)) throw new Error(`CSP ${directive}: malformed source ${JSON.stringify(source)}`);
}

/** Writes the header value: `name source source; name source …`. */
export function serializeCsp(directives: CspDirectives): string {
  const seen = new Set<string>();
  return directives
    .map(([name, sources]) => {
      if (!/^[a-z][a-z-]*$/.test(name)) throw new Error(`CSP: malformed directive name ${JSON.stringify(name)}`);
      if (seen.has(name)) throw new Error(`CSP: directive ${name} given twice`);
      seen.add(name);
      if (sources.length === 0) throw new Error(`CSP ${name}: no source (use 'none')`);
      if (sources.includes("'none'") && sources.length > 1) throw new Error(`CSP ${name}: 'none' must stand alone`);
      for (const source of sources) checkSource(name, source);
      return `${name} ${[...new Set(sources)].join(' ')}`;
    })
    .join('; ');
}

/** Parses a header value back into directives (for tests and diagnostics). */
export function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The origins the shell may frame: the steel system's and the newer-version front end's, once each. */
export function frameOrigins(config: ServerConfig): string[] {
  return [...new Set([config.steel.origin, ...config.frames.origins].filter((origin) => origin.length > 0))];
}

/** The external authority's origin, or nothing when the provider is embedded (then it is 'self'). */
function authorityOrigins(config: ServerConfig): string[] {
  if (config.oidc.embedded) return [];
  const origin = new URL(config.oidc.authority).origin;
  return origin === new URL(config.publicUrl).origin ? [] : [origin];
}

export interface ShellCspOptions {
  /** Hash sources (`sha256Source`) of the inline scripts the page carries: the import map, the boot loader. */
  scriptHashes?: readonly string[];
  /** Hash sources of the inline styles the page carries: its inlined stylesheets. */
  styleHashes?: readonly string[];
}

/** The shell's directives (see the module header for the reasons behind each). */
export function shellCspDirectives(config: ServerConfig, options: ShellCspOptions = {}): CspDirectives {
  const authority = authorityOrigins(config);
  const frames = frameOrigins(config);
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(options.scriptHashes ?? [])]],
    ['style-src', ["'self'", ...(options.styleHashes ?? [])]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...authority]],
    ['frame-src', frames.length > 0 ? frames : ["'none'"]],
    ['frame-ancestors', config.security.frameAncestors],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'", ...authority]],
    ['worker-src', ["'self'"]],
  ];
}

export function shellCsp(config: ServerConfig, options: ShellCspOptions = {}): string {
  return serializeCsp(shellCspDirectives(config, options));
}

/** The demo partner pages: everything from their own origin only; framed by the shell alone. */
export function partnerCsp(shellOrigin: string): string {
  return serializeCsp([
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['frame-src', ["'none'"]],
    ['frame-ancestors', [shellOrigin]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
  ]);
}

/**
 * The identity provider's pages (login, logout, errors): no script at all, one inline style allowed
 * by its hash, forms posting to this origin only, never inside a frame.
 */
export function providerPageCsp(styleHash: string, formTargets: readonly string[] = []): string {
  return serializeCsp([
    ['default-src', ["'none'"]],
    ['style-src', [styleHash]],
    // A form's redirects count too: the login form of an embedding page's sign-in ends on that page (issue 70).
    ['form-action', ["'self'", ...formTargets]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
  ]);
}
