/**
 * Issue 74: the key of a role set (auth/access-cache.ts `roleSetKey`, the access cache's key of a user's roles): the
 * same roles in any order and with repeats give the same key, one role is its own key, different sets differ.
 */
import { describe, expect, it } from 'vitest';
import { roleSetKey } from '../src/auth/access-cache.ts';

describe('the key of a role set', () => {
  it('is the same for the same roles in any order, with or without repeats', () => {
    const sets = [['ADMIN'], ['b', 'a'], ['a', 'b'], ['a', 'b', 'a'], ['Z', 'a', 'É', 'e'], ['e', 'É', 'a', 'Z'], [], ['a', 'a']];
    for (const roles of sets) expect(roleSetKey(roles)).toBe([...new Set(roles)].sort().join('\u0000'));
    expect(roleSetKey(['b', 'a'])).toBe(roleSetKey(['a', 'b']));
    expect(roleSetKey(['a', 'a'])).toBe(roleSetKey(['a']));
    expect(roleSetKey(['ADMIN'])).toBe('ADMIN');
    expect(roleSetKey(['a', 'b'])).not.toBe(roleSetKey(['a', 'c']));
  });
});
