import { describe, expect, it } from 'vitest';
import { storedUserKey } from '@erp/shared/user-store';
import { KEPT_HOME_KEY, keptHomeEntry, keptHomeOf, type PageFacts } from './kept-home.ts';

const AUTHORITY = 'http://localhost/oidc';
const CLIENT = 'erp-shell';
const HOME_URL = '/apps/home/home.js?v=abc';
const NOW = 1_800_000_000;
const owner = { authority: AUTHORITY, clientId: CLIENT, subject: 'admin' };
const user = (sub: string, expiresAt = NOW + 600, refresh: string | null = 'r1') =>
  JSON.stringify({ profile: { sub }, expires_at: expiresAt, ...(refresh ? { refresh_token: refresh } : {}) });

function facts(storage: Record<string, string>, overrides: Partial<PageFacts> = {}): PageFacts {
  return {
    shellConfig: JSON.stringify({ oidc: { authority: AUTHORITY, clientId: CLIENT, redirectPath: '/auth/callback' } }),
    importMap: JSON.stringify({ imports: { '@erp/home': HOME_URL } }),
    pathname: '/',
    hash: '#/',
    read: (key) => storage[key] ?? null,
    ...overrides,
  };
}

const kept = (entryOwner = owner, module = HOME_URL) =>
  JSON.stringify(keptHomeEntry(entryOwner, module, 'fr-CA', '<div class="erp-ui-page"><h1>Bienvenue</h1></div>'));

describe('keptHomeOf (issue 44: the page shows the kept HOME only to its user, live, on HOME, same version)', () => {
  it('answers the kept HOME of the signed-in user on HOME', () => {
    const storage = { [KEPT_HOME_KEY]: kept(), [storedUserKey(AUTHORITY, CLIENT)]: user('admin') };
    const home = keptHomeOf(facts(storage), NOW);
    expect(home?.html).toBe('<div class="erp-ui-page"><h1>Bienvenue</h1></div>');
    expect(home?.lang).toBe('fr-CA');
    expect(keptHomeOf(facts(storage, { hash: '' }), NOW)?.subject).toBe('admin');
  });

  it('never shows one user\'s HOME to another, nor under another client or provider', () => {
    const storage = { [KEPT_HOME_KEY]: kept(), [storedUserKey(AUTHORITY, CLIENT)]: user('clerk') };
    expect(keptHomeOf(facts(storage), NOW)).toBeNull();
    const otherClient = { [KEPT_HOME_KEY]: kept({ ...owner, clientId: 'other' }), [storedUserKey(AUTHORITY, CLIENT)]: user('admin') };
    expect(keptHomeOf(facts(otherClient), NOW)).toBeNull();
  });

  it('shows nothing without a live sign-in that can be renewed (signed out, expired, no refresh token)', () => {
    expect(keptHomeOf(facts({ [KEPT_HOME_KEY]: kept() }), NOW)).toBeNull();
    expect(keptHomeOf(facts({ [KEPT_HOME_KEY]: kept(), [storedUserKey(AUTHORITY, CLIENT)]: user('admin', NOW) }), NOW)).toBeNull();
    expect(keptHomeOf(facts({ [KEPT_HOME_KEY]: kept(), [storedUserKey(AUTHORITY, CLIENT)]: user('admin', NOW + 600, null) }), NOW)).toBeNull();
  });

  it('shows nothing for another version of HOME\'s code, another route, the callback page, or unreadable input', () => {
    const storage = { [KEPT_HOME_KEY]: kept(owner, '/apps/home/home.js?v=old'), [storedUserKey(AUTHORITY, CLIENT)]: user('admin') };
    expect(keptHomeOf(facts(storage), NOW)).toBeNull();
    const good = { [KEPT_HOME_KEY]: kept(), [storedUserKey(AUTHORITY, CLIENT)]: user('admin') };
    expect(keptHomeOf(facts(good, { hash: '#/novus-gl' }), NOW)).toBeNull();
    // The sign-in callback page: the user is about to change.
    expect(keptHomeOf(facts(good, { pathname: '/auth/callback/', hash: '' }), NOW)).toBeNull();
    expect(keptHomeOf(facts({ ...good, [KEPT_HOME_KEY]: '{not json' }), NOW)).toBeNull();
    expect(keptHomeOf(facts(good, { shellConfig: null }), NOW)).toBeNull();
    expect(keptHomeOf(facts(good, { read: () => { throw new Error('refused'); } }), NOW)).toBeNull();
  });
});

describe('keptHomeEntry', () => {
  it('drops template comments and renames ids and their references, so kept and live copies never share one', () => {
    const entry = keptHomeEntry(owner, HOME_URL, 'en-CA',
      '<!----><section aria-labelledby="h-1"><h2 id="h-1"><!--?lit$1$-->Apps</h2><a aria-describedby="a-0 a-1" href="#/x">X</a></section>');
    expect(entry.html).toBe('<section aria-labelledby="kept-h-1"><h2 id="kept-h-1">Apps</h2><a aria-describedby="kept-a-0 kept-a-1" href="#/x">X</a></section>');
  });
});
