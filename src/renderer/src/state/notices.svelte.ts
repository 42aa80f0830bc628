import type { Notice } from '../../../shared/ipc/records';
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

export function startNotices(): () => void {
  return onDesk('app.notice', (n) => void pushNotice(n));
}
