/**
 * The catalogue as the caller's account sees it (portal calls, listed in routes.ts):
 *
 *   GET  /api/PortalProduct/search?billToId=&search=&page=&pageSize=   Paged list of priced products (50 a page
 *        by default, at most MAX_PAGE_SIZE): the product master's catalogue and this bill-to's prices
 *        (catalogue.ts, issue 15 item 8)
 *   POST /api/PortalProduct/resolve {BillToId, Skus}   CallResult Data { Found[], Unknown[] } (quick order;
 *        ids trimmed, upper-cased and deduplicated)
 */
import { catalogPage } from './catalogue.ts';
import { fields, firmId, like, ok, page, paged, pageSize, send, type PortalRoutes } from './http.ts';
import { dollars, pricedProducts } from './service.ts';

export function registerProductRoutes({ app, db, likeOp, guard, allowedAccount }: PortalRoutes): void {
  app.get<{ Querystring: { billToId: string; search?: string; page?: number; pageSize?: number } }>(
    '/api/PortalProduct/search',
    { ...guard, schema: { querystring: fields({ billToId: firmId, search: { type: 'string', maxLength: 100 }, page, pageSize }, ['billToId']) } },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.query.billToId);
      if (!allowed) return reply;
      const pageNo = request.query.page ?? 1;
      const size = request.query.pageSize ?? 50;
      const { total, list } = await catalogPage(db, allowed.billToId, { search: request.query.search, pattern: like, likeOp, page: pageNo, size });
      return send(reply, 200, paged(list, pageNo, size, total, ['ProductId'], []));
    },
  );

  app.post<{ Body: { BillToId: string; Skus: string[] } }>(
    '/api/PortalProduct/resolve',
    {
      ...guard,
      schema: { querystring: fields({}), body: fields({ BillToId: firmId, Skus: { type: 'array', maxItems: 500, items: { type: 'string', minLength: 1, maxLength: 40 } } }, ['BillToId', 'Skus']) },
    },
    async (request, reply) => {
      const allowed = await allowedAccount(request, reply, request.body.BillToId);
      if (!allowed) return reply;
      const skus = [...new Set(request.body.Skus.map((sku) => sku.trim().toUpperCase()))];
      const priced = await pricedProducts(db, allowed.billToId, skus);
      return ok(reply, {
        Found: skus.filter((sku) => priced.has(sku)).map((sku) => {
          const product = priced.get(sku)!;
          return { ProductId: sku, Description: product.description, Unit: product.unit, Price: dollars(product.price_cents) };
        }),
        Unknown: skus.filter((sku) => !priced.has(sku)),
      });
    },
  );
}
