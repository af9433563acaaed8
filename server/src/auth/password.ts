/**
 * Password hashing with scrypt from `node:crypto` and a random salt per password.
 *
 * Stored format: `scrypt$N$r$p$<salt base64url>$<hash base64url>`, so the cost can be raised later and
 * old hashes still verify. `verifyPassword` compares in constant time and never throws on a malformed
 * hash (it answers false).
 *
 * Cost (issue 69 item 3): N=2^14, r=8, p=5 — one of OWASP's equally strong scrypt settings (Password Storage
 * Cheat Sheet: N=2^17/p=1, 2^16/p=2, 2^15/p=3, 2^14/p=5, 2^13/p=10, all r=8). Of those it needs 16 MiB per check
 * instead of 128 MiB (concurrent sign-ins cannot exhaust the server's memory) and is the fastest here
 * (BENCHMARKS.md "First visit and sign-in"). Hashes made with other parameters (before: N=2^14, r=8, p=1, below
 * OWASP's minimum) still verify; `needsRehash` tells the sign-in to store the password again with these.
 *
 * `usePasswordHashing('fast')` (PASSWORD_HASHING=fast, config.ts) makes new hashes at about 1/5,000 of that cost,
 * for the test suites only: their hundreds of sign-ins on throwaway databases spent about a third of the suites' CPU
 * in scrypt (as Django's and Rails' test settings do). Every hash still goes through the same code, names its own
 * cost, and verifies under either mode.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
export const PASSWORD_COST = { N: 16384, r: 8, p: 5 } as const;
/** PASSWORD_HASHING=fast: test suites' throwaway databases only. */
const FAST_COST = { N: 16, r: 8, p: 1 } as const;
export type PasswordHashing = 'owasp' | 'fast';
const COSTS: Record<PasswordHashing, { N: number; r: number; p: number }> = { owasp: PASSWORD_COST, fast: FAST_COST };
let MODE: PasswordHashing = 'owasp';

/** The cost of the hashes made from now on in this process (buildApp sets it from the configuration). */
export function usePasswordHashing(mode: PasswordHashing): void {
  MODE = mode;
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const cost = COSTS[MODE];
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const options = parametersOf(stored);
  if (!options) return false;
  const [, , , , saltText, keyText] = stored.split('$') as [string, string, string, string, string, string];
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  try {
    const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), options);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** The parameters of a stored hash, or null when it is not one of ours. */
function parametersOf(stored: string): { N: number; r: number; p: number } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p] = parts as [string, string, string, string, string, string];
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  return Object.values(options).every((v) => Number.isInteger(v) && v > 0) ? options : null;
}

/**
 * Whether a hash that just verified should be stored again with today's parameters: it was made with others
 * (older, weaker ones). A hash that is not ours never verifies, so it is never re-hashed either.
 */
export function needsRehash(stored: string): boolean {
  const options = parametersOf(stored);
  const cost = COSTS[MODE];
  return options !== null && (options.N !== cost.N || options.r !== cost.r || options.p !== cost.p);
}

/** A hash of a random password: verifying against it costs the same time as a real check (one per cost). */
const decoyHashes = new Map<PasswordHashing, Promise<string>>();
export function decoyPasswordHash(): Promise<string> {
  let decoy = decoyHashes.get(MODE);
  if (!decoy) decoyHashes.set(MODE, (decoy = hashPassword(randomBytes(18).toString('base64url'))));
  return decoy;
}
