/**
 * Answer documentation (summary, tags, answer schemas) of the portal's calls (their request schemas are inline,
 * in the route files): registered with the route catalog when the module loads, before any route is
 * (`registerRouteDocs`, server/src/http/route-docs.ts). Keys are `METHOD url-pattern`.
 */
import { registerRouteDocs, type Doc } from '@erp/server/http/route-docs';
import { callResult, integer, object, pagedList, RECORD, type JsonSchema } from '@erp/server/http/schemas';

const LIST_OF = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });
const STRINGS = LIST_OF({ type: 'string' });
const CART = RECORD;
const ORDER = RECORD;
const portal = ['portal'];
/** A PDF answer (binary). */
const FILE: JsonSchema = { type: 'string', format: 'binary' };

const DOCS: Record<string, Doc> = {
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
  'GET /api/PortalInvoice/list': { summary: 'The account’s posted invoices and credit notes (paged)', tags: portal, response: { 200: pagedList(RECORD) } },
  'GET /api/PortalInvoice/detail/:invoiceId': { summary: 'One invoice or credit note with its lines', tags: portal, response: { 200: callResult(RECORD) } },
  'GET /api/PortalInvoice/pdf/:invoiceId': { summary: 'The invoice’s PDF (the A/R invoice print)', tags: portal, response: { 200: FILE } },
  'GET /api/PortalStatement': { summary: 'The account’s statement: open items and aging', tags: portal, response: { 200: callResult(RECORD) } },
  'GET /api/PortalStatement/pdf': { summary: 'The account’s statement as PDF', tags: portal, response: { 200: FILE } },
};

registerRouteDocs(DOCS);
