import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PAGE_TOKEN_HEADER } from './page-token';

/**
 * The harness's credentials. No cookie: a cookie for 127.0.0.1 goes to every server on that
 * address whatever its port, so any other local server the browser visits would receive it.
 *
 * - The harness token (32 random bytes, hex) is in the printed URL: `/?token=…` loads the page.
 *   It stays in the address bar, so a reload works; the page sends no referrer, and the answer is
 *   never cached. Node clients (tests, the Playwright fixture) send `Authorization: Bearer <token>`.
 *   It never goes on a command line, where any user of the computer reads it (`ps`): a browser
 *   started for the harness opens a one-time launch code instead (`LaunchCodes`).
 * - Each page load gets a page token of its own, in a meta tag the bridge reads and removes before
 *   the renderer's scripts run. The bridge sends it in the `X-Desk-Page` header on every call and
 *   on the event stream; a browser never attaches a header by itself, so nothing else carries it.
 */

/** Page tokens kept valid: the most recent page loads (a reload issues a new one). */
const MAX_PAGES = 64;

const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Whether `candidate` is `token`, in constant time. Anything that is not a well-formed token
 * (non-ASCII, too long, empty, not a string) is simply not it: checked by shape first, so the
 * byte comparison only ever sees two 64-byte buffers.
 */
export function sameToken(candidate: unknown, token: string): boolean {
  if (typeof candidate !== 'string' || !TOKEN_SHAPE.test(candidate)) return false;
  return timingSafeEqual(Buffer.from(candidate, 'latin1'), Buffer.from(token, 'latin1'));
}

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The page tokens issued so far (their SHA-256, so a lookup compares no secret byte by byte). */
export class PageTokens {
  readonly #digests = new Set<string>();

  issue(): string {
    const token = newToken();
    this.#digests.add(digest(token));
    // A Set iterates in insertion order: the first is the oldest page.
    if (this.#digests.size > MAX_PAGES) this.#digests.delete(this.#digests.values().next().value as string);
    return token;
  }

  has(candidate: unknown): boolean {
    return typeof candidate === 'string' && TOKEN_SHAPE.test(candidate) && this.#digests.has(digest(candidate));
  }
}

/** How long a launch code waits for its browser: a cold Chromium start on a slow machine, with room. */
const LAUNCH_CODE_LIFETIME_MS = 5 * 60_000;
const MAX_LAUNCH_CODES = 16;

/**
 * One-time codes that open the page without the harness token on anyone's command line. `npm
 * start` asks for one (with the bearer token), writes it into a launcher page in the browser's
 * private profile folder and opens that file; the page goes to `/__harness/launch?code=…`, which
 * redeems the code (once: a second use fails) for the page with its token. A code is worth
 * nothing once used or expired, so a launcher file left behind opens nothing.
 */
export class LaunchCodes {
  readonly #expiry = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  issue(): string {
    const code = newToken();
    this.#expiry.set(digest(code), this.#now() + LAUNCH_CODE_LIFETIME_MS);
    if (this.#expiry.size > MAX_LAUNCH_CODES) this.#expiry.delete(this.#expiry.keys().next().value as string);
    return code;
  }

  /** True once for a code issued here and not yet expired; the code is dead afterwards either way. */
  redeem(candidate: unknown): boolean {
    if (typeof candidate !== 'string' || !TOKEN_SHAPE.test(candidate)) return false;
    const key = digest(candidate);
    const expiry = this.#expiry.get(key);
    this.#expiry.delete(key);
    return expiry !== undefined && this.#now() <= expiry;
  }
}

/** The harness token as `Authorization: Bearer <token>` (Node clients). */
export function carriesBearer(req: IncomingMessage, token: string): boolean {
  return sameToken(/^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1], token);
}

/** A page of ours (its page token in the header) or a Node client (the bearer token). */
export function carriesToken(req: IncomingMessage, token: string, pages: PageTokens): boolean {
  return carriesBearer(req, token) || pages.has(req.headers[PAGE_TOKEN_HEADER]);
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
