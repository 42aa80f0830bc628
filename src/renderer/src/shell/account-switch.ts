import type { EventName, EventPayload } from '../../../shared/ipc/contract';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { Result } from '../../../shared/ipc/result';
import { forgetScans } from '../scan/session.svelte';
import { connectivity } from '../state/connectivity.svelte';
import { call, onDesk } from '../state/desk';
import { outbox, refreshOutboxCounts } from '../state/outbox.svelte';
import { setSync } from '../state/sync.svelte';

/**
 * What the renderer does when another account (or none) takes over: main has cleared its cache and
 * scopes its outbox by account, but the renderer holds copies of its own, and none of one account's
 * answers, adjustments or counts may be shown while another is signed in.
 *
 * Main announces connectivity and sync only when they change within a session, not when a session
 * starts or ends, so the status bar would keep the previous account's "Offline" or "Synced 14:32":
 * the new session's own are read here. (Simpler if main sent them with account.changed.)
 */
export function forgetPreviousAccount(): void {
  forgetScans();
  outbox.entries = {};
  outbox.counts = null;
  void refreshOutboxCounts();
  readUnlessOvertaken(
    'connectivity.changed',
    (d) => d.connectivity.status(),
    (c) => {
      connectivity.known = true;
      connectivity.online = c.online;
      connectivity.since = c.since;
      connectivity.lastError = c.lastError;
    },
  );
  readUnlessOvertaken('sync.progress', (d) => d.sync.status(), setSync);
}

/**
 * Reads a status from main and applies it, unless an event about it arrived meanwhile: answers and
 * events travel apart, and an answer computed before a change can arrive after the change's event
 * (a demo's whole first sync can finish in between). The event is then the newer word.
 */
export function readUnlessOvertaken<E extends EventName>(
  event: E,
  read: (desk: DeskApi) => Promise<Result<EventPayload<E>>>,
  apply: (value: EventPayload<E>) => void,
): void {
  let overtaken = false;
  const off = onDesk(event, () => {
    overtaken = true;
  });
  void call(read).then((r) => {
    off();
    if (r.ok && !overtaken) apply(r.value);
  });
}
