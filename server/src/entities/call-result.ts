/**
 * The one CallResult builder of the server (§3 Call result, §4 Result status, issue 12) and the message
 * catalogue that writes §8 business messages in the caller's language.
 *
 * - `messageIn(locale, key, params)`: the text of an i18n key (`<module>:rules.periodClosed`,
 *   `entities:validation.required`) in one of the four locales (`locales/<lng>/<namespace>.json`), falling
 *   back to en-CA, then to the catalogue default (shared/src/entities/messages.ts), then the key.
 *   The caller's language is the `language` of their users row (set with POST api/shell_init/locale, §9).
 *   A date parameter (`YYYY-MM-DD`) is written in that language's date style (`localDates`, §9).
 * - `callResult(status, code, message, extra)`: the §3 shape.
 * - `BusinessError`: thrown by rules, guards, effects and the posting service inside a transaction (so the
 *   transaction rolls back); `answerOf(error, locale)` turns it into the HTTP answer. It carries the key
 *   and params, so the answer's Message is written in the caller's language, and Data.Errors lists each
 *   `{ field, key, params, message }` for the form.
 * - `ConfirmationNeeded` (§5 confirmations, CONTRACT-12): answered 200 with ResultStatus 3,
 *   ResultCode 'confirm' and Data.Question `{ Id, Key, Params, Message }`; the client asks Yes/No and
 *   resends the same request with `Confirmations: [Id, …]`.
 */
import { readFileSync } from 'node:fs';
import { defaultMessage, interpolate } from '@erp/shared/entities/messages';
import { localDates } from '@erp/shared/format';
import type { CallResult } from '@erp/shared/types';
import { localeFile } from '../i18n/locale-files.ts';

const LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'] as const;
type Locale = (typeof LOCALES)[number];

const files = new Map<string, Record<string, unknown> | null>();

function namespaceFile(locale: Locale, namespace: string): Record<string, unknown> | null {
  const id = `${locale}/${namespace}`;
  if (files.has(id)) return files.get(id)!;
  let json: Record<string, unknown> | null = null;
  const file = localeFile(locale, namespace);
  if (file) {
    try {
      json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch {
      json = null;
    }
  }
  files.set(id, json);
  return json;
}

function lookup(locale: Locale, key: string): string | undefined {
  const colon = key.indexOf(':');
  const namespace = colon > 0 ? key.slice(0, colon) : 'entities';
  const path = (colon > 0 ? key.slice(colon + 1) : key).split('.');
  let node: unknown = namespaceFile(locale, namespace);
  for (const part of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A supported locale, or en-CA. */
export function localeOf(language: string | null | undefined): Locale {
  return LOCALES.find((locale) => locale === language) ?? 'en-CA';
}

/** The text of `key` in `language` (see the module header). */
export function messageIn(language: string | null | undefined, key: string, params: Record<string, unknown> = {}): string {
  const locale = localeOf(language);
  const text = pluralLookup(locale, key, params) ?? pluralLookup('en-CA', key, params) ?? defaultMessage(key);
  return interpolate(text, localDates(params, locale));
}

/** A key's text, or with a numeric `count` its i18next plural form (`key_one`, `key_other`) by the locale's rules. */
function pluralLookup(locale: ReturnType<typeof localeOf>, key: string, params: Record<string, unknown>): string | undefined {
  const count = params['count'];
  if (typeof count !== 'number') return lookup(locale, key);
  return lookup(locale, `${key}_${new Intl.PluralRules(locale).select(count)}`) ?? lookup(locale, `${key}_other`) ?? lookup(locale, key);
}

/** A translator for validateRecord (`Translate`) in `language`. */
export function translatorIn(language: string | null | undefined) {
  const locale = localeOf(language);
  return (key: string, defaultValue: string, params: Record<string, unknown> = {}) =>
    interpolate(lookup(locale, key) ?? lookup('en-CA', key) ?? defaultValue, localDates(params, locale));
}

/** The §3 Call result. */
export function callResult<T = unknown>(
  status: CallResult['ResultStatus'],
  code: string | null,
  message: string | null,
  extra: Partial<CallResult<T>> = {},
): CallResult<T> {
  return { ResultStatus: status, ResultCode: code, Message: message, EntityId: null, Exception: null, ...extra };
}

/** One finding of a business rule: a field (`Lines[2].AccountId`, '' for the record) and a message key. */
export interface BusinessIssue {
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

/** A refusal with a §8 message: rolls back the transaction it is thrown in. */
export class BusinessError extends Error {
  override name = 'BusinessError';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly issues: readonly BusinessIssue[],
  ) {
    super(issues[0]?.key ?? code);
  }

  /** One issue. */
  static of(status: number, code: string, key: string, params: Record<string, unknown> = {}, field = ''): BusinessError {
    return new BusinessError(status, code, [{ field, key, params }]);
  }
}

/** A question the caller must answer Yes before the request runs (ResultStatus 3). */
export class ConfirmationNeeded extends Error {
  override name = 'ConfirmationNeeded';
  constructor(
    readonly id: string,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** The `Confirmations` of a body: the ids the caller answered Yes to (anything else is none). */
export function confirmationsOf(body: unknown): Set<string> {
  const list = body && typeof body === 'object' ? (body as Record<string, unknown>)['Confirmations'] : undefined;
  if (!Array.isArray(list)) return new Set();
  return new Set(list.filter((item): item is string => typeof item === 'string' && item.length <= 200).slice(0, 20));
}

export interface ErrorAnswer {
  status: number;
  body: CallResult;
}

/** A BusinessError or ConfirmationNeeded as an answer in `language`; null for any other error. */
export function answerOf(error: unknown, language: string | null | undefined): ErrorAnswer | null {
  if (error instanceof ConfirmationNeeded) {
    const message = messageIn(language, error.key, error.params);
    return {
      status: 200,
      body: callResult(3, 'confirm', message, { Data: { Question: { Id: error.id, Key: error.key, Params: error.params, Message: message } } }),
    };
  }
  if (error instanceof BusinessError) {
    const errors = error.issues.map((issue) => ({
      field: issue.field,
      key: issue.key,
      params: issue.params ?? {},
      message: messageIn(language, issue.key, issue.params ?? {}),
    }));
    return { status: error.status, body: callResult(2, error.code, errors[0]?.message ?? null, { Data: { Errors: errors } }) };
  }
  return null;
}
