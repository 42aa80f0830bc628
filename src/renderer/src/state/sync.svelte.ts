import type { SyncStatus } from '../../../shared/ipc/records';
import { call, onDesk } from './desk';

/** The cache sync: idle / running (with phase and records pulled so far) / failed, and when it last finished. */
export const sync = $state<{ status: SyncStatus | null }>({ status: null });

export function setSync(status: SyncStatus): void {
  sync.status = status;
}

export function startSync(onFinished?: () => void): () => void {
  const off = onDesk('sync.progress', (s) => {
    const wasRunning = sync.status?.state === 'running';
    sync.status = s;
    if (wasRunning && s.state !== 'running') onFinished?.();
  });
  void call((d) => d.sync.status()).then((r) => {
    if (r.ok) sync.status = r.value;
  });
  return off;
}
