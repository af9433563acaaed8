/**
 * The §8 error catalogue: the message the shell shows for a failed data call or file download, by status,
 * and the texts an answer body carries (a server's error description, a refusal the spec words itself).
 * Used by the API client (api.ts, which re-exports it) and by code that reads answers itself.
 */
import { translate } from './i18n.ts';


/** The §8 message for a failed data call, or null when nothing is shown (401, aborted). */
export function httpErrorMessage(status: number, path: string): string | null {
  switch (status) {
    case 400:
      return translate('errors:http.badRequest', 'Bad request');
    case 401:
      return null;
    case 403:
      return translate('errors:http.forbidden', 'You do not have sufficient permissions.');
    case 404:
      return translate('errors:http.notFound', 'Not Found');
    default:
      if (status >= 500) return translate('errors:http.serverError', 'Server error');
      return translate('errors:generic.unknown', 'Unknown error on {{target}}', { target: path });
  }
}

/** The server's error description in an answer body, if it has one. */
export function errorDescription(body: unknown): string | null {
  if (typeof body === 'string') {
    const text = body.trim();
    return text && text.length <= 500 && !text.startsWith('<') ? text : null;
  }
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const field of ['error_description', 'errorDescription', 'Message', 'message', 'detail', 'title']) {
      const value = record[field];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return null;
}

/**
 * The text of a refusal the spec words itself, by the answer's ResultCode, in the user's language — the same
 * whichever route answered it (an entity, a report, a process): §6 `not_assigned`. Null for any other answer
 * (the §8 message by status applies).
 */
export function refusalMessage(body: unknown): string | null {
  const code = body && typeof body === 'object' ? (body as { ResultCode?: unknown }).ResultCode : undefined;
  if (code === 'not_assigned') return translate('entities:firm.rules.notAssigned', 'Sorry, this Firm cannot be viewed. You are not assigned to this customer.');
  return null;
}

/** The §8 message for a failed file download. */
export function downloadErrorMessage(status: number, body: unknown, path: string): string | null {
  switch (status) {
    case 401:
      return translate('errors:download.unauthorized', 'Unauthorized');
    case 400:
      return errorDescription(body) ?? translate('errors:download.unauthorizedRequest', 'Unauthorized request');
    case 404:
      return translate('errors:download.notFound', 'Not Found');
    default:
      return httpErrorMessage(status, path);
  }
}
