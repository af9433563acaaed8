/**
 * The API client (§7); the HTTP error catalogue (§8) is in api-messages.ts, re-exported here.
 *
 * - Every path is relative to the API base (`ShellConfig.apiBase`, by default `api/` on the shell's origin):
 *   `api.get('shell/applications')` calls `<origin>/api/shell/applications`.
 * - Calls carry the signed-in user's bearer token (from `bus.session$`), send credentials and have no
 *   timeout (§9: request timeout 0).
 * - GET sends parameters as a query; POST, PUT and DELETE send a JSON body.
 * - Every call raises the loading counter (§4) until it settles.
 * - A failure shows the §8 alert for its status on `bus.alert$` (401 shows nothing) and still rejects to the
 *   caller with an `ApiError`.
 * - `api.download` is the file variant (PDFs, Excel) with the §8 download messages.
 * - A call that gets no answer at all (the API host cannot be reached) sets `bus.apiReachable$` to false
 *   instead of alerting — the shell shows one unobtrusive banner — and any answer sets it back to true.
 * - Every call sends the shell's language as `Accept-Language` (names the server supplies follow it).
 * - Issue 11 item 6: `authorizedFetch` is the ONE place a browser request to the API gets its credentials —
 *   `Authorization: Bearer <token>`, or for a sender-constrained token `Authorization: DPoP <token>` with a
 *   fresh `DPoP` proof (RFC 9449) signed by the proof signer the session registers (`setProofSigner`).
 *   Code that cannot use `api` (streamed exports, probes, calls that need the raw status) calls it instead
 *   of `fetch`; nobody else builds an Authorization header. It also gives every request that changes something
 *   (POST, PUT, DELETE with a JSON body) an `Idempotency-Key` per user intent (intent-keys.ts, issue 39): a retry
 *   of a request that got no answer is answered by the server with the first answer, and never acts twice.
 * - §9 timestamps are sent with the local offset (or Z when UTC is asked): `formatTimestamp`. Dates and
 *   numbers are displayed in the shell's language: `formatDate`, `formatNumber` (format.ts).
 */
import { beginLoading, bus } from './bus.ts';
import { DATE_STYLE, dateFormat, displayLocale, numberFormat } from './format.ts';
import { i18n, storedLocale } from './i18n.ts';
import { downloadErrorMessage, httpErrorMessage, refusalMessage } from './api-messages.ts';
import { intentKey, settleIntent } from './intent-keys.ts';

export { downloadErrorMessage, errorDescription, httpErrorMessage, refusalMessage } from './api-messages.ts';

export type QueryScalar = string | number | boolean | Date | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[];
export type QueryParams = Record<string, QueryValue>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Query parameters (GET always sends its parameters this way; other methods may add some). */
  params?: QueryParams;
  /**
   * Bearer token to send instead of the session's. Sign-in uses it for the first calls, before the
   * session is published on the bus; `null` sends no Authorization header.
   */
  token?: string | null;
  signal?: AbortSignal;
  /** Show no §8 alert on failure (the caller reports it); the call still rejects. */
  quiet?: boolean;
  /** Do not raise the loading counter (background refreshes such as badge numbers). */
  background?: boolean;
  /** §9 timestamps: Dates are sent with the local offset, or in UTC with Z when this is true. */
  utcDates?: boolean;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

export interface DownloadOptions extends RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
}

/** A downloaded file (§7 file-download variant). */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, or null when the server sent none. */
  filename: string | null;
  contentType: string;
}

/** Every failed call rejects with one of these (§8: "every failure is also passed to the caller"). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived (network failure). */
    readonly status: number,
    /** The answer's body: parsed JSON, text, or null. */
    readonly body: unknown,
    readonly method: string,
    readonly path: string,
    /** The message shown to the user, or null when none was shown (401). */
    readonly userMessage: string | null,
    options?: { cause?: unknown },
  ) {
    super(`${method} ${path} failed: ${status === 0 ? 'no answer' : `HTTP ${status}`}`, options);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Configuration

const DEFAULT_API_BASE = 'api/';
let apiBase = DEFAULT_API_BASE;

/** Sets the API base from `ShellConfig.apiBase`: absolute (`https://host/api/`) or relative to the origin. */
export function configureApi(options: { baseUrl?: string | null }): void {
  apiBase = options.baseUrl?.trim() || DEFAULT_API_BASE;
}

function originRoot(): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? `${origin}/` : 'http://localhost/';
}

/** The API base as an absolute URL ending with '/'. */
export function apiBaseUrl(): string {
  const url = new URL(apiBase, originRoot());
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** §9: an ISO timestamp with the local offset, e.g. 2024-03-01T09:30:00.000-05:00. */
export function toLocalIsoString(date: Date): string {
  const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** §9: the wire form of a timestamp — local offset by default, UTC with Z when `utc` is true. */
export function formatTimestamp(date: Date, options: { utc?: boolean } = {}): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('formatTimestamp: invalid date');
  return options.utc ? date.toISOString() : toLocalIsoString(date);
}

/** §9 "date display format derived from the browser language": the browser's preferred locale. */
export function browserLocale(): string {
  const navigator = globalThis.navigator as Navigator | undefined;
  const candidate = navigator?.languages?.[0] ?? navigator?.language ?? 'en-CA';
  try {
    return Intl.getCanonicalLocales(candidate)[0] ?? 'en-CA';
  } catch {
    return 'en-CA';
  }
}

/** A date (and, with `timeStyle`, time) in the shell's language (format.ts: one formatting module). */
export function formatDate(
  date: Date,
  options: Intl.DateTimeFormatOptions = DATE_STYLE,
  locale: string = displayLocale(),
): string {
  return dateFormat(locale, options).format(date);
}

/** A number in the shell's language (format.ts). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}, locale: string = displayLocale()): string {
  return numberFormat(locale, options).format(value);
}

function formatScalar(value: Exclude<QueryScalar, null | undefined>, utcDates: boolean): string {
  if (value instanceof Date) return formatTimestamp(value, { utc: utcDates });
  return String(value);
}

/** The absolute URL of an API path with its query parameters (null and undefined are left out). */
export function apiUrl(path: string, params?: QueryParams, utcDates = false): string {
  const url = new URL(path.replace(/^\/+/, ''), apiBaseUrl());
  for (const [name, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryScalar[]) {
      if (item === null || item === undefined) continue;
      url.searchParams.append(name, formatScalar(item, utcDates));
    }
  }
  return url.href;
}

/** JSON text of a request body; Dates follow §9 (local offset unless UTC is asked for). */
export function serializeBody(body: unknown, utcDates = false): string {
  return JSON.stringify(body, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? formatScalar(raw, utcDates) : value;
  });
}

function showAlert(message: string | null): void {
  if (message) bus.alert$.next({ kind: 'error', message });
}

/** Publishes whether the API answers (only changes are published). */
export function setApiReachable(reachable: boolean): void {
  if (bus.apiReachable$.value !== reachable) bus.apiReachable$.next(reachable);
}

// ---------------------------------------------------------------------------------------------------------
// Transport

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (/[/+]json\b/i.test(type)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function requestHeaders(options: RequestOptions, accept: string, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: accept, ...options.headers });
  if (hasBody) headers.set('Content-Type', 'application/json');
  // Issue 16 item 3: the server answers names (applications, menus, tab titles) in the shell's language.
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', i18n.language || storedLocale());
  return headers;
}

// ---------------------------------------------------------------------------------------------------------
// Credentials (issue 11 item 6)

/**
 * Signs DPoP proofs for the session's tokens. `proof` answers null when `token` is a plain bearer token (not
 * bound to the browser's key), else a proof JWT for this one request.
 */
export interface ProofSigner {
  proof(request: { url: string; method: string; token: string }): Promise<string | null>;
}

let proofSigner: ProofSigner | null = null;

/** Registers (or, with null, removes) the page's DPoP proof signer; session.ts does it when DPoP is on. */
export function setProofSigner(signer: ProofSigner | null): void {
  proofSigner = signer;
}

export interface AuthorizedRequestInit extends RequestInit {
  /** The token to send instead of the session's (`bus.session$`); null sends none. */
  token?: string | null;
}

/**
 * `fetch` with the API credentials: the session's (or the given) access token as `Bearer`, or, for a token
 * bound to this browser's key, as `DPoP` with a proof of the key for exactly this method and URL. The proof
 * is made just before the request leaves (it is single-use and only valid for a minute on the server).
 */
export async function authorizedFetch(url: string, init: AuthorizedRequestInit = {}): Promise<Response> {
  const { token: given, ...rest } = init;
  const token = given !== undefined ? given : (bus.session$.value?.accessToken ?? null);
  const headers = new Headers(rest.headers);
  const method = (rest.method ?? 'GET').toUpperCase();
  if (token) {
    // A signer that fails (storage unreadable) sends the token as it is: the API answers 401 for a bound token,
    // the usual signed-out path, rather than a network failure.
    const proof = proofSigner ? await proofSigner.proof({ url, method, token }).catch(() => null) : null;
    if (proof) {
      headers.set('Authorization', `DPoP ${token}`);
      headers.set('DPoP', proof);
    } else {
      headers.set('Authorization', `Bearer ${token}`);
    }
  }
  if (method === 'GET' || typeof rest.body !== 'string' || headers.has('Idempotency-Key')) return fetch(url, { ...rest, headers });
  const key = intentKey(method, url, rest.body);
  headers.set('Idempotency-Key', key);
  let response: Response;
  try {
    response = await fetch(url, { ...rest, headers });
  } catch (error) {
    settleIntent(key, 0);
    throw error;
  }
  const code = response.status === 409 ? ((await response.clone().json().catch(() => null)) as { ResultCode?: string } | null)?.ResultCode : undefined;
  settleIntent(key, response.status, code);
  return response;
}

interface Sent {
  response: Response;
  method: string;
  path: string;
}

/**
 * Sends one request; network failures become ApiError(0) with no alert (they set `apiReachable$` false).
 * Aborts reject with the AbortError itself.
 */
async function send(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  accept: string,
): Promise<Sent> {
  const hasBody = body !== undefined && method !== 'GET';
  const init: AuthorizedRequestInit = {
    method,
    headers: requestHeaders(options, accept, hasBody),
    credentials: 'include',
  };
  if (options.token !== undefined) init.token = options.token;
  if (hasBody) init.body = serializeBody(body, options.utcDates);
  if (options.signal) init.signal = options.signal;
  let response: Response;
  try {
    response = await authorizedFetch(apiUrl(path, options.params, options.utcDates), init);
  } catch (error) {
    if (isAbort(error)) throw error;
    // No answer at all: the API cannot be reached. The shell's banner says so (no alert per call); the
    // caller still gets the failure.
    setApiReachable(false);
    throw new ApiError(0, null, method, path, null, { cause: error });
  }
  setApiReachable(true);
  return { response, method, path };
}

async function request<T>(method: HttpMethod, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const done = options.background ? () => {} : beginLoading();
  try {
    const { response } = await send(method, path, body, options, 'application/json');
    const answer = await readBody(response);
    if (!response.ok) {
      const message = refusalMessage(answer) ?? httpErrorMessage(response.status, path);
      if (!options.quiet) showAlert(message);
      throw new ApiError(response.status, answer ?? null, method, path, options.quiet ? null : message);
    }
    return answer as T;
  } finally {
    done();
  }
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return value || null;
}

async function download(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const method = options.method ?? 'GET';
  const done = options.background ? () => {} : beginLoading();
  try {
    const { response } = await send(method, path, options.body, options, '*/*');
    if (!response.ok) {
      const answer = await readBody(response);
      const message = refusalMessage(answer) ?? downloadErrorMessage(response.status, answer, path);
      if (!options.quiet) showAlert(message);
      throw new ApiError(response.status, answer ?? null, method, path, options.quiet ? null : message);
    }
    const blob = await response.blob();
    return {
      blob,
      filename: filenameFromDisposition(response.headers.get('content-disposition')),
      contentType: response.headers.get('content-type') ?? blob.type,
    };
  } finally {
    done();
  }
}

/** Hands a downloaded file to the browser as a download (an object URL on a temporary link). */
export function saveFile(file: Pick<DownloadedFile, 'blob' | 'filename'>, fallbackName = 'download'): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The §7 API client. */
export const api = {
  /** GET with parameters as the query. */
  get<T>(path: string, params?: QueryParams, options: RequestOptions = {}): Promise<T> {
    return request<T>('GET', path, undefined, { ...options, params: { ...options.params, ...params } });
  },
  /** POST with a JSON body. */
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return request<T>('POST', path, body, options);
  },
  /** PUT with a JSON body. */
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return request<T>('PUT', path, body, options);
  },
  /** DELETE with an optional JSON body. */
  delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return request<T>('DELETE', path, body, options);
  },
  /** The file variant: GET or POST, answers a Blob and the server's file name. */
  download,
};

export type Api = typeof api;
