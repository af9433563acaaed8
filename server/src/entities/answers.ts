/**
 * The answers the generic data service gives (§3 CallResult shapes with their HTTP status), shared by
 * read.ts, save.ts, delete.ts, attachments, export and the special routes.
 *
 * - `Answer`: status, body, headers; routes.ts `sendAnswer` turns it into HTTP.
 * - `failureAnswer(status, code, text, data?)`: ResultStatus 2; `forbidden()`, `badRequest(detail)`,
 *   `notFound()` (ResultStatus 5), `invalid(errors)` (400 validation_failed, Message = the first error),
 *   `conflict(current)` (409 version_conflict, Data.CurrentVersion).
 * - `constraintAnswer(error)`: a database constraint error (a race the checks could not see) as a 4xx,
 *   never a 500.
 * - `versionOf(raw)`: the Version a write names (a positive 32-bit integer) or null.
 */
import type { AnyEntity, FieldDefinition, RuleIssue } from '@erp/shared/entities/define';
import { defaultMessage } from '@erp/shared/entities/messages';
import { humanize, type ValidationIssue } from '@erp/shared/entities/validate';
import { callResult, translatorIn } from './call-result.ts';
import type { Refusal } from './hooks.ts';
import { message } from './labels.ts';

/** An HTTP answer: status, body, headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function failureAnswer(status: number, code: string, text: string, data?: unknown): Answer {
  return { status, body: callResult(2, code, text, data === undefined ? {} : { Data: data }) };
}

export const forbidden = (): Answer => failureAnswer(403, 'forbidden', message('entities:result.forbidden'));
export const badRequest = (detail: string): Answer =>
  failureAnswer(400, 'bad_request', message('entities:result.badQuery', { detail }));
export const notFound = (): Answer => ({
  status: 404,
  body: callResult(5, 'not_found', message('entities:result.notFound')),
});

export function invalid(errors: ValidationIssue[]): Answer {
  return failureAnswer(400, 'validation_failed', errors[0]?.message ?? message('entities:result.invalid'), { Errors: errors });
}

export function conflict(current: number | null): Answer {
  return failureAnswer(409, 'version_conflict', message('entities:result.versionConflict'), { CurrentVersion: current });
}

export function refusalAnswer(refusal: Refusal): Answer {
  return { status: refusal.status, body: refusal.body };
}

export function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/** A rule's finding as a validation issue with its message in `language` (the caller's; else English), as the field checks write theirs. */
export function issueOf(def: AnyEntity, issue: RuleIssue, language?: string | null): ValidationIssue {
  const t = translatorIn(language);
  const base = issue.field.replace(/\[.*$/, '');
  const field = (Object.hasOwn(def.fields, base) ? def.fields[base] : undefined) as (FieldDefinition & { labelKey: string }) | undefined;
  const label = field ? t(field.labelKey, humanize(base)) : humanize(issue.field);
  const params = issue.params ?? {};
  return {
    field: issue.field,
    key: issue.key,
    params,
    message: t(issue.key, issue.message ?? defaultMessage(issue.key), { label, ...params }),
  };
}

/** Thrown inside a transaction when the version check fails: rolls the transaction back. */
export class VersionConflict extends Error {
  constructor(readonly current: number | null) {
    super('version conflict');
  }
}

/**
 * A database constraint error as a 4xx answer (a race the checks could not see), or null for anything
 * else. SQLite: SQLITE_CONSTRAINT_*; PostgreSQL: SQLSTATE classes 22 (data) and 23 (integrity).
 */
export function constraintAnswer(error: unknown): Answer | null {
  const code = String((error as { code?: unknown }).code ?? '');
  if (/^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(code) || code === '23505') {
    return invalid([{ field: '', key: 'entities:validation.duplicate', params: {}, message: message('entities:validation.duplicate', { label: 'The record' }) }]);
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return failureAnswer(409, 'in_use', message('entities:result.inUse'));
  }
  if (code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('23') || code.startsWith('22') || code === 'SQLITE_TOOBIG') {
    return failureAnswer(400, 'bad_request', message('entities:result.invalid'));
  }
  return null;
}

/** The Version a write names: a positive integer, or null. */
export function versionOf(raw: unknown): number | null {
  const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2147483647 ? value : null;
}

export function versionRequired(): Answer {
  return invalid([
    { field: 'Version', key: 'entities:validation.version', params: {}, message: message('entities:validation.version') },
  ]);
}

/** The body as an object ({} for anything else: the validator has refused it already). */
export function bodyObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
