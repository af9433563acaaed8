/**
 * The demo partner site: a second, small Fastify instance that main.ts listens with on PARTNER_PORT
 * (default PORT+1) when PARTNER_DEMO is on. Its default origin, http://127.0.0.1:<port>, differs from
 * the shell's http://localhost:<PORT>, so the frames really are cross-origin, as in production.
 *
 *   GET <STEEL_PATH> (default /resteel/order-entry.html)  the steel order-entry stand-in (pages.ts)
 *   GET /resteel/partner.js                               its script (assets/partner.js)
 *   GET /novus/index.html                                 the newer-version front end stand-in
 *   GET /novus/app.js                                     its script (assets/novus.js)
 *   GET /partner.css                                      their stylesheet
 *   GET /                                                 links to both
 *
 * Every page: Content-Security-Policy allowing 'self' only and `frame-ancestors <shell origin>`
 * (security/csp.ts `partnerCsp`), nosniff, `Referrer-Policy: same-origin`, no caching. No
 * Cross-Origin-Opener-Policy: the shell also opens the steel page as the window `resteelWin` and must
 * keep talking to it.
 *
 * Contract: `buildPartnerApp(config)` answers the ready instance without listening (tests use `inject`).
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { ConfigError, type ServerConfig } from '../config.ts';
import { partnerCsp } from '../security/csp.ts';
import { NOVUS_FRONTEND_PAGE } from '../shell/frames.ts';
import { NOVUS_SCRIPT, PARTNER_STYLESHEET, STEEL_SCRIPT, indexPage, novusPage, steelPage } from './pages.ts';

export interface PartnerBuildOptions {
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | { level: string };
}

async function asset(name: string): Promise<string> {
  return readFile(new URL(`./assets/${name}`, import.meta.url), 'utf8');
}

export async function buildPartnerApp(config: ServerConfig, options: PartnerBuildOptions = {}): Promise<FastifyInstance> {
  const { shellOrigin } = config.partner;
  const steelPath = new URL(config.steel.frameUrl).pathname;
  const fixed = new Set(['/', STEEL_SCRIPT, NOVUS_FRONTEND_PAGE, NOVUS_SCRIPT, PARTNER_STYLESHEET]);
  if (fixed.has(steelPath)) {
    throw new ConfigError(`STEEL_PATH ${steelPath} collides with a page of the demo partner site`);
  }
  const [steelScript, novusScript, stylesheet] = await Promise.all([
    asset('partner.js'),
    asset('novus.js'),
    asset('partner.css'),
  ]);
  const pageHeaders = {
    'content-security-policy': partnerCsp(shellOrigin),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cache-control': 'no-cache',
  };
  const fileHeaders = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' };

  const app = Fastify({ logger: options.logger ?? { level: config.logLevel } });

  function html(reply: FastifyReply, body: string) {
    return reply.headers(pageHeaders).type('text/html; charset=utf-8').send(body);
  }
  function file(reply: FastifyReply, type: string, body: string) {
    return reply.headers(fileHeaders).type(type).send(body);
  }

  app.get(steelPath, async (_request, reply) => html(reply, steelPage(shellOrigin)));
  app.get(NOVUS_FRONTEND_PAGE, async (_request, reply) => html(reply, novusPage(shellOrigin)));
  app.get('/', async (_request, reply) => html(reply, indexPage(shellOrigin, steelPath, NOVUS_FRONTEND_PAGE)));
  app.get(STEEL_SCRIPT, async (_request, reply) => file(reply, 'text/javascript; charset=utf-8', steelScript));
  app.get(NOVUS_SCRIPT, async (_request, reply) => file(reply, 'text/javascript; charset=utf-8', novusScript));
  app.get(PARTNER_STYLESHEET, async (_request, reply) => file(reply, 'text/css; charset=utf-8', stylesheet));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).headers(fileHeaders).type('text/plain; charset=utf-8').send('Not Found'),
  );

  await app.ready();
  return app;
}
