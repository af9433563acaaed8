import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  apiUrl,
  authorizedFetch,
  browserLocale,
  configureApi,
  filenameFromDisposition,
  formatDate,
  formatNumber,
  formatTimestamp,
  refusalMessage,
  serializeBody,
  setProofSigner,
  toLocalIsoString,
} from './api.ts';
import { bus, type Session } from './bus.ts';
import { plainProfile } from './session.ts';
import type { UserProfile } from './types.ts';

const profile: UserProfile = plainProfile('ada', 'Ada', 'example.com');

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

type FetchMock = ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;
let fetchMock: FetchMock;
let alerts: string[];
let subscription: { unsubscribe(): void };

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url, init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ baseUrl: 'http://erp.test/api/' });
  bus.session$.next({ accessToken: 'token-1', expired: false, profile } satisfies Session);
  bus.loading$.next(0);
  bus.apiReachable$.next(true);
  alerts = [];
  subscription = bus.alert$.subscribe((alert) => alerts.push(alert.message));
});

afterEach(() => {
  subscription.unsubscribe();
  vi.unstubAllGlobals();
  bus.session$.next(null);
  configureApi({ baseUrl: null });
});

describe('api requests (§7)', () => {
  it('prefixes api/, sends parameters as the query, the bearer token and credentials', async () => {
    fetchMock.mockResolvedValue(json([{ MenuId: 'M1' }]));
    const menus = await api.get<{ MenuId: string }[]>('shell/menus', { application: 'GL', skip: undefined, n: 3 });
    expect(menus).toEqual([{ MenuId: 'M1' }]);
    const { url, init, headers } = lastCall();
    expect(url).toBe('http://erp.test/api/shell/menus?application=GL&n=3');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.signal).toBeUndefined(); // §9: no timeout
    expect(init.body).toBeUndefined();
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('resolves the default base against the shell origin and accepts a leading slash', () => {
    configureApi({ baseUrl: null });
    expect(apiUrl('/shell/routes')).toBe('http://localhost/api/shell/routes');
    configureApi({ baseUrl: '/erp/api' });
    expect(apiUrl('tenant')).toBe('http://localhost/erp/api/tenant');
  });

  it('repeats array parameters', () => {
    expect(apiUrl('x', { id: [1, 2], empty: null })).toBe('http://erp.test/api/x?id=1&id=2');
  });

  it('uses an explicit token instead of the session', async () => {
    fetchMock.mockImplementation(async () => json({}));
    await api.get('shell/profile', undefined, { token: 'fresh' });
    expect(lastCall().headers.get('authorization')).toBe('Bearer fresh');
    await api.get('shell/profile', undefined, { token: null });
    expect(lastCall().headers.has('authorization')).toBe(false);
  });

  it('issue 11 item 6: a bound token goes as DPoP with a fresh proof per call, a plain one as Bearer', async () => {
    const asked: { url: string; method: string; token: string }[] = [];
    setProofSigner({
      proof: async (request) => {
        asked.push(request);
        return request.token === 'token-1' ? `proof-${asked.length}` : null;
      },
    });
    try {
      fetchMock.mockImplementation(async () => json({}));
      await api.post('data/firm', { Name: 'x' }, { params: { q: 1 } });
      expect(lastCall().headers.get('authorization')).toBe('DPoP token-1');
      expect(lastCall().headers.get('dpop')).toBe('proof-1');
      expect(asked[0]).toEqual({ url: 'http://erp.test/api/data/firm?q=1', method: 'POST', token: 'token-1' });
      await api.download('data/firm/export');
      expect(lastCall().headers.get('dpop')).toBe('proof-2');
      await authorizedFetch('http://erp.test/api/tenant', { token: 'plain' });
      expect(lastCall().headers.get('authorization')).toBe('Bearer plain');
      expect(lastCall().headers.has('dpop')).toBe(false);
      // A signer that fails still sends the request (the API's 401 is the signed-out path, not "unreachable").
      setProofSigner({ proof: () => Promise.reject(new Error('no key')) });
      await authorizedFetch('http://erp.test/api/tenant');
      expect(lastCall().headers.get('authorization')).toBe('Bearer token-1');
    } finally {
      setProofSigner(null);
    }
  });

  it('sends no Authorization header when signed out', async () => {
    bus.session$.next(null);
    fetchMock.mockResolvedValue(json({}));
    await api.get('tenant');
    expect(lastCall().headers.has('authorization')).toBe(false);
  });

  it('POST, PUT and DELETE send a JSON body', async () => {
    fetchMock.mockImplementation(async () => json({ ResultStatus: 1 }));
    await api.post('shell_init/locale', { locale: 'fr-CA' });
    let call = lastCall();
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBe('{"locale":"fr-CA"}');
    expect(call.headers.get('content-type')).toBe('application/json');

    await api.put('things/1', 'as a JSON string');
    call = lastCall();
    expect(call.init.method).toBe('PUT');
    expect(call.init.body).toBe('"as a JSON string"');

    await api.delete('things/1');
    call = lastCall();
    expect(call.init.method).toBe('DELETE');
    expect(call.init.body).toBeUndefined();
  });

  it('answers undefined for an empty body and text for non-JSON answers', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.post('x')).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(new Response('plain', { headers: { 'content-type': 'text/plain' } }));
    await expect(api.get('x')).resolves.toBe('plain');
  });

  it('raises the loading counter until the call settles', async () => {
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    const pending = api.get('shell/applications');
    expect(bus.loading$.value).toBe(1);
    resolve(json([]));
    await pending;
    expect(bus.loading$.value).toBe(0);

    fetchMock.mockResolvedValue(json({}, 500));
    await expect(api.get('boom')).rejects.toBeInstanceOf(ApiError);
    expect(bus.loading$.value).toBe(0);
  });

  it('leaves the loading counter alone for background calls', async () => {
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    const pending = api.get('badges', undefined, { background: true });
    expect(bus.loading$.value).toBe(0);
    resolve(json([0, 0]));
    await pending;
  });

  it('sends Dates with the local offset, or in UTC when asked', () => {
    const date = new Date(Date.UTC(2024, 2, 1, 14, 30, 5, 7));
    const local = toLocalIsoString(date);
    expect(local).toMatch(/^2024-03-0[12]T\d\d:\d\d:05\.007[+-]\d\d:\d\d$/);
    expect(new Date(local).getTime()).toBe(date.getTime());
    expect(serializeBody({ at: date })).toBe(`{"at":"${local}"}`);
    expect(serializeBody({ at: date }, true)).toBe('{"at":"2024-03-01T14:30:05.007Z"}');
    expect(apiUrl('x', { from: date }, true)).toBe('http://erp.test/api/x?from=2024-03-01T14%3A30%3A05.007Z');
  });
});

describe('§8 error catalogue', () => {
  it.each([
    [400, 'Bad request'],
    [403, 'You do not have sufficient permissions.'],
    [404, 'Not Found'],
    [500, 'Server error'],
  ])('HTTP %i shows "%s" and still rejects to the caller', async (status, message) => {
    fetchMock.mockResolvedValue(json({ Message: 'detail' }, status));
    const error = await api.get('shell/routes').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, body: { Message: 'detail' }, method: 'GET', path: 'shell/routes' });
    expect(alerts).toEqual([message]);
  });

  it('401 shows nothing and rejects', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    const error = await api.get('tenant').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, userMessage: null });
    expect(alerts).toEqual([]);
  });

  it('other statuses show the generic message', async () => {
    fetchMock.mockResolvedValueOnce(json({}, 409));
    await expect(api.post('orders', {})).rejects.toMatchObject({ status: 409 });
    expect(alerts).toEqual(['Unknown error on orders']);
    expect(bus.loading$.value).toBe(0);
  });

  it('a network failure marks the API unreachable (no alert) and any answer marks it reachable again', async () => {
    const seen: boolean[] = [];
    const watch = bus.apiReachable$.subscribe((value) => seen.push(value));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('tenant')).rejects.toMatchObject({ status: 0, userMessage: null });
    expect(bus.apiReachable$.value).toBe(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('tenant')).rejects.toMatchObject({ status: 0 });
    // An HTTP error is an answer: the API is reachable.
    fetchMock.mockResolvedValueOnce(json({}, 500));
    await expect(api.get('tenant')).rejects.toMatchObject({ status: 500 });
    expect(bus.apiReachable$.value).toBe(true);
    expect(seen).toEqual([true, false, true]);
    expect(alerts).toEqual(['Server error']);
    expect(bus.loading$.value).toBe(0);
    watch.unsubscribe();
  });

  it('§6: a not_assigned refusal shows its own text, for data calls and downloads alike', async () => {
    const refusal = { ResultStatus: 2, ResultCode: 'not_assigned', Message: 'x', EntityId: null, Exception: null };
    fetchMock.mockResolvedValueOnce(json(refusal, 403));
    await expect(api.post('reports/ar-account-inquiry/run', {})).rejects.toMatchObject({ status: 403 });
    fetchMock.mockResolvedValueOnce(json(refusal, 403));
    await expect(api.download('reports/ar-account-statement/pdf')).rejects.toMatchObject({ status: 403 });
    const text = 'Sorry, this Firm cannot be viewed. You are not assigned to this customer.';
    expect(alerts).toEqual([text, text]);
    expect(refusalMessage({ ResultCode: 'forbidden' })).toBeNull();
  });

  it('quiet calls reject without an alert', async () => {
    fetchMock.mockResolvedValue(json({}, 404));
    await expect(api.get('shell/routes', undefined, { quiet: true })).rejects.toMatchObject({ status: 404 });
    expect(alerts).toEqual([]);
  });

  it('an aborted call rejects with the AbortError and shows nothing', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation((_url, init) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
    );
    const pending = api.get('slow', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(alerts).toEqual([]);
    expect(bus.loading$.value).toBe(0);
  });
});

describe('file downloads (§7, §8)', () => {
  it('answers the blob and the file name', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Blob(['%PDF-1.7']), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="trial.pdf"; filename*=UTF-8''Trial%20balance.pdf`,
        },
      }),
    );
    const file = await api.download('reports/trial-balance', { method: 'POST', body: { year: 2024 } });
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(file.filename).toBe('Trial balance.pdf');
    expect(file.contentType).toBe('application/pdf');
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"year":2024}');
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(bus.loading$.value).toBe(0);
  });

  it.each([
    [401, '', 'Unauthorized'],
    [400, JSON.stringify({ error_description: 'Year is required' }), 'Year is required'],
    [400, '', 'Unauthorized request'],
    [404, '', 'Not Found'],
  ])('HTTP %i with body %j shows "%s"', async (status, body, message) => {
    fetchMock.mockResolvedValue(new Response(body, { status, headers: { 'content-type': 'application/json' } }));
    await expect(api.download('reports/x')).rejects.toMatchObject({ status });
    expect(alerts).toEqual([message]);
  });

  it('reads file names from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.xlsx")).toBe('报表.xlsx');
    expect(filenameFromDisposition('inline')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('§9 timestamps, dates and numbers', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it('sends a timestamp with the local offset', () => {
    const date = new Date(Date.UTC(2024, 0, 15, 14, 30, 5, 7));
    process.env.TZ = 'America/Toronto';
    expect(formatTimestamp(date)).toBe('2024-01-15T09:30:05.007-05:00');
    process.env.TZ = 'Asia/Kolkata';
    expect(formatTimestamp(date)).toBe('2024-01-15T20:00:05.007+05:30');
    process.env.TZ = 'UTC';
    expect(formatTimestamp(date)).toBe('2024-01-15T14:30:05.007+00:00');
  });

  it('follows daylight saving time and the date line', () => {
    process.env.TZ = 'America/Toronto';
    expect(formatTimestamp(new Date(Date.UTC(2024, 6, 1, 3, 0, 0, 0)))).toBe('2024-06-30T23:00:00.000-04:00');
    process.env.TZ = 'Pacific/Kiritimati';
    expect(formatTimestamp(new Date(Date.UTC(2024, 11, 31, 12, 0, 0, 0)))).toBe('2025-01-01T02:00:00.000+14:00');
  });

  it('sends Z when UTC is asked for', () => {
    process.env.TZ = 'America/Vancouver';
    const date = new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 999));
    expect(formatTimestamp(date, { utc: true })).toBe('2024-02-29T23:59:59.999Z');
    expect(formatTimestamp(date, { utc: false })).toBe('2024-02-29T15:59:59.999-08:00');
  });

  it('refuses an invalid date', () => {
    expect(() => formatTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('displays dates and numbers in the shell language, whatever the browser says (issue 16: never a mix)', () => {
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] });
    bus.language$.next('fr-CA');
    expect(formatNumber(1234.5)).toBe(new Intl.NumberFormat('fr-CA').format(1234.5));
    expect(formatNumber(1234.5)).not.toBe('1,234.5');
    const date = new Date(2024, 2, 5);
    expect(formatDate(date, { year: 'numeric', month: '2-digit', day: '2-digit' })).toBe('2024-03-05');
    bus.language$.next('en-CA');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    vi.stubGlobal('navigator', { language: 'fr-CA', languages: ['fr-CA', 'en-CA'] });
    expect(browserLocale()).toBe('fr-CA');
    vi.stubGlobal('navigator', { language: 'not a locale!!' });
    expect(browserLocale()).toBe('en-CA');
  });
});
