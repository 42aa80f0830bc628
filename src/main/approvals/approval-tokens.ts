import { createHash, randomBytes } from 'node:crypto';
import { approvedSettings, type ApprovalAction } from '../../shared/ipc/approval-records';
import type { SettingsPatch } from '../../shared/ipc/records';
import { failure } from '../../shared/ipc/result';

/** Long enough to type the PIN and press Enter once more; short enough that a token left lying about is dead. */
const APPROVAL_TTL_MS = 2 * 60_000;

/** The action and every value of it that matters, in one string: a token is good for this and nothing else. */
function keyOf(action: ApprovalAction): string {
  switch (action.kind) {
    case 'adjust':
      return JSON.stringify(['adjust', action.sku, action.warehouseId, action.delta]);
    case 'worker':
      return JSON.stringify(['worker', action.workerId]);
    case 'uncertain':
      return JSON.stringify(['uncertain', action.entryId, action.choice]);
    case 'shipment':
      return JSON.stringify(['shipment', action.token, action.verb]);
    case 'settings':
      return JSON.stringify(['settings', settingsKey(action.patch)]);
  }
}

/**
 * A settings change as the names it sets, sorted, and a hash of their new values (keys sorted at
 * every level, so the same change written in another order is the same change). The comfort
 * settings are left out: they need no approval, so they do not make a change another one.
 */
function settingsKey(patch: SettingsPatch): string {
  const names = approvedSettings(patch);
  const values = JSON.stringify(names.map((k) => sorted(patch[k])));
  return `${names.join(',')}:${createHash('sha256').update(values).digest('hex')}`;
}

function sorted(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, sorted(record[k])]));
}

interface Granted {
  key: string;
  approver: string;
  expires: number;
}

/**
 * Approvals given, kept in main's memory only (a restart forgets them, which costs a PIN typed
 * again). The window holds a random token and hands it back with the action; main checks that it
 * was given for these very values, not expired, and spends it: one token, one action.
 */
export class ApprovalTokens {
  readonly #granted = new Map<string, Granted>();
  readonly #monotonic: () => number;

  constructor(monotonic: () => number) {
    this.#monotonic = monotonic;
  }

  issue(action: ApprovalAction, approver: string): string {
    this.#forgetExpired();
    const token = `apv_${randomBytes(16).toString('hex')}`;
    this.#granted.set(token, { key: keyOf(action), approver, expires: this.#monotonic() + APPROVAL_TTL_MS });
    return token;
  }

  /** The approver's name; throws `approval_required` for a missing, spent, expired or other action's token. */
  spend(token: string | undefined, action: ApprovalAction): string {
    const granted = token === undefined ? undefined : this.#granted.get(token);
    // Spent on any use, matching or not: a token tried on other values is not kept to be tried again.
    if (token !== undefined) this.#granted.delete(token);
    const reason = !granted ? (token === undefined ? 'missing' : 'unknown') : granted.expires <= this.#monotonic() ? 'expired' : granted.key !== keyOf(action) ? 'other_action' : null;
    if (reason !== null || !granted) throw failure('approval_required', 'A supervisor must approve this first.', { reason: reason ?? 'unknown' });
    return granted.approver;
  }

  #forgetExpired(): void {
    const now = this.#monotonic();
    for (const [token, g] of this.#granted) if (g.expires <= now) this.#granted.delete(token);
  }
}
