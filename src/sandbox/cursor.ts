// Opaque list cursors. A cursor is a keyset position on the immutable `seq` of the listed table
// (rows are returned in seq order), so rows that change, appear or disappear between pages never
// make another row skip or repeat: updated rows keep their seq, new rows get larger ones.
// The cursor is bound to the owner, the operation and the filters, and signed, so a cursor from
// another list or a tampered one is refused with 422 instead of silently giving a wrong page.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxDb } from './db/open';
import { validationFailed } from './errors';

interface CursorPayload {
  v: 1;
  /** Last seq of the previous page. */
  s: number;
  /** Fingerprint of owner + operation + filters. */
  f: string;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

export { canonical as canonicalJson };

export class Cursors {
  private readonly key: Buffer;

  constructor(db: SandboxDb) {
    // One signing key per database, so cursors stay valid across a restart.
    db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('cursor_key', ?)").run(randomBytes(32).toString('hex'));
    const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'cursor_key'").get();
    if (!row) throw new Error('cursor key missing');
    this.key = Buffer.from(row.value, 'hex');
  }

  fingerprint(ownerId: number, operation: string, filters: Record<string, unknown>): string {
    return createHmac('sha256', this.key).update(`${ownerId}\u0000${operation}\u0000${canonical(filters)}`).digest('base64url').slice(0, 22);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }

  encode(seq: number, fingerprint: string): string {
    const payload = Buffer.from(JSON.stringify({ v: 1, s: seq, f: fingerprint } satisfies CursorPayload)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The seq after which the page starts (0 for the first page). */
  decode(cursor: string | null | undefined, fingerprint: string): number {
    if (cursor === null || cursor === undefined) return 0;
    const [payload, signature, extra] = cursor.split('.');
    const expected = payload === undefined ? '' : this.sign(payload);
    if (
      extra !== undefined ||
      !payload ||
      !signature ||
      signature.length !== expected.length ||
      !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
    ) {
      throw validationFailed('cursor', 'is not a cursor this service issued');
    }
    let parsed: CursorPayload;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorPayload;
    } catch {
      throw validationFailed('cursor', 'is not a cursor this service issued');
    }
    if (parsed.f !== fingerprint) throw validationFailed('cursor', 'belongs to another list or other filters');
    if (!Number.isSafeInteger(parsed.s) || parsed.s < 0) throw validationFailed('cursor', 'is not a cursor this service issued');
    return parsed.s;
  }

  /**
   * Cuts a page from rows fetched with `LIMIT limit + 1` in seq order: the extra row only tells
   * that there is a next page.
   */
  page<T extends { seq: number }>(rows: T[], limit: number, fingerprint: string): { rows: T[]; nextCursor: string | null } {
    if (rows.length <= limit) return { rows, nextCursor: null };
    const pageRows = rows.slice(0, limit);
    const last = pageRows[pageRows.length - 1];
    return { rows: pageRows, nextCursor: last ? this.encode(last.seq, fingerprint) : null };
  }
}
