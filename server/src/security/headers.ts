/**
 * Security headers of the API host's answers.
 *
 * - Every answer: `X-Content-Type-Options: nosniff` (scripts, styles and JSON are only used with their
 *   declared type).
 * - The shell page (`shellPageHeaders`): the shell CSP with its inline scripts' and styles' hashes,
 *   `Referrer-Policy: same-origin`, and `Cross-Origin-Opener-Policy: same-origin-allow-popups`. Not
 *   `same-origin`: the shell opens the steel system in a window named `resteelWin` (§2) on another origin,
 *   and must keep the relationship to it — under `same-origin` the popup lands in another browsing context
 *   group, so `window.open('', 'resteelWin')` no longer finds it and `postMessage` to it is impossible.
 *   `same-origin-allow-popups` still cuts off any cross-origin page that opens the shell.
 * - Any other HTML this Fastify instance sends without its own policy (a build folder's .html file)
 *   gets the shell policy without hashes: no inline script or style at all. The identity provider's pages
 *   set their own, stricter policy (oidc/pages.ts), and so do the partner pages (partner/app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { shellCsp, type ShellCspOptions } from './csp.ts';

export const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const;

/** Headers of the shell page; the hashes allow its inline scripts (import map, boot loader) and styles. */
export function shellPageHeaders(config: ServerConfig, hashes: ShellCspOptions): Record<string, string> {
  return {
    'content-security-policy': shellCsp(config, hashes),
    ...NOSNIFF,
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
}

export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const otherPageHeaders = shellPageHeaders(config, {});
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('x-content-type-options')) reply.headers(NOSNIFF);
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^\s*text\/html/i.test(type) && !reply.hasHeader('content-security-policy')) {
      reply.headers(otherPageHeaders);
    }
    return payload;
  });
}
