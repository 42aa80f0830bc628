import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * A PIN kept as a slow salted hash: scrypt (node:crypto, built in) with a random 16-byte salt, N=2^15,
 * r=8, p=1, so that a copied database file costs an attacker ~100 ms per guess and per worker. Run
 * on libuv's thread pool (the async form), so the core's thread goes on answering meanwhile. The
 * cost is stored with each hash, so it can be raised later without making old PINs unreadable.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes: 32 MiB at this cost, Node's default limit exactly; leave room.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(pin: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => scrypt(pin, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, base64url. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, COST);
  return ['scrypt', Math.log2(COST.N), COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compared in constant time; a stored value in any other shape matches no PIN. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const cost = { N: 2 ** Number(logN), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((n) => Number.isSafeInteger(n) && n > 0) || cost.N > 2 ** 20 || cost.r > 32 || cost.p > 4) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(pin, Buffer.from(salt, 'base64url'), cost);
  return timingSafeEqual(key, expected);
}
