import { forgetScans } from '../scan/session.svelte';
import { forgetCount } from '../state/count.svelte';
import { forgetEntries, outbox, refreshOutboxCounts } from '../state/outbox.svelte';

/**
 * What the renderer does when another account (or none) takes over: main has cleared its cache and
 * scopes its outbox by account, but the renderer holds copies of its own, and none of one account's
 * answers, adjustments or counts may be shown while another is signed in. (Main follows
 * `account.changed` with the new session's `connectivity.changed` and `sync.progress`, so the
 * status bar needs nothing from here.)
 */
export function forgetPreviousAccount(): void {
  forgetScans();
  forgetCount();
  forgetEntries();
  outbox.counts = null;
  void refreshOutboxCounts();
}
