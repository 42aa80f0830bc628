// Token issue and check. Tokens are random; only their SHA-256 is stored, with the owner and
// the expiry, so they survive a restart like the rest of the data.
import { timingSafeEqual } from 'node:crypto';
import type { TokenResponse } from '../shared/api/types';
import type { SandboxClock } from './clock';
import type { SandboxDb } from './db/open';
import { ApiError } from './errors';
import { newAccessToken } from './ids';
import { sha256Hex } from './owners';

export interface Owner {
  id: number;
  clientId: string;
}

/** Expired tokens are kept this long (to answer `token_expired` rather than `unauthorized`), then purged. */
const EXPIRED_TOKEN_RETENTION_MS = 24 * 3600 * 1000;

/** More verified tokens than this in memory: the cache starts over (it only saves work, never decides). */
const MAX_CACHED_TOKENS = 10_000;

interface VerifiedToken {
  owner: Owner;
  expiresAt: number;
}

export class Auth {
  private readonly findOwner;
  private readonly insertToken;
  private readonly findToken;
  private readonly purge;
  private readonly expireAllStatement;
  /**
   * Tokens found valid in the database, keyed by the token text, with their owner and expiry:
   * a request with a known token costs no SHA-256 and no select. Only tokens with a row are kept,
   * an entry is dropped once it has expired (the database then answers, as before), and
   * `expireAll()` empties it; the database stays the only record, so a restart starts empty.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    db: SandboxDb,
    private readonly ttlSeconds: number,
    private readonly clock: SandboxClock,
  ) {
    this.findOwner = db.prepare<[string], { id: number; client_id: string; secret_sha256: string }>(
      'SELECT id, client_id, secret_sha256 FROM owners WHERE client_id = ?',
    );
    this.insertToken = db.prepare('INSERT INTO tokens (token_sha256, owner_id, issued_at, expires_at) VALUES (?, ?, ?, ?)');
    this.findToken = db.prepare<[string], { owner_id: number; client_id: string; expires_at: number }>(
      'SELECT t.owner_id, o.client_id, t.expires_at FROM tokens t JOIN owners o ON o.id = t.owner_id WHERE t.token_sha256 = ?',
    );
    this.purge = db.prepare('DELETE FROM tokens WHERE expires_at < ?');
    this.expireAllStatement = db.prepare('UPDATE tokens SET expires_at = ? WHERE expires_at > ?');
  }

  issue(clientId: string, clientSecret: string): TokenResponse {
    const owner = this.findOwner.get(clientId);
    // Compare hashes in constant time, also for an unknown client, so timing tells nothing.
    const expected = Buffer.from(owner?.secret_sha256 ?? sha256Hex(`unknown:${clientId}`), 'hex');
    const given = Buffer.from(sha256Hex(clientSecret), 'hex');
    if (!timingSafeEqual(expected, given) || !owner) {
      throw new ApiError('invalid_credentials', 'Unknown client_id or wrong client_secret.');
    }
    const now = this.clock.now();
    const token = newAccessToken();
    this.purge.run(now - EXPIRED_TOKEN_RETENTION_MS);
    this.insertToken.run(sha256Hex(token), owner.id, now, now + this.ttlSeconds * 1000);
    return { access_token: token, token_type: 'Bearer', expires_in: this.ttlSeconds };
  }

  /** The owner of a valid `Authorization: Bearer` header, or 401 `unauthorized` / `token_expired`. */
  verify(authorization: string | undefined): Owner {
    const match = /^Bearer[ ]+([A-Za-z0-9_\-.~+/]+=*)[ ]*$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (!token) throw new ApiError('unauthorized', 'A bearer token is required (Authorization: Bearer <token>).');
    const now = this.clock.now();
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.expiresAt > now) return cached.owner;
      this.verified.delete(token);
    }
    const row = this.findToken.get(sha256Hex(token));
    if (!row) throw new ApiError('unauthorized', 'The bearer token is not valid.');
    if (row.expires_at <= now) throw new ApiError('token_expired', 'The bearer token has expired; get a new one.');
    // Frozen: the same object answers every request with this token.
    const owner: Owner = Object.freeze({ id: row.owner_id, clientId: row.client_id });
    if (this.verified.size >= MAX_CACHED_TOKENS) this.verified.clear();
    this.verified.set(token, { owner, expiresAt: row.expires_at });
    return owner;
  }

  /** Makes every issued token expired now (for tests of the refresh path). */
  expireAll(): void {
    const now = this.clock.now();
    this.expireAllStatement.run(now - 1, now - 1);
    this.verified.clear();
  }
}
