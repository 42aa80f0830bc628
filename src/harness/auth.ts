import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The harness's one secret: 32 random bytes, hex. It travels once in the printed URL
 * (`/?token=…`); the host answers that first load with a cookie (HttpOnly, SameSite=Strict,
 * named per port because cookies do not separate ports) and a redirect that drops the token
 * from the address bar. After that the browser proves itself with the cookie, which page
 * scripts cannot read. Node clients (tests, the fixture) send `Authorization: Bearer <token>`.
 */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

export function cookieName(port: number): string {
  return `desk_harness_${port}`;
}

export function sameToken(candidate: unknown, token: string): boolean {
  if (typeof candidate !== 'string' || candidate.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(candidate), Buffer.from(token));
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The token a request carries in its cookie or Authorization header (never in its URL, which only the first load trades for the cookie). */
export function carriesToken(req: IncomingMessage, token: string, port: number): boolean {
  const bearer = /^Bearer ([0-9a-f]{64})$/.exec(req.headers.authorization ?? '')?.[1];
  return sameToken(bearer, token) || sameToken(cookieValue(req.headers.cookie, cookieName(port)), token);
}

export function sessionCookie(token: string, port: number): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/**
 * DNS rebinding: a hostile page at evil.com can make its own name resolve to 127.0.0.1, but its
 * requests still say `Host: evil.com`. Only the exact address we listen on is accepted.
 */
export function hostIsOurs(req: IncomingMessage, port: number): boolean {
  return req.headers.host === `127.0.0.1:${port}`;
}

/**
 * Cross-site requests: a browser names the requesting origin on every POST; it must be ours.
 * (Node clients send none and prove themselves with the bearer token.)
 */
export function originIsOurs(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://127.0.0.1:${port}`) return false;
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
