/**
 * Answer documentation (summary, tags, answer schemas) of the routes whose modules declare only their
 * request schemas inline: the §7 shell calls (shell/routes.ts) here, and what modules register for their own
 * calls (`registerRouteDocs`: the portal's, modules/portal/server/docs.ts). The
 * route catalog (route-catalog.ts) merges an entry into the route's `schema` when the route is registered
 * and has no `response` of its own; a route that declares `apiSchema(...)` inline (http/schemas.ts) needs
 * no entry here. Keys are `METHOD url-pattern`.
 */
import { apiSchema, callResult, object, RECORD, text, type JsonSchema } from './schemas.ts';

export type Doc = { summary: string; tags: string[]; response: Record<number, JsonSchema> };

const LIST_OF = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });
const shell = ['shell'];

const DOCS: Record<string, Doc> = {
  'GET /api/shell/applications': { summary: '§7 applications the caller may open', tags: shell, response: { 200: LIST_OF(RECORD) } },
  'GET /api/shell/menus': { summary: '§7 menus of one application', tags: shell, response: { 200: LIST_OF(RECORD) } },
  'GET /api/shell/routes': { summary: '§7 route definitions the caller may open', tags: shell, response: { 200: LIST_OF(RECORD) } },
  'GET /api/shell/profile': { summary: '§7 the signed-in user’s profile', tags: shell, response: { 200: RECORD } },
  'GET /api/shell/password-policy': { summary: 'The password rules (embedded provider)', tags: shell, response: { 200: RECORD } },
  'POST /api/shell/change-password': { summary: 'Change the caller’s password (embedded provider)', tags: shell, response: { 200: callResult() } },
  'GET /api/tenant': { summary: '§7 tenant information', tags: shell, response: { 200: object({ server: text(200), database: text(200), releaseNumber: text(40) }) } },
  'GET /api/shell_init/languages': {
    summary: '§7 active languages and the default',
    tags: shell,
    response: { 200: object({ Languages: LIST_OF(RECORD), DefaultLanguage: text(16) }) },
  },
  'POST /api/shell_init/locale': { summary: '§7 set the caller’s language', tags: shell, response: { 200: callResult(object({ locale: text(16) })) } },
};

/** A module's documentation of its own calls (registered when its server side loads, before any route is). */
export function registerRouteDocs(docs: Readonly<Record<string, Doc>>): void {
  for (const [key, doc] of Object.entries(docs)) {
    if (DOCS[key] && DOCS[key] !== doc) throw new Error(`route ${key} is documented twice`);
    DOCS[key] = doc;
  }
}

/** The route's schema with its documentation merged in (unchanged when it has its own `response`). */
export function withDocs(method: string, url: string, schema: JsonSchema | undefined): JsonSchema | undefined {
  const doc = DOCS[`${method} ${url}`];
  if (!doc || (schema && schema['response'])) return schema;
  const request = schema ?? {};
  return apiSchema({ ...doc, ...(request as { querystring: JsonSchema }) });
}

