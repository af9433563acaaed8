import { describe, expect, it } from 'vitest';
import { SigninState } from 'oidc-client-ts';
import { storedUserKey } from '@erp/shared/user-store';
import { firstVisitOf, prepareSignIn, type FirstVisitInput } from './first-visit.ts';

const AUTHORITY = 'http://localhost/oidc';
const CLIENT = 'erp-shell';
const SCOPE = 'openid profile offline_access erp.shell erp.api';
const shellConfig = (oidc: Record<string, unknown> = {}) =>
  JSON.stringify({
    oidc: { authority: AUTHORITY, clientId: CLIENT, scope: SCOPE, redirectPath: '/auth/callback', authorizationEndpoint: `${AUTHORITY}/auth`, ...oidc },
  });

function input(storage: Record<string, string>, overrides: Partial<FirstVisitInput> = {}): FirstVisitInput {
  return { shellConfig: shellConfig(), origin: 'http://localhost', pathname: '/', hash: '#/portal/cart', read: (key) => storage[key] ?? null, ...overrides };
}

describe('firstVisitOf (issue 69 item 3: a visitor without a session goes to sign-in before any module loads)', () => {
  it('sends a visitor with no stored user to the authorization endpoint, keeping where they were', () => {
    expect(firstVisitOf(input({}))).toEqual({
      authority: AUTHORITY,
      clientId: CLIENT,
      scope: SCOPE,
      redirectUri: 'http://localhost/auth/callback',
      authorizationEndpoint: `${AUTHORITY}/auth`,
      dpop: false,
      hash: '#/portal/cart',
    });
    expect(firstVisitOf(input({}, { hash: '' }))?.hash).toBe('#/');
  });

  it('leaves the shell to decide for a stored user (live or expired), on the callback page, or without an endpoint', () => {
    expect(firstVisitOf(input({ [storedUserKey(AUTHORITY, CLIENT)]: '{"expires_at":1}' }))).toBeNull();
    expect(firstVisitOf(input({}, { pathname: '/auth/callback' }))).toBeNull();
    expect(firstVisitOf(input({}, { pathname: '/auth/callback/' }))).toBeNull();
    expect(firstVisitOf(input({}, { shellConfig: shellConfig({ authorizationEndpoint: null }) }))).toBeNull();
    expect(firstVisitOf(input({}, { shellConfig: null }))).toBeNull();
    expect(firstVisitOf(input({}, { shellConfig: '{"oidc":' }))).toBeNull();
  });

  it('a user of another client or provider is not this one', () => {
    expect(firstVisitOf(input({ [storedUserKey(AUTHORITY, 'other')]: '{}' }))).not.toBeNull();
  });
});

describe('prepareSignIn', () => {
  it('stores the sign-in state as oidc-client-ts reads it back, with the PKCE challenge of its verifier', async () => {
    const visit = firstVisitOf(input({}))!;
    const stored = new Map<string, string>();
    const url = new URL(await prepareSignIn(visit, { setItem: (key, value) => void stored.set(key, value) }, 1_800_000_000));
    expect(`${url.origin}${url.pathname}`).toBe(`${AUTHORITY}/auth`);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({ client_id: CLIENT, redirect_uri: 'http://localhost/auth/callback', response_type: 'code', scope: SCOPE, code_challenge_method: 'S256' });
    expect(query['dpop_jkt']).toBeUndefined();
    const record = stored.get(`oidc.${query['state']}`);
    expect(record).toBeDefined();
    // oidc-client-ts's own reading of the record: what its signinRedirectCallback checks and sends.
    const state = await SigninState.fromStorageString(record!);
    expect(state.id).toBe(query['state']);
    expect(state.code_challenge).toBe(query['code_challenge']);
    expect(state.code_verifier).toMatch(/^[0-9a-f]{96}$/);
    expect(state).toMatchObject({
      data: { hash: '#/portal/cart' },
      created: 1_800_000_000,
      request_type: 'si:r',
      authority: AUTHORITY,
      client_id: CLIENT,
      redirect_uri: 'http://localhost/auth/callback',
      scope: SCOPE,
    });
  });
});
