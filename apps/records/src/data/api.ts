/**
 * The generic list's calls (server/src/entities/README.md), through `@erp/shared`'s API client (§7: bearer
 * token, loading counter, §8 alerts) — except the Excel export, which reads the §7 file-download variant
 * as a stream so the screen can show progress and cancel it (`streamExport`).
 */
import {
  ApiError,
  api,
  apiUrl,
  authorizedFetch,
  bus,
  downloadErrorMessage,
  errorDescription,
  filenameFromDisposition,
  serializeBody,
  setApiReachable,
} from '@erp/shared';
import type { PagedList as SharedPagedList } from '@erp/shared/types';

/** GET /api/entities/:entity: the caller's rights on an entity and saved list preferences. */
export interface EntityAccess {
  Entity: string;
  CanWrite: boolean;
  Hidden: string[];
  ReadOnly: string[];
  Preferences: { Columns?: string[]; Widths?: Record<string, number> } | null;
}

/** §3 Call result. */
export interface CallResult {
  ResultStatus: number;
  ResultCode?: string;
  Message?: string;
  EntityId?: unknown;
  Data?: unknown;
}

/** §3 Paged list as GET /api/data/:entity answers it. */
export interface PagedList extends CallResult, SharedPagedList<Record<string, unknown>> {
  /** Field → sum/avg/count over every matching row (columns with a `total`). */
  Totals?: Record<string, number | string | null>;
}

/** §4 Result status. */
export const RESULT = { success: 1, failure: 2, warning: 3, unknown: 4, noRecord: 5, noRecords: 6 } as const;

export function loadAccess(entity: string, signal?: AbortSignal): Promise<EntityAccess> {
  return api.get<EntityAccess>(`entities/${encodeURIComponent(entity)}`, undefined, signal ? { signal } : {});
}

/** PUT /api/entities/:entity/preferences: the user's list columns. */
/** PUT /api/entities/:entity/preferences: the list columns and (issue 16 item 5) their widths. */
export function saveColumns(entity: string, columns: readonly string[], widths?: Readonly<Record<string, number>>): Promise<CallResult> {
  return api.put<CallResult>(`entities/${encodeURIComponent(entity)}/preferences`, {
    Columns: [...columns],
    ...(widths && Object.keys(widths).length > 0 ? { Widths: { ...widths } } : {}),
  });
}

/**
 * Issue 40 item 10: a list's first page asked at the same time as its access (GET /api/entities/:entity), not
 * after it — the pane guesses the list's first request (default columns and query, RecordPane) and `loadPage`
 * takes that answer when the list asks exactly the same; otherwise, or when it failed, the list asks itself.
 * Quiet: a refusal is alerted by the list's own request, once.
 */
const early = new Map<string, Promise<PagedList>>();
const pageKey = (entity: string, params: Record<string, string | number>) =>
  `${entity}?${Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&')}`;

export function prefetchPage(entity: string, params: Record<string, string | number>): void {
  const key = pageKey(entity, params);
  const answer = api.get<PagedList>(`data/${encodeURIComponent(entity)}`, params, { quiet: true });
  early.set(key, answer);
  // Not taken soon (the list asked otherwise): forgotten, never served stale.
  const forget = () => setTimeout(() => early.get(key) === answer && early.delete(key), 2000);
  answer.then(forget, forget);
}

export function loadPage(entity: string, params: Record<string, string | number>, signal?: AbortSignal, background = false): Promise<PagedList> {
  // A live refresh (issue 42) is a background call: no loading overlay over the screen the user works in, and
  // never the early answer (it asks because the data changed since).
  const ask = () => api.get<PagedList>(`data/${encodeURIComponent(entity)}`, params, { ...(signal ? { signal } : {}), background });
  const key = pageKey(entity, params);
  const asked = background ? undefined : early.get(key);
  if (!asked) return ask();
  early.delete(key);
  return asked.then(
    (page) => {
      if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      return page;
    },
    () => (signal?.aborted ? Promise.reject(new DOMException('Aborted', 'AbortError')) : ask()),
  );
}

/**
 * DELETE /api/data/:entity/:id?Version=n. A refusal is not alerted by the client: the caller shows the
 * server's own message (`refusalMessage`).
 */
export function deleteRecord(entity: string, id: string, version: number): Promise<CallResult> {
  return api.delete<CallResult>(`data/${encodeURIComponent(entity)}/${encodeURIComponent(id)}`, undefined, {
    params: { Version: version },
    quiet: true,
  });
}

/** The message to show for a refused call: the server's own, else the §8 one the client chose. */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return errorDescription(error.body) ?? error.userMessage ?? fallback;
  return fallback;
}

export interface ExportProgress {
  /** Bytes of the file received so far. */
  bytes: number;
  /** Rows in the file (X-Total-Count), when the server said. */
  rows: number | null;
}

export interface ExportedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * POST /api/data/:entity/export (§7 file-download variant, §9 fetch size in `body`), read as a stream:
 * `onProgress` is called as bytes arrive. §8 file-download errors are alerted (401 Unauthorized, 400 the
 * server's description or Unauthorized request, 404 Not Found) and the promise rejects with an ApiError.
 * Aborting `signal` cancels the download (rejects with the AbortError). The loading counter is not raised:
 * the screen shows its own progress with a cancel button, which the loading overlay would cover.
 */
export async function streamExport(
  entity: string,
  body: Record<string, unknown>,
  options: { signal: AbortSignal; onProgress(progress: ExportProgress): void },
): Promise<ExportedFile> {
  const path = `data/${encodeURIComponent(entity)}/export`;
  const headers = new Headers({ Accept: '*/*', 'Content-Type': 'application/json' });
  let response: Response;
  try {
    response = await authorizedFetch(apiUrl(path), {
      method: 'POST',
      headers,
      body: serializeBody(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    setApiReachable(false);
    throw new ApiError(0, null, 'POST', path, null, { cause: error });
  }
  setApiReachable(true);
  if (!response.ok) {
    const text = await response.text();
    let answer: unknown = text;
    try {
      answer = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      // a plain-text answer stays text
    }
    const message = downloadErrorMessage(response.status, answer, path);
    if (message) bus.alert$.next({ kind: 'error', message });
    throw new ApiError(response.status, answer, 'POST', path, message);
  }
  const total = response.headers.get('x-total-count');
  const rows = total !== null && /^\d+$/.test(total) ? Number(total) : null;
  const filename = filenameFromDisposition(response.headers.get('content-disposition'));
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  options.onProgress({ bytes, rows });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      bytes += value.byteLength;
      options.onProgress({ bytes, rows });
    }
  }
  return { blob: new Blob(chunks, { type }), filename };
}
