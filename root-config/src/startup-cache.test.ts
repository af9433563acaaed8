import { describe, expect, it } from 'vitest';
import { StartupCache, memoryStore, type CacheOwner, type EntryStore } from './startup-cache.ts';

const owner = (subject: string, clientId = 'erp-shell'): CacheOwner => ({ authority: 'http://localhost/oidc', clientId, subject });

describe('StartupCache (issue 44: start-up answers kept per user)', () => {
  it('answers a user only their own answers, and keeps one user at a time', async () => {
    const entries = new Map<string, unknown>();
    const cache = new StartupCache<{ apps: string[] }>(async () => memoryStore(entries));
    await cache.write(owner('admin'), { apps: ['GL', 'AP'] });
    expect(await cache.read(owner('admin'))).toEqual({ apps: ['GL', 'AP'] });
    expect(await cache.read(owner('clerk'))).toBeNull();
    // The same subject under another client is another owner.
    expect(await cache.read(owner('admin', 'other-client'))).toBeNull();
    await cache.write(owner('clerk'), { apps: ['OE'] });
    expect(await cache.read(owner('admin'))).toBeNull();
    expect(entries.size).toBe(1);
  });

  it('clear forgets every user', async () => {
    const entries = new Map<string, unknown>();
    const cache = new StartupCache<number>(async () => memoryStore(entries));
    await cache.write(owner('admin'), 1);
    await cache.clear();
    expect(await cache.read(owner('admin'))).toBeNull();
    expect(entries.size).toBe(0);
  });

  it('never throws and never holds the boot: no store, a failing store, a store that does not answer', async () => {
    const none = new StartupCache<number>(async () => null);
    await none.write(owner('admin'), 1);
    await none.clear();
    expect(await none.read(owner('admin'))).toBeNull();

    const failing: EntryStore = {
      get: () => Promise.reject(new Error('broken')),
      put: () => Promise.reject(new Error('broken')),
      keys: () => Promise.reject(new Error('broken')),
      delete: () => Promise.reject(new Error('broken')),
    };
    const broken = new StartupCache<number>(async () => failing);
    await expect(broken.write(owner('admin'), 1)).resolves.toBeUndefined();
    await expect(broken.clear()).resolves.toBeUndefined();
    expect(await broken.read(owner('admin'))).toBeNull();

    const silent = new StartupCache<number>(() => new Promise<EntryStore | null>(() => undefined));
    expect(await silent.read(owner('admin'))).toBeNull();
  });
});
