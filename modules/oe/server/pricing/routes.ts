/**
 * The pricing service's calls (issue 25 item 2, 4), for the order desk and sales orders:
 *
 *   POST /api/oe/pricing/prices    {CustomerId, ShipToId?, Date?, Lines: [{ProductId, Quantity}] (≤ 1000)}
 *        → CallResult List: one PricedLine per line (service.ts) + `Why`, the reason in the caller's language.
 *        Right: reading price tables.
 *   POST /api/oe/pricing/override  {CustomerId, ShipToId?, ProductId, Quantity, NewPrice, Date?, Reason?, Reference?}
 *        → CallResult Data {OverrideId, OldPrice, NewPrice, Source, PriceTableId}; without the override right
 *        403 "Not allowed to change the price." (§8). Right: reading price tables, then the override right.
 *   POST /api/oe/email-template/preview {Subject, Body} → Data {Subject, Body} with sample values filled in.
 * Quantities and prices are exact decimal strings (up to 4 places). Dates default to today.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiSchema, callResult, NO_QUERY, object, RECORD, text } from '@erp/server/http/schemas';
import { sendAnswer, type EntityRoutes } from '@erp/server/entities/special-routes';
import { answerOf, callResult as resultOf, messageIn } from '@erp/server/entities/call-result';
import { round } from '@erp/shared/decimal';
import { fillPlaceholders } from '../../definitions/setup/email-template.ts';
import { canSeeFirm, notAssigned } from '@erp/modules/shell/server/api';
import { overridePrice } from './override.ts';
import { priceLines, type PricedLine } from './service.ts';
import { oeDb } from '../tables.generated.ts';

const QUANTITY = text(20, { pattern: '^[0-9]{1,11}(\\.[0-9]{1,4})?$' });
const FIRM = text(20, { minLength: 1 });
const PRODUCT = text(30, { minLength: 1 });
const DATE = text(10, { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

const PRICES_SCHEMA = apiSchema({
  summary: 'Prices of products for a customer, ship-to, quantity and date, with the reason of each price',
  tags: ['oe-pricing'],
  querystring: NO_QUERY,
  body: object(
    {
      CustomerId: FIRM,
      ShipToId: { ...FIRM, minLength: 0 },
      Date: DATE,
      Lines: { type: 'array', minItems: 1, maxItems: 1000, items: object({ ProductId: PRODUCT, Quantity: QUANTITY }, ['ProductId', 'Quantity']) },
    },
    ['CustomerId', 'Lines'],
  ),
  response: { 200: callResult(undefined, { List: { type: 'array', items: RECORD } }) },
});

const OVERRIDE_SCHEMA = apiSchema({
  summary: 'Overrides the price of a line; recorded in the price override audit (who, when, old and new price)',
  tags: ['oe-pricing'],
  querystring: NO_QUERY,
  body: object(
    {
      CustomerId: FIRM,
      ShipToId: { ...FIRM, minLength: 0 },
      ProductId: PRODUCT,
      Quantity: QUANTITY,
      NewPrice: QUANTITY,
      Date: DATE,
      Reason: text(200),
      Reference: text(60),
    },
    ['CustomerId', 'ProductId', 'Quantity', 'NewPrice'],
  ),
  response: { 200: callResult(RECORD) },
});

const PREVIEW_SCHEMA = apiSchema({
  summary: 'An email template with its placeholders filled with sample values',
  tags: ['email-template'],
  querystring: NO_QUERY,
  body: object({ Subject: text(200), Body: text(20000) }, ['Subject', 'Body']),
  response: { 200: callResult(RECORD) },
});

const today = () => new Date().toISOString().slice(0, 10);
const upper = (value: string | undefined) => (value ?? '').trim().toUpperCase();

/** The reason of a price in `language`. */
export function whyOf(language: string | null | undefined, line: PricedLine): string {
  if (line.Source === null) return messageIn(language, 'oe:pricing.why.none');
  const parts = [messageIn(language, `oe:pricing.why.${line.Source}`, { table: line.PriceTableId ?? '', from: line.BreakFrom ?? '' })];
  if (line.PriceType && line.Source !== 'sku') parts.push(messageIn(language, `oe:price-table.priceTypes.${line.PriceType}`));
  if (line.DiscountPercent !== null) parts.push(messageIn(language, 'oe:pricing.why.discount', { table: line.DiscountTableId ?? '', percent: line.DiscountPercent }));
  if (line.Tariffs.length > 0) parts.push(messageIn(language, 'oe:pricing.why.tariffs', { tariffs: line.Tariffs.join(', '), amount: line.Surcharge ?? '' }));
  return parts.join(' · ');
}

/** Sample values of the template preview. */
const SAMPLE: Record<string, string> = {
  CustomerName: 'Northshore Metals Ltd.',
  CustomerId: 'B100',
  ContactName: 'Priya Sandhu',
  OrderNo: 'SO-000123',
  InvoiceNo: 'INV-000456',
  PaymentNo: '10042',
  DocumentDate: '2026-11-24',
  DueDate: '2026-12-24',
  Amount: '1234.56',
  CompanyName: 'Novus Metals',
};

export const pricingRoutes: EntityRoutes = async (app, { contextOf }) => {
  const send = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).header('cache-control', 'no-store').send(body);
  const refused = (reply: FastifyReply, error: unknown, language: string | null | undefined) => {
    const answer = answerOf(error, language);
    if (!answer) throw error;
    return send(reply, answer.status, answer.body);
  };

  app.post<{ Body: { CustomerId: string; ShipToId?: string; Date?: string; Lines: { ProductId: string; Quantity: string }[] } }>(
    '/api/oe/pricing/prices',
    { schema: PRICES_SCHEMA },
    async (request: FastifyRequest<{ Body: { CustomerId: string; ShipToId?: string; Date?: string; Lines: { ProductId: string; Quantity: string }[] } }>, reply) => {
      const ctx = await contextOf(request, reply, 'price-table', 'read');
      if (!ctx) return reply;
      const body = request.body;
      // §6: a customer's prices only for a customer assigned to a restricted user (issue 68 item 2).
      const db = oeDb(ctx.db);
      if (!(await canSeeFirm(db, ctx.user, upper(body.CustomerId)))) return sendAnswer(reply, notAssigned());
      const lines = await priceLines(db, {
        customerId: upper(body.CustomerId),
        shipToId: upper(body.ShipToId) || null,
        date: body.Date ?? today(),
        lines: body.Lines.map((line) => ({ productId: upper(line.ProductId), quantity: round(line.Quantity, 4) })),
      });
      const language = ctx.user.row.language;
      return send(reply, 200, resultOf(1, 'ok', null, { List: lines.map((line) => ({ ...line, Why: whyOf(language, line) })) }));
    },
  );

  app.post<{ Body: { CustomerId: string; ShipToId?: string; ProductId: string; Quantity: string; NewPrice: string; Date?: string; Reason?: string; Reference?: string } }>(
    '/api/oe/pricing/override',
    { schema: OVERRIDE_SCHEMA },
    async (request, reply) => {
      const ctx = await contextOf(request, reply, 'price-table', 'read');
      if (!ctx) return reply;
      const body = request.body;
      const db = oeDb(ctx.db);
      if (!(await canSeeFirm(db, ctx.user, upper(body.CustomerId)))) return sendAnswer(reply, notAssigned());
      try {
        const { overrideId, line } = await db.transaction().execute((trx) =>
          overridePrice(trx, ctx.user.userId, ctx.user.roles, {
            customerId: upper(body.CustomerId),
            shipToId: upper(body.ShipToId) || null,
            productId: upper(body.ProductId),
            quantity: round(body.Quantity, 4),
            newPrice: round(body.NewPrice, 4),
            date: body.Date ?? today(),
            reason: body.Reason?.trim() || null,
            reference: body.Reference?.trim() || null,
          }),
        );
        return send(reply, 200, resultOf(1, 'overridden', null, { EntityId: overrideId, Data: { OverrideId: overrideId, OldPrice: line.Price, NewPrice: round(body.NewPrice, 2), Source: line.Source, PriceTableId: line.PriceTableId } }));
      } catch (error) {
        return refused(reply, error, ctx.user.row.language);
      }
    },
  );

  app.post<{ Body: { Subject: string; Body: string } }>('/api/oe/email-template/preview', { schema: PREVIEW_SCHEMA }, async (request, reply) => {
    const ctx = await contextOf(request, reply, 'email-template', 'read');
    if (!ctx) return reply;
    return sendAnswer(reply, { status: 200, body: resultOf(1, 'ok', null, { Data: { Subject: fillPlaceholders(request.body.Subject, SAMPLE, ctx.user.row.language ?? 'en-CA'), Body: fillPlaceholders(request.body.Body, SAMPLE, ctx.user.row.language ?? 'en-CA') } }) });
  });
};
