// Random identifiers with the prefixes of the contract (shp_, adj_, req_, wh_).
import { randomBytes, randomInt } from 'node:crypto';

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const newShipmentToken = (): string => `shp_${randomString(LOWER_ALNUM, 20)}`;
export const newAdjustmentId = (): string => `adj_${randomString(ALNUM, 20)}`;
export const newRequestId = (): string => `req_${randomString(ALNUM, 20)}`;
/** Bearer tokens: 32 bytes of randomness, base64url. */
export const newAccessToken = (): string => `wdt_${randomBytes(32).toString('base64url')}`;

/** Deterministic ids for demo data, drawn from the seeded generator. */
export function seededString(next: () => number, alphabet: 'lower' | 'mixed', length: number): string {
  const chars = alphabet === 'lower' ? LOWER_ALNUM : ALNUM;
  let out = '';
  for (let i = 0; i < length; i++) out += chars[Math.floor(next() * chars.length)];
  return out;
}
