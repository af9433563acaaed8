/**
 * Answer documentation (summary, tags, answer schemas) of the routes whose modules declare only their
 * request schemas inline: the §7 shell calls (shell/routes.ts) and the portal (portal/routes.ts). The
 * route catalog (route-catalog.ts) merges an entry into the route's `schema` when the route is registered
 * and has no `response` of its own; a route that declares `apiSchema(...)` inline (http/schemas.ts) needs
 * no entry here. Keys are `METHOD url-pattern`.
 */
import { apiSchema, callResult, integer, object, pagedList, RECORD, text, type JsonSchema } from './schemas.ts';

type Doc = { summary: string; tags: string[]; response: Record<number, JsonSchema> };

const LIST_OF = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });
const STRINGS = LIST_OF({ type: 'string' });
const CART = RECORD;
const ORDER = RECORD;
const shell = ['shell'];
const portal = ['portal'];

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

  'GET /api/PortalNotification/GetBadgeNumbers': {
    summary: '§7 [unread notifications, cart lines]',
    tags: portal,
    response: { 200: { type: 'array', items: integer(0, 2147483647), minItems: 2, maxItems: 2 } },
  },
  'POST /api/PortalOrder/account-switch': {
    summary: '§7 switch the bill-to account (empties the cart)',
    tags: portal,
    response: { 200: object({ ResultStatus: { type: 'integer' }, Message: { type: ['string', 'null'] }, DefaultShipToId: { type: ['string', 'null'] } }) },
  },
  'GET /api/PortalOrder/securables': {
    summary: 'The caller’s accounts and the selected bill-to',
    tags: portal,
    response: { 200: callResult(object({ Securables: LIST_OF(RECORD), Firms: LIST_OF(RECORD), SelectedBillToId: { type: ['string', 'null'] } })) },
  },
  'GET /api/PortalOrder/account': { summary: 'One account: hold, ship-tos, default ship-to', tags: portal, response: { 200: callResult(RECORD) } },
  'GET /api/PortalProduct/search': { summary: 'Priced products of the account (paged)', tags: portal, response: { 200: pagedList(RECORD) } },
  'POST /api/PortalProduct/resolve': {
    summary: 'Quick order: resolve product ids',
    tags: portal,
    response: { 200: callResult(object({ Found: LIST_OF(RECORD), Unknown: STRINGS })) },
  },
  'GET /api/PortalCart': { summary: 'The cart', tags: portal, response: { 200: callResult(CART) } },
  'POST /api/PortalCart/add': { summary: 'Add lines to the cart (or replace it)', tags: portal, response: { 200: callResult(CART) } },
  'PUT /api/PortalCart/lines/:lineId': { summary: 'Change a cart line’s quantity', tags: portal, response: { 200: callResult(CART) } },
  'DELETE /api/PortalCart/lines/:lineId': { summary: 'Remove a cart line', tags: portal, response: { 200: callResult(CART) } },
  'DELETE /api/PortalCart': { summary: 'Empty the cart', tags: portal, response: { 200: callResult(CART) } },
  'POST /api/PortalOrder/submit': {
    summary: 'Submit an order (header Idempotency-Key)',
    tags: portal,
    response: { 201: callResult(ORDER), 200: callResult(ORDER) },
  },
  'GET /api/PortalOrder/list': { summary: 'The account’s orders (paged)', tags: portal, response: { 200: pagedList(ORDER) } },
  'GET /api/PortalOrder/detail/:orderKey': { summary: 'One order with its lines', tags: portal, response: { 200: callResult(ORDER) } },
  'GET /api/PortalNotification/list': { summary: 'The account’s notifications (paged)', tags: portal, response: { 200: pagedList(RECORD) } },
  'POST /api/PortalNotification/mark-read': { summary: 'Mark notifications read', tags: portal, response: { 200: callResult(object({ Unread: { type: 'integer' } })) } },
  'POST /api/PortalNotification/mark-all-read': { summary: 'Mark every notification read', tags: portal, response: { 200: callResult(object({ Unread: { type: 'integer' } })) } },
};

/** The route's schema with its documentation merged in (unchanged when it has its own `response`). */
export function withDocs(method: string, url: string, schema: JsonSchema | undefined): JsonSchema | undefined {
  const doc = DOCS[`${method} ${url}`];
  if (!doc || (schema && schema['response'])) return schema;
  const request = schema ?? {};
  return apiSchema({ ...doc, ...(request as { querystring: JsonSchema }) });
}

