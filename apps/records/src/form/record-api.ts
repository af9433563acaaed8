/**
 * The record calls of the generic form (server contract: server/src/entities/README.md), on the §7 API client.
 *
 * Every call here is `quiet`: the form shows each failure where it belongs (inline under a field, in the save
 * summary, beside the attachment list) instead of the §8 alert, so a call returns a `CallOutcome` rather than
 * throwing for answers the form expects (validation, version conflict, not assigned, unsupported file).
 * Multipart uploads (attachments, a module's own upload such as the company logo) go through `upload()`, which sends the same bearer token and
 * raises the same loading counter as the API client.
 */
import {
  ApiError,
  apiUrl,
  beginLoading,
  authorizedFetch,
  downloadErrorMessage,
  httpErrorMessage,
  i18n,
  setApiReachable,
  storedLocale,
  type DownloadedFile,
} from '@erp/shared';

/** §3 Call result as the generic routes answer it. */
export interface CallResult<T = unknown> {
  ResultStatus: number;
  ResultCode: string;
  Message: string | null;
  EntityId?: unknown;
  Exception?: unknown;
  Data?: T;
  List?: unknown[];
  Page?: number;
  PageSize?: number;
  TotalCount?: number;
}

/** One server validation finding (`Data.Errors` of validation_failed). */
export interface ServerIssue {
  field: string;
  key: string;
  params?: Record<string, unknown>;
  message: string;
}

/** What a call ended with: the answer (any status) or a transport failure. */
export interface CallOutcome<T = unknown> {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  body: CallResult<T> | null;
  /** The text to show for a failure: the server's Message, else the §8 text for the status. */
  message: string | null;
}

/** The §3 audit row (GET /api/data/:entity/:id/audit). */
export interface AuditRow {
  AuditKey: number;
  TableName: string;
  IdName: string;
  IdValue: string;
  ColumnName: string;
  FieldName: string | null;
  Action: string;
  OldValue: string | null;
  NewValue: string | null;
  ActionBy: string;
  ActionOn: string;
}

/** An attachment of a record. */
export interface Attachment {
  AttachmentKey: number;
  FileName: string;
  ContentType: string;
  Size: number;
  CreatedBy: string;
  CreatedOn: string;
}

const enc = encodeURIComponent;

/** `data/<entity>/<id>` */
export function recordPath(entity: string, id: string | number): string {
  return `data/${enc(entity)}/${enc(String(id))}`;
}

function asOutcome<T>(status: number, body: unknown, path: string): CallOutcome<T> {
  const result = body && typeof body === 'object' ? (body as CallResult<T>) : null;
  const ok = status >= 200 && status < 300;
  const serverMessage = result && typeof result.Message === 'string' && result.Message.trim() ? result.Message : null;
  // §8: a 5xx shows 'Server error' even when the body has text; the rest show the server's own message.
  const message = ok ? serverMessage : status >= 500 || status === 0 ? httpErrorMessage(status || 500, path) : (serverMessage ?? httpErrorMessage(status, path));
  return { status, body: result, message };
}

/** Runs an API client call and turns its rejection into an outcome (AbortErrors are rethrown). */
async function settle<T>(path: string, run: () => Promise<unknown>): Promise<CallOutcome<T>> {
  try {
    const body = await run();
    return asOutcome<T>(200, body, path);
  } catch (error) {
    if (error instanceof ApiError) return asOutcome<T>(error.status, error.body, path);
    throw error;
  }
}

/**
 * Sends one JSON call (the API client cannot report the 201/200 status it got, and the form needs none of
 * the §8 alerts): fetch with the session's bearer token, the loading counter, no timeout (§9).
 */
export async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, params?: Record<string, string | number | undefined>): Promise<CallOutcome<T>> {
  return settle<T>(path, () => send(method, path, body === undefined ? undefined : JSON.stringify(body), params, body === undefined ? undefined : 'application/json'));
}

async function send(
  method: string,
  path: string,
  body: BodyInit | undefined,
  params: Record<string, string | number | undefined> | undefined,
  contentType: string | undefined,
  extraHeaders: Record<string, string> = {},
): Promise<unknown> {
  const done = beginLoading();
  try {
    const headers = new Headers({ Accept: 'application/json', ...extraHeaders });
    if (contentType) headers.set('Content-Type', contentType);
    // Issue 40 item 9: the server's messages ("Saved.", "… e-mailed to …") in the screen's language, as every shell call.
    headers.set('Accept-Language', i18n.language || storedLocale());
    // The session's credentials (bearer, or DPoP with a proof) come from the one request helper.
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (body !== undefined) init.body = body;
    let response: Response;
    try {
      response = await authorizedFetch(apiUrl(path, params), init);
    } catch (error) {
      setApiReachable(false);
      throw new ApiError(0, null, method, path, null, { cause: error });
    }
    setApiReachable(true);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      parsed = text;
    }
    if (!response.ok) throw new ApiError(response.status, parsed, method, path, null);
    return parsed;
  } finally {
    done();
  }
}

export function getRecord(entity: string, id: string | number) {
  return call<Record<string, unknown>>('GET', recordPath(entity, id));
}

export function createRecord(entity: string, body: Record<string, unknown>) {
  return call<Record<string, unknown> & { Errors?: ServerIssue[] }>('POST', `data/${enc(entity)}`, body);
}

export function updateRecord(entity: string, id: string | number, body: Record<string, unknown>) {
  return call<Record<string, unknown> & { Errors?: ServerIssue[]; CurrentVersion?: number; Accounts?: string[] }>('PUT', recordPath(entity, id), body);
}

export function deleteRecord(entity: string, id: string | number, version: number) {
  return call('DELETE', recordPath(entity, id), undefined, { Version: version });
}

export function getAudit(entity: string, id: string | number, page: number, pageSize: number) {
  return call('GET', `${recordPath(entity, id)}/audit`, undefined, { Page: page, PageSize: pageSize });
}

/** Issue 42 item 4: the record's changes, one entry per save (server/src/entities/history.ts). */
export function getHistory(entity: string, id: string | number, page: number, pageSize: number) {
  return call('GET', `${recordPath(entity, id)}/history`, undefined, { Page: page, PageSize: pageSize });
}

/** Issue 42 item 4: the record as it stood at the end of `date` (YYYY-MM-DD) in the browser's time zone. */
export function getAsOf(entity: string, id: string | number, date: string) {
  const path = `${recordPath(entity, id)}/as-of`;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return settle<Record<string, unknown>>(path, () => send('GET', path, undefined, { Date: date }, undefined, timeZone ? { 'X-Time-Zone': timeZone } : {}));
}

export function listAttachments(entity: string, id: string | number) {
  return call('GET', `${recordPath(entity, id)}/attachments`);
}

export function deleteAttachment(entity: string, id: string | number, key: number) {
  return call('DELETE', `${recordPath(entity, id)}/attachments/${key}`);
}

/** One multipart upload of `file` under the form field `file` (attachments; a module's widget: the company logo). */
export function upload<T = unknown>(path: string, file: File): Promise<CallOutcome<T>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return settle<T>(path, () => send('POST', path, form, undefined, undefined));
}

export function uploadAttachment(entity: string, id: string | number, file: File) {
  return upload<Attachment>(`${recordPath(entity, id)}/attachments`, file);
}

/** §7 file-download variant, with the §8 download messages (shown by the caller). */
export async function downloadAttachment(
  download: (path: string, options: { quiet: boolean }) => Promise<DownloadedFile>,
  entity: string,
  id: string | number,
  key: number,
): Promise<{ file: DownloadedFile } | { error: string }> {
  const path = `${recordPath(entity, id)}/attachments/${key}`;
  try {
    return { file: await download(path, { quiet: true }) };
  } catch (error) {
    if (error instanceof ApiError) return { error: downloadErrorMessage(error.status, error.body, path) ?? httpErrorMessage(500, path) ?? '' };
    throw error;
  }
}

/** One suggestion of a lookup: the target record's key and its display label ('' when none). */
export interface LookupRow {
  Value: string;
  Label: string;
  /** The target's business number when the field stores another value (its internal key; issue 40 item 3). */
  Number?: string;
  /** The target's lookup marks that hold, by their labels (issue 21 item 5: "Track lot number"). */
  Marks?: string[];
}

/**
 * The field a lookup serves (issue 21 items 5, 11): the entity of the screen and the field's path there
 * (`Lines.ProductId` for a line), or a report's or process's lookup parameter. The server then answers with
 * the screen's rights and offers only the records the field accepts; `values` are the record's fields a
 * `whereFrom` of the field reads (issue 21 item 8: a receipt line's invoices are of the receipt's customer).
 */
export type LookupVia = { from: string; field: string; values?: Readonly<Record<string, unknown>> } | { report: string; field: string };

/**
 * The field at `path` of the screen's entity `from`, with the values of `record` its `whereFrom` and
 * `whereFromIfSet` read (none when it reads none): a header field's lookup and a line's alike.
 */
export function lookupVia(from: string, path: string, reads: { whereFrom?: Readonly<Record<string, string>>; whereFromIfSet?: Readonly<Record<string, string>> }, record?: Readonly<Record<string, unknown>>): LookupVia {
  const sources = [...Object.values(reads.whereFrom ?? {}), ...Object.values(reads.whereFromIfSet ?? {})];
  if (sources.length === 0) return { from, field: path };
  return { from, field: path, values: Object.fromEntries(sources.map((name) => [name, record?.[name] ?? null])) };
}

/**
 * GET /api/lookup/:entity?Search=&Page= — suggestions for a lookup to `entity` (20 a page by name, `More` when
 * another follows; `List` of LookupRow; a blank search browses, issue 40 item 7). The
 * server picks the key and the label from its registry, which holds every module's definitions, so the
 * page needs no definition of the target (its module may not be loaded: the firm form's AR terms).
 */
export function lookupRecords(entity: string, search: string, via?: LookupVia, options: { page?: number; key?: string } = {}) {
  const params: Record<string, string | undefined> = {};
  if (search.trim()) params['Search'] = search.trim();
  if (options.page !== undefined && options.page > 1) params['Page'] = String(options.page);
  // The one record a field holds (issue 40 item 3: its business number), whatever the field's conditions.
  if (options.key !== undefined) params['Key'] = options.key;
  if (via) {
    if ('from' in via) {
      params['From'] = via.from;
      if (via.values) params['Values'] = JSON.stringify(via.values);
    }
    else params['Report'] = via.report;
    params['Field'] = via.field;
  }
  return call('GET', `lookup/${enc(entity)}`, undefined, params);
}
