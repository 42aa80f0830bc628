import type { DeclaredChannels } from '../journal';
import type { OutboxCounts } from '../../shared/ipc/records';
import type { TodayStore } from './today-store';

export interface TodayDeps {
  store: TodayStore;
  /** Writes the journal lines still waiting, so the day's figures include the last scan. */
  settle: () => void;
  /** What the signed-in account's outbox holds now; null signed out. */
  outbox: () => OutboxCounts | null;
}

/** Read only, the desk's own record: it answers signed in or out, and leaves no journal line. */
export function todayChannels({ store, settle, outbox }: TodayDeps): DeclaredChannels<'today.summary'> {
  return {
    'today.summary': {
      handle: ({ from, to }) => {
        settle();
        const counts = outbox();
        // The journal's own stamp (UTC with milliseconds): an offset the window sent compares as text otherwise.
        const figures = store.day(new Date(from).toISOString(), new Date(to).toISOString());
        return {
          ...figures,
          waiting: {
            toSend: (counts?.queued ?? 0) + (counts?.sending ?? 0),
            toDecide: counts?.uncertain ?? 0,
            refusedUnseen: (counts?.rejected ?? 0) - (counts?.rejectedSeen ?? 0),
            toCheck: counts?.toCheck ?? 0,
          },
        };
      },
    },
  };
}
