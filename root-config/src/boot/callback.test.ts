import { describe, expect, it } from 'vitest';
import { callbackExchangeOf, exchangeEarly, handOver, type CallbackExchange, type CallbackInput } from './callback.ts';

const AUTHORITY = 'http://localhost/oidc';
const METADATA = `${AUTHORITY}/.well-known/openid-configuration`;
const TOKEN = `${AUTHORITY}/token`;
const shellConfig = JSON.stringify({ oidc: { authority: AUTHORITY, clientId: 'erp-shell', redirectPath: '/auth/callback', dpop: false } });
const state = { id: 'abc', authority: AUTHORITY, client_id: 'erp-shell', redirect_uri: 'http://localhost/auth/callback', code_verifier: 'v'.repeat(96) };

function input(overrides: Partial<CallbackInput> = {}, stored: Record<string, unknown> = state): CallbackInput {
  return {
    shellConfig,
    href: 'http://localhost/auth/callback?code=CODE&state=abc&iss=http%3A%2F%2Flocalhost%2Foidc',
    read: (key) => (key === 'oidc.abc' ? JSON.stringify(stored) : null),
    ...overrides,
  };
}

describe('callbackExchangeOf (issue 69/71 item 3: the code is exchanged while the modules load)', () => {
  it('exchanges the code of a callback whose stored state this shell made', () => {
    expect(callbackExchangeOf(input())).toEqual({
      metadataUrl: METADATA,
      clientId: 'erp-shell',
      redirectUri: 'http://localhost/auth/callback',
      code: 'CODE',
      codeVerifier: state.code_verifier,
      dpop: false,
    });
  });

  it('leaves everything else to the shell', () => {
    expect(callbackExchangeOf(input({ href: 'http://localhost/?code=CODE&state=abc' }))).toBeNull();
    expect(callbackExchangeOf(input({ href: 'http://localhost/auth/callback?error=access_denied&state=abc' }))).toBeNull();
    expect(callbackExchangeOf(input({ href: 'http://localhost/auth/callback?code=CODE&state=abc&error=x' }))).toBeNull();
    expect(callbackExchangeOf(input({ href: 'http://localhost/auth/callback?code=CODE&state=other' }))).toBeNull();
    expect(callbackExchangeOf(input({}, { ...state, client_id: 'someone-else' }))).toBeNull();
    expect(callbackExchangeOf(input({}, { ...state, authority: 'https://elsewhere/oidc' }))).toBeNull();
    expect(callbackExchangeOf(input({}, { ...state, redirect_uri: 'https://evil.example/auth/callback' }))).toBeNull();
    expect(callbackExchangeOf(input({}, { ...state, code_verifier: undefined }))).toBeNull();
    expect(callbackExchangeOf(input({ shellConfig: null }))).toBeNull();
    expect(callbackExchangeOf(input({ read: () => '{not json' }))).toBeNull();
  });
});

/** A fetch that records its requests and answers the metadata and the token requests. */
function provider(tokenStatus = 200) {
  const calls: { url: string; method: string; body: string | null }[] = [];
  const impl = (async (request: RequestInfo | URL, init?: RequestInit) => {
    const url = String(request);
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? String(init.body) : null });
    if (url === METADATA) return Response.json({ issuer: AUTHORITY, token_endpoint: TOKEN });
    if (url === TOKEN) return Response.json(tokenStatus === 200 ? { access_token: `token-${calls.length}` } : { error: 'invalid_dpop_proof' }, { status: tokenStatus });
    return Response.json({ other: true });
  }) as typeof fetch;
  return { calls, impl };
}

const exchange = callbackExchangeOf(input()) as CallbackExchange;
const tokenBody = () => new URLSearchParams({ grant_type: 'authorization_code', code: 'CODE', code_verifier: state.code_verifier });

describe('handOver', () => {
  it("answers the shell's metadata and token requests with the early answers, once each, then steps aside", async () => {
    const { calls, impl } = provider();
    let done = false;
    const handing = handOver(exchange, exchangeEarly(exchange, impl), impl, () => (done = true));
    const metadata = await handing(METADATA, { method: 'GET' });
    expect(await metadata.json()).toMatchObject({ token_endpoint: TOKEN });
    const token = await handing(TOKEN, { method: 'POST', body: tokenBody() });
    expect(await token.json()).toEqual({ access_token: 'token-2' });
    expect(done).toBe(true);
    // The early requests were the only ones: the code went to the provider once, with its PKCE verifier.
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`GET ${METADATA}`, `POST ${TOKEN}`]);
    const sent = new URLSearchParams(calls[1]!.body ?? '');
    expect(sent.get('code')).toBe('CODE');
    expect(sent.get('code_verifier')).toBe(state.code_verifier);
    expect(sent.get('client_id')).toBe('erp-shell');
    // Any other request, and a second one of the same, goes to the page's fetch.
    await handing(TOKEN, { method: 'POST', body: tokenBody() });
    await handing('http://localhost/api/shell/routes');
    expect(calls).toHaveLength(4);
  });

  it('hands over no refused answer: the shell asks the provider itself', async () => {
    const { calls, impl } = provider(400);
    const handing = handOver(exchange, exchangeEarly(exchange, impl), impl, () => undefined);
    await handing(METADATA, { method: 'GET' });
    const token = await handing(TOKEN, { method: 'POST', body: tokenBody() });
    expect(token.status).toBe(400);
    expect(calls.filter((call) => call.url === TOKEN)).toHaveLength(2);
  });

  it('answers a token request for another code from the provider', async () => {
    const { calls, impl } = provider();
    const early = exchangeEarly(exchange, impl);
    const handing = handOver(exchange, early, impl, () => undefined);
    await early.token;
    const other = new URLSearchParams({ grant_type: 'authorization_code', code: 'OTHER' });
    expect(await (await handing(TOKEN, { method: 'POST', body: other })).json()).toEqual({ access_token: 'token-3' });
    expect(calls.filter((call) => call.url === TOKEN).map((call) => new URLSearchParams(call.body ?? '').get('code'))).toEqual(['CODE', 'OTHER']);
  });
});

describe('exchangeEarly', () => {
  it('says when its token request has left, before its answer comes (the modules wait for that: loader.ts)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls: string[] = [];
    const impl = ((request: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(request)}`);
      if (String(request) === METADATA) return Promise.resolve(Response.json({ token_endpoint: TOKEN }));
      return new Promise<Response>((resolve) => (answer = resolve));
    }) as typeof fetch;
    const early = exchangeEarly(exchange, impl);
    await early.sent;
    expect(calls).toEqual([`GET ${METADATA}`, `POST ${TOKEN}`]);
    answer(Response.json({ access_token: 'A' }));
    expect(await (await early.token)?.json()).toEqual({ access_token: 'A' });
  });

  it('settles when no token request is made (the metadata failed)', async () => {
    const early = exchangeEarly(exchange, (() => Promise.resolve(new Response('', { status: 500 }))) as typeof fetch);
    await early.sent;
    expect(await early.token).toBeNull();
  });
});

describe('the early access token (the shell starts its start-up calls with it: root-config.ts)', () => {
  it('is read from the early answer, which oidc-client-ts still reads whole', async () => {
    const { impl } = provider();
    const early = exchangeEarly(exchange, impl);
    const handing = handOver(exchange, early, impl, () => undefined);
    await handing(METADATA, { method: 'GET' });
    const token = await handing(TOKEN, { method: 'POST', body: tokenBody() });
    expect(await token.json()).toEqual({ access_token: 'token-2' });
    expect(await early.accessToken).toBe('token-2');
  });

  it('is null when the exchange was refused', async () => {
    expect(await exchangeEarly(exchange, provider(400).impl).accessToken).toBeNull();
  });
});
