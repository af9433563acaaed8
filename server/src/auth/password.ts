/**
 * Password hashing with scrypt from `node:crypto` and a random salt per password.
 *
 * Stored format: `scrypt$N$r$p$<salt base64url>$<hash base64url>`, so the cost can be raised later and
 * old hashes still verify. `verifyPassword` compares in constant time and never throws on a malformed
 * hash (it answers false).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const COST = { N: 16384, r: 8, p: 1 } as const;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(options).every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  try {
    const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), options);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** A hash of a random password: verifying against it costs the same time as a real check. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return decoyHash;
}
