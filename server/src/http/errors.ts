/**
 * The §3 CallResult answer shape for errors, and the global error and not-found handlers.
 *
 * Contract: every error answer of the API is a CallResult with ResultStatus 2 (failure), a short
 * machine-readable ResultCode and a human-readable Message; `Exception` is always null — stack traces
 * and internal messages are logged, never sent. Validation failures are 400, never 500 (§8 maps 400 to
 * 'Bad request'). A lost database connection (a failover, issue 43 item 2) is 503 `database_unavailable` with
 * `Retry-After` and a "try again" message in the caller's language, never 500; an Idempotency-Key taken over
 * meanwhile is 409 `idempotency_in_progress` (exactly-once/idempotency.ts); a value the database refuses (SQLSTATE
 * classes 22 and 23, SQLite's constraints: entities/answers.ts `constraintAnswer`) is a 4xx on every route.
 */
import type { CallResult } from '@erp/shared/types';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionLoss, TRY_AGAIN_SECONDS } from '../db/retry.ts';
import { constraintAnswer } from '../entities/answers.ts';
import { messageIn } from '../entities/call-result.ts';
import { sendAnswer } from '../entities/special-routes.ts';
import { IdempotencyTaken } from '../exactly-once/idempotency.ts';
import { acceptedLanguage } from '../i18n/caller-language.ts';
import { isApiPattern, normalizedPath } from './route-catalog.ts';

export function failure(code: string, message: string): CallResult<never> {
  return { ResultStatus: 2, ResultCode: code, Message: message, EntityId: null, Exception: null };
}

export function sendFailure(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).header('cache-control', 'no-store').send(failure(code, message));
}

/** The 401 answer (§8: the shell shows nothing and the request fails). */
export const UNAUTHORIZED = failure('unauthorized', 'Unauthorized');

const CLIENT_ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * Fastify's `frameworkErrors` option: errors found while routing, before any hook runs (a malformed URL,
 * a path parameter over maxParamLength → 414), answered as CallResults like every other error.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = status === 414 ? 'Bad request: a part of the path is too long' : 'Bad request: the URL is malformed';
  return sendFailure(reply, status, status === 414 ? 'uri_too_long' : 'bad_request', message);
}

type SchemaIssue = { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string; data?: unknown };

/**
 * A schema failure in words that name the offending part (the first issue only): unknown query parameters
 * and fields by name, a repeated query parameter, a missing one, or Ajv's message for the value's path.
 */
export function validationMessage(error: FastifyError): string {
  const issue = (error.validation as unknown as SchemaIssue[] | undefined)?.[0];
  const part = (error as FastifyError & { validationContext?: string }).validationContext ?? 'body';
  if (!issue) return error.message;
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const name = (value: unknown) => String(value).slice(0, 80);
  if (issue.keyword === 'additionalProperties') {
    const extra = name(issue.params['additionalProperty']);
    if (part === 'querystring') return `Unknown query parameter: ${extra}`;
    return `Unknown field: ${path ? `${path}.` : ''}${extra}`;
  }
  if (issue.keyword === 'required') {
    const missing = name(issue.params['missingProperty']);
    return part === 'querystring' ? `the query parameter ${missing} is required` : `${path ? `${path}.` : ''}${missing} is required`;
  }
  if (issue.keyword === 'type' && part === 'querystring' && Array.isArray(issue.data)) return `${path} is given more than once`;
  return `${path || part} ${issue.message ?? 'is not valid'}`;
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return sendFailure(reply, 400, 'bad_request', `Bad request: ${validationMessage(error)}`);
    }
    const language = () => acceptedLanguage(request.headers['accept-language']) ?? request.user?.row.language;
    if (error instanceof IdempotencyTaken) {
      return sendFailure(reply, 409, 'idempotency_in_progress', messageIn(language(), 'entities:result.idempotencyInProgress'));
    }
    if (isConnectionLoss(error)) {
      request.log.warn({ err: error }, 'database connection lost: answered 503');
      reply.header('retry-after', String(TRY_AGAIN_SECONDS));
      return sendFailure(reply, 503, 'database_unavailable', messageIn(language(), 'entities:result.databaseLost'));
    }
    // A value the database refused (a NUL in a text PostgreSQL cannot store, a duplicate key in a race) reached it
    // through a route that does not catch its own: answered as the entity routes answer it, never 500.
    const refused = constraintAnswer(error);
    if (refused) {
      request.log.warn({ err: error }, 'database refused a value: answered as bad input');
      return sendAnswer(reply, refused);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type …).
      return sendFailure(reply, status, CLIENT_ERROR_CODES[status] ?? 'bad_request', error.message || 'Bad request');
    }
    request.log.error({ err: error }, 'request failed');
    return sendFailure(reply, 500, 'server_error', 'Server error');
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPattern(normalizedPath(request.url))) {
      return sendFailure(reply, 404, 'not_found', 'Not Found');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
