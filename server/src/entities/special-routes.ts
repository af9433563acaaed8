/**
 * An entity's own calls beyond the generic data routes (issue 20: generic code names no entity).
 *
 * Contract: a module's `serverModule.routes` (server/src/modules/part.ts) is an `EntityRoutes` function —
 * `(app, deps) => Promise<void>` that registers its calls with their schemas (tagged with the definition's
 * name), e.g. the shell module's firm lookup and company logo (modules/shell/server/). routes.ts registers
 * them, module by module, after the generic routes, giving each the `EntityRouteDeps` below: `contextOf` (the
 * caller's context of an entity by name: 404 unknown, 403 roles) and `contextFor` (the same plus a record
 * the caller may see, from the `:entity` / `:id` parameters).
 *
 * Helpers every such call uses: `sendAnswer(reply, answer)` (no-store, the answer's status and headers)
 * and `singleText(value, max)` (one short query text, trimmed; '' when absent, null when not that shape).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.ts';
import type { Answer } from './answers.ts';
import type { ContextFor } from './attachments.ts';
import type { EntityContext } from './hooks.ts';

/**
 * The entity context of the caller, or null after answering 404 (unknown entity) / 403 (roles). `staff`: the read
 * right, or any staff user (one whose roles open an application other than the portal, §6) — for what every
 * screen reads of an entity whatever its maintenance right, e.g. the fiscal calendar report parameters default to.
 */
export type ContextOf = (request: FastifyRequest, reply: FastifyReply, name: string, need: 'read' | 'write' | 'staff') => Promise<EntityContext | null>;

/** Which field a lookup call serves: an entity's (From, its field path in Field) or a report's or process's (Report, Field). */
export interface LookupQuery {
  From?: string;
  Report?: string;
  Field?: string;
  /** The form's values a `whereFrom` of the field reads (issue 21 item 8): a JSON object, field → value. */
  Values?: string;
  /** The one record whose referred value (key or `targetField`) is this: the business number of a value held (issue 40 item 3). */
  Key?: string;
}

/**
 * The context of a lookup to `name` (GET /api/lookup/:entity's check, issue 21 item 11): with From/Field or
 * Report/Field the rights are the screen's (or the report's) and only what the field accepts is offered;
 * without, the target's own read right. null: the refusal was sent.
 */
export type LookupContextOf = (request: FastifyRequest, reply: FastifyReply, name: string, query: LookupQuery) => Promise<EntityContext | null>;

export interface EntityRouteDeps {
  database: Database;
  contextFor: ContextFor;
  contextOf: ContextOf;
  /** A module's own lookup routes (the firm lookup) answer with the generic lookup's rights (issue 21 item 5). */
  lookupContextOf: LookupContextOf;
}

/** Registers one entity's (or module's) own calls. */
export type EntityRoutes = (app: FastifyInstance, deps: EntityRouteDeps) => Promise<void>;

export function sendAnswer(reply: FastifyReply, answer: Answer) {
  reply.code(answer.status).header('cache-control', 'no-store');
  if (answer.headers) reply.headers(answer.headers);
  return reply.send(answer.body);
}

/** One short text of a query string, trimmed: '' when absent, null when not one string of at most `max` without control characters. */
export function singleText(value: unknown, max: number): string | null {
  if (value === undefined) return '';
  // eslint-disable-next-line no-control-regex
  if (typeof value !== 'string' || value.length > max || /[\u0000-\u001f]/.test(value)) return null;
  return value.trim();
}
