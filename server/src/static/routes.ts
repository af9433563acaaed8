/**
 * The built front end (ARCHITECTURE.md "Server URL layout"):
 *   /, /auth/callback   root-config/dist/index.html with import-map.json inlined at `<!-- import-map -->`
 *   /import-map.json    the import map itself
 *   /shell-config.json  ShellConfig from the server configuration (unauthenticated)
 *   /vendor/ /shared/ /elements/ /apps/<name>/ /root-config/ /locales/   the packages' build output
 *
 * The shell page carries the strict Content-Security-Policy of security/csp.ts: the inlined import map
 * is the page's only inline script and is allowed by the SHA-256 hash of the exact text inserted
 * (`renderShellPage` answers both), so a changed import map changes the hash on the next request.
 *
 * index.html, the import map and the shell config are read per request and never cached, so a rebuild
 * or a configuration change shows on the next reload. The other files are not content-hashed, so they
 * are served with ETag/Last-Modified and `no-cache`: the browser revalidates (a cheap 304) instead of
 * running a stale build. Without a build, `/` answers 503 with a plain message.
 */
import fastifyStatic from '@fastify/static';
import type { ShellConfig } from '@erp/shared/types';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerConfig } from '../config.ts';
import { sha256Source } from '../security/csp.ts';
import { shellPageHeaders } from '../security/headers.ts';

const IMPORT_MAP_MARKER = '<!-- import-map -->';
const NOT_BUILT = 'Front end not built: run npm run build';

/**
 * The browser configuration: §9 sign-in settings, the steel frame (route, origin, domain, page URL),
 * the newer-version front end's origins, and where passwords are changed.
 */
export function shellConfigOf(config: ServerConfig): ShellConfig {
  return {
    oidc: {
      authority: config.oidc.authority,
      clientId: config.oidc.clientId,
      scope: config.oidc.scopes,
      redirectPath: config.oidc.redirectPath,
      postLogoutRedirectPath: config.oidc.postLogoutRedirectPath,
    },
    apiBase: '/api/',
    steel: {
      origin: config.steel.origin,
      domain: config.steel.domain,
      path: config.steel.path,
      frameUrl: config.steel.frameUrl,
    },
    frames: config.frames.origins.map((origin) => ({ origin })),
    accountUrl: config.oidc.accountUrl,
    embeddedProvider: config.oidc.embedded,
  };
}

/** The import map as the exact text of its inline script: compact JSON, `<` escaped so it cannot close the element. */
export function importMapScriptText(importMapJson: string): string {
  return JSON.stringify(JSON.parse(importMapJson)).replace(/</g, '\\u003c');
}

export interface ShellPage {
  html: string;
  /** CSP hash sources of the inline scripts inserted (the import map). */
  scriptHashes: string[];
}

/** Inlines the import map and answers the page with the hash of the script text it inserted. */
export function renderShellPage(html: string, importMapJson: string): ShellPage {
  const text = importMapScriptText(importMapJson);
  const element = `<script type="importmap">${text}</script>`;
  const page = html.includes(IMPORT_MAP_MARKER)
    ? html.replace(IMPORT_MAP_MARKER, () => element)
    : // Without the marker the map must still come before any module script: put it first in <head>.
      html.replace(/<head[^>]*>/i, (head) => `${head}\n${element}`);
  return { html: page, scriptHashes: [sha256Source(text)] };
}

/** Inlines the import map (see `renderShellPage`, which also answers the script's hash). */
export function inlineImportMap(html: string, importMapJson: string): string {
  return renderShellPage(html, importMapJson).html;
}

function noCache(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache, no-store, must-revalidate');
}

function directoryExists(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export async function registerStaticRoutes(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const root = config.repoRoot;
  const importMapFile = join(root, 'import-map.json');
  const indexFile = join(root, 'root-config', 'dist', 'index.html');

  async function sendShell(_request: unknown, reply: FastifyReply) {
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return noCache(reply).code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    }
    const importMap = await readFile(importMapFile, 'utf8');
    const page = renderShellPage(html, importMap);
    return noCache(reply)
      .headers(shellPageHeaders(config, page.scriptHashes))
      .type('text/html; charset=utf-8')
      .send(page.html);
  }

  app.get('/', sendShell);
  app.get('/index.html', sendShell);
  app.get('/auth/callback', sendShell);

  app.get('/import-map.json', async (_request, reply) => {
    const importMap = await readFile(importMapFile, 'utf8');
    return noCache(reply).type('application/importmap+json; charset=utf-8').send(importMap);
  });

  app.get('/shell-config.json', async (_request, reply) => noCache(reply).send(shellConfigOf(config)));

  const mounts: { prefix: string; dir: string }[] = [
    { prefix: '/vendor/', dir: join(root, 'vendor', 'dist') },
    { prefix: '/shared/', dir: join(root, 'shared', 'dist') },
    { prefix: '/elements/', dir: join(root, 'shell-elements', 'dist') },
    { prefix: '/root-config/', dir: join(root, 'root-config', 'dist') },
    { prefix: '/locales/', dir: join(root, 'locales') },
  ];
  const appsDir = join(root, 'apps');
  if (directoryExists(appsDir)) {
    for (const name of readdirSync(appsDir).sort()) {
      if (/^[a-z0-9][a-z0-9-]*$/.test(name) && directoryExists(join(appsDir, name))) {
        mounts.push({ prefix: `/apps/${name}/`, dir: join(appsDir, name, 'dist') });
      }
    }
  }

  for (const { prefix, dir } of mounts) {
    await app.register(fastifyStatic, {
      root: dir,
      prefix,
      // Only one registration may decorate the reply; none needs sendFile here.
      decorateReply: false,
      // A package that is not built yet is normal during development: no warning.
      suppressWarning: true,
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });
  }
}
