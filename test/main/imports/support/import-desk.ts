import type { Cache } from '../../../../src/main/composition/open-cache';
import { importChannels } from '../../../../src/main/imports';
import type { ImportAccount } from '../../../../src/main/imports/adjustment-import';
import type { EventHub } from '../../../../src/main/kernel/ipc/event-hub';
import { handlersOf } from '../../../../src/main/kernel/ipc/declare-channels';
import type { CountService } from '../../../../src/main/counts';
import { notSignedIn } from '../../../../src/main/kernel/ipc/account-guard';

/** The imports' channels on a test cache, with their journal lines kept in `lines`. */
export function importHandlers(cache: Cache, events: EventHub, extra: { account?: () => ImportAccount; counts?: Pick<CountService, 'start'> } = {}) {
  const lines: unknown[] = [];
  const handlers = handlersOf(
    importChannels({
      levels: cache.levels,
      reads: cache.reads,
      sheets: cache.sheets,
      account:
        extra.account ??
        (() => {
          throw notSignedIn();
        }),
      counts: extra.counts ?? {
        start: () => {
          throw notSignedIn();
        },
      },
      worker: () => null,
      warehouse: (id) => cache.reads.warehouses().find((w) => w.id === id)?.code ?? id,
      events,
    }),
    (line) => lines.push(line),
  );
  return { handlers, lines };
}
