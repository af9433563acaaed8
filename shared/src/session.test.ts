/**
 * `fallbackProfile(user)`: the §3 sign-in profile built from the ID token's claims when
 * `GET api/shell/profile` fails — who the user is, and nothing that would change what they see.
 */
import { describe, expect, it } from 'vitest';
import { User, type IdTokenClaims } from 'oidc-client-ts';
import { menusVisible } from './menus.ts';
import { CachedDPoPStore, fallbackProfile, isKeyBoundJwt } from './session.ts';

/** A signed-in user as oidc-client-ts holds it, with these ID token claims. */
function userWith(claims: Partial<IdTokenClaims> & { sub: string }): User {
  return new User({
    access_token: 'access',
    token_type: 'Bearer',
    id_token: 'header.payload.signature',
    refresh_token: 'refresh',
    scope: 'openid profile offline_access erp.shell erp.api',
    expires_at: Math.floor(Date.now() / 1000) + 600,
    profile: { iss: 'https://idp.example/oidc', aud: 'erp-shell', exp: 0, iat: 0, ...claims } as IdTokenClaims,
  });
}

describe('fallbackProfile', () => {
  it('takes shellSub from the claims: the name for display, the subject as id', () => {
    const profile = fallbackProfile(
      userWith({ sub: 'admin', name: 'Dana Whitfield', preferred_username: 'dana', email: 'dana@example.com' }),
    );
    expect(profile.shellSub).toEqual({ displayName: 'Dana Whitfield', subjectId: 'admin' });
  });

  it('without a name shows preferred_username, then the e-mail, then the subject', () => {
    expect(fallbackProfile(userWith({ sub: 'u1', preferred_username: 'dana', email: 'dana@example.com' })).shellSub).toEqual({
      displayName: 'dana',
      subjectId: 'u1',
    });
    expect(fallbackProfile(userWith({ sub: 'u1', email: 'dana@example.com' })).shellSub.displayName).toBe('dana@example.com');
    expect(fallbackProfile(userWith({ sub: 'u1' })).shellSub.displayName).toBe('u1');
  });

  it('is a neutral profile otherwise: no landing page, no style sheets, no environment label, menus shown', () => {
    const profile = fallbackProfile(userWith({ sub: 'clerk', name: 'Marc-André Tremblay' }));
    expect(profile).toEqual({
      shellSub: { displayName: 'Marc-André Tremblay', subjectId: 'clerk' },
      domain: '',
      landingPage: null,
      cssFiles: [],
      environmentLabel: null,
      environment: null,
      defaultShipToId: null,
      language: null,
    });
    // §5: showMenus absent means the menus are shown.
    expect(menusVisible(profile)).toBe(true);
  });

  it('does not share state between users', () => {
    const first = fallbackProfile(userWith({ sub: 'a', name: 'A' }));
    first.cssFiles.push('/x.css');
    expect(fallbackProfile(userWith({ sub: 'b', name: 'B' })).cssFiles).toEqual([]);
  });
});

describe('DPoP helpers (issue 11 item 6)', () => {
  const jwt = (claims: Record<string, unknown>) =>
    `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

  it('tells a key-bound JWT (cnf.jkt) from a plain or opaque token', () => {
    expect(isKeyBoundJwt(jwt({ sub: 'a', cnf: { jkt: 'thumbprint' } }))).toBe(true);
    expect(isKeyBoundJwt(jwt({ sub: 'a' }))).toBe(false);
    expect(isKeyBoundJwt(jwt({ cnf: { 'x5t#S256': 'x' } }))).toBe(false);
    expect(isKeyBoundJwt('opaque-token')).toBe(false);
    expect(isKeyBoundJwt('a.!!!.c')).toBe(false);
  });

  it('reads the key pair from IndexedDB once, and again after a miss or forget()', async () => {
    const state = { keys: {} as CryptoKeyPair };
    let stored: typeof state | undefined;
    const backing = {
      reads: 0,
      async set(_key: string, value: typeof state) {
        stored = value;
      },
      async get() {
        backing.reads++;
        return stored as typeof state;
      },
      async remove() {
        const was = stored;
        stored = undefined;
        return was as typeof state;
      },
      async getAllKeys() {
        return stored ? ['erp-shell'] : [];
      },
    };
    const store = new CachedDPoPStore(backing);
    expect(await store.get('erp-shell')).toBeUndefined();
    await Promise.resolve();
    // A missing key (another tab may create it) is not remembered.
    stored = state;
    expect(await store.get('erp-shell')).toBe(state);
    expect(await store.get('erp-shell')).toBe(state);
    expect(backing.reads).toBe(2);
    store.forget();
    await store.get('erp-shell');
    expect(backing.reads).toBe(3);
    await store.remove('erp-shell');
    expect(await store.get('erp-shell')).toBeUndefined();
  });
});
