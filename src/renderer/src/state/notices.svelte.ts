import type { Notice, OutboxEntry } from '../../../shared/ipc/records';
import { onDesk } from './desk';

const nowIso = (): string => new Date().toISOString();

export type ShownNotice = Notice & { id: number };

/** Notices from main (app.notice) and from the UI itself, newest last, at most a handful. */
export const notices = $state<{ list: ShownNotice[] }>({ list: [] });
const MAX_SHOWN = 4;
let nextId = 1;

export function pushNotice(notice: Omit<Notice, 'at'> & { at?: string }): number {
  const id = nextId++;
  const shown: ShownNotice = { ...notice, at: notice.at ?? nowIso(), id };
  // The same notice twice in a row is shown once (e.g. repeated "offline" notices).
  notices.list = [...notices.list.filter((n) => !(n.code === shown.code && n.message === shown.message)), shown].slice(-MAX_SHOWN);
  return id;
}

export function dismissNotice(id: number): void {
  notices.list = notices.list.filter((n) => n.id !== id);
}

/**
 * A "not sent" warning (a change left unconfirmed when a new scan came, with its SKU and delta in
 * the params) is stale once the worker booked that change after all: it goes when a later entry
 * of the same SKU and delta is applied, rather than warning on every screen all day.
 */
function settleNotices(entry: OutboxEntry): void {
  if (entry.state !== 'applied') return;
  const stale = (n: ShownNotice): boolean =>
    n.code === 'adjustment_not_confirmed' && n.params?.['sku'] === entry.sku && Number(n.params['delta']) === entry.delta && entry.createdAt >= n.at;
  if (notices.list.some(stale)) notices.list = notices.list.filter((n) => !stale(n));
}

export function startNotices(): () => void {
  const offNotice = onDesk('app.notice', (n) => void pushNotice(n));
  const offOutbox = onDesk('outbox.changed', settleNotices);
  return () => {
    offNotice();
    offOutbox();
  };
}
